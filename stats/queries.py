"""Read-only queries behind the statistics screens (issue 7): history, a player's numbers and
the leaderboards.

Every list is a bounded number of queries whatever its length: leaderboards read the
``PeriodTally`` rows kept at recording time (one row per user and period, never an aggregate
over ``PlayerResult``), and the viewer's own rank is their place in the board's cached
standings (``standings``: one list of user ids per board, rebuilt after a match is recorded).
"""

from __future__ import annotations

from array import array
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from datetime import date, datetime
from hashlib import blake2b
from typing import Any, TypedDict
from uuid import uuid4

from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.db.models import (
    Case,
    Count,
    Exists,
    ExpressionWrapper,
    F,
    FloatField,
    OuterRef,
    Q,
    QuerySet,
    Subquery,
    Sum,
    Value,
    When,
)
from django.utils import timezone

from game import catalogue
from game.models import BotStrength
from stats.charts import cumulative
from stats.models import ALL_TIME_START, PeriodTally, PlayerResult, Rating, RatingChange

#: Fewest matches in the period to appear on a leaderboard (shown on the page).
MIN_MATCHES = 5
LEADERBOARD_PAGE_SIZE = 25
HISTORY_PAGE_SIZE = 25

BOARDS = ("rating", "wins", "role")
PERIODS = tuple(PeriodTally.Period.values)  # week, month, all


def period_start(period: str, today: date) -> date:
    """The ``start`` of the tallies of ``period`` that contain ``today`` (a UTC date)."""
    return PeriodTally.start_of(period, today)


# --- leaderboards ------------------------------------------------------------------------------


def left_off() -> list[int]:
    """Users kept off every board: excluded by a moderator, banned or deactivated. One small
    query per page; filtering tallies by this (usually empty) list is far cheaper than joining
    every one of 10 000 tallies to its user and probing the exclusions."""
    hidden = (
        Q(leaderboard_exclusion__isnull=False) | Q(banned_at__isnull=False) | Q(is_active=False)
    )
    return list(get_user_model().objects.filter(hidden).values_list("pk", flat=True))


def _tallies(period: str, start: date, role: str, hidden: list[int]) -> QuerySet[PeriodTally]:
    rows = PeriodTally.objects.filter(period=period, start=start, role=role)
    return rows.exclude(user_id__in=hidden) if hidden else rows


def _ratings(period: str, start: date, hidden: list[int], ranked: bool) -> QuerySet[Rating]:
    """Ratings with the period's games and wins. The rating board is read from the ratings in
    ``ordinal`` order (its index), each checked against its tally's unique key, so a page stops
    after its rows instead of sorting every tally of the period by a joined column."""
    tally = PeriodTally.objects.filter(
        user_id=OuterRef("user_id"), period=period, start=start, role=""
    )
    rows = Rating.objects.annotate(
        games=Subquery(tally.values("games")[:1]), wins=Subquery(tally.values("wins")[:1])
    ).filter(Exists(tally.filter(games__gte=MIN_MATCHES) if ranked else tally))
    return rows.exclude(user_id__in=hidden) if hidden else rows


def _base(
    board: str, period: str, start: date, role: str, hidden: list[int], *, ranked: bool = True
) -> QuerySet:
    """The board's rows; ``ranked``: only those with enough matches to appear."""
    if board == "rating":
        return _ratings(period, start, hidden, ranked)
    rows = _tallies(period, start, role, hidden)
    if ranked:
        rows = rows.filter(games__gte=MIN_MATCHES)
    if board == "role":
        return rows.annotate(
            rate=ExpressionWrapper(F("wins") * 1.0 / F("games"), output_field=FloatField())
        )
    return rows


#: The order of each board; the last key (the user id) makes every rank unique and stable.
ORDER = {
    "rating": ("-ordinal", "user_id"),
    "wins": ("-wins", "games", "user_id"),  # the same wins in fewer games ranks higher
    "role": ("-rate", "-games", "user_id"),  # the same rate over more games ranks higher
}


def board_rows(
    board: str, period: str, start: date, role: str = "", hidden: list[int] | None = None
) -> QuerySet:
    """The ranked rows of a board, best first: PeriodTally rows, or Rating rows (with the
    period's ``games`` and ``wins``) for the rating board. Each has ``user_id``, ``games`` and
    ``wins``; rating rows also ``ordinal``. No join to the users: a planner that joins before
    it sorts would join every row of the period, so names come from ``names`` for the page."""
    rows = _base(board, period, start, role, left_off() if hidden is None else hidden)
    fields = ["user_id", "ordinal"] if board == "rating" else ["user_id", "games", "wins"]
    return rows.only(*fields).order_by(*ORDER[board])


def names(user_ids: list[int]) -> dict[int, Any]:
    """The page's users (names only), by id: one query for the whole page."""
    users = get_user_model().objects.only("username", "display_name")
    return users.in_bulk(user_ids)


@dataclass(frozen=True)
class BoardPage:
    """One page of a board, without counting the whole board: the page reads one row more
    than it shows to know whether a next page exists."""

    number: int
    rows: list
    has_next: bool
    size: int

    @property
    def has_previous(self) -> bool:
        return self.number > 1

    @property
    def start_index(self) -> int:
        return (self.number - 1) * self.size + 1

    @property
    def end_index(self) -> int:
        return self.start_index + len(self.rows) - 1

    @property
    def previous_page_number(self) -> int:
        return self.number - 1

    @property
    def next_page_number(self) -> int:
        return self.number + 1


#: Deeper pages are refused: nobody reads rank 250 000, and OFFSET grows with the page.
MAX_BOARD_PAGE = 400


def board_page(rows: QuerySet, raw_number: str | None, size: int) -> BoardPage:
    """The requested page (a bad or missing number is page 1)."""
    try:
        number = min(max(1, int(raw_number or 1)), MAX_BOARD_PAGE)
    except ValueError:
        number = 1
    offset = (number - 1) * size
    found = list(rows[offset : offset + size + 1])
    return BoardPage(number=number, rows=found[:size], has_next=len(found) > size, size=size)


#: The cache key of the boards' version: a new random token whenever tallies or ratings change.
BOARDS_VERSION_KEY = "stats:boards:version"
#: Longest reuse of a board's standings. Recording a match replaces the version at once
#: (``forget_boards``); this only bounds changes made elsewhere (``recompute_ratings``, an
#: account deleted), and a stale list is never trusted against the viewer's own row.
STANDINGS_SECONDS = 60


def forget_boards() -> None:
    """Tallies or ratings changed: every board's cached standings are out of date. Call it on
    commit (``transaction.on_commit``), so nobody rebuilds from the rows before the change
    under the new version."""
    cache.set(BOARDS_VERSION_KEY, uuid4().hex, None)


def standings(board: str, period: str, start: date, role: str, hidden: list[int]) -> array:
    """The user ids of every ranked row of a board, in the board's own order (``ORDER``): a
    rank is a position in it. Built with one query the first time after a change, then read
    from the cache (with the version, one round trip) by every viewer: counting the ~5 000
    rows ahead of a mid-table viewer on each request cost 20-50 ms at 10 000 players."""
    left = ",".join(map(str, sorted(hidden)))
    digest = blake2b(left.encode(), digest_size=8).hexdigest()
    key = f"stats:board:{board}:{period}:{start.isoformat()}:{role}:{digest}"
    found = cache.get_many([BOARDS_VERSION_KEY, key])
    version = found.get(BOARDS_VERSION_KEY)
    if version is None:
        version = uuid4().hex
        cache.add(BOARDS_VERSION_KEY, version, None)
    cached = found.get(key)
    if cached is not None and cached[0] == version:
        return cached[1]
    if board == "rating":
        # The whole board at once: the ranked tallies' users as one list (IN), not the page
        # query's probe of the tally per rating (2-5x slower over every rating).
        ranked = _base("wins", period, start, "", hidden).values("user_id")
        rows = Rating.objects.filter(user_id__in=ranked).order_by(*ORDER["rating"])
    else:
        rows = board_rows(board, period, start, role, hidden)
    # An array of ids pickles to bytes: 10 000 ids load in microseconds, not milliseconds.
    users = array("q", rows.values_list("user_id", flat=True))
    cache.set(key, (version, users), STANDINGS_SECONDS)
    return users


@dataclass(frozen=True)
class OwnStanding:
    """Where the viewer stands: their rank (None when not ranked) and their games so far."""

    rank: int | None
    games: int
    wins: int
    missing: int  # matches still needed to appear (0 when ranked)


def own_standing(
    board: str,
    period: str,
    start: date,
    role: str,
    user_id: int,
    hidden: list[int] | None = None,
) -> OwnStanding | None:
    """The viewer's rank on a board: one query for their row, and their place in the board's
    ``standings`` (a COUNT of the rows ahead in the board's own order only if the cached list
    does not hold them yet). None when they have no row in the period or are left off."""
    hidden = left_off() if hidden is None else hidden
    if user_id in hidden:
        return None
    # At most one row: no ORDER BY, or PostgreSQL walks the board's order index to the viewer.
    found = _base(board, period, start, role, [], ranked=False).filter(user_id=user_id)
    mine = next(iter(found.order_by()[:1]), None)
    if mine is None:
        return None
    if mine.games < MIN_MATCHES:
        missing = MIN_MATCHES - mine.games
        return OwnStanding(rank=None, games=mine.games, wins=mine.wins, missing=missing)
    try:
        place = standings(board, period, start, role, hidden).index(user_id)
    except ValueError:
        place = None  # ranked since the list was built by a change it missed: count instead
    if place is not None:
        return OwnStanding(rank=place + 1, games=mine.games, wins=mine.wins, missing=0)
    # Each condition starts with a range on the board's leading key (>=), so an index on it
    # can bound the rows counted; the rest breaks ties exactly as ORDER does.
    ahead = _base(board, period, start, role, hidden)
    earlier = Q(user_id__lt=user_id)
    if board == "rating":
        ahead = ahead.filter(Q(ordinal__gte=mine.ordinal) & (Q(ordinal__gt=mine.ordinal) | earlier))
    elif board == "wins":
        ties = Q(games__lt=mine.games) | Q(games=mine.games) & earlier
        ahead = ahead.filter(Q(wins__gte=mine.wins) & (Q(wins__gt=mine.wins) | ties))
    else:
        # Compare rates exactly, without floats: a/b > c/d  <=>  a*d - c*b > 0.
        ahead = ahead.annotate(cross=F("wins") * mine.games - F("games") * mine.wins).filter(
            Q(cross__gt=0)
            | Q(cross=0, games__gt=mine.games)
            | Q(cross=0, games=mine.games) & earlier
        )
    return OwnStanding(rank=ahead.count() + 1, games=mine.games, wins=mine.wins, missing=0)


def display_rating(ordinal: float) -> int:
    """The skill rating as players see it: a whole number around 1000 for a new player.

    openskill's ordinal (mu - 3 sigma) starts at 0 and spans about -10..50; scaled by 20 and
    lifted by 1000 it reads like the chess-style ratings players know, never negative in
    practice, and keeps the order."""
    return round(1000 + 20 * ordinal)


def display_ratings(user_ids: Collection[int]) -> dict[int, int]:
    """The displayed rating of each of these accounts that has one (one query)."""
    rows = Rating.objects.filter(user_id__in=list(user_ids)).values_list("user_id", "ordinal")
    return {user_id: display_rating(value) for user_id, value in rows}


# --- a player's history and numbers --------------------------------------------------------------


#: Newest first. The id breaks ties and, being the row id every SQLite index ends with, keeps
#: the order inside the (user, -finished_at) index: a deep page walks the index only.
HISTORY_ORDER = ("-finished_at", "-id")


def history(user_id: int, *, mode: str = "", role: str = "") -> QuerySet[PlayerResult, int]:
    """Ids of the user's results, newest first (what the paginator counts and slices)."""
    rows = PlayerResult.objects.filter(user_id=user_id)
    if mode:
        rows = rows.filter(mode=mode)
    if role:
        rows = rows.filter(role=role)
    return rows.order_by(*HISTORY_ORDER).values_list("id", flat=True)


class HistoryRow(TypedDict):
    """One row of the history page: the player's result joined with its match record."""

    finished_at: datetime
    mode: str
    role: str
    character: str
    won: bool
    seat: int
    record_id: int
    record__seats: int
    record__rounds: int
    record__match_id: int


def history_rows(ids: list[int]) -> list[HistoryRow]:
    """The shown columns of one page of results, with the record's seats, rounds and match id
    (one query; joined only for the page's rows, never for the rows a deep page skips)."""
    rows = PlayerResult.objects.filter(id__in=ids).order_by(*HISTORY_ORDER)
    return list(
        rows.values(
            "finished_at",
            "mode",
            "role",
            "character",
            "won",
            "seat",
            "record_id",
            "record__seats",
            "record__rounds",
            "record__match_id",
        )
    )


def table_mates(rows: list[HistoryRow]) -> dict[int, list[tuple[str, str, str]]]:
    """The other players of each listed match, by record id, in seat order, as (kind, name,
    bot strength): one query for the whole page."""
    mine = {(row["record_id"], row["seat"]) for row in rows}
    others: dict[int, list[tuple[str, str, str]]] = {row["record_id"]: [] for row in rows}
    seats = PlayerResult.objects.filter(record_id__in=list(others)).order_by("record_id", "seat")
    fields = ("record_id", "seat", "kind", "name", "strength")
    for record_id, seat, kind, name, strength in seats.values_list(*fields):
        if (record_id, seat) not in mine:
            others[record_id].append((kind, name, strength))
    return others


def rating_changes(user_id: int, record_ids: list[int]) -> dict[int, int]:
    """What each listed match did to the user's displayed rating, by record id (one query);
    matches that were not rated for the user are missing."""
    changes = RatingChange.objects.filter(user_id=user_id, record_id__in=record_ids)
    return {
        record_id: display_rating(after) - display_rating(before)
        for record_id, before, after in changes.values_list(
            "record_id", "ordinal_before", "ordinal_after"
        )
    }


@dataclass(frozen=True)
class OwnRating:
    """The viewer's skill rating and all-time rank on the rating board (rank None while they
    have too few matches; ``missing`` says how many more)."""

    rating: int | None  # None before the first rated match
    rank: int | None
    missing: int


def own_rating(user_id: int) -> OwnRating:
    """The user's displayed rating and their rank on the all-time rating board."""
    ordinal = Rating.objects.filter(user_id=user_id).values_list("ordinal", flat=True).first()
    if ordinal is None:
        return OwnRating(rating=None, rank=None, missing=MIN_MATCHES)
    standing = own_standing("rating", "all", ALL_TIME_START, "", user_id)
    return OwnRating(
        rating=display_rating(ordinal),
        rank=standing.rank if standing else None,
        missing=standing.missing if standing else 0,
    )


@dataclass(frozen=True)
class Tally:
    """Games and wins of one group (a role, a character, or everything)."""

    key: str
    name: str
    games: int
    wins: int

    @property
    def rate(self) -> float | None:
        """Win rate in percent; None without games."""
        return 100 * self.wins / self.games if self.games else None


def _grouped(user_id: int, field: str) -> list[tuple[str, int, int]]:
    rows = (
        PlayerResult.objects.filter(user_id=user_id)
        .values(field)
        .annotate(games=Count("id"), wins=Count("id", filter=Q(won=True)))
        .order_by()
    )
    return [(row[field], row["games"], row["wins"]) for row in rows]


def by_role(user_id: int) -> list[Tally]:
    """Every role of the catalogue in its order, with zero games where none were played."""
    played = {key: (games, wins) for key, games, wins in _grouped(user_id, "role")}
    return [
        Tally(key, str(catalogue.role_name(key)), *played.get(key, (0, 0)))
        for key in catalogue.ROLES
    ]


def by_strongest_bot(user_id: int) -> list[Tally]:
    """The user's matches with bots by the strongest bot at the table (issue 22), weakest
    first, every strength listed (zero games where none); a match without bots is left out.
    Each match counts once: a table with a Hard bot is a match against Hard bots, whatever
    the other bots played at. One query."""
    bots = PlayerResult.objects.filter(record_id=OuterRef("record_id"), kind="bot")
    strongest = Case(
        *(
            When(Exists(bots.filter(strength=strength)), then=Value(strength))
            for strength in reversed(BotStrength.values)
        ),
        default=Value(""),
    )
    rows = (
        PlayerResult.objects.filter(user_id=user_id)
        .annotate(strongest=strongest)
        .values("strongest")
        .annotate(games=Count("id"), wins=Count("id", filter=Q(won=True)))
        .order_by()
    )
    played = {row["strongest"]: (row["games"], row["wins"]) for row in rows}
    return [
        Tally(strength, str(label), *played.get(strength, (0, 0)))
        for strength, label in BotStrength.choices
    ]


def by_character(user_id: int) -> list[Tally]:
    """Characters the user played, most played first (then by wins, then by name)."""
    tallies = [
        Tally(key, str(catalogue.character_name(key)), games, wins)
        for key, games, wins in _grouped(user_id, "character")
        if key in catalogue.CHARACTERS
    ]
    return sorted(tallies, key=lambda t: (-t.games, -t.wins, t.name))


@dataclass(frozen=True)
class Totals:
    games: int
    wins: int
    eliminations: int
    damage_dealt: int
    survived: int  # matches the user was alive at the end of

    @property
    def rate(self) -> float | None:
        return 100 * self.wins / self.games if self.games else None


def totals(user_id: int) -> Totals:
    row = PlayerResult.objects.filter(user_id=user_id).aggregate(
        games=Count("id"),
        wins=Count("id", filter=Q(won=True)),
        eliminations=Sum("eliminations"),
        damage=Sum("damage_dealt"),
        survived=Count("id", filter=Q(eliminated_place__isnull=True)),
    )
    return Totals(
        games=row["games"],
        wins=row["wins"],
        eliminations=row["eliminations"] or 0,
        damage_dealt=row["damage"] or 0,
        survived=row["survived"],
    )


#: At most this many points on the results-over-time chart (a polyline per line).
TIMELINE_POINTS = 120


#: Months in the text table under the results-over-time chart.
TIMELINE_MONTHS = 12


@dataclass(frozen=True)
class Month:
    start: date
    wins: int
    losses: int


@dataclass(frozen=True)
class Timeline:
    """Cumulative wins and losses after each (sampled) match, oldest first, and the same
    results counted per month (newest first) for the chart's text fallback."""

    wins: list[int]
    losses: list[int]
    first: datetime | None
    last: datetime | None
    months: list[Month]


def timeline(user_id: int) -> Timeline:
    """Results over time for the chart: one query of (won, finished_at) in order, reduced to at
    most TIMELINE_POINTS evenly spaced points (the last match always included)."""
    rows = list(
        PlayerResult.objects.filter(user_id=user_id)
        .order_by("finished_at", "record_id")
        .values_list("won", "finished_at")
    )
    wins, losses = cumulative([won for won, _finished in rows])
    picks = _sample(len(rows), TIMELINE_POINTS)
    months: dict[date, list[int]] = {}
    for won, finished in reversed(rows):
        day = timezone.localtime(finished).date().replace(day=1)
        if day not in months:
            if len(months) == TIMELINE_MONTHS:
                break
            months[day] = [0, 0]
        months[day][0 if won else 1] += 1
    return Timeline(
        wins=[wins[i] for i in picks],
        losses=[losses[i] for i in picks],
        first=rows[0][1] if rows else None,
        last=rows[-1][1] if rows else None,
        months=[Month(day, w, lost) for day, (w, lost) in months.items()],
    )


def _sample(count: int, limit: int) -> Sequence[int]:
    """Up to ``limit`` indices of ``range(count)``, evenly spaced, first and last included."""
    if count <= limit:
        return range(count)
    step = (count - 1) / (limit - 1)
    return sorted({round(i * step) for i in range(limit)})

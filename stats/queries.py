"""Read-only queries behind the statistics screens (issue 7): history, a player's numbers and
the leaderboards.

Every list is a bounded number of queries whatever its length: leaderboards read the
``PeriodTally`` rows kept at recording time (one row per user and period, never an aggregate
over ``PlayerResult``), and the viewer's own rank is one COUNT of the rows ahead of them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, datetime

from django.db.models import (
    Count,
    Exists,
    ExpressionWrapper,
    F,
    FloatField,
    OuterRef,
    Q,
    QuerySet,
    Sum,
)
from django.utils import timezone

from game import catalogue
from stats.charts import cumulative
from stats.models import LeaderboardExclusion, PeriodTally, PlayerResult

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


def _eligible(period: str, start: date, role: str) -> QuerySet[PeriodTally]:
    """Tallies of the period that may be ranked: not excluded by a moderator, not banned."""
    excluded = LeaderboardExclusion.objects.filter(user_id=OuterRef("user_id"))
    return PeriodTally.objects.filter(
        period=period,
        start=start,
        role=role,
        user__is_active=True,
        user__banned_at__isnull=True,
    ).exclude(Exists(excluded))


def _annotated(board: str, rows: QuerySet[PeriodTally]) -> QuerySet[PeriodTally]:
    if board == "rating":
        return rows.filter(user__rating__isnull=False).annotate(ordinal=F("user__rating__ordinal"))
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


def board_rows(board: str, period: str, start: date, role: str = "") -> QuerySet[PeriodTally]:
    """The ranked rows of a board, best first, each with its ``user`` (one query per page)."""
    rows = _eligible(period, start, role).filter(games__gte=MIN_MATCHES)
    return (
        _annotated(board, rows)
        .select_related("user")
        # Only what a row shows: the user's names, not their whole account.
        .only("user_id", "games", "wins", "user__username", "user__display_name")
        .order_by(*ORDER[board])
    )


@dataclass(frozen=True)
class OwnStanding:
    """Where the viewer stands: their rank (None when not ranked) and their games so far."""

    rank: int | None
    games: int
    wins: int
    missing: int  # matches still needed to appear (0 when ranked or excluded)
    has_rating: bool


def own_standing(
    board: str, period: str, start: date, role: str, user_id: int
) -> OwnStanding | None:
    """The viewer's rank on a board: one query for their row, one COUNT of the rows ahead.
    None when they have no tally in the period (or are left off the boards)."""
    mine = _annotated(board, _eligible(period, start, role)).filter(user_id=user_id).first()
    if mine is None:
        return None
    if mine.games < MIN_MATCHES or (board == "rating" and mine.ordinal is None):
        return OwnStanding(
            rank=None,
            games=mine.games,
            wins=mine.wins,
            missing=max(0, MIN_MATCHES - mine.games),
            has_rating=board != "rating" or mine.ordinal is not None,
        )
    ahead = _annotated(board, _eligible(period, start, role).filter(games__gte=MIN_MATCHES))
    same = Q(user_id__lt=user_id)
    if board == "rating":
        ahead = ahead.filter(Q(ordinal__gt=mine.ordinal) | Q(ordinal=mine.ordinal) & same)
    elif board == "wins":
        better = Q(wins__gt=mine.wins) | Q(wins=mine.wins, games__lt=mine.games)
        ahead = ahead.filter(better | Q(wins=mine.wins, games=mine.games) & same)
    else:
        # Compare rates exactly, without floats: a/b > c/d  <=>  a*d - c*b > 0.
        ahead = ahead.annotate(cross=F("wins") * mine.games - F("games") * mine.wins).filter(
            Q(cross__gt=0) | Q(cross=0, games__gt=mine.games) | Q(cross=0, games=mine.games) & same
        )
    return OwnStanding(
        rank=ahead.count() + 1, games=mine.games, wins=mine.wins, missing=0, has_rating=True
    )


def display_rating(ordinal: float) -> int:
    """The skill rating as players see it: a whole number around 1000 for a new player.

    openskill's ordinal (mu - 3 sigma) starts at 0 and spans about -10..50; scaled by 20 and
    lifted by 1000 it reads like the chess-style ratings players know, never negative in
    practice, and keeps the order."""
    return round(1000 + 20 * ordinal)


# --- a player's history and numbers --------------------------------------------------------------


def history(user_id: int, *, mode: str = "", role: str = "") -> QuerySet[PlayerResult]:
    """The user's matches, newest first, with the record's seats and match id (one join)."""
    rows = PlayerResult.objects.filter(user_id=user_id)
    if mode:
        rows = rows.filter(mode=mode)
    if role:
        rows = rows.filter(role=role)
    # Plain values, only the columns the page shows: a 25-row page is then a few milliseconds.
    return rows.order_by("-finished_at", "-record_id").values(
        "finished_at", "mode", "role", "character", "won", "record__seats", "record__match_id"
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

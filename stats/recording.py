"""Record a finished match: one MatchRecord, one PlayerResult per seat, and what follows.

``record_match`` is the one entry point (``stats.receivers`` calls it when
``game.signals.match_finished`` arrives). Everything is computed from the finished game's public
view: its log holds every public event (engine/README.md, "Events") and, the game being over,
every player's role (R140). In the same transaction it unlocks achievements, updates the
period tallies and the ratings of the seats' users. It is idempotent: the record's one-to-one
key on the match means a second call finds the record and changes nothing.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from django.db import IntegrityError, transaction

from game.catalogue import ROLES
from game.models import Match, MatchSeat
from stats import achievements, badges, queries, ratings, tallies
from stats.models import GuestClaim, MatchRecord, PlayerResult

# Played cards that are a Shot at someone: a Shot, or Two-Face's Ricochet played as a Shot.
SHOT_KINDS = frozenset({"shot", "ricochet"})
# R9, R14: the Double Agent exists from 5 seats.
DOUBLE_AGENT_MIN_SEATS = 5
# Tries at the recording transaction when it loses a race on a shared row.
ATTEMPTS = 3


@dataclass
class SeatLine:
    """What one seat did, counted from the log (the PlayerResult fields the log decides)."""

    seat: int
    character: str = ""
    role: str = ""
    team: str = ""
    won: bool = False
    final_hp: int = 0
    eliminated_place: int | None = None
    eliminated_by: int | None = None
    eliminated_round: int | None = None
    rounds_survived: int = 0
    turns_played: int = 0
    damage_dealt: int = 0
    damage_taken: int = 0
    healed: int = 0
    eliminations: int = 0
    shots_fired: int = 0
    shots_dodged: int = 0
    cards_played: int = 0
    cards_drawn: int = 0
    duels_won: int = 0
    stars: int = 0
    upgrades: list[str] = field(default_factory=list)
    bounties_taken: int = 0
    dynamite_survived: int = 0
    first_elimination: bool = False


@dataclass
class GameSummary:
    """The match-level numbers and every seat's line."""

    rounds: int
    turns: int
    winning_team: str
    winners: list[int]
    lines: list[SeatLine]


def summarize(view: Mapping[str, Any]) -> GameSummary:
    """Count everything from a finished game's public view (``game.view(None)``)."""
    players = view["players"]
    lines = [SeatLine(seat=p["seat"]) for p in players]
    result = view["result"] or {"winners": [], "team": ""}
    round_now = 0
    turns = 0
    places = 0
    exploded: int | None = None  # seat that just took a Dynamite explosion
    for event in view["log"]:
        kind = event["type"]
        if exploded is not None:
            # R75, R80: an explosion the holder did not survive is followed at once by their
            # elimination; anything else means they lived through it.
            if not (kind == "eliminated" and event["seat"] == exploded):
                lines[exploded].dynamite_survived += 1
            exploded = None
        if kind == "round":
            round_now = event["round"]
        elif kind == "turn":
            turns += 1
            lines[event["seat"]].turns_played += 1
        elif kind == "played":
            line = lines[event["seat"]]
            line.cards_played += 1
            if event["card"]["kind"] in SHOT_KINDS and event.get("target") is not None:
                line.shots_fired += 1
        elif kind == "drew":
            lines[event["seat"]].cards_drawn += event["count"]
        elif kind == "hit_cancelled":
            lines[event["seat"]].shots_dodged += 1
        elif kind == "healed":
            lines[event["seat"]].healed += event["amount"]
        elif kind == "damage":
            lines[event["seat"]].damage_taken += event["amount"]
            source = event["source"]
            if source is not None:
                lines[source].damage_dealt += event["amount"]
                if event["cause"] == "duel":
                    # The Duel's loser takes the damage; its source is the other duellist.
                    lines[source].duels_won += 1
            if event["cause"] == "dynamite":
                exploded = event["seat"]
        elif kind == "eliminated":
            places += 1
            line = lines[event["seat"]]
            line.eliminated_place = places
            line.eliminated_by = event["by"]
            line.eliminated_round = round_now
            if event["by"] is not None:
                lines[event["by"]].eliminations += 1
                if places == 1:
                    lines[event["by"]].first_elimination = True
        elif kind == "star":
            line = lines[event["seat"]]
            line.stars += 1
            line.upgrades.append(event["upgrade"])
            if event["cause"] == "bounty":
                line.bounties_taken += 1
    if exploded is not None:
        lines[exploded].dynamite_survived += 1
    winners = list(result["winners"])
    for line, player in zip(lines, players, strict=True):
        line.character = player["character"]
        line.role = player["role"] or ""
        line.team = ROLES[line.role].team if line.role in ROLES else ""
        line.won = line.seat in winners
        line.final_hp = player["hp"]
        if line.eliminated_round is None:
            line.rounds_survived = round_now
        else:
            line.rounds_survived = max(0, line.eliminated_round - 1)
    return GameSummary(
        rounds=round_now,
        turns=turns,
        winning_team=result["team"],
        winners=winners,
        lines=lines,
    )


def record_match(match: Match) -> MatchRecord:
    """Record a finished match once; a second call returns the same record and does nothing."""
    existing = MatchRecord.objects.filter(match_id=match.pk).first()
    if existing is not None:
        return existing
    match = Match.objects.get(pk=match.pk)  # the saved truth, not a caller's copy
    if match.status != Match.Status.FINISHED:
        raise ValueError(f"match {match.pk} is not finished")
    summary = summarize(match.game().view(None))
    seats = {s.seat: s for s in match.seats.all()}
    _apply_guest_claims(seats.values())
    finished_at = match.finished_at or match.created_at
    accounts = len(
        {s.user_id for s in seats.values() if s.kind == MatchSeat.Kind.HUMAN and s.user_id}
    )
    for attempt in range(ATTEMPTS):
        try:
            with transaction.atomic():
                record = MatchRecord.objects.create(
                    match=match,
                    mode=played_mode(match.config.get("mode", "classic"), len(seats)),
                    seats=len(seats),
                    rounds=summary.rounds,
                    turns=summary.turns,
                    actions=match.actions.count(),
                    duration_seconds=max(0, int((finished_at - match.created_at).total_seconds())),
                    started_at=match.created_at,
                    finished_at=finished_at,
                    winning_team=summary.winning_team,
                    winners=summary.winners,
                    rated=ratings.is_rated(accounts),
                    humans=accounts,
                )
                awarded = badges.award(summary.lines, summary)
                results = PlayerResult.objects.bulk_create(
                    _result(record, seats[line.seat], line, awarded[line.seat])
                    for line in summary.lines
                )
                apply_for_users(record, results)
            return record
        except IntegrityError:
            # Either another worker recorded this match first (theirs stands), or it raced us
            # on a shared row (a tally or rating of the same user): everything rolled back, so
            # try again.
            existing = MatchRecord.objects.filter(match_id=match.pk).first()
            if existing is not None:
                return existing
            if attempt == ATTEMPTS - 1:
                raise
    raise AssertionError("unreachable")


def _apply_guest_claims(seats: Iterable[MatchSeat]) -> None:
    """A guest who signed up while this match was running gets its result (stats.claims): the
    seat is read as the account's (in memory only; the seat row belongs to game)."""
    guests = {
        s.guest_key: s
        for s in seats
        if s.kind == MatchSeat.Kind.HUMAN and not s.user_id and s.guest_key
    }
    if not guests:
        return
    for key, user_id in GuestClaim.objects.filter(session_key__in=list(guests)).values_list(
        "session_key", "user_id"
    ):
        guests[key].user_id = user_id


def played_mode(mode: str, seats: int) -> str:
    """The mode the table really played: Double Agent at 4 seats plays Classic (R14), and
    counts as Classic for history, tallies and "win in every mode"."""
    if mode == "double_agent" and seats < DOUBLE_AGENT_MIN_SEATS:
        return "classic"
    return mode


def apply_for_users(record: MatchRecord, results: list[PlayerResult]) -> None:
    """Achievements for the results that belong to a user, and for a rated match their
    leaderboard tallies and ratings (new records and claimed guest results both come through
    here). An unrated match (fewer than two accounts, ``ratings.is_rated``) still counts for
    the player's own history, statistics and achievements, never for the boards."""
    owned = [r for r in results if r.user_id is not None]
    if not owned:
        return
    if record.rated:
        for result in owned:
            tallies.count(result)
    achievements.unlock_for(record, owned)
    ratings.update_for(record)
    # The leaderboards' cached standings (ranks) are rebuilt from the committed rows.
    transaction.on_commit(queries.forget_boards)


def _result(record: MatchRecord, seat: MatchSeat, line: SeatLine, won_badges: list[str]) -> Any:
    is_human = seat.kind == MatchSeat.Kind.HUMAN
    return PlayerResult(
        record=record,
        seat=line.seat,
        kind=seat.kind,
        user_id=seat.user_id if is_human else None,
        guest_key=seat.guest_key if is_human and not seat.user_id else "",
        name=seat.name,
        label=seat.label,
        strength=seat.strength if seat.kind == MatchSeat.Kind.BOT else "",
        character=line.character,
        role=line.role,
        team=line.team,
        won=line.won,
        eliminated_place=line.eliminated_place,
        eliminated_by=line.eliminated_by,
        eliminated_round=line.eliminated_round,
        rounds_survived=line.rounds_survived,
        turns_played=line.turns_played,
        damage_dealt=line.damage_dealt,
        damage_taken=line.damage_taken,
        healed=line.healed,
        eliminations=line.eliminations,
        shots_fired=line.shots_fired,
        shots_dodged=line.shots_dodged,
        cards_played=line.cards_played,
        cards_drawn=line.cards_drawn,
        duels_won=line.duels_won,
        stars=line.stars,
        upgrades=line.upgrades,
        bounties_taken=line.bounties_taken,
        dynamite_survived=line.dynamite_survived,
        final_hp=line.final_hp,
        badges=won_badges,
        mode=record.mode,
        finished_at=record.finished_at,
    )

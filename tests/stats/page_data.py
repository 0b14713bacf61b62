"""Rows for the statistics screens' tests, written directly (no game is played): a page reads
only MatchRecord / PlayerResult / PeriodTally / Rating, so tests of ordering, periods,
pagination and query counts can set up exactly the numbers they need, quickly."""

from __future__ import annotations

from datetime import UTC, date, datetime
from typing import Any

from game.models import Match
from stats.models import MatchRecord, PeriodTally, PlayerResult, Rating

WHEN = datetime(2026, 11, 25, 20, 0, tzinfo=UTC)  # a Wednesday


def match_result(
    user: Any,
    *,
    role: str = "bandit",
    character: str = "lucky",
    won: bool = True,
    mode: str = "classic",
    seats: int = 5,
    finished_at: datetime = WHEN,
    eliminations: int = 0,
    name: str = "",
) -> PlayerResult:
    """One finished match with ``user`` at seat 0 (the other seats are not needed by pages
    that list a user's own matches)."""
    match = Match.objects.create(
        seed=0,
        config={"mode": mode, "seats": seats},
        state={},
        status=Match.Status.FINISHED,
        move_time=30,
        tempo="normal",
        result={"team": "bandits", "winners": [0] if won else []},
        finished_at=finished_at,
    )
    record = MatchRecord.objects.create(
        match=match,
        mode=mode,
        seats=seats,
        rounds=5,
        turns=20,
        actions=100,
        duration_seconds=600,
        started_at=finished_at,
        finished_at=finished_at,
        winning_team="bandits" if won else "law",
        rated=True,
        humans=1,
    )
    return PlayerResult.objects.create(
        record=record,
        seat=0,
        kind="human",
        user=user,
        name=name or user.username,
        character=character,
        role=role,
        team="bandits",
        won=won,
        eliminations=eliminations,
        mode=mode,
        finished_at=finished_at,
    )


def tally(
    user: Any, games: int, wins: int, *, period: str = "all", start: date | None = None, role=""
) -> PeriodTally:
    return PeriodTally.objects.create(
        user=user,
        period=period,
        start=start or PeriodTally.start_of(period, WHEN.date()),
        role=role,
        games=games,
        wins=wins,
    )


def rating(user: Any, ordinal: float, matches: int = 10) -> Rating:
    return Rating.objects.create(
        user=user,
        mu=ordinal + 3 * 2.0,
        sigma=2.0,
        ordinal=ordinal,
        rated_matches=matches,
        updated_at=WHEN,
    )

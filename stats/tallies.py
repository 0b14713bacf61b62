"""Per-period games and wins (PeriodTally), kept at recording time for the leaderboards.

Each user result adds one game (and a win if won) to six rows: this week, this month and all
time, each for all roles (``role=""``) and for the role played. Periods use the UTC date of the
match's ``finished_at`` (docs/stats.md).
"""

from __future__ import annotations

from datetime import UTC

from django.db.models import F, Q

from stats.models import PeriodTally, PlayerResult


def count(result: PlayerResult) -> None:
    """Add one result of a user to their six tallies (the caller makes sure it is counted
    once). Three queries: find the rows, bump the existing ones, create the missing ones."""
    user_id = result.user_id
    assert user_id is not None  # only a user's result is counted
    day = result.finished_at.astimezone(UTC).date()
    won = 1 if result.won else 0
    keys = {
        (period, PeriodTally.start_of(period, day), role)
        for period in PeriodTally.Period.values
        for role in ("", result.role)
    }
    wanted = Q()
    for period, start, role in keys:
        wanted |= Q(period=period, start=start, role=role)
    rows = PeriodTally.objects.filter(wanted, user_id=user_id)
    existing = {(p, s, r): pk for pk, p, s, r in rows.values_list("pk", "period", "start", "role")}
    if existing:
        PeriodTally.objects.filter(pk__in=existing.values()).update(
            games=F("games") + 1, wins=F("wins") + won
        )
    PeriodTally.objects.bulk_create(
        PeriodTally(user_id=user_id, period=period, start=start, role=role, games=1, wins=won)
        for period, start, role in sorted(keys - existing.keys())
    )

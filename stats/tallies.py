"""Per-period games and wins (PeriodTally), kept at recording time for the leaderboards.

Each user result adds one game (and a win if won) to six rows: this week, this month and all
time, each for all roles (``role=""``) and for the role played. Periods use the UTC date of the
match's ``finished_at`` (docs/stats.md).
"""

from __future__ import annotations

from datetime import UTC

from django.db.models import F

from stats.models import PeriodTally, PlayerResult


def count(result: PlayerResult) -> None:
    """Add one result of a user to their tallies (the caller makes sure it is counted once)."""
    day = result.finished_at.astimezone(UTC).date()
    won = 1 if result.won else 0
    for period in PeriodTally.Period.values:
        start = PeriodTally.start_of(period, day)
        for role in ("", result.role):
            row, created = PeriodTally.objects.get_or_create(
                user_id=result.user_id,
                period=period,
                start=start,
                role=role,
                defaults={"games": 1, "wins": won},
            )
            if not created:
                PeriodTally.objects.filter(pk=row.pk).update(
                    games=F("games") + 1, wins=F("wins") + won
                )

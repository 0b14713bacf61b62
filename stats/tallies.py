"""Per-period games and wins (PeriodTally), kept at recording time for the leaderboards.

Each user result of a rated match (``stats.ratings.is_rated``: two accounts or more) adds one
game (and a win if won) to six rows: this week, this month and all time, each for all roles
(``role=""``) and for the role played. Periods use the UTC date of the match's
``finished_at`` (docs/stats.md).
"""

from __future__ import annotations

from collections import Counter
from datetime import UTC, date

from django.db import transaction
from django.db.models import F, Q

from stats.models import PeriodTally, PlayerResult


def count(result: PlayerResult) -> None:
    """Add one result of a user to their six tallies (the caller makes sure it is counted
    once). Three queries: find the rows, bump the existing ones, create the missing ones."""
    user_id = result.user_id
    assert user_id is not None  # only a user's result is counted
    won = 1 if result.won else 0
    keys = _keys(result)
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


def _keys(result: PlayerResult) -> set[tuple[str, date, str]]:
    """The (period, start, role) of the six tallies one result counts in."""
    day = result.finished_at.astimezone(UTC).date()
    return {
        (period, PeriodTally.start_of(period, day), role)
        for period in PeriodTally.Period.values
        for role in ("", result.role)
    }


def recount_all() -> int:
    """Rebuild every tally from the users' results of rated matches (``recompute_ratings``
    runs it beside the ratings, after the rule of what is rated changed). Returns how many
    tallies there are."""
    games: Counter[tuple[int, str, date, str]] = Counter()
    wins: Counter[tuple[int, str, date, str]] = Counter()
    results = PlayerResult.objects.filter(user__isnull=False, record__rated=True).only(
        "user_id", "role", "won", "finished_at"
    )
    for result in results.iterator(chunk_size=2000):
        assert result.user_id is not None  # the filter keeps users' results only
        for period, start, role in _keys(result):
            key = (result.user_id, period, start, role)
            games[key] += 1
            wins[key] += 1 if result.won else 0
    with transaction.atomic():
        PeriodTally.objects.all().delete()
        PeriodTally.objects.bulk_create(
            (
                PeriodTally(
                    user_id=user_id,
                    period=period,
                    start=start,
                    role=role,
                    games=n,
                    wins=wins[(user_id, period, start, role)],
                )
                for (user_id, period, start, role), n in sorted(games.items())
            ),
            batch_size=1000,
        )
    return len(games)

"""Rebuild every rating and leaderboard tally from the stored match results (docs/stats.md,
"Ratings"): after a moderator's repair, or after the rule of which matches are rated changed
(stats migration 0004)."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand

from stats import queries, tallies
from stats.ratings import recompute_all


class Command(BaseCommand):
    help = (
        "Rebuild Rating, RatingChange and the leaderboards' period tallies from the stored "
        "results, in the order matches ended."
    )

    def handle(self, *args: Any, **options: Any) -> None:
        records, users = recompute_all()
        counted = tallies.recount_all()
        queries.forget_boards()
        self.stdout.write(
            self.style.SUCCESS(
                f"Replayed {records} rated matches; {users} users have a rating; "
                f"{counted} leaderboard tallies."
            )
        )

"""Rebuild every rating from the stored match results (docs/stats.md, "Ratings")."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand

from stats.ratings import recompute_all


class Command(BaseCommand):
    help = "Rebuild Rating and RatingChange from the stored results, in the order matches ended."

    def handle(self, *args: Any, **options: Any) -> None:
        records, users = recompute_all()
        self.stdout.write(
            self.style.SUCCESS(f"Replayed {records} rated matches; {users} users have a rating.")
        )

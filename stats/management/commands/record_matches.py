"""Record every finished match that has no record yet (after a recording error was logged, or
for matches that finished before statistics existed). Safe to run any time: recording is
idempotent."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand

from game.models import Match
from stats.recording import record_match


class Command(BaseCommand):
    help = "Record finished matches that have no statistics record, oldest first."

    def handle(self, *args: Any, **options: Any) -> None:
        missing = Match.objects.filter(status=Match.Status.FINISHED, record__isnull=True)
        recorded = failed = 0
        for match in missing.order_by("finished_at", "pk").iterator():
            try:
                record_match(match)
            except Exception as error:  # one broken match must not stop the others
                failed += 1
                self.stderr.write(f"Match {match.pk}: {error}")
            else:
                recorded += 1
        self.stdout.write(self.style.SUCCESS(f"Recorded {recorded} matches; {failed} failed."))

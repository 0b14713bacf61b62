"""Stats listens to game (game never imports stats): a finished match is recorded."""

from __future__ import annotations

import logging
from typing import Any

from django.dispatch import receiver

from game.models import Match
from game.signals import match_finished
from stats.recording import record_match

logger = logging.getLogger(__name__)


@receiver(match_finished, sender=Match, dispatch_uid="stats.record_match")
def record_finished_match(sender: Any, match: Match, **kwargs: Any) -> None:
    # match_finished.send stops at the first receiver that raises: a recording bug must not
    # keep the lobby from reopening the room. It is logged; recording can be run again later
    # (it is idempotent).
    try:
        record_match(match)
    except Exception:
        logger.exception("Could not record match %s", match.pk)

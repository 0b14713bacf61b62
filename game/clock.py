"""The match's clock, for the modules the services import (the table's broadcast).

``game.services.clock`` is the clock every timer, deadline and countdown of a match reads, and
the one tests replace to drive timers without sleeping. The modules below the services cannot
import them, so they read ``now()`` here, which the services point at their own clock by name
(looked up at each call): replacing ``game.services.clock`` replaces this one too.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime

from django.utils import timezone

_source: Callable[[], datetime] = timezone.now


def follow(source: Callable[[], datetime]) -> None:
    """Read the time from ``source`` from now on (the services call this once, at import)."""
    global _source
    _source = source


def now() -> datetime:
    return _source()

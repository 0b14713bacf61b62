"""Finished matches' timelines, read from the database and kept in this process.

A finished match never changes, so its timeline (replay.timeline) is built once per
process from its config and action log and reused for every position a viewer steps to. The
cache holds engine states in memory only; nothing derived is ever written back (issue 18:
"no separate stored frames").
"""

from __future__ import annotations

import logging
import threading
from collections import OrderedDict

from django.http import Http404

from bangarena_engine import IllegalAction
from game.models import Match
from replay.timeline import Move, Timeline

logger = logging.getLogger(__name__)

#: How many matches' timelines a process keeps (each is a few hundred kB at most).
CACHE_SIZE = 32

#: Keyed by the match's id, version and end: ids are never reused in production, and a test
#: database that reuses them starts new matches with another end time or length.
_cache: OrderedDict[tuple, Timeline] = OrderedDict()
_lock = threading.Lock()


def finished_match(match_id: int) -> Match:
    """The match if it is over; 404 for a running or unknown one. A running match's replay
    would show what its seats may not know yet (hands, roles, the deck), so it does not exist."""
    match = Match.objects.filter(pk=match_id, status=Match.Status.FINISHED).first()
    if match is None:
        raise Http404("no finished match with this id")
    return match


def moves_of(match: Match) -> list[Move]:
    rows = match.actions.order_by("seq").values_list("seat", "action")
    return [Move(seat, action) for seat, action in rows]


def timeline(match: Match) -> Timeline:
    """The timeline of a finished ``match``, from this process's cache when it has it."""
    key = (match.pk, match.version, match.finished_at)
    with _lock:
        found = _cache.get(key)
        if found is not None:
            _cache.move_to_end(key)
            return found
    try:
        built = Timeline.build(match.game_config(), moves_of(match))
    except (IllegalAction, ValueError, KeyError, TypeError):
        # A log the engine no longer replays (a hand-edited row, a rule changed without a
        # migration): no replay rather than a wrong one; the log says which match.
        logger.exception("match %s does not replay from its stored log", match.pk)
        raise Http404("this match does not replay") from None
    with _lock:
        _cache[key] = built
        while len(_cache) > CACHE_SIZE:
            _cache.popitem(last=False)
    return built


def forget(match_id: int | None = None) -> None:
    """Drop one match's timeline (or all): tests, and an admin who rewrote a log by hand."""
    with _lock:
        if match_id is None:
            _cache.clear()
        else:
            for key in [key for key in _cache if key[0] == match_id]:
                del _cache[key]

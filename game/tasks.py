"""The table's delayed jobs, run through the one seam (bangarena_site.jobs).

- ``game.advance(match_id, version)``: armed after every change for the decision it opened: a
  bot move after the tempo pause, or a human's timeout at the deadline (R118-R121).
- ``game.sweep()``: periodic (settings.BANGARENA_PERIODIC_JOBS); plays every overdue decision,
  so a lost timer never freezes a table.
- ``game.presence()``: periodic, every second: seats whose screens stopped beating go away
  (game.presence, Q48), and a seat away too long in its own turn goes to the bot (R121).
- ``rearm_on_start``: in the embedded stack, timers live on the server's loop and die with the
  process; the first call into a fresh server schedules every running match again.

Jobs only re-enter through game.services and are safe to run twice or late.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from asgiref.sync import sync_to_async

from bangarena_site import jobs
from bangarena_site.jobs import job
from game import presence, services

# The move job lives with the services that arm it after every change (no import back to here).
advance = services.advance

logger = logging.getLogger(__name__)


@job("game.sweep")
def sweep() -> int:
    """Play every overdue decision; returns how many moves were made."""
    played = 0
    for match_id, version in services.overdue_matches():
        try:
            if services.play_due(match_id, version) is not None:
                played += 1
        except Exception:
            # One broken match must not keep the sweeper from every other table.
            logger.exception("Sweeper could not advance match %s at version %s", match_id, version)
    if played:
        logger.info("Sweeper played %s overdue decision(s)", played)
    return played


@job("game.presence")
def watch_presence() -> int:
    """Mark away the seats that stopped beating, then hand to the bot those away too long in
    their own turn. Returns how many seats went away."""
    away = presence.sweep()
    services.away_too_long()
    return away


def rearm_on_start(app: Any) -> Any:
    """Wrap the ASGI app: before the first call on a newly attached scheduler loop, re-arm
    every running match (a restart continues every match; presence needs no reset).

    Place it inside ``embedded_scheduler.capture_loop`` so the loop is attached first.
    """
    # The scheduler loop last re-armed for, and the re-arm task every caller on it awaits (so
    # no move is made before the timers are armed again).
    rearmed: dict[str, Any] = {"loop": None, "task": None}

    async def application(scope: Any, receive: Any, send: Any) -> Any:
        loop = jobs.embedded_scheduler.loop
        if loop is not None:
            if rearmed["loop"] is not loop:
                rearmed["loop"] = loop
                rearmed["task"] = asyncio.ensure_future(_rearm())
            await asyncio.shield(rearmed["task"])
        return await app(scope, receive, send)

    return application


async def _rearm() -> None:
    try:
        count = await sync_to_async(services.rearm_running_matches)()
    except Exception:
        # The sweeper still plays overdue decisions; the site must keep serving.
        logger.exception("Re-arming running matches after start failed")
        return
    logger.info("Re-armed %s running match(es) after start", count)

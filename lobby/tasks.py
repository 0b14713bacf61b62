"""The lobby's jobs, run through the one seam (bangarena_site.jobs).

- ``lobby.check_host(room_id)``: armed 30 s after the host's last room socket closes (R133).
- ``lobby.watch_hosts()``: periodic backstop; also covers hosts away from the table during a
  match, whose sockets belong to the game.
- ``lobby.close_empty_rooms()``: periodic; closes rooms that sat empty for a day.
- ``lobby.form_quick_tables()``: armed for each quick-match countdown (issue 23); the periodic
  ``lobby.quick_match()`` is its backstop.
- ``lobby.watch_presence()``: periodic; members whose room pages stopped beating are away
  (Q48), so a crashed web process leaves no member "here" for the ready check.
"""

from __future__ import annotations

import logging

from bangarena_site.jobs import job
from lobby import broadcast, quick_match, services

logger = logging.getLogger(__name__)

# Armed by the services when a host's last room socket closes; registered with them.
check_host = services.check_host


@job("lobby.watch_hosts")
def watch_hosts() -> int:
    """Hand over every room whose host has been away for 30 s; returns how many changed."""
    changed = 0
    for room_id in services.rooms_to_check():
        try:
            changed += services.check_host(room_id)
        except Exception:
            # One broken room must not keep the sweep from every other room.
            logger.exception("Host check failed for room %s", room_id)
    return changed


@job("lobby.watch_presence")
def watch_presence() -> int:
    return services.room_presence_sweep()


@job("lobby.close_empty_rooms")
def close_empty_rooms() -> int:
    closed = services.close_empty_rooms()
    if closed:
        logger.info("Closed %s room(s) that sat empty for a day", closed)
    return closed


# Armed by the queue for each countdown, and its periodic backstop: registered with it.
form_quick_tables = quick_match.form_quick_tables
quick_match_sweep = quick_match.quick_match_sweep


@job("lobby.live_numbers")
def live_numbers() -> None:
    """Presence changes all the time, far from any room: the home page and /play/ redraw
    their live numbers every few seconds (issue 23)."""
    broadcast.open_rooms_changed()

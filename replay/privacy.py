"""The per-player opt-out of replays (issue 18): a player who ticks "hide my name in replays"
on their profile is "Player N" in every replay and export of their matches that someone else
opens. They still see their own name in their own replays; guests have no account to opt out
with, and bots and AI seats are never people.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any


def hidden_seats(seats: Sequence[Any], viewer: Any) -> frozenset[int]:
    """The seats whose name ``viewer`` (a user, maybe anonymous) must not see in a replay."""
    me = viewer.pk if getattr(viewer, "is_authenticated", False) else None
    return frozenset(
        seat.seat
        for seat in seats
        if seat.user_id is not None
        and seat.user_id != me
        and getattr(seat.user, "hide_in_replays", False)
    )

"""A socket's heartbeats (Q48): the page, or the agent program, behind it is still there.

A page sends ``{"beat":1}`` every few seconds (an agent program's every frame counts as one);
its socket writes at most one beat a second (``presence.WRITE_AT_MOST_EVERY``), on the
services' clock so tests can move time. One implementation for every socket that beats: the
table (game.consumers), the summary (game.summary_socket), the room (lobby.consumers) and
the agent program's (machines.agents.consumer).
"""

from __future__ import annotations

from typing import Any

from channels.db import database_sync_to_async

from game import presence, services
from game.models import Match

#: The page's heartbeat frame, compared as it comes (no parsing for the commonest frame).
HEARTBEAT = '{"beat":1}'
BEAT_WRITE_SECONDS = presence.WRITE_AT_MOST_EVERY.total_seconds()


class HeartbeatMixin:
    """Mix into a consumer whose presence its heartbeats keep fresh. It calls
    ``_start_beats`` once the presence is written, ``_heartbeat`` for every beat that counts,
    and implements ``_write_beat`` (the names start with "_" so no channel-layer message can
    call them)."""

    # When this socket's last heartbeat was written (the services' clock, in seconds).
    beat_written: float = float("-inf")

    def _start_beats(self) -> None:
        """The presence was just written: the next beat is written a second from now."""
        self.beat_written = services.clock().timestamp()

    async def _heartbeat(self) -> None:
        """One beat: written unless the last one was written less than a second ago."""
        now = services.clock().timestamp()
        if now - self.beat_written < BEAT_WRITE_SECONDS:
            return
        self.beat_written = now
        await self._write_beat()

    async def _write_beat(self) -> None:
        """Record one beat of this socket's presence: each socket that beats says where (a
        table screen, a room member, a queue ticket, an agent token); none inherits this."""
        raise NotImplementedError


class MatchScreenMixin(HeartbeatMixin):
    """A socket that is one screen of a match (game.presence): the table's or the summary's.
    ``_open_screen`` once it is accepted, ``_close_screen`` when it goes (only a screen that
    was opened is closed), and its heartbeats keep the screen fresh."""

    match_id: int
    seat: int | None = None
    language: str = ""
    channel_name: str
    scope: Any
    # Whether this socket's screen row was written: only then does its disconnect remove it.
    screen_open: bool = False

    def _find_seat(self) -> tuple[bool, int | None]:
        """(whether the match exists, the viewer's seat in it or None for a watcher): by
        account, or by session key for a guest (sync: run it in the database thread)."""
        match = Match.objects.filter(pk=self.match_id).first()
        if match is None:
            return False, None
        session = self.scope.get("session")
        session_key = getattr(session, "session_key", None)
        return True, services.seat_of(match, self.scope.get("user"), session_key)

    async def _open_screen(self) -> None:
        await database_sync_to_async(presence.open_screen)(
            self.match_id, self.seat, self.language, self.channel_name
        )
        self.screen_open = True
        self._start_beats()

    async def _close_screen(self) -> None:
        if self.screen_open:
            self.screen_open = False
            await database_sync_to_async(presence.close_screen)(
                self.match_id, self.seat, self.channel_name
            )

    async def _screen_beat(self) -> None:
        """A heartbeat of the page: it counts once the screen is open."""
        if self.screen_open:
            await self._heartbeat()

    async def _write_beat(self) -> None:
        await database_sync_to_async(presence.beat)(
            self.match_id, self.seat, self.language, self.channel_name
        )

"""WebSocket consumer of /ws/quick/: one open quick-match page (issue 23).

Behind the origin check and the auth middleware; connects are limited per address as on the
open tables socket. It renders the queue for its own viewer (lobby.quick_match) on connect
and whenever the queue changes, and passes the page's heartbeats on (at most one write a
second), so a ticket whose page closed is dropped instead of seated. Nothing else a client
sends is read.
"""

from __future__ import annotations

from typing import Any

from channels.db import database_sync_to_async

from game.heartbeat import HEARTBEAT, HeartbeatMixin
from lobby import broadcast, quick_match
from lobby.open_rooms_socket import LobbyPageSocket
from lobby.presenters import quick_status_fragment


class QuickMatchConsumer(HeartbeatMixin, LobbyPageSocket):
    group = broadcast.QUEUE_GROUP

    async def connected(self) -> None:
        await self._write_beat()
        self._start_beats()

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        if text_data == HEARTBEAT and self.joined:
            await self._heartbeat()

    async def _write_beat(self) -> None:
        await database_sync_to_async(quick_match.beat)(self.person)

    async def queue_changed(self, event: dict[str, Any]) -> None:
        await self.send_fragment()

    def fragment(self) -> str:
        return quick_status_fragment(self.person)

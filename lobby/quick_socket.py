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
from channels.generic.websocket import AsyncWebsocketConsumer
from django.conf import settings
from django.utils import translation

from bangarena_site.live.accounts import AccountSocketMixin
from bangarena_site.live.frames import GuardedSocketMixin
from bangarena_site.live.layer import ClosedChannelCleanupMixin
from game import services as game_services
from game.consumers import BEAT_WRITE_SECONDS, HEARTBEAT, connection_language
from lobby import broadcast, quick_match
from lobby.identity import Person, person_of_scope
from lobby.open_rooms_socket import CLOSE_TOO_MANY, address_of, connect_limit
from lobby.presenters import quick_status_fragment


class QuickMatchConsumer(
    ClosedChannelCleanupMixin, GuardedSocketMixin, AccountSocketMixin, AsyncWebsocketConsumer
):
    person: Person = Person(None, "")
    language: str = settings.LANGUAGE_CODE
    joined: bool = False
    beat_written: float = float("-inf")

    async def connect(self) -> None:
        if not await database_sync_to_async(connect_limit.hit)(address_of(self.scope)):
            await self.close(code=CLOSE_TOO_MANY)
            return
        self.person = person_of_scope(self.scope)
        self.language = connection_language(self.scope)
        await self.channel_layer.group_add(broadcast.QUEUE_GROUP, self.channel_name)
        self.joined = True
        await self.accept()
        await self.join_account_group()
        await database_sync_to_async(quick_match.beat)(self.person)
        await self._send_status()

    async def disconnect(self, code: int) -> None:
        if not self.joined:
            return
        self.joined = False
        await self.channel_layer.group_discard(broadcast.QUEUE_GROUP, self.channel_name)
        await self.leave_account_group()

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        if text_data != HEARTBEAT or not self.joined:
            return
        now = game_services.clock().timestamp()
        if now - self.beat_written < BEAT_WRITE_SECONDS:
            return
        self.beat_written = now
        await database_sync_to_async(quick_match.beat)(self.person)

    async def queue_changed(self, event: dict[str, Any]) -> None:
        await self._send_status()

    async def _send_status(self) -> None:
        html = await database_sync_to_async(self._render)()
        await self.send(text_data=html)

    def _render(self) -> str:
        with translation.override(self.language):
            return quick_status_fragment(self.person)

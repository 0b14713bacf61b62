"""WebSocket of /ws/match/<id>/after/: a page about a finished match (its summary).

Play again must reach the players who are still reading the summary (issue 17): this socket
listens to the match's ``next`` group and passes on the notice of the room's next match, in
the page's language. It also beats like a table screen (game.presence), so the room knows who
is still here when the host starts again. Clients send only heartbeats; nothing else is read.
"""

from __future__ import annotations

from typing import Any

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer

from bangarena_site.live.frames import GuardedSocketMixin
from bangarena_site.live.layer import ClosedChannelCleanupMixin
from game import broadcast
from game.consumers import CLOSE_NO_SUCH_MATCH, connection_language, next_match_notice
from game.heartbeat import HEARTBEAT, MatchScreenMixin


class AfterMatchConsumer(
    ClosedChannelCleanupMixin, GuardedSocketMixin, MatchScreenMixin, AsyncWebsocketConsumer
):
    match_id: int
    seat: int | None = None
    language: str = ""

    async def connect(self) -> None:
        self.match_id = int(self.scope["url_route"]["kwargs"]["match_id"])
        self.language = connection_language(self.scope)
        found, seat = await database_sync_to_async(self._find_seat)()
        if not found:
            await self.close(code=CLOSE_NO_SUCH_MATCH)
            return
        self.seat = seat
        await self.channel_layer.group_add(broadcast.next_group(self.match_id), self.channel_name)
        await self.accept()
        await self._open_screen()

    async def disconnect(self, code: int) -> None:
        try:
            await self.channel_layer.group_discard(
                broadcast.next_group(self.match_id), self.channel_name
            )
        finally:
            await self._close_screen()

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        if text_data == HEARTBEAT:
            await self._screen_beat()

    async def table_next(self, event: dict[str, Any]) -> None:
        await self.send(text_data=next_match_notice(event["match"], self.language))

"""WebSocket consumer of /ws/notifications/: one signed-in user's toasts and updates."""

from __future__ import annotations

from typing import Any

from channels.generic.websocket import AsyncWebsocketConsumer

from bangarena_site.live.accounts import AccountSocketMixin
from bangarena_site.live.frames import GuardedSocketMixin
from bangarena_site.live.groups import user_group
from bangarena_site.live.layer import ClosedChannelCleanupMixin

# Close code for "not signed in" (4000-4999 are free for applications; 4401 mirrors HTTP 401).
CLOSE_NOT_SIGNED_IN = 4401


class NotificationConsumer(
    ClosedChannelCleanupMixin, GuardedSocketMixin, AccountSocketMixin, AsyncWebsocketConsumer
):
    """Joins the user's own group and forwards pushed fragments as text frames.

    The htmx ws extension swaps each frame into the page out-of-band by element id. The socket
    only ever receives what was pushed to this user's group; anonymous visitors are refused
    during the handshake, before any group is joined. Frames from the client are ignored, and
    one over the size limit closes the socket (bangarena_site.live.frames).
    """

    group: str | None = None

    async def connect(self) -> None:
        user = self.scope.get("user")
        if user is None or not user.is_authenticated:
            await self.close(code=CLOSE_NOT_SIGNED_IN)
            return
        self.group = user_group(user.pk)
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()
        await self.join_account_group()

    async def disconnect(self, code: int) -> None:
        if self.group is not None:
            await self.channel_layer.group_discard(self.group, self.channel_name)
        await self.leave_account_group()

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        """Clients have nothing to say on this socket; their frames are ignored."""

    async def fragment_push(self, event: dict[str, Any]) -> None:
        await self.send(text_data=event["html"])

"""WebSocket consumer of /ws/room/<code>/: one open room page.

Mirrors the table socket (game.consumers): behind the origin check and the auth middleware,
the viewer is found by account or guest session key; members are marked present while a
socket is open and its page beats (R133 and the ready check need to know who is here).
Every change of the room arrives as a short
``room.changed`` message and this socket redraws the room for its own viewer, in its own
language, as an ``hx-swap-oob`` fragment. Clients send nothing here: host controls are CSRF-
checked POSTs.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer
from django.conf import settings
from django.utils import translation

from bangarena_site.live.accounts import AccountSocketMixin
from bangarena_site.live.frames import GuardedSocketMixin
from bangarena_site.live.layer import ClosedChannelCleanupMixin
from bangarena_site.live.redraw import SkipUnchangedRedrawMixin
from game.consumers import connection_language
from game.heartbeat import HEARTBEAT, HeartbeatMixin
from lobby import broadcast, codes, services
from lobby.identity import Person, person_of_scope
from lobby.models import Room
from lobby.presenters import room_fragment

# "No such room" (4000-4999 are free for applications; 4404 mirrors HTTP 404).
CLOSE_NO_SUCH_ROOM = 4404


def origin_of(scope: Mapping[str, Any]) -> str:
    """The page's origin (scheme + host), for the share link shown in the room."""
    for name, value in scope.get("headers") or []:
        if name == b"origin":
            return value.decode("latin-1")
    return ""


class RoomConsumer(
    ClosedChannelCleanupMixin,
    GuardedSocketMixin,
    AccountSocketMixin,
    HeartbeatMixin,
    SkipUnchangedRedrawMixin,
    AsyncWebsocketConsumer,
):
    room_id: int | None = None
    group: str | None = None
    person: Person = Person(None, "")
    language: str = settings.LANGUAGE_CODE
    origin: str = ""
    # Whether this socket was counted present: only then does its disconnect uncount it.
    counted: bool = False

    async def connect(self) -> None:
        code = codes.normalize(self.scope["url_route"]["kwargs"]["code"])
        self.person = person_of_scope(self.scope)
        self.language = connection_language(self.scope)
        self.origin = origin_of(self.scope)
        self.room_id = await database_sync_to_async(self._find_room)(code)
        if self.room_id is None:
            await self.close(code=CLOSE_NO_SUCH_ROOM)
            return
        self.group = broadcast.room_group(self.room_id)
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()
        await self.join_account_group()
        # Presence redraws every page of the room (this one included) on commit.
        await database_sync_to_async(services.socket_opened)(self.room_id, self.person)
        self.counted = True
        await self._send_room()

    async def disconnect(self, code: int) -> None:
        """Leave the groups and take this socket off the room's presence, whatever failed."""
        if self.group is None or self.room_id is None:
            return
        try:
            await self.channel_layer.group_discard(self.group, self.channel_name)
            await self.leave_account_group()
        finally:
            if self.counted:
                self.counted = False
                await database_sync_to_async(services.socket_closed)(self.room_id, self.person)

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        """Only heartbeats are read (Q48: the member is still here); other frames are
        ignored. At most one write a second per socket."""
        if text_data == HEARTBEAT and self.counted and self.room_id is not None:
            await self._heartbeat()

    async def _write_beat(self) -> None:
        assert self.room_id is not None  # only a counted socket of a found room beats
        await database_sync_to_async(services.room_beat)(self.room_id, self.person)

    async def layer_recovered(self, event: dict[str, Any]) -> None:
        """Redis is back after an outage: the room may have changed meanwhile."""
        await self._send_room()

    async def room_changed(self, event: dict[str, Any]) -> None:
        await self._send_room()

    async def _send_room(self) -> None:
        """Opening the socket asks for the same room twice (its own first frame and the
        presence it broadcasts): the second is skipped, so it cannot swap away a first click."""
        await self.redraw(await database_sync_to_async(self._render)())

    def _find_room(self, code: str) -> int | None:
        if not code:
            return None
        return Room.objects.filter(code=code).values_list("pk", flat=True).first()

    def _render(self) -> str:
        assert self.room_id is not None  # the socket of a room that was not found is closed
        room = Room.objects.select_related("host", "current_match").get(pk=self.room_id)
        with translation.override(self.language):
            return room_fragment(room, self.person, origin=self.origin)

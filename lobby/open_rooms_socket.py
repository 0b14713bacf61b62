"""WebSocket consumer of /ws/lobby/: the live list of open tables and the live numbers on
/play/ (issue 23); /ws/lobby/numbers/ (the home page) gets the numbers only.

Behind the origin check and the auth middleware like every page socket. On connect and on
every ``open_rooms.changed`` message (a public room changed; every few seconds for the
numbers, lobby.tasks) it renders for its own viewer, in its own language, ``hx-swap-oob``
fragments (lobby.open_rooms decides what is listed, so a private room can never reach it;
lobby.live_numbers sends counts only). Clients send nothing here; every frame is ignored before
it costs a query. Opening sockets is rate limited per address, as a page that reconnects in a
loop (or a script) would otherwise cost a render each time.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer
from django.conf import settings
from django.utils import translation

from bangarena_site.limits import SlidingWindow
from bangarena_site.live.accounts import AccountSocketMixin
from bangarena_site.live.frames import GuardedSocketMixin
from bangarena_site.live.layer import ClosedChannelCleanupMixin
from bangarena_site.live.redraw import SkipUnchangedRedrawMixin
from game.consumers import connection_language
from lobby import broadcast
from lobby.identity import Person, person_of_scope
from lobby.live_numbers import live_numbers_fragment
from lobby.open_rooms import open_rooms_fragment

#: "Too many requests" (4000-4999 are free for applications; 4429 mirrors HTTP 429).
CLOSE_TOO_MANY = 4429
#: A page reconnects after a dropped network; many tabs behind one address (a school, a
#: café) still fit. Beyond this the socket is refused until the window frees a slot.
CONNECTS_PER_MINUTE = 120

connect_limit = SlidingWindow("open-rooms-socket-address", CONNECTS_PER_MINUTE, 60)


def address_of(scope: Mapping[str, Any]) -> str:
    client = scope.get("client") or ("", 0)
    return str(client[0] or "")


class LobbyPageSocket(
    ClosedChannelCleanupMixin,
    GuardedSocketMixin,
    AccountSocketMixin,
    SkipUnchangedRedrawMixin,
    AsyncWebsocketConsumer,
):
    """A lobby page's socket: connects limited per address; joins ``group``; renders
    ``fragment()`` for its own viewer and language on connect and on every message of the
    group (each subclass names its handler after its message type). Clients send nothing
    that is read here unless a subclass reads it."""

    group: str = ""
    person: Person = Person(None, "")
    language: str = settings.LANGUAGE_CODE
    joined: bool = False

    async def connect(self) -> None:
        if not await database_sync_to_async(connect_limit.hit)(address_of(self.scope)):
            await self.close(code=CLOSE_TOO_MANY)
            return
        self.person = person_of_scope(self.scope)
        self.language = connection_language(self.scope)
        await self.channel_layer.group_add(self.group, self.channel_name)
        self.joined = True
        await self.accept()
        await self.join_account_group()
        await self.connected()
        await self.send_fragment()

    async def connected(self) -> None:
        """Called once the socket is accepted, before the first fragment."""

    async def disconnect(self, code: int) -> None:
        if not self.joined:
            return
        self.joined = False
        await self.channel_layer.group_discard(self.group, self.channel_name)
        await self.leave_account_group()

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        """Nothing a client sends is read (the page only listens)."""

    async def layer_recovered(self, event: dict[str, Any]) -> None:
        """Redis is back after an outage: what changed meanwhile was not pushed."""
        await self.send_fragment()

    async def send_fragment(self) -> None:
        await self.redraw(await database_sync_to_async(self._render)())

    def _render(self) -> str:
        with translation.override(self.language):
            return self.fragment()

    def fragment(self) -> str:
        """The page's HTML for this viewer: each lobby page socket (the open list, the live
        numbers, the quick-match queue) draws its own; none inherits this."""
        raise NotImplementedError


class OpenRoomsConsumer(LobbyPageSocket):
    group = broadcast.OPEN_ROOMS_GROUP
    #: False on the home page's socket: the numbers, not the list.
    with_rooms: bool = True

    async def open_rooms_changed(self, event: dict[str, Any]) -> None:
        await self.send_fragment()

    def fragment(self) -> str:
        numbers = live_numbers_fragment()
        return numbers + open_rooms_fragment(self.person) if self.with_rooms else numbers


class LiveNumbersConsumer(OpenRoomsConsumer):
    """/ws/lobby/numbers/: the home page's live numbers, without the list."""

    with_rooms = False

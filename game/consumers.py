"""WebSocket consumer of /ws/match/<id>/: one screen at a table (a seat or a watcher).

On connect it finds the viewer's seat (by account, or by session key for a guest; anyone else
watches), joins only that seat's group, opens its screen (game.presence: the seat is present
while the page's heartbeats ``{"beat":1}`` keep coming, Q48) and sends the whole current
table, so a reload or a lost network restores everything at once; after that it passes on the
deltas of its group, each carrying the table version (a late one is dropped, a gap gets the
whole table again). Actions arrive as
``{"action": "<JSON action>", "version": "<int>"}`` (htmx ws-send) and go to
``services.submit``; a refusal is told only to this socket, as a toast in its language.
Frames with a ``signal`` field are table signals (game.table_signals), refused the same way.
Frames are hostile until read (bangarena_site.live.frames): an oversized one closes the socket
with 1009, an unreadable one gets a toast, and nothing a client sends can crash the consumer.

No click vanishes (issue 19): while Redis restarts the socket stays open and gets the whole
table once the layer is back (bangarena_site.live.layer, ``layer.recovered``); a move that
reaches the server while PostgreSQL is away is refused with a toast saying it was not made
(the client keeps an unanswered move and sends it again, with its version, after a reconnect;
the version check turns a duplicate into a refusal, so a move is never made twice).
"""

from __future__ import annotations

import logging
import time
from collections import deque
from collections.abc import Mapping
from typing import Any

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer
from django.conf import settings
from django.db import DatabaseError
from django.http import HttpRequest
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext_lazy as _

from bangarena_site.live.accounts import AccountSocketMixin
from bangarena_site.live.frames import GuardedSocketMixin, parse_object, whole_number
from bangarena_site.live.layer import ClosedChannelCleanupMixin
from game import broadcast, services, table_signals
from game.heartbeat import HEARTBEAT, MatchScreenMixin

logger = logging.getLogger(__name__)

# Close code for "no such match" (4000-4999 are free for applications; 4404 mirrors HTTP 404).
CLOSE_NO_SUCH_MATCH = 4404
# Flood guard: a player clicks a few times a second at most; beyond this the socket is told
# to slow down and the frames are dropped before they cost a database transaction.
MAX_MESSAGES = 20
PER_SECONDS = 5.0

SLOW_DOWN = _("Too many clicks at once; slow down a little.")
UNREADABLE = _("That move could not be read; reload the page.")
FAILED = _("Something went wrong with that; nothing was changed. Try again.")
UNREACHABLE = _(
    "The game could not be reached just now, so your move was not made. Try again in a moment."
)


def connection_language(scope: Mapping[str, Any]) -> str:
    """The language this socket's page is shown in: the account's choice, else the language
    cookie, else Accept-Language, else the site default (as LocaleMiddleware decides)."""
    user = scope.get("user")
    preferred = getattr(user, "preferred_language", "") if user is not None else ""
    if preferred:
        return preferred
    request = HttpRequest()
    request.COOKIES = dict(scope.get("cookies") or {})
    for name, value in scope.get("headers") or []:
        if name == b"accept-language":
            request.META["HTTP_ACCEPT_LANGUAGE"] = value.decode("latin-1")
    return translation.get_language_from_request(request) or settings.LANGUAGE_CODE


class MatchConsumer(
    ClosedChannelCleanupMixin,
    GuardedSocketMixin,
    AccountSocketMixin,
    MatchScreenMixin,
    AsyncWebsocketConsumer,
):
    match_id: int
    seat: int | None = None
    group: str | None = None
    language: str = settings.LANGUAGE_CODE
    # The table version of the last frame sent: a later delta must follow it exactly.
    last_version: int = -1

    async def connect(self) -> None:
        self.match_id = int(self.scope["url_route"]["kwargs"]["match_id"])
        self.language = connection_language(self.scope)
        self.recent: deque[float] = deque()
        found, seat = await database_sync_to_async(self._find_seat)()
        if not found:
            await self.close(code=CLOSE_NO_SUCH_MATCH)
            return
        self.seat = seat
        if seat is None:
            self.group = broadcast.watchers_group(self.match_id, self.language)
        else:
            self.group = broadcast.seat_group(self.match_id, seat)
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.channel_layer.group_add(broadcast.next_group(self.match_id), self.channel_name)
        await self.accept()
        await self.join_account_group()
        await self._open_screen()
        await self._send_full_table()

    async def disconnect(self, code: int) -> None:
        """Leave the groups and close this screen, whatever else failed. A socket cut without
        a close frame never gets here: its heartbeats stop, and presence sees that."""
        if self.group is None:
            return
        try:
            await self.channel_layer.group_discard(self.group, self.channel_name)
            await self.channel_layer.group_discard(
                broadcast.next_group(self.match_id), self.channel_name
            )
            await self.leave_account_group()
        except Exception:
            # Redis away or just restarted: the group forgets this channel when its members
            # expire; the screen below must still be closed.
            logger.warning(
                "Match %s socket left its groups uncleanly", self.match_id, exc_info=True
            )
        finally:
            await self._close_screen()

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        if text_data == HEARTBEAT:
            await self._beat()
            return
        if not self._within_rate():
            await self._toast(SLOW_DOWN)
            return
        if self.seat is None:
            await self._toast(services.ERROR_MESSAGES["no_seat"])
            return
        signal = table_signals.parse_signal_message(text_data)
        if signal is not None:
            await self._signal(*signal)
            return
        parsed = parse_action_message(text_data)
        if parsed is None:
            await self._toast(UNREADABLE)
            return
        action, version = parsed
        try:
            await database_sync_to_async(services.submit)(self.match_id, self.seat, action, version)
        except services.MatchError as error:
            await self._toast(error.message)
        except DatabaseError:
            # PostgreSQL is away (a restart, a cut network): the transaction did not commit, so
            # the player is told to try again; the version check makes that safe.
            logger.warning("Move of match %s could not reach the database", self.match_id)
            await self._toast(UNREACHABLE)

    async def _signal(self, kind: str, value: str, target: int | None) -> None:
        """A claim, mark or reaction (R122-R127). Everyone at the table sees it through the
        table broadcast; a refusal is told only to this socket."""
        try:
            await database_sync_to_async(table_signals.send_signal)(
                self.match_id, self.seat, kind, value, target
            )
        except table_signals.SignalRefused as refused:
            await self._toast(refused.message)

    async def _beat(self) -> None:
        """The page is alive (Q48), outside the click flood guard: a heartbeat is not a
        click."""
        await self._screen_beat()

    async def table_presence(self, event: dict[str, Any]) -> None:
        """Presence regions (game.broadcast.publish_presence): not versioned, passed on once
        this screen has its whole table (which was read after, so already shows them)."""
        if self.last_version >= 0:
            await self.send(text_data=event["html"])

    async def table_next(self, event: dict[str, Any]) -> None:
        await self.send(text_data=next_match_notice(event["match"], self.language))

    async def layer_recovered(self, event: dict[str, Any]) -> None:
        """Redis is back: the deltas of the outage are lost, so the whole table follows."""
        await self._send_full_table()

    async def frame_failed(self) -> None:
        await self._toast(FAILED)

    async def table_update(self, event: dict[str, Any]) -> None:
        """A delta of the table (game.broadcast): passed on if it follows the last frame this
        screen got; a late one is dropped, and after a lost one the whole table is sent."""
        version = event["version"]
        if version <= self.last_version:
            return
        if version != self.last_version + 1:
            await self._send_full_table()
            return
        self.last_version = version
        await self.send(text_data=event["html"])

    # --- helpers -------------------------------------------------------------------------

    async def _send_full_table(self) -> None:
        """The whole current table; the deltas after it must follow its version."""
        html, version = await database_sync_to_async(broadcast.current_table)(
            self.match_id, self.seat, self.language
        )
        self.last_version = version
        await self.send(text_data=html)

    async def _toast(self, message: Any) -> None:
        """Tell only this socket why what it sent was not made, in its language (``message``
        may be a lazy translation)."""
        with translation.override(self.language):
            html = render_to_string(
                "live/toast.html", {"message": str(message), "refusal": True}
            ).strip()
        await self.send(text_data=html)

    def _within_rate(self) -> bool:
        now = time.monotonic()
        while self.recent and now - self.recent[0] > PER_SECONDS:
            self.recent.popleft()
        if len(self.recent) >= MAX_MESSAGES:
            return False
        self.recent.append(now)
        return True


def next_match_notice(match_id: int, language: str) -> str:
    """The notice that the room's next match started (Play again), in ``language``."""
    with translation.override(language):
        url = reverse("game:table", args=[match_id])
        return render_to_string("game/next_match.html", {"url": url, "match_id": match_id}).strip()


def parse_action_message(text_data: str | None) -> tuple[dict, int] | None:
    """``(action, version)`` from an htmx ws-send frame, or None if it is malformed. The
    action comes as an object or as the JSON text of one (a form's hidden field)."""
    data = parse_object(text_data)
    if data is None:
        return None
    action = data.get("action")
    if isinstance(action, str):
        action = parse_object(action)
    version = whole_number(data.get("version"))
    if not isinstance(action, dict) or version is None:
        return None
    return action, version

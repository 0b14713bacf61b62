"""The agent socket at /ws/agent/: a program plays one AI seat (docs/agent-protocol.md).

No session and no cookies: the first frame must be ``hello`` with the seat token (a token in
the URL would end up in access logs). After ``welcome`` the socket listens on two groups: its
token's (revocation; for a room token, the room's next match) and its seat's in the current
match (``decide`` whenever the services announce the seat's decision, ``result`` at the end).
Moves go through ``game.services.submit`` with the "ai" cause; any refusal is an ``error``
frame and changes nothing. The socket is its seat's screen (game.presence): every frame from
the program (``ping`` at least every few seconds, ``act``) is a heartbeat, so a seat whose
program is gone counts as away (Q48) and one that comes back takes its seat back from the
autopilot (R121). Frames are read as hostile (bangarena_site.live.frames): one over
the size limit closes the socket with 1009, and no frame can crash the consumer.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Mapping
from typing import Any

from asgiref.sync import sync_to_async
from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer
from django.conf import settings
from django.utils import timezone

from bangarena_site.live.accounts import CLOSE_ACCOUNT_CLOSED
from bangarena_site.live.frames import GuardedSocketMixin, parse_object, whole_number
from bangarena_site.live.layer import ClosedChannelCleanupMixin
from game import presence
from game import services as game_services
from game.heartbeat import HeartbeatMixin
from game.models import MatchAction
from machines.agents import protocol
from machines.agents import services as agent_services
from machines.agents.throttle import agent_throttle

HELLO_SECONDS = 10.0
CLOSE_UNKNOWN_TOKEN = 4401
# The account that made the token was closed (banned): as every socket of that account.
CLOSE_BANNED = CLOSE_ACCOUNT_CLOSED
# Longer than any token (bga_ + 32 characters); a longer "token" is not looked up at all.
MAX_TOKEN_LENGTH = 100
CLOSE_RATE_LIMITED = 4429
# A socket that never said hello, or whose first frame was not one (no token, no limits yet).
CLOSE_NO_HELLO = 4400
# Frames dropped for the rate limit before the socket is closed (sustained abuse).
MAX_DROPPED = 30
# last_used_at is written at most this often per socket, not on every frame.
TOUCH_EVERY_SECONDS = 60.0


class AgentConsumer(
    ClosedChannelCleanupMixin, GuardedSocketMixin, HeartbeatMixin, AsyncWebsocketConsumer
):
    token_id: int | None = None
    match_id: int | None = None
    seat: int | None = None
    seat_group: str | None = None
    token_group: str | None = None
    # The newest decision version sent, so a decide announced twice (connect race) goes once.
    last_decided: int = -1
    dropped: int = 0
    touched_at: float | None = None

    async def connect(self) -> None:
        await self.accept()
        self.hello_timer = asyncio.create_task(self._close_without_hello())

    async def disconnect(self, code: int) -> None:
        self.hello_timer.cancel()
        await self._leave_seat()
        for group in (self.seat_group, self.token_group):
            if group is not None:
                await self.channel_layer.group_discard(group, self.channel_name)

    async def _close_without_hello(self) -> None:
        await asyncio.sleep(HELLO_SECONDS)
        await self.close(code=CLOSE_NO_HELLO)

    # --- frames from the agent ----------------------------------------------------------------

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        message = parse_object(text_data)
        if self.token_id is None:
            await self._hello(message)
            return
        if not await sync_to_async(agent_throttle.allow_frame)(self.token_id):
            await self._refuse_flood()
            return
        kind = message.get("type") if message is not None else None
        await self._beat()
        if kind == "ping":
            await self._send({"type": "pong"})
        elif kind == "act" and message is not None and _valid_act(message):
            await self._act(message["action"], message["version"])
        else:
            await self._send(protocol.error("bad_message"))

    async def frame_failed(self) -> None:
        await self._send(protocol.error("server_error"))

    async def _hello(self, message: dict[str, Any] | None) -> None:
        token = message.get("token") if message is not None else None
        if (
            message is None
            or message.get("type") != "hello"
            or not isinstance(token, str)
            or len(token) > MAX_TOKEN_LENGTH
        ):
            await self._send(protocol.error("bad_message", "The first frame must be a hello."))
            await self.close(code=CLOSE_NO_HELLO)
            return
        address = _address(self.scope)
        if await sync_to_async(agent_throttle.hello_blocked)(address):
            await self._send(protocol.error("rate_limited", "Too many unknown tokens."))
            await self.close(code=CLOSE_RATE_LIMITED)
            return
        binding = await database_sync_to_async(agent_services.seat_for)(token)
        if binding is None:
            await sync_to_async(agent_throttle.record_unknown_hello)(address)
            await self._send(protocol.error("unknown_token"))
            await self.close(code=CLOSE_UNKNOWN_TOKEN)
            return
        self.hello_timer.cancel()
        self.token_id = binding.token.pk
        self.token_group = agent_services.token_group(self.token_id)
        await self.channel_layer.group_add(self.token_group, self.channel_name)
        # Read the seat again now that the token's group hears a new match or a revocation,
        # so neither can slip in between the lookup and the join.
        binding = await database_sync_to_async(agent_services.seat_for_id)(self.token_id)
        if binding is None:
            await self.agent_revoked({})
            return
        await self._follow(binding.match_id, binding.seat)
        await self._send(await database_sync_to_async(protocol.welcome)(binding))
        await self._touch()
        await self._send_pending(binding)

    async def _act(self, action: dict[str, Any], version: int) -> None:
        assert self.token_id is not None
        binding = await database_sync_to_async(agent_services.seat_for_id)(self.token_id)
        if binding is None:
            await self.agent_revoked({})
            return
        if binding.match_id is None or binding.seat is None:
            await self._send(protocol.error("no_match"))
            return
        try:
            done = await database_sync_to_async(game_services.submit)(
                binding.match_id, binding.seat, action, version, cause=MatchAction.Cause.AI
            )
        except game_services.MatchError as refused:
            await self._send(protocol.error(refused.code))
            return
        await self._send({"type": "accepted", "version": done.version})
        await self._touch()

    async def _refuse_flood(self) -> None:
        self.dropped += 1
        if self.dropped > MAX_DROPPED:
            await self.close(code=CLOSE_RATE_LIMITED)
            return
        await self._send(protocol.error("rate_limited"))

    # --- messages from the server (channel layer) -------------------------------------------

    async def agent_decide(self, event: dict[str, Any]) -> None:
        if (event["match"], event["seat"]) != (self.match_id, self.seat):
            return
        frame = await database_sync_to_async(protocol.decide)(event["match"], event["seat"])
        await self._send_decide(frame)

    async def agent_result(self, event: dict[str, Any]) -> None:
        if (event["match"], event["seat"]) != (self.match_id, self.seat):
            return
        frame = await database_sync_to_async(protocol.result)(event["match"], event["seat"])
        if frame is not None:
            await self._send(frame)

    async def agent_match_started(self, event: dict[str, Any]) -> None:
        """The room of this token started a new match (Play again): play its seat there."""
        if event["match"] == self.match_id:
            return
        await self._follow(event["match"], event["seat"])
        await self._send(
            await database_sync_to_async(protocol.match_started)(event["match"], event["seat"])
        )
        assert self.token_id is not None  # only a socket past its hello joins the token's group
        binding = await database_sync_to_async(agent_services.seat_for_id)(self.token_id)
        if binding is not None:
            await self._send_pending(binding)

    async def agent_revoked(self, event: dict[str, Any]) -> None:
        """The token was revoked (4401), or its maker's account was closed (4403)."""
        if event.get("banned"):
            await self._send(protocol.error("account_closed"))
            await self.close(code=CLOSE_BANNED)
            return
        await self._send(protocol.error("unknown_token"))
        await self.close(code=CLOSE_UNKNOWN_TOKEN)

    # --- helpers ------------------------------------------------------------------------------

    async def _follow(self, match_id: int | None, seat: int | None) -> None:
        """Listen to this seat of this match only (a room token moves on with Play again),
        and be that seat's screen there."""
        await self._leave_seat()
        if self.seat_group is not None:
            await self.channel_layer.group_discard(self.seat_group, self.channel_name)
            self.seat_group = None
        self.match_id, self.seat = match_id, seat
        self.last_decided = -1
        if match_id is not None and seat is not None:
            self.seat_group = agent_services.seat_group(match_id, seat)
            await self.channel_layer.group_add(self.seat_group, self.channel_name)
            await database_sync_to_async(presence.open_screen)(
                match_id, seat, settings.LANGUAGE_CODE, self.channel_name
            )
            self._start_beats()

    async def _beat(self) -> None:
        """A frame from the program: its seat is still played (game.heartbeat)."""
        if self.match_id is not None and self.seat is not None:
            await self._heartbeat()

    async def _write_beat(self) -> None:
        # Checked by _beat: a program beats only for the seat it plays.
        assert self.match_id is not None
        assert self.seat is not None
        await database_sync_to_async(presence.beat)(
            self.match_id, self.seat, settings.LANGUAGE_CODE, self.channel_name
        )

    async def _leave_seat(self) -> None:
        if self.match_id is not None and self.seat is not None:
            await database_sync_to_async(presence.close_screen)(
                self.match_id, self.seat, self.channel_name
            )

    async def _send_pending(self, binding: agent_services.Binding) -> None:
        # Joined the seat's group first: a decision announced meanwhile is read here or comes
        # through the group, and the version check sends it once.
        frame = await database_sync_to_async(protocol.pending)(binding)
        if frame is None:
            return
        if frame["type"] == "decide":
            await self._send_decide(frame)
        else:
            await self._send(frame)

    async def _send_decide(self, frame: dict[str, Any] | None) -> None:
        if frame is None or frame["version"] <= self.last_decided:
            return
        self.last_decided = frame["version"]
        await self._send(frame)

    async def _send(self, frame: dict[str, Any]) -> None:
        await self.send(text_data=json.dumps(frame))

    async def _touch(self) -> None:
        now = time.monotonic()
        if self.token_id is None or (
            self.touched_at is not None and now - self.touched_at < TOUCH_EVERY_SECONDS
        ):
            return
        self.touched_at = now
        await database_sync_to_async(agent_services.touch)(self.token_id, timezone.now())


def _valid_act(message: dict[str, Any]) -> bool:
    """An action object and an integer version (a JSON number, not a string or a float)."""
    version = message.get("version")
    return (
        isinstance(message.get("action"), dict)
        and type(version) is int
        and whole_number(version) is not None
    )


def _address(scope: Mapping[str, Any]) -> str:
    client = scope.get("client") or ("unknown", 0)
    return str(client[0])

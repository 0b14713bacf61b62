"""An asyncio client for the BangArena agent protocol, version 1.

    import asyncio
    from bangarena_agent import AgentClient

    def policy(observation: dict, legal_actions: list[dict]) -> dict:
        return legal_actions[0]

    result = asyncio.run(AgentClient("ws://127.0.0.1:8000/ws/agent/", "bga_...").run(policy))

The protocol (also in /ai/rules.json, "agent_protocol"): JSON text frames; the first frame is
``hello`` with the token; the server sends ``welcome``, then ``decide`` whenever this seat must
choose, ``accepted`` after a valid ``act``, ``error`` (nothing changed), and ``result`` when
the match ends. Unknown message types are ignored, as the protocol asks.
"""

from __future__ import annotations

import asyncio
import inspect
import json
import logging
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

PROTOCOL_VERSION = 1
#: How often ``run`` pings: the server counts an agent seat silent for ~6 s as away (Q48).
PING_SECONDS = 2.0
#: Errors after which the decision is over for us: wait for the next ``decide``.
WAIT_ERRORS = frozenset(("stale", "not_your_turn", "finished", "no_match", "rate_limited"))
#: Close codes the server uses (agent-protocol.md).
CLOSE_UNKNOWN_TOKEN = 4401
CLOSE_RATE_LIMIT = 4429
CLOSE_NO_HELLO = 4400
CLOSE_BANNED = 4403

log = logging.getLogger("bangarena_agent")

Action = dict[str, Any]
Policy = Callable[[dict[str, Any], list[Action]], Action | Awaitable[Action]]


class ProtocolError(Exception):
    """The server refused us for good (unknown or revoked token, abuse) or broke the protocol."""

    def __init__(self, code: str, message: str = "") -> None:
        super().__init__(f"{code}: {message}" if message else code)
        self.code = code
        self.message = message


@dataclass(frozen=True)
class Welcome:
    """The server's answer to ``hello``: ``match``/``seat`` are None until the room starts."""

    protocol: int
    match: int | None
    seat: int | None
    name: str
    label: str
    move_time: int


@dataclass(frozen=True)
class Decision:
    """One ``decide`` frame: choose one of ``legal_actions`` and send it with ``version``."""

    match: int
    version: int
    seat: int
    seconds_left: float
    deadline: str
    observation: dict[str, Any]
    legal_actions: list[dict[str, Any]]


@dataclass(frozen=True)
class MatchResult:
    """The ``result`` frame: the engine's result, whether this seat won, its final view."""

    match: int
    result: dict[str, Any]
    won: bool
    observation: dict[str, Any]


class AgentClient:
    """One agent connection. Use ``run(policy)``, or ``async with`` + ``decisions()``/``act()``.

    ``async with AgentClient(url, token) as client:`` connects and says hello (``client.welcome``
    is then set); ``async for decision in client.decisions():`` yields each decision until the
    match result arrives (then ``client.result`` is set); ``await client.act(decision, action)``
    answers one.
    """

    def __init__(self, url: str, token: str, *, open_timeout: float = 10.0) -> None:
        self.url = url
        self.token = token
        self.open_timeout = open_timeout
        self.welcome: Welcome | None = None
        self.result: MatchResult | None = None
        self.errors: list[ProtocolError] = []
        self.decided = 0
        self._ws: ClientConnection | None = None
        self._pending: Decision | None = None
        self._retried: int | None = None

    # --- connection -------------------------------------------------------------------------

    async def __aenter__(self) -> AgentClient:
        await self.connect()
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.close()

    async def connect(self) -> Welcome:
        """Open the socket, send ``hello`` and wait for ``welcome`` (ProtocolError if refused)."""
        # No Origin header and no cookies: the token in the first frame is the only credential.
        self._ws = await connect(self.url, open_timeout=self.open_timeout)
        await self._send({"type": "hello", "token": self.token})
        while True:
            try:
                message = await self._receive()
            except ConnectionClosed as closed:
                self._ws = None
                raise self._closed_error(closed) from closed
            kind = message.get("type")
            if kind == "welcome":
                self.welcome = Welcome(
                    protocol=int(message.get("protocol", PROTOCOL_VERSION)),
                    match=message.get("match"),
                    seat=message.get("seat"),
                    name=str(message.get("name", "")),
                    label=str(message.get("label", "")),
                    move_time=int(message.get("move_time", 0)),
                )
                return self.welcome
            if kind == "error":
                await self.close()
                raise ProtocolError(str(message.get("code")), str(message.get("message", "")))
            log.debug("ignoring %r before welcome", kind)

    async def close(self) -> None:
        """Close the socket cleanly (normal closure)."""
        if self._ws is not None:
            await self._ws.close()
            self._ws = None

    async def ping(self) -> None:
        """Send the protocol's ``ping``; the ``pong`` is read (and skipped) by ``decisions()``."""
        await self._send({"type": "ping"})

    # --- playing ----------------------------------------------------------------------------

    async def decisions(self) -> AsyncIterator[Decision]:
        """Yield every ``decide`` until the match's ``result`` arrives.

        Errors that only mean "this decision is over" (stale, not your turn, ...) are recorded
        in ``self.errors`` and the loop waits for the next ``decide``. After an ``illegal``
        error the first legal action of that decision is sent once instead, so a policy bug
        costs a move, not a timeout.
        """
        while True:
            try:
                message = await self._receive()
            except ConnectionClosed as closed:
                raise self._closed_error(closed) from closed
            kind = message.get("type")
            if kind == "decide":
                decision = self._decision(message)
                self._pending = decision
                yield decision
            elif kind == "result":
                self.result = MatchResult(
                    match=int(message["match"]),
                    result=dict(message["result"]),
                    won=bool(message.get("won")),
                    observation=dict(message.get("observation") or {}),
                )
                self._pending = None
                return
            elif kind == "error":
                await self._on_error(message)
            elif kind == "accepted":
                self._pending = None
            elif kind == "match_started":
                log.info("match %s started, seat %s", message.get("match"), message.get("seat"))
            # pong and every unknown type: nothing to do (forward compatibility)

    async def act(self, decision: Decision, action: dict[str, Any]) -> None:
        """Answer ``decision`` with ``action``; an action not in its legal list is replaced by
        the first legal action (the server would refuse it anyway)."""
        if action not in decision.legal_actions:
            log.warning("policy chose %r, not a legal action; playing the first one", action)
            action = decision.legal_actions[0]
        self.decided += 1
        await self._send({"type": "act", "version": decision.version, "action": action})

    async def run(self, policy: Policy, *, matches: int | None = 1) -> MatchResult:
        """Connect (if needed), play every decision with ``policy`` until the result, close.

        ``policy(observation, legal_actions)`` returns one of ``legal_actions``; it may be a
        coroutine function. ``matches``: how many results to play to before closing; None
        stays for every next match of the room (Play again) until the server closes the
        socket, and returns the last result. While it runs the client pings every
        ``PING_SECONDS``: the server counts a seat whose program is silent as away (Q48).
        """
        if self._ws is None:
            await self.connect()
        beating = asyncio.create_task(self._keep_pinging())
        played = 0
        try:
            while matches is None or played < matches:
                try:
                    async for decision in self.decisions():
                        action = policy(decision.observation, decision.legal_actions)
                        if inspect.isawaitable(action):
                            action = await action
                        await self.act(decision, action)
                except ConnectionError:
                    if matches is None and played:
                        break  # the server closed the table after a result: done
                    raise
                played += 1
        finally:
            beating.cancel()
            await self.close()
        assert self.result is not None
        return self.result

    async def _keep_pinging(self) -> None:
        """The program's heartbeat (docs/agent-protocol.md): one ``ping`` every few seconds."""
        while True:
            await asyncio.sleep(PING_SECONDS)
            try:
                await self.ping()
            except (ConnectionError, ConnectionClosed):
                return

    # --- internals --------------------------------------------------------------------------

    async def _on_error(self, message: dict[str, Any]) -> None:
        error = ProtocolError(str(message.get("code")), str(message.get("message", "")))
        self.errors.append(error)
        if error.code in ("unknown_token", "account_closed"):
            raise error
        pending = self._pending
        if error.code == "illegal" and pending is not None and self._retried != pending.version:
            self._retried = pending.version
            await self._send(
                {"type": "act", "version": pending.version, "action": pending.legal_actions[0]}
            )
            return
        if error.code in WAIT_ERRORS or error.code == "illegal":
            self._pending = None
        log.info("server error %s: %s", error.code, error.message)

    @staticmethod
    def _decision(message: dict[str, Any]) -> Decision:
        return Decision(
            match=int(message["match"]),
            version=int(message["version"]),
            seat=int(message["seat"]),
            seconds_left=float(message.get("seconds_left", 0.0)),
            deadline=str(message.get("deadline", "")),
            observation=dict(message["observation"]),
            legal_actions=list(message["legal_actions"]),
        )

    def _closed_error(self, closed: ConnectionClosed) -> Exception:
        code = closed.rcvd.code if closed.rcvd is not None else None
        if code == CLOSE_UNKNOWN_TOKEN:
            return ProtocolError("unknown_token", "the token is unknown or was revoked")
        if code == CLOSE_BANNED:
            return ProtocolError("account_closed", "the token's maker was banned; it is revoked")
        if code == CLOSE_RATE_LIMIT:
            return ProtocolError("rate_limited", "closed for sending too many frames")
        if code == CLOSE_NO_HELLO:
            return ProtocolError("bad_message", "closed: no hello with a token came first")
        return ConnectionError(f"the server closed the socket before the result (code {code})")

    async def _send(self, message: dict[str, Any]) -> None:
        if self._ws is None:
            raise ConnectionError("not connected")
        await self._ws.send(json.dumps(message))

    async def _receive(self) -> dict[str, Any]:
        """The next JSON object from the server; frames that are not one are skipped."""
        if self._ws is None:
            raise ConnectionError("not connected")
        while True:
            raw = await self._ws.recv()
            try:
                message = json.loads(raw)
            except (TypeError, ValueError):
                log.warning("skipping a frame that is not JSON")
                continue
            if isinstance(message, dict):
                return message


def play(url: str, token: str, policy: Policy) -> MatchResult:
    """Blocking helper: ``asyncio.run`` one match with ``policy``."""
    return asyncio.run(AgentClient(url, token).run(policy))

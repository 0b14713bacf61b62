"""What a socket accepts from a client: bounded frames, parsed without surprises.

Every consumer of the site reads frames written by whoever holds the other end, so each frame
is hostile until read: it may be huge, nested 100,000 levels deep (``json.loads`` then raises
RecursionError), or carry numbers like ``1e999`` (``int()`` of that float raises
OverflowError). ``parse_object`` and ``whole_number`` turn all of that into None, and
``GuardedSocketMixin`` makes sure a consumer never dies of a frame: an oversized one closes
the socket with 1009, and any other failure is logged and answered (a toast, an error frame)
while the socket stays up. A consumer that raised would be torn down without its
``disconnect`` running, leaving presence counters up for a socket that is gone.
"""

from __future__ import annotations

import json
import logging
import re
from typing import Any

from asgiref.typing import WebSocketReceiveEvent
from channels.consumer import get_handler_name
from channels.exceptions import StopConsumer

from bangarena_site.logs import match_context

logger = logging.getLogger(__name__)

#: The largest frame a client may send, in characters (text) or bytes (binary). A move or a
#: signal is under 300; an agent's ``act`` under 1,000. Documented in docs/security.md and
#: docs/agent-protocol.md.
MAX_FRAME_SIZE = 16 * 1024
#: WebSocket close code "message too big" (RFC 6455, section 7.4.1).
CLOSE_TOO_BIG = 1009
#: WebSocket close code "internal error", for a socket that cannot go on (a failed connect).
CLOSE_INTERNAL_ERROR = 1011

# A whole number as a form field sends it: optional sign, at most 15 digits (below 2**53, so
# a JavaScript client reads it back exactly).
_WHOLE = re.compile(r"-?\d{1,15}")
_LARGEST = 10**15


def parse_object(text: str | bytes | None) -> dict[str, Any] | None:
    """The JSON object in ``text``, or None for anything else (not JSON, too deep, too long,
    numbers Python refuses, a list or a scalar)."""
    if text is None or len(text) > MAX_FRAME_SIZE:
        return None
    try:
        value = json.loads(text)
    except (ValueError, RecursionError, TypeError):
        return None
    return value if isinstance(value, dict) else None


def whole_number(value: Any) -> int | None:
    """An int (not a bool) or a decimal string of one below 10**15; None for anything else
    (floats such as 1e999 or NaN, huge integers, lists, objects)."""
    if type(value) is int:
        return value if -_LARGEST < value < _LARGEST else None
    if isinstance(value, str) and _WHOLE.fullmatch(value.strip()):
        return int(value)
    return None


class GuardedSocketMixin:
    """Mix in before ``AsyncWebsocketConsumer``. Subclasses may override ``frame_failed`` to
    tell the client (it must not raise); by default the failure is only logged."""

    async def websocket_receive(self, message: WebSocketReceiveEvent) -> None:
        frame: str | bytes | None = message.get("text")
        if frame is None:
            frame = message.get("bytes")
        if frame is not None and len(frame) > MAX_FRAME_SIZE:
            await self.close(code=CLOSE_TOO_BIG)  # type: ignore[attr-defined]
            return
        await super().websocket_receive(message)  # type: ignore[misc]

    async def dispatch(self, message: dict[str, Any]) -> None:
        try:
            with match_context(getattr(self, "match_id", None)):
                await self._handle(message)
        except StopConsumer:
            raise
        except Exception:
            kind = message.get("type", "")
            logger.exception("%s failed on a %r message", type(self).__name__, kind)
            if kind == "websocket.disconnect":
                raise StopConsumer() from None  # the socket is gone whatever failed
            if kind == "websocket.connect":
                await self._close_quietly(CLOSE_INTERNAL_ERROR)
            elif kind == "websocket.receive":
                await self._tell_quietly()

    async def _handle(self, message: dict[str, Any]) -> None:
        """Channels' dispatch without its ``aclose_old_connections()`` before every message: a
        hop to a thread and back for each frame a screen is sent, 21 % of daphne's CPU under
        load (bench/table_load.py, production stack). It is not needed here: a consumer may
        only reach the database through ``database_sync_to_async``, which closes stale
        connections itself around every call."""
        handler = getattr(self, get_handler_name(message), None)
        if handler is None:
            raise ValueError(f"No handler for message type {message['type']}")
        await handler(message)

    async def frame_failed(self) -> None:
        """Tell the client its frame could not be handled (nothing was changed)."""

    async def _tell_quietly(self) -> None:
        try:
            await self.frame_failed()
        except Exception:
            logger.exception("%s could not report a failed frame", type(self).__name__)

    async def _close_quietly(self, code: int) -> None:
        try:
            await self.close(code=code)  # type: ignore[attr-defined]
        except Exception:
            logger.exception("%s could not close", type(self).__name__)

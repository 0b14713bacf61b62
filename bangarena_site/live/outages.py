"""Sockets that stay open while the channel layer (Redis) is down or restarting.

channels' consumer waits on two things at once: the client's frames and its channel on the
layer. When Redis goes away the layer's ``receive`` raises, channels lets the exception out of
the application and daphne closes the socket with 1011: every open table drops at once, and a
click on its way is lost with it. ``LayerOutageMixin`` catches that instead: the socket stays
open (a click still reaches ``receive`` and gets its answer), the layer is tried again with a
growing pause, and once it answers the consumer joins its groups again (a restarted Redis
has forgotten them) and is told so by a ``layer.recovered`` message, on which a table screen
sends its whole current table (the deltas sent during the outage are lost).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import Any

logger = logging.getLogger(__name__)

#: The message a consumer gets once the layer answers again after an outage.
LAYER_RECOVERED = "layer.recovered"
#: Pauses between tries while the layer is down, in seconds; the last one repeats.
RETRY_PAUSES = (0.1, 0.25, 0.5, 1.0, 2.0)


def retry_pause(failures: int) -> float:
    """The pause after the ``failures``-th failed try in a row (1-based)."""
    return RETRY_PAUSES[min(failures, len(RETRY_PAUSES)) - 1]


class LayerOutageMixin:
    """Mix in before ``AsyncWebsocketConsumer``. A subclass lists the groups it joined in
    ``layer_groups`` and may handle ``layer_recovered`` (by default nothing more is done)."""

    # channels sets ``channel_receive`` to the layer's receive of this consumer's channel just
    # before it starts waiting on it: the setter keeps that, and the getter hands channels the
    # guarded version instead.
    _layer_receive: Callable[[], Awaitable[dict[str, Any]]]
    #: How the consumer pauses between tries (tests may replace it).
    outage_sleep: Callable[[float], Awaitable[None]] = staticmethod(asyncio.sleep)

    @property
    def channel_receive(self) -> Callable[[], Awaitable[dict[str, Any]]]:
        return self._receive_through_outages

    @channel_receive.setter
    def channel_receive(self, receive: Callable[[], Awaitable[dict[str, Any]]]) -> None:
        self._layer_receive = receive

    def layer_groups(self) -> list[str]:
        """The groups this socket belongs to, joined again after an outage."""
        return []

    async def layer_recovered(self, event: dict[str, Any]) -> None:
        """The layer is back and the groups are joined again (override to catch up)."""

    async def _receive_through_outages(self) -> dict[str, Any]:
        failures = 0
        while True:
            try:
                if failures == 0:
                    return await self._layer_receive()
                # A restarted Redis forgot the groups, so nothing would ever arrive on the
                # channel: joining them again is both the health check and the repair.
                await self._join_again()
            except asyncio.CancelledError:
                raise
            except Exception:
                failures += 1
                if failures == 1:
                    logger.warning(
                        "%s lost the channel layer; keeping the socket open and retrying",
                        type(self).__name__,
                        exc_info=True,
                    )
                await self.outage_sleep(retry_pause(failures))
                continue
            logger.info("%s reached the channel layer again", type(self).__name__)
            return {"type": LAYER_RECOVERED}

    async def _join_again(self) -> None:
        layer = self.channel_layer  # type: ignore[attr-defined]
        groups = self.layer_groups()
        if not groups:  # still ask the layer something, or an outage would look over at once
            await layer.group_discard("outage.check", self.channel_name)  # type: ignore[attr-defined]
        for group in groups:
            await layer.group_add(group, self.channel_name)  # type: ignore[attr-defined]

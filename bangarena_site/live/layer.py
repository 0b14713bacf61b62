"""The Redis channel layer, without the receive buffers of closed sockets.

channels-redis reads every message for this process's sockets from one Redis list and sorts
them into a queue per channel (``receive_buffer``). A message for a socket that has closed (a
table's last frames, sent while its screens were leaving) gets a queue that nobody reads
again and that is never removed: up to ``capacity`` frames of a few KB each, per closed
socket (channels_redis issue 384, open upstream). A web process whose players come and go
grows with every table that ends. Here the layer knows which channels are open (made by
``new_channel``, closed when their consumer ends, ``ClosedChannelCleanupMixin``) and keeps no
queue for any other: such a message is dropped, as it is for a socket that is gone.
"""

from __future__ import annotations

import collections
import functools
from typing import Any

from channels_redis.core import BoundedQueue, RedisChannelLayer


class _OpenChannelBuffers(collections.defaultdict[str, BoundedQueue]):
    """``receive_buffer``: a queue per open channel; a closed channel's queue is not kept."""

    def __init__(self, layer: OpenChannelsLayer) -> None:
        super().__init__(functools.partial(BoundedQueue, layer.capacity))
        self.layer = layer

    def __missing__(self, channel: str) -> BoundedQueue:
        if channel in self.layer.open_channels:
            return super().__missing__(channel)
        return BoundedQueue(self.layer.capacity)  # its message goes nowhere, as it should


class OpenChannelsLayer(RedisChannelLayer):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.open_channels: set[str] = set()
        self.receive_buffer = _OpenChannelBuffers(self)

    async def new_channel(self, prefix: str = "specific") -> str:
        channel = await super().new_channel(prefix)
        self.open_channels.add(channel)
        return channel

    def close_channel(self, channel: str) -> None:
        """The consumer of ``channel`` has ended: forget its queue and what may still come."""
        self.open_channels.discard(channel)
        self.receive_buffer.pop(channel, None)


class ClosedChannelCleanupMixin:
    """Mix into every consumer: when it ends, the layer forgets its channel."""

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        try:
            await super().__call__(scope, receive, send)  # type: ignore[misc]
        finally:
            layer = getattr(self, "channel_layer", None)
            close = getattr(layer, "close_channel", None)
            channel = getattr(self, "channel_name", None)
            if close is not None and channel is not None:
                close(channel)

"""The production stack's channel layer: channels-redis's pub/sub layer, which also tells this
process's sockets when Redis answers again after an outage.

Why pub/sub (issue 19, ``bench/table_load.py --stack production``): channels-redis's default
layer keeps every group's members in Redis; a group message is a Lua script that copies it into
each member channel's sorted set, and the receiving process pops it with more round trips,
backing each message up in Redis until it is read. In the pub/sub layer a group is a Redis
channel, a message to it one PUBLISH, and each process receives all of its messages on one
subscribed connection. With 50 tables playing, daphne's CPU per move fell from 3.6 to 1.4 ms
and the whole stack's from 23.6 to 18.1 ms. Both deliver at most once (the default layer
drops what is not read within a minute); a table's frames carry versions, so a screen that
missed one gets the whole table.

Redis restarting, or closing a subscriber's connection (CLIENT KILL, a subscriber over its
output-buffer limit): redis-py's PubSub connects and subscribes again by itself, but what was
published meanwhile is lost, and nobody would know. The PubSub here, once it has subscribed
again on a new connection, puts a ``layer.recovered`` message on every channel of this
process: a table screen then sends its whole table (game.consumers). It is told by the
reconnection itself, not by an error reaching the receiving loop: redis-py may reconnect
inside one read, and then no error ever surfaces. The sockets stay open throughout: a
consumer waits on a queue of this process, which an outage never breaks.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import Any

from channels_redis.pubsub import (
    RedisPubSubChannelLayer,
    RedisPubSubLoopLayer,
    RedisSingleShardConnection,
)
from channels_redis.utils import _wrap_close, create_pool, decode_hosts
from redis.asyncio import Redis
from redis.asyncio.client import PubSub
from redis.asyncio.connection import Connection
from redis.exceptions import ConnectionError as RedisConnectionError

logger = logging.getLogger(__name__)

#: The message every socket of a process gets once Redis answers again after an outage.
LAYER_RECOVERED = "layer.recovered"
#: Pauses between tries while Redis is away, in seconds; the last one repeats.
RETRY_PAUSES = (0.1, 0.25, 0.5, 1.0, 2.0)


def retry_pause(failures: int) -> float:
    """The pause after the ``failures``-th failed try in a row (1-based)."""
    return RETRY_PAUSES[min(failures, len(RETRY_PAUSES)) - 1]


class _ResubscribingPubSub(PubSub):
    """redis-py's PubSub, which says when it has subscribed again on a new connection."""

    def __init__(self, *args: Any, on_resubscribed: Callable[[], None], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._on_resubscribed = on_resubscribed

    async def on_connect(self, connection: Connection) -> None:
        # redis-py calls this on every connect after the first (the first connection is made
        # before this callback is registered): each call follows a lost connection.
        had_subscriptions = self.subscribed
        await super().on_connect(connection)
        if had_subscriptions:
            self._on_resubscribed()


class _RecoveringShard(RedisSingleShardConnection):
    """One Redis connection: its PubSub tells every channel of this process when it has
    subscribed again, and its receiving loop waits longer between tries while Redis is away."""

    _redis: Redis | None
    _pubsub: PubSub | None

    def _ensure_redis(self) -> None:
        if self._redis is None:
            redis = Redis(connection_pool=create_pool(self.host))
            self._redis = redis
            self._pubsub = _ResubscribingPubSub(
                redis.connection_pool, on_resubscribed=self._tell_recovered
            )

    async def _do_receiving(self) -> None:
        failures = 0
        while True:
            try:
                if self._pubsub is not None and self._pubsub.subscribed:
                    message = await self._pubsub.get_message(
                        ignore_subscribe_messages=True, timeout=0.1
                    )
                    failures = 0
                    self._receive_message(message)
                else:
                    await asyncio.sleep(0.1)
            except (asyncio.CancelledError, GeneratorExit):
                raise
            except Exception:
                failures += 1
                if failures == 1:
                    logger.warning("The channel layer lost Redis; retrying", exc_info=True)
                await asyncio.sleep(retry_pause(failures))

    def _tell_recovered(self) -> None:
        logger.info("The channel layer subscribed again on a new connection to Redis")
        layer: _LoopLayer = self.channel_layer
        notice = layer.channel_layer.serialize({"type": LAYER_RECOVERED})
        for queue in layer.channels.values():
            queue.put_nowait(notice)


class _LoopLayer(RedisPubSubLoopLayer):
    """The layer on one event loop, with recovering shards."""

    def __init__(self, hosts: Any = None, **kwargs: Any) -> None:
        super().__init__(hosts, **kwargs)
        self._shards = [_RecoveringShard(host, self) for host in decode_hosts(hosts)]

    async def forget_channel(self, channel: str) -> None:
        """A socket has ended: drop its queue and its place in every group, so nothing is kept
        for it even when its consumer died without leaving its groups."""
        self.channels.pop(channel, None)
        for group_channel, members in list(self.groups.items()):
            members.discard(channel)
            if not members:
                del self.groups[group_channel]
                await self._get_shard(group_channel).unsubscribe(group_channel)
        await self._get_shard(channel).unsubscribe(channel)


class PubSubLayer(RedisPubSubChannelLayer):
    """channels-redis's pub/sub layer with ``_LoopLayer`` on each event loop. A command on a
    connection that a Redis restart closed is tried once more on a fresh one (redis-py's
    asyncio connections retry nothing by default): else the first frame every process
    published after a restart was lost."""

    def __init__(self, *, hosts: Any = None, **kwargs: Any) -> None:
        retrying = [{**h, "retry_on_error": [RedisConnectionError]} for h in decode_hosts(hosts)]
        super().__init__(hosts=retrying, **kwargs)

    def _get_layer(self) -> _LoopLayer:
        loop = asyncio.get_running_loop()
        layer = self._layers.get(loop)
        if layer is None:
            layer = _LoopLayer(**self._kwargs, channel_layer=self)
            self._layers[loop] = layer
            _wrap_close(self, loop)
        return layer


class ClosedChannelCleanupMixin:
    """Mix into every consumer on the channel layer: when it ends, the layer forgets its
    channel; after a Redis outage it is told ``layer.recovered``, which by default changes
    nothing (a socket showing live state overrides ``layer_recovered`` to catch up)."""

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        try:
            await super().__call__(scope, receive, send)  # type: ignore[misc]
        finally:
            await self._forget_channel()

    async def layer_recovered(self, event: dict[str, Any]) -> None:
        """Redis is back; what was sent to this socket meanwhile is lost."""

    async def _forget_channel(self) -> None:
        layer = getattr(self, "channel_layer", None)
        channel = getattr(self, "channel_name", None)
        if not isinstance(layer, PubSubLayer) or channel is None:
            return  # the embedded default's in-memory layer keeps nothing per socket
        try:
            await layer.forget_channel(channel)
        except Exception:
            # Redis away: its subscriptions go with the connection when it comes back.
            logger.warning("A closed socket's channel could not be forgotten", exc_info=True)

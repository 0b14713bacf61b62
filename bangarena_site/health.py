"""/healthz: is this process able to serve? For docker-compose, load balancers and operators.

Answered by a middleware at the very top of the stack, before the HTTPS redirect and the host
check: a probe on the container's loopback has no TLS and no public host name, and needs
neither. It says only ``ok`` or what is down, nothing about players or matches.

Checks: the database answers, every migration is applied (checked until it once succeeds in
this process: a running process cannot lose a migration), and the channel layer answers (a
message sent to a channel of its own comes back; the in-memory layer of the embedded default
always does).
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Callable
from typing import Any

from asgiref.sync import async_to_sync
from django.db import DEFAULT_DB_ALIAS, connections
from django.db.migrations.executor import MigrationExecutor
from django.http import HttpRequest, HttpResponse

from bangarena_site.live.sender import channel_layer

logger = logging.getLogger(__name__)

HEALTH_PATH = "/healthz"
# A channel layer that does not answer within this is down (a probe must not hang).
LAYER_TIMEOUT_SECONDS = 2.0

_migrated = False


def database_ok() -> bool:
    with connections[DEFAULT_DB_ALIAS].cursor() as cursor:
        cursor.execute("SELECT 1")
        return cursor.fetchone() == (1,)


def migrations_ok() -> bool:
    global _migrated
    if not _migrated:
        executor = MigrationExecutor(connections[DEFAULT_DB_ALIAS])
        _migrated = not executor.migration_plan(executor.loader.graph.leaf_nodes())
    return _migrated


async def _channel_layer_round_trip() -> bool:
    layer = channel_layer()
    # Both layers the site runs (in-memory, Redis) take a prefix; the stubs' base class does not.
    channel = await layer.new_channel("healthz.")  # type: ignore[call-arg]
    await layer.send(channel, {"type": "health.ping"})
    message = await asyncio.wait_for(layer.receive(channel), LAYER_TIMEOUT_SECONDS)
    return message.get("type") == "health.ping"


def channel_layer_ok() -> bool:
    return async_to_sync(_channel_layer_round_trip)()


CHECKS: dict[str, Callable[[], bool]] = {
    "database": database_ok,
    "migrations": migrations_ok,
    "channel_layer": channel_layer_ok,
}


def report() -> tuple[int, dict[str, str]]:
    """(HTTP status, {check: "ok" | "down"}): 200 when every check passes, else 503."""
    results: dict[str, str] = {}
    for name, check in CHECKS.items():
        try:
            results[name] = "ok" if check() else "down"
        except Exception:
            logger.warning("health check %s failed", name, exc_info=True)
            results[name] = "down"
    healthy = all(value == "ok" for value in results.values())
    return (200 if healthy else 503), results


class HealthCheckMiddleware:
    """Answers GET/HEAD /healthz before anything else runs; every other request passes."""

    def __init__(self, get_response: Callable[[HttpRequest], Any]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> Any:
        if request.path != HEALTH_PATH or request.method not in ("GET", "HEAD"):
            return self.get_response(request)
        status, results = report()
        response = HttpResponse(
            json.dumps({"status": "ok" if status == 200 else "down", **results}),
            status=status,
            content_type="application/json",
        )
        response["Cache-Control"] = "no-store"
        return response

"""The table on the production stack: PostgreSQL row locks, the Redis channel layer, the Redis
broker and a Celery worker. Skipped on the embedded default; .ci/run runs them with
DATABASE_URL and REDIS_URL set (see tests/conftest.py)."""

from __future__ import annotations

import re
import threading
from typing import Any

import pytest
from channels.db import database_sync_to_async
from django.db import connections

from bangarena_site import jobs
from game import services
from game.models import Match, MatchAction
from game.services import MatchError
from tests.game.conftest import bot_seats, human_seats, seed_with_marshal_at, start, table_socket

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]


def test_two_simultaneous_submits_of_one_version_apply_once(monkeypatch: pytest.MonkeyPatch):
    """A double click that reaches two server threads at once: PostgreSQL's row lock lets one
    in, the other then sees the new version and is refused as stale (DESIGN.md section 3)."""
    monkeypatch.setattr(jobs, "schedule", lambda *args: None)  # no broker traffic needed here
    match = start(human_seats(4), seed=seed_with_marshal_at(0, seats=4))
    action = match.game().legal_actions(0)[0]
    start_together = threading.Barrier(2)
    outcomes: list[Any] = []

    def click() -> None:
        try:
            start_together.wait(timeout=10)
            outcomes.append(services.submit(match.pk, 0, action, 0).version)
        except MatchError as error:
            outcomes.append(error.code)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=click) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)

    assert sorted(outcomes, key=str) == [1, "stale"]
    assert Match.objects.get(pk=match.pk).version == 1
    assert MatchAction.objects.filter(match=match).count() == 1


async def test_bot_moves_travel_through_the_broker_and_the_redis_layer(celery_worker):
    """start_match -> on commit the bot job goes to the Redis broker with its tempo pause ->
    the worker plays it through game.services -> the Redis channel layer -> the watcher."""
    match = await database_sync_to_async(start)(bot_seats(4), seed=4, tempo="fast")
    watcher = table_socket(match.pk)
    connected, _ = await watcher.connect()
    assert connected
    try:
        first = await watcher.receive_from(timeout=20)
        assert 'id="table"' in first
        # Then each move's delta (issue 16), each following the one before.
        versions = [int(re.search(r'data-table-version="(\d+)"', first).group(1))]
        for _ in range(3):
            frame = await watcher.receive_from(timeout=20)
            assert frame.startswith('<div id="table-state"')
            versions.append(int(re.search(r'data-table-version="(\d+)"', frame).group(1)))
        assert versions == list(range(versions[0], versions[0] + 4))
    finally:
        await watcher.disconnect()
    current = await database_sync_to_async(Match.objects.get)(pk=match.pk)
    assert current.version >= 3
    causes = await database_sync_to_async(
        lambda: set(current.actions.values_list("cause", flat=True))
    )()
    assert causes == {"bot"}

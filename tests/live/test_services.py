"""The production stack with real connections: Redis channel layer, Redis broker with a Celery
worker, PostgreSQL row locks. Skipped on the embedded default; .ci/run runs them with
DATABASE_URL and REDIS_URL set (see tests/conftest.py)."""

from __future__ import annotations

import threading

import pytest
from channels.db import database_sync_to_async
from django.contrib.auth import get_user_model
from django.db import DatabaseError, connections, transaction

from bangarena_site import jobs
from bangarena_site.live.groups import push_fragment, user_group
from bangarena_site.live.notifications import welcome_toast
from tests.live.conftest import make_user

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]

FRAGMENT = '<div id="toasts" hx-swap-oob="beforeend"><div class="toast">Redis</div></div>'


async def test_redis_channel_layer_round_trip(open_socket) -> None:
    alice = await database_sync_to_async(make_user)("alice")
    bob = await database_sync_to_async(make_user)("bob")
    alice_socket = await open_socket(alice)
    bob_socket = await open_socket(bob)

    await push_fragment(user_group(alice.pk), FRAGMENT)

    assert await alice_socket.receive_from(timeout=5) == FRAGMENT
    assert await bob_socket.receive_nothing()


async def test_job_travels_through_the_redis_broker_to_a_worker_and_back_to_the_socket(
    celery_worker, open_socket
) -> None:
    """schedule() -> on commit -> Redis broker -> worker runs the job -> Redis layer -> socket."""
    user = await database_sync_to_async(make_user)("belle", display_name="Belle")
    socket = await open_socket(user)

    # Delay 0: the countdown itself is checked without waiting in test_jobs_seam.py.
    await database_sync_to_async(jobs.schedule)(0, welcome_toast, user.pk)

    frame = await socket.receive_from(timeout=20)
    assert "Welcome to the saloon, Belle!" in frame


def test_postgres_row_lock_makes_a_second_writer_wait() -> None:
    """select_for_update really locks on PostgreSQL (SQLite ignores it): two submits of the
    same match cannot interleave."""
    user = make_user("locked")
    users = get_user_model().objects
    locked = threading.Event()
    release = threading.Event()
    outcome: dict[str, object] = {}

    def holder() -> None:
        try:
            with transaction.atomic():
                users.select_for_update().get(pk=user.pk)
                locked.set()
                release.wait(timeout=30)
        finally:
            connections.close_all()

    def contender() -> None:
        try:
            with transaction.atomic():
                users.select_for_update(nowait=True).get(pk=user.pk)
            outcome["result"] = "got the lock"
        except DatabaseError as error:
            outcome["result"] = error
        finally:
            connections.close_all()

    holding = threading.Thread(target=holder)
    holding.start()
    try:
        assert locked.wait(timeout=30)
        contending = threading.Thread(target=contender)
        contending.start()
        contending.join(timeout=30)
    finally:
        release.set()
        holding.join(timeout=30)

    assert isinstance(outcome["result"], DatabaseError)
    assert "could not obtain lock" in str(outcome["result"])

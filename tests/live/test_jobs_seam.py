"""The one seam for delayed work (DESIGN.md §4): the same job, two ways to run it later.

Time is faked (ManualClockLoop); nothing here sleeps.
"""

from __future__ import annotations

import logging
import threading
from typing import Any

import pytest
from channels.db import database_sync_to_async
from django.db import transaction

from bangarena_site import jobs
from bangarena_site.live.notifications import WELCOME_DELAY_SECONDS, welcome_toast
from tests.live.conftest import PASSWORD, make_user

pytestmark = pytest.mark.django_db(transaction=True)

calls: list[tuple[Any, ...]] = []


@jobs.job("tests.live.record")
def record(*args: Any) -> None:
    calls.append((threading.current_thread().name, *args))


@jobs.job("tests.live.explode")
def explode(match_id: int) -> None:
    raise ValueError(f"match {match_id} exploded")


@pytest.fixture(autouse=True)
def _no_recorded_calls() -> None:
    calls.clear()


def test_unregistered_function_cannot_be_scheduled() -> None:
    def stray() -> None: ...

    with pytest.raises(TypeError, match="not a registered job"):
        jobs.schedule(1, stray)


def test_a_job_name_cannot_be_taken_twice() -> None:
    with pytest.raises(ValueError, match="already taken"):
        jobs.job("tests.live.record")(lambda: None)


async def test_embedded_job_waits_for_its_delay_then_runs_off_the_loop_thread(
    manual_scheduler,
) -> None:
    scheduler, clock = manual_scheduler
    await database_sync_to_async(jobs.schedule)(5, record, 7, 3)
    assert clock.pending_delays() == [5]

    clock.advance(4.9)
    await scheduler.drain()
    assert calls == []

    clock.advance(0.1)
    await scheduler.drain()
    assert len(calls) == 1
    thread_name, *args = calls[0]
    assert args == [7, 3]
    assert thread_name != threading.main_thread().name  # sync job code never blocks the loop


async def test_scheduling_from_sync_code_in_another_thread_hops_onto_the_loop(
    manual_scheduler,
) -> None:
    """Sync views run in worker threads; their timers must still land on the server loop."""
    scheduler, clock = manual_scheduler
    await database_sync_to_async(jobs.schedule)(2, record, "from-a-thread")
    assert clock.pending_delays() == [2]

    clock.advance(2)
    await scheduler.drain()
    assert [args for _thread, *args in calls] == [["from-a-thread"]]


async def test_job_scheduled_in_a_rolled_back_transaction_never_runs(manual_scheduler) -> None:
    _scheduler, clock = manual_scheduler

    def schedule_then_fail() -> None:
        with transaction.atomic():
            jobs.schedule(1, record, "ghost")
            raise RuntimeError("the action failed")

    with pytest.raises(RuntimeError):
        await database_sync_to_async(schedule_then_fail)()
    assert clock.pending_delays() == []


async def test_failing_embedded_job_is_logged_with_its_traceback(manual_scheduler, caplog) -> None:
    scheduler, clock = manual_scheduler
    await database_sync_to_async(jobs.schedule)(1, explode, 42)
    with caplog.at_level(logging.ERROR, logger="bangarena_site.jobs"):
        clock.advance(1)
        await scheduler.drain()

    [failure] = [r for r in caplog.records if r.name == "bangarena_site.jobs"]
    assert "tests.live.explode failed" in failure.getMessage()
    assert isinstance(failure.exc_info[1], ValueError)
    assert "match 42 exploded" in str(failure.exc_info[1])


def test_job_without_a_server_loop_is_dropped_with_a_warning(settings, monkeypatch, caplog) -> None:
    settings.EMBEDDED = True
    monkeypatch.setattr(jobs, "embedded_scheduler", jobs.EmbeddedScheduler(periodic={}))
    with caplog.at_level(logging.WARNING, logger="bangarena_site.jobs"):
        jobs.schedule(1, record, "nobody-listens")
    assert "tests.live.record dropped" in caplog.text
    assert calls == []


async def test_periodic_job_runs_every_period_until_the_loop_is_replaced() -> None:
    import asyncio

    from tests.live.fakes import ManualClockLoop

    clock = ManualClockLoop(asyncio.get_running_loop())
    scheduler = jobs.EmbeddedScheduler(periodic={"tests.live.record": 60})
    scheduler.attach(clock)

    clock.advance(60)
    await scheduler.drain()
    clock.advance(60)
    await scheduler.drain()
    assert len(calls) == 2

    scheduler.attach(ManualClockLoop(asyncio.get_running_loop()))  # the server restarted
    clock.advance(60)
    await scheduler.drain()
    assert len(calls) == 2, "the old loop's timer must not keep running the job"


def test_celery_path_sends_the_job_on_commit_with_its_delay_as_countdown(
    settings, monkeypatch, django_capture_on_commit_callbacks
) -> None:
    settings.EMBEDDED = False
    sent: list[tuple[Any, dict[str, Any]]] = []
    monkeypatch.setattr(jobs.run_job, "apply_async", lambda args, **opts: sent.append((args, opts)))

    with django_capture_on_commit_callbacks(execute=False) as callbacks, transaction.atomic():
        jobs.schedule(30, record, 5, 9)
        assert sent == [], "nothing may reach the broker before the transaction commits"
    for callback in callbacks:
        callback()

    assert sent == [(("tests.live.record", [5, 9]), {"countdown": 30})]


def test_celery_task_runs_the_registered_job_by_name() -> None:
    jobs.run_job.apply(args=("tests.live.record", [1, 2]))
    assert [args for _thread, *args in calls] == [[1, 2]]


def test_celery_task_refuses_an_unknown_job_name() -> None:
    result = jobs.run_job.apply(args=("tests.live.no_such_job", []))
    assert isinstance(result.result, LookupError)


async def test_login_schedules_the_welcome_toast_on_the_embedded_loop(
    manual_scheduler, open_socket
) -> None:
    """End to end on the embedded stack: login -> timer -> job thread -> group -> socket."""
    from django.test import Client

    scheduler, clock = manual_scheduler
    user = await database_sync_to_async(make_user)("wyatt", display_name="Wyatt <Earp>")
    socket = await open_socket(user)

    logged_in = await database_sync_to_async(Client().login)(username="wyatt", password=PASSWORD)
    assert logged_in
    assert clock.pending_delays() == [WELCOME_DELAY_SECONDS]
    assert await socket.receive_nothing()

    clock.advance(WELCOME_DELAY_SECONDS)
    await scheduler.drain()
    frame = await socket.receive_from()
    assert 'id="toasts" hx-swap-oob="beforeend"' in frame
    assert "Welcome to the saloon, Wyatt &lt;Earp&gt;!" in frame  # user text is escaped


@pytest.mark.parametrize("seam", ["embedded", "celery"])
async def test_same_job_gives_the_same_fragment_through_either_seam(
    seam, manual_scheduler, open_socket, settings, monkeypatch
) -> None:
    """The welcome job is one function; only how it is started later differs."""
    scheduler, clock = manual_scheduler
    user = await database_sync_to_async(make_user)("annie", display_name="Annie")
    socket = await open_socket(user)

    if seam == "embedded":
        await database_sync_to_async(jobs.schedule)(WELCOME_DELAY_SECONDS, welcome_toast, user.pk)
        clock.advance(WELCOME_DELAY_SECONDS)
        await scheduler.drain()
    else:
        settings.EMBEDDED = False
        sent: list[tuple[Any, dict[str, Any]]] = []
        monkeypatch.setattr(
            jobs.run_job, "apply_async", lambda args, **opts: sent.append((args, opts))
        )
        await database_sync_to_async(jobs.schedule)(WELCOME_DELAY_SECONDS, welcome_toast, user.pk)
        assert sent == [(("live.welcome", [user.pk]), {"countdown": WELCOME_DELAY_SECONDS})]
        # What the worker does with the message it receives.
        await database_sync_to_async(jobs.run_job.apply)(args=sent[0][0])

    frame = await socket.receive_from()
    assert frame == (
        '<div id="toasts" hx-swap-oob="beforeend">'
        '<div class="toast" role="status">'
        "Welcome to the saloon, Annie! Live news will pop up here.</div></div>"
    )


def german_welcome(name: str) -> str:
    """The welcome toast's text in German (the catalogue must be compiled for it to differ)."""
    from django.utils import translation

    with translation.override("de"):
        text = translation.gettext(
            "Welcome to the saloon, %(name)s! Live news will pop up here."
        ) % {"name": name}
    assert not text.startswith("Welcome"), "the German catalogue must be compiled"
    return text


async def test_welcome_toast_speaks_the_users_preferred_language(
    manual_scheduler, open_socket
) -> None:
    """Jobs run outside any request: the job itself switches to the player's language."""

    scheduler, clock = manual_scheduler
    user = await database_sync_to_async(make_user)("heinz", preferred_language="de")
    socket = await open_socket(user)

    await database_sync_to_async(jobs.schedule)(WELCOME_DELAY_SECONDS, welcome_toast, user.pk)
    clock.advance(WELCOME_DELAY_SECONDS)
    await scheduler.drain()

    assert german_welcome("heinz") in await socket.receive_from()


async def test_welcome_toast_speaks_the_language_of_the_login_page_without_a_saved_one(
    manual_scheduler, open_socket
) -> None:
    """Issue 10: a player who never saved a language but logs in on the German page is
    greeted in German, not in the server's default."""
    from django.conf import settings
    from django.test import Client

    scheduler, clock = manual_scheduler
    user = await database_sync_to_async(make_user)("liesel")
    socket = await open_socket(user)
    browser = Client()
    browser.cookies[settings.LANGUAGE_COOKIE_NAME] = "de"

    response = await database_sync_to_async(browser.post)(
        "/accounts/login/", {"username": "liesel", "password": PASSWORD}
    )
    assert response.status_code == 302
    clock.advance(WELCOME_DELAY_SECONDS)
    await scheduler.drain()

    assert german_welcome("liesel") in await socket.receive_from()

"""The one seam for delayed work: ``schedule(delay_seconds, job, *args)``.

A job is a plain function registered under a stable name with ``@job("name")``. Its arguments
must be JSON-able (ids and version numbers, never model instances): in production they travel
through the Redis broker. The same job functions run in both stacks; only the seam differs:

- Production (``settings.EMBEDDED`` False): the Celery task ``run_job(name, args)`` is sent with
  ``apply_async(countdown=delay)`` once the current transaction commits, and a worker in its
  own process runs it. Celery beat sends the periodic jobs.
- Embedded default: the ``EmbeddedScheduler`` keeps timers on the ASGI server's own event loop
  and runs each job in a worker thread, so no broker or worker process is needed.

Jobs must be safe to run twice, late or not at all (reload state, do nothing when it is stale;
a periodic job covers what a lost one was for): a restart loses embedded timers, Celery may
deliver twice, and a Celery worker that dies loses the jobs it held (the broker keeps no
acknowledgements: settings.CELERY_BROKER_TRANSPORT_OPTIONS).
"""

from __future__ import annotations

import asyncio
import functools
import logging
import threading
from collections.abc import Awaitable, Callable, Iterable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, Protocol, TypedDict

from asgiref.sync import sync_to_async
from celery import shared_task
from django.conf import settings
from django.db import close_old_connections, transaction

logger = logging.getLogger(__name__)

RUN_JOB_TASK = "bangarena_site.run_job"

JobFunction = Callable[..., Any]
ASGIApp = Callable[[Any, Any, Any], Awaitable[Any]]
_registry: dict[str, JobFunction] = {}


def job(name: str) -> Callable[[JobFunction], JobFunction]:
    """Register a function as a job under ``name`` (stable: queued messages refer to it)."""

    def register(func: JobFunction) -> JobFunction:
        existing = _registry.get(name)
        if existing is not None and existing is not func:
            raise ValueError(f"job name {name!r} is already taken by {existing!r}")
        _registry[name] = func
        func.job_name = name  # type: ignore[attr-defined]
        return func

    return register


def job_name(func: JobFunction) -> str:
    """The registered name of a job function; unregistered functions are refused loudly."""
    name: str | None = getattr(func, "job_name", None)
    if name is None or _registry.get(name) is not func:
        raise TypeError(f"{func!r} is not a registered job (decorate it with @job(name))")
    return name


def run(name: str, args: Iterable[Any]) -> Any:
    """Run a registered job now, in the calling thread. Both stacks end up here."""
    try:
        func = _registry[name]
    except KeyError:
        raise LookupError(f"unknown job {name!r}; is its module imported at start-up?") from None
    return func(*args)


def schedule(delay_seconds: float, func: JobFunction, *args: Any) -> None:
    """Run ``func(*args)`` about ``delay_seconds`` from now, once the current transaction commits.

    Nothing is sent if the transaction rolls back, so a job never sees state that was not saved.
    Call it from sync code (services, views, jobs); async code wraps it in sync_to_async.
    """
    name = job_name(func)
    if delay_seconds < 0:
        raise ValueError("delay_seconds must not be negative")
    payload = list(args)
    if settings.EMBEDDED:
        transaction.on_commit(lambda: embedded_scheduler.submit(delay_seconds, name, payload))
    else:
        route: _Route = {"queue": JOB_QUEUES[name]} if name in JOB_QUEUES else {}
        # Robust: with the broker (Redis) away, the change itself has committed and its caller
        # must not be told otherwise (a player would read "not made" for a move that was). The
        # failure is logged, and the periodic sweep plays the decision the lost timer was for.
        transaction.on_commit(
            lambda: run_job.apply_async((name, payload), countdown=delay_seconds, **route),
            robust=True,
        )


# Jobs kept apart from the shared job thread and the default Celery queue: a language-model
# call may take a whole move time, and must never hold up the timers and bot moves of every
# other table (machines.ai registers its decision job here).
JOB_QUEUES: dict[str, str] = {}


class _Route(TypedDict, total=False):
    """Celery's routing option of a job kept apart: its own queue, or none (the default)."""

    queue: str


_OWN_THREADS: dict[str, ThreadPoolExecutor] = {}


def run_apart(name: str, *, queue: str, threads: int) -> None:
    """Run job ``name`` on Celery queue ``queue`` in production (a worker must consume it) and
    on ``threads`` threads of its own in the embedded stack."""
    JOB_QUEUES[name] = queue
    if name not in _OWN_THREADS:
        _OWN_THREADS[name] = ThreadPoolExecutor(
            max_workers=threads, thread_name_prefix=f"bangarena-{queue}"
        )


@shared_task(name=RUN_JOB_TASK, ignore_result=True)
def run_job(name: str, args: list[Any]) -> None:
    """Celery entry point of the seam: the worker runs the same job function as embedded, and
    hands its connection back to the pool afterwards (Celery's own fix-up is told to leave the
    connections alone: settings.CELERY_DB_REUSE_MAX)."""
    _run_with_fresh_connections(name, args)


class TimerLoop(Protocol):
    """The part of an asyncio event loop the scheduler uses (tests pass a fake clock)."""

    def call_later(self, delay: float, callback: Callable[..., object], *args: Any) -> Any: ...

    def call_soon_threadsafe(self, callback: Callable[..., object], *args: Any) -> Any: ...

    def create_task(self, coro: Any) -> asyncio.Task[Any]: ...

    def is_closed(self) -> bool: ...


class EmbeddedScheduler:
    """Delayed and periodic jobs on the ASGI server's own event loop (embedded default only).

    The server's loop is captured when the ASGI application first runs (``attach``). Timers are
    ``loop.call_later``; a call from another thread hops onto the loop first with
    ``call_soon_threadsafe``. Each due job runs in a worker thread (jobs are sync Django code),
    and a done-callback logs any failure so none is lost silently.
    """

    def __init__(self, periodic: dict[str, float] | None = None) -> None:
        self._loop: TimerLoop | None = None
        self._loop_thread: int | None = None
        # None: read settings.BANGARENA_PERIODIC_JOBS when a loop is attached.
        self._periodic = periodic
        self._running: set[asyncio.Task[Any]] = set()

    @property
    def loop(self) -> TimerLoop | None:
        return self._loop

    def attach(self, loop: TimerLoop) -> None:
        """Adopt ``loop`` as the server's loop; call from the thread that runs it.

        Arms the periodic jobs on it. A different loop replaces the old one (test servers come
        and go; timers of a closed loop die with it).
        """
        if loop is self._loop:
            return
        self._loop = loop
        self._loop_thread = threading.get_ident()
        periodic = self._periodic
        if periodic is None:
            periodic = getattr(settings, "BANGARENA_PERIODIC_JOBS", {})
        for name, every in periodic.items():
            loop.call_later(every, self._tick, loop, name, every)

    def capture_loop(self, app: ASGIApp) -> ASGIApp:
        """Wrap the ASGI application so its first call attaches the server's running loop."""

        async def application(scope: Any, receive: Any, send: Any) -> Any:
            loop = asyncio.get_running_loop()
            if loop is not self._loop:
                self.attach(loop)
            return await app(scope, receive, send)

        return application

    def submit(self, delay_seconds: float, name: str, args: list[Any]) -> None:
        """Arm a timer for job ``name``; callable from the loop's thread or any other thread."""
        loop = self._loop
        if loop is None or loop.is_closed():
            logger.warning(
                "Job %s dropped: the embedded scheduler has no running server loop "
                "(jobs only run inside the ASGI server)",
                name,
            )
            return
        if threading.get_ident() == self._loop_thread:
            loop.call_later(delay_seconds, self._start, loop, name, args)
        else:
            # call_later is not thread-safe: hop onto the loop first (sync views run in threads).
            loop.call_soon_threadsafe(loop.call_later, delay_seconds, self._start, loop, name, args)

    def _tick(self, loop: TimerLoop, name: str, every: float) -> None:
        """Run a periodic job and re-arm it, as long as ``loop`` is still the server's loop."""
        if loop is not self._loop:
            return
        self._start(loop, name, [])
        loop.call_later(every, self._tick, loop, name, every)

    def _start(self, loop: TimerLoop, name: str, args: list[Any]) -> None:
        """On ``loop``: run the job in a worker thread and watch how it ends."""
        task = loop.create_task(_run_in_thread(name, args))
        self._running.add(task)
        task.add_done_callback(functools.partial(self._finished, name))

    def _finished(self, name: str, task: asyncio.Task[Any]) -> None:
        self._running.discard(task)
        if task.cancelled():
            logger.warning("Job %s was cancelled before it finished", name)
            return
        error = task.exception()
        if error is not None:
            logger.error("Job %s failed", name, exc_info=error)

    async def drain(self) -> None:
        """Wait until every job started so far has finished (tests and clean shutdown)."""
        while self._running:
            await asyncio.gather(*list(self._running), return_exceptions=True)


# Embedded jobs take turns in one thread: SQLite has a single writer, and jobs that start
# their write transactions at once only wait on each other's lock with growing back-offs
# (bench/table_load.py measured the p99 of a move at 1.4 s with concurrent job threads).
_JOB_THREAD = ThreadPoolExecutor(max_workers=1, thread_name_prefix="bangarena-job")


async def _run_in_thread(name: str, args: list[Any]) -> Any:
    executor = _OWN_THREADS.get(name, _JOB_THREAD)
    run_job = sync_to_async(_run_with_fresh_connections, thread_sensitive=False, executor=executor)
    return await run_job(name, args)


def _run_with_fresh_connections(name: str, args: list[Any]) -> Any:
    """Run a job like a request: drop stale database connections before and after."""
    close_old_connections()
    try:
        return run(name, args)
    finally:
        close_old_connections()


embedded_scheduler = EmbeddedScheduler()

"""Live-table load: from the moment a move is due to every connected screen showing it.

    python bench/table_load.py --tables 50 --clients 100 --actions 1500 --runs 3 \
        --baseline /tmp/base        # the baseline checkout measured in the same invocation
    python bench/table_load.py --tables 10 --seats 8 --clients 100 --watchers en,de
    python bench/table_load.py --tables 5 --clients 10 --whole     # whole matches
    python bench/table_load.py --tables 200 --clients 400 --stack redis --runs 3
    python bench/table_load.py --tables 50 --clients 100 --scale-out --runs 3 \
        --actions 3000 --seconds 30     # embedded vs production 1x1, 1x2, 2x2, one table

K tables play at Fast tempo; every move is made by the real delayed job (``game.advance`` ->
``services.play_due``) on an embedded scheduler, and the real broadcast sends each screen what
the move changed for it through the channel layer to the real table consumer
(``/ws/match/<id>/`` behind the origin and session middleware), here driven by
``channels.testing.WebsocketCommunicator`` clients.

M clients are spread over the tables: a table's first client is the player of seat 0 (a guest
whose seat is handed to the bot, so it moves by itself yet gets its own per-seat frames like
any human), the second watches, further ones take the other seats, then watchers in the other
``--watchers`` languages (``--seats 8 --clients 10K --watchers en,de``: every seat a human
screen plus a watcher in each of two languages).

Figures, per move (p50/p99 over moves; "every screen" is the slowest screen of the table):
- **due -> every screen**: from the moment the move was due (its job armed with the bot's
  pause: the time ``_schedule_move`` was called plus its delay) through the queue, the job and
  the delivery, to the last screen of the table: what a player waits for;
- **every seat / job / delivery**: the older figure from the moment the job started, and its
  split into the job (until the broadcast handed its frames on) and the delivery;
- **job CPU**: CPU time of the job's thread (``time.thread_time``), less noisy than wall time
  on a shared machine;
- **bytes/screen/move**: the frame one screen received for one move, as sent (uncompressed
  WebSocket text) and as permessage-deflate puts it on the wire (one deflate stream per
  socket with the window Daphne accepts, flushed per message);
- **moves/s**: moves the tables made per second; K Fast tables ask for about 2.5 K, so a
  run below that is what one process sustains;
- ``--whole``: every table plays to its end; what one player's screen received over the whole
  match (kB, uncompressed and deflated).

Stacks (each run gets a fresh database and drops it):
- embedded: SQLite file (WAL, as bin/run) + InMemoryChannelLayer; moves, consumers and
  clients in this one process, as in the one embedded server process.
- redis: PostgreSQL at 127.0.0.1:5432 (database ``bench_table_load_<pid>``, created and
  dropped) + channels-redis at 127.0.0.1:6379 (database 14, own prefix). The moves run in a
  worker process (an embedded scheduler there stands in for the Celery worker), consumers
  and clients in this one, as daphne and the worker are separate processes in production.

``--baseline DIR`` runs a checkout of an older commit (``git worktree add DIR <commit>``) with
this same script, alternating with this code run by run, so both see the same machine and
load; the load average is printed with each figure. Bounded: it stops after ``--actions``
measured moves or ``--seconds``, whichever comes first. Loopback only. ``--runs R`` repeats
the measurement in R fresh processes and prints the medians.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import zlib
from collections import defaultdict
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

# --code DIR (or BENCH_CODE) measures another checkout of the project (e.g. a baseline made with
# `git worktree add /tmp/base 4291718`) with this same script, so before and after come from one
# invocation on the same machine.
ROOT = Path(os.environ.get("BENCH_CODE") or Path(__file__).resolve().parents[1])
sys.path.insert(0, str(ROOT))

PG_ADMIN_URL = "postgresql://postgres@127.0.0.1:5432/postgres"
# The bench's own Redis database (BENCH_REDIS_URL picks another, e.g. one database per person
# on a shared machine): the layer keys carry the run's own prefix, the broker queue is purged.
REDIS_URL = os.environ.get("BENCH_REDIS_URL", "redis://127.0.0.1:6379/14")
ORIGIN = b"http://127.0.0.1:8000"
SEATS = 4
# The match version a frame shows: on the whole table (#table) or its #table-state.
VERSION = re.compile(rb'data-version="(\d+)"')
CONNECT_TIMEOUT = 30.0
WARM_UP = 1.0  # seconds of moves before measuring
GRACE = 1.5  # seconds for the last fragments after the moves stop
# permessage-deflate as Daphne accepts it (bangarena_site.compression).
WINDOW_BITS = 12
MEMORY_LEVEL = 5


@dataclass
class Figures:
    stack: str
    tables: int
    clients: int
    moves: int
    fragments: int
    lost: int  # fragments of a measured move that never reached a client of its table
    moves_per_second: float
    every_p50_ms: float
    every_p99_ms: float
    fragment_p50_ms: float
    fragment_p99_ms: float
    # Of that: the move's job (lock, engine, save, commit, renders, hand-over to the layer) ...
    job_p50_ms: float
    job_p99_ms: float
    # ... and the rest (channel layer -> consumer -> client), for the slowest client.
    delivery_p50_ms: float
    delivery_p99_ms: float
    # From when the move was due (the bot's pause elapsed) to the last screen: the queue too.
    due_p50_ms: float = 0.0
    due_p99_ms: float = 0.0
    # CPU time of the move's job (its thread), per move.
    cpu_p50_ms: float = 0.0
    # What one screen receives for one move (uncompressed WebSocket text).
    bytes_p50: float = 0.0
    bytes_p99: float = 0.0
    # The same frames as permessage-deflate would put them on the wire.
    deflate_p50: float = 0.0
    deflate_p99: float = 0.0
    # --whole: everything one player's screen received over the whole match (kB).
    match_kb_p50: float = 0.0
    match_kb_max: float = 0.0
    match_deflate_kb_p50: float = 0.0
    load_average: float = 0.0
    # CPU time the stack's own processes (not PostgreSQL's or Redis's) spent per measured
    # move, the bench's clients included: on a shared machine steadier than moves/s, and
    # 2 cores / this = the moves/s the stack could make with the machine to itself.
    stack_cpu_ms_per_move: float = 0.0
    # production: % of one core each kind of process used while measuring.
    cpu_percent: dict[str, float] = field(default_factory=dict)
    # --soak: the processes' memory every 30 s.
    soak: list[dict[str, Any]] = field(default_factory=list)


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    index = min(len(ordered) - 1, max(0, round(fraction * (len(ordered) - 1))))
    return ordered[index]


# --- the stack ---------------------------------------------------------------------------------


def configure_environment(stack: str, workdir: Path) -> str | None:
    """Point Django at the bench's own database before it is set up; returns the PostgreSQL
    database name to drop afterwards (None for SQLite)."""
    os.environ["DJANGO_SETTINGS_MODULE"] = "bangarena_site.settings"
    os.environ["DEBUG"] = "0"  # DEBUG keeps every query in memory and slows each one
    os.environ.setdefault("SECRET_KEY", "bench-table-load-only-" + "x" * 40)
    if stack == "embedded":
        for name in ("DATABASE_URL", "REDIS_URL"):
            os.environ.pop(name, None)
        os.environ["BANGARENA_EMBEDDED"] = "1"
        os.environ["BANGARENA_SQLITE_PATH"] = str(workdir / "bench.sqlite3")
        return None
    import psycopg

    database = f"bench_table_load_{os.getpid()}"
    with psycopg.connect(PG_ADMIN_URL, autocommit=True) as admin:
        admin.execute(f'DROP DATABASE IF EXISTS "{database}"')
        admin.execute(f'CREATE DATABASE "{database}"')
    os.environ["DATABASE_URL"] = f"postgresql://postgres@127.0.0.1:5432/{database}"
    os.environ["REDIS_URL"] = REDIS_URL
    os.environ["BANGARENA_EMBEDDED"] = "0"
    os.environ["BENCH_LAYER_PREFIX"] = database  # the worker process uses the same groups
    # production: daphne and celery read the prefix from the environment as settings do.
    os.environ["BANGARENA_CHANNEL_PREFIX"] = database
    return database


def drop_database(database: str) -> None:
    import psycopg
    from django.db import connections

    connections.close_all()
    with psycopg.connect(PG_ADMIN_URL, autocommit=True) as admin:
        admin.execute(f'DROP DATABASE IF EXISTS "{database}" WITH (FORCE)')


def setup_django(stack: str, *, migrate: bool = True) -> None:
    import django
    from django.conf import settings

    django.setup()
    import game

    assert Path(game.__file__).resolve().is_relative_to(ROOT.resolve()), "measuring another tree"
    if stack == "redis":
        settings.CHANNEL_LAYERS = {
            "default": {
                "BACKEND": "bangarena_site.live.layer.PubSubLayer",
                "CONFIG": {
                    "hosts": [{"address": REDIS_URL, "socket_timeout": None}],
                    "prefix": os.environ["BENCH_LAYER_PREFIX"],
                },
            }
        }
    # embedded and redis: delayed jobs on an embedded scheduler (of this process or of the
    # worker process); production: real Celery workers through the Redis broker.
    settings.EMBEDDED = stack != "production"
    # Overdue sweeps and dropped first jobs are expected here; errors still show.
    logging.getLogger("bangarena_site.jobs").setLevel(logging.ERROR)
    logging.getLogger("game.tasks").setLevel(logging.ERROR)
    if migrate:
        from django.core.management import call_command

        call_command("migrate", verbosity=0, interactive=False)


# --- the tables and their screens -------------------------------------------------------------


@dataclass
class Screen:
    match_id: int
    cookie: str | None  # None: a watcher
    language: str = "en"


def deal_tables(
    tables: int, clients: int, seats_per_table: int = SEATS, languages: tuple[str, ...] = ("en",)
) -> list[Screen]:
    """Start the tables (their first jobs are dropped: nothing is attached yet) and return the
    screens that will connect: per table the seat-0 player, then (while there are clients) a
    watcher, the other seats' players, and watchers in the other languages."""
    from django.conf import settings
    from django.contrib.sessions.backends.db import SessionStore

    from game import services
    from game.models import MatchSeat
    from game.services import SeatSpec

    per_table = [clients // tables + (1 if t < clients % tables else 0) for t in range(tables)]
    screens: list[Screen] = []
    cookie_name = settings.SESSION_COOKIE_NAME
    for table, count in enumerate(per_table):
        seat_screens = min(max(1, count - 1), seats_per_table)
        keys = []
        for _ in range(seat_screens):
            session = SessionStore()
            session["guest"] = True
            session.save()
            keys.append(session.session_key)
        # keys[n] is seat n's guest; the other seats are bots.
        seats = [
            SeatSpec(kind="human", name=f"Guest {n + 1}", guest_key=key)
            for n, key in enumerate(keys)
        ]
        seats += [
            SeatSpec(kind="bot", name=f"Bot {n}")
            for n in range(1, seats_per_table - len(seats) + 1)
        ]
        match = services.start_match(
            seats=seats, mode="classic", move_time=15, tempo="fast", seed=1000 + table
        )
        MatchSeat.objects.filter(match=match, kind="human").update(autopilot=True)
        table_screens = [Screen(match.pk, f"{cookie_name}={key}") for key in keys]
        watchers = [
            Screen(match.pk, None, languages[n % len(languages)])
            for n in range(count - seat_screens)
        ]
        # The first watcher comes second, as it always did (one seat and one watcher: M = 2K).
        screens += table_screens[:1] + watchers[:1] + table_screens[1:] + watchers[1:]
    return screens


class Recorder:
    """When each move's job started and handed its fragments on (the movers' side), and when
    each screen got each version (the screens' side). One clock: time.monotonic is the
    system's CLOCK_MONOTONIC on Linux, so a worker process's times compare with ours."""

    def __init__(self) -> None:
        self.started: dict[tuple[int, int], float] = {}
        self.sent: dict[tuple[int, int], float] = {}
        self.arrived: dict[tuple[int, int], list[float]] = defaultdict(list)
        self.due: dict[tuple[int, int], float] = {}
        self.cpu: dict[tuple[int, int], float] = {}
        self.sizes: list[int] = []
        self.seen_by: dict[int, set[tuple[int, int]]] = defaultdict(set)
        self.deflated: list[int] = []
        # Every byte a seat's screen got while measuring (for whole matches, per player).
        self.match_bytes: dict[int, int] = defaultdict(int)
        self.match_deflated: dict[int, int] = defaultdict(int)
        self.measuring = False
        self.stopping = False

    def wrap_play_due(self) -> None:
        from game import services

        real = services.play_due
        real_schedule = services._schedule_move
        armed: dict[tuple[int, int], float] = {}

        def schedule_move(match: Any, delay: float) -> None:
            # When the move after this version falls due: now plus the pause (or the timer).
            armed[(match.pk, match.version)] = time.monotonic() + max(0.0, delay)
            real_schedule(match, delay)

        def play_due(match_id: int, version: int) -> Any:
            if self.stopping:
                return None  # arms nothing more: the tables stop
            began = time.monotonic()
            cpu = time.thread_time()
            result = real(match_id, version)
            if result is not None and self.measuring:
                # play_due returns once the commit's broadcast has handed every fragment on.
                key = (match_id, result.version)
                self.sent[key] = time.monotonic()
                self.started[key] = began
                self.cpu[key] = time.thread_time() - cpu
                self.due[key] = armed.get((match_id, version), began)
            return result

        services._schedule_move = schedule_move
        services.play_due = play_due

    def moves_seen(self) -> int:
        return len(self.started) or len(self.arrived)


async def watch_screen(socket: Any, screen: Screen, recorder: Recorder) -> None:
    match_id = screen.match_id
    # What permessage-deflate would send: one deflate stream per socket (context takeover),
    # flushed per message, with the window Daphne accepts (bangarena_site.compression).
    deflate = zlib.compressobj(6, zlib.DEFLATED, -WINDOW_BITS, MEMORY_LEVEL)
    while True:
        try:
            frame = await socket.receive_output(timeout=3600)
        except asyncio.CancelledError:
            raise
        except Exception:
            return
        now = time.monotonic()
        if frame.get("type") != "websocket.send":
            return
        text = (frame.get("text") or "").encode()
        found = VERSION.search(text)
        wire = len(deflate.compress(text) + deflate.flush(zlib.Z_SYNC_FLUSH)) - 4
        if recorder.measuring and screen.cookie is not None:
            recorder.match_bytes[id(socket)] += len(text)
            recorder.match_deflated[id(socket)] += wire
        if found and recorder.measuring:
            key = (match_id, int(found.group(1)))
            if key not in recorder.seen_by[id(socket)]:  # a move's own frame, not a signal's
                recorder.seen_by[id(socket)].add(key)
                recorder.arrived[key].append(now)
                recorder.sizes.append(len(text))
                recorder.deflated.append(wire)


def running_tables() -> int:
    from game.models import Match

    return Match.objects.filter(status="running").count()


def start_tables(scheduler: Any) -> None:
    """Arm the first move of every table, spread over one Fast pause."""
    from game.models import Match

    matches = list(Match.objects.filter(status="running").values_list("pk", "version"))
    for index, (match_id, version) in enumerate(matches):
        scheduler.submit(0.6 * index / len(matches), "game.advance", [match_id, version])


def move_scheduler() -> Any:
    """A scheduler on this process's loop that runs the moves (and the sweeper)."""
    from bangarena_site import jobs

    scheduler = jobs.EmbeddedScheduler(periodic={"game.sweep": 5.0})
    scheduler.attach(asyncio.get_running_loop())
    jobs.embedded_scheduler = scheduler
    return scheduler


class InProcessMoves:
    """Embedded stack: the moves run on this process's loop, as in the one server process."""

    def __init__(self, recorder: Recorder) -> None:
        self.recorder = recorder

    async def start(self) -> None:
        from channels.db import database_sync_to_async

        self.recorder.wrap_play_due()
        self.scheduler = move_scheduler()
        await database_sync_to_async(start_tables)(self.scheduler)

    async def stop(self) -> None:
        self.recorder.stopping = True
        await self.scheduler.drain()


class WorkerMoves:
    """Redis stack: the moves run in a worker process (as Celery's worker in production), so
    renders do not share a process, and its GIL, with the screens' sockets."""

    def __init__(self, recorder: Recorder) -> None:
        self.recorder = recorder

    async def start(self) -> None:
        command = [sys.executable, __file__, "--worker", "--stack", "redis"]
        self.worker = await asyncio.create_subprocess_exec(
            *command, stdin=subprocess.PIPE, stdout=subprocess.PIPE
        )

    async def stop(self) -> None:
        assert self.worker.stdin is not None
        self.worker.stdin.write(b"stop\n")
        await self.worker.stdin.drain()
        output, _ = await asyncio.wait_for(self.worker.communicate(), timeout=120)
        moves = json.loads(output.decode().strip().splitlines()[-1])
        for match_id, version, began, sent, due, cpu in moves:
            self.recorder.started[(match_id, version)] = began
            self.recorder.sent[(match_id, version)] = sent
            self.recorder.due[(match_id, version)] = due
            self.recorder.cpu[(match_id, version)] = cpu


async def run_worker() -> None:
    """The worker process of the Redis stack: make moves until told to stop, then print each
    measured move as [match, version, job started, fragments handed on]."""
    recorder = Recorder()
    recorder.wrap_play_due()
    scheduler = move_scheduler()
    loop = asyncio.get_running_loop()
    stop = asyncio.Event()

    def wait_for_stop() -> None:
        sys.stdin.readline()
        loop.call_soon_threadsafe(stop.set)

    threading.Thread(target=wait_for_stop, daemon=True).start()
    from channels.db import database_sync_to_async

    await database_sync_to_async(start_tables)(scheduler)
    await asyncio.sleep(WARM_UP)
    recorder.measuring = True
    await stop.wait()
    recorder.measuring = False
    recorder.stopping = True
    await scheduler.drain()
    moves = [
        [*key, began, recorder.sent[key], recorder.due[key], recorder.cpu[key]]
        for key, began in recorder.started.items()
    ]
    print(json.dumps(moves), flush=True)


async def measure(args: argparse.Namespace) -> Figures:
    from channels.db import database_sync_to_async
    from channels.testing import WebsocketCommunicator

    from bangarena_site.asgi import router

    recorder = Recorder()
    screens = await database_sync_to_async(deal_tables)(
        args.tables, args.clients, args.seats, tuple(args.watchers.split(","))
    )
    # Connect every screen and take its first full table before any table moves.
    sockets = []
    for screen in screens:
        headers = [(b"origin", ORIGIN), (b"accept-language", screen.language.encode())]
        if screen.cookie:
            headers.append((b"cookie", screen.cookie.encode()))
        socket = WebsocketCommunicator(router, f"/ws/match/{screen.match_id}/", headers=headers)
        connected, _ = await socket.connect(timeout=CONNECT_TIMEOUT)
        assert connected, f"screen of match {screen.match_id} was refused"
        await socket.receive_from(timeout=CONNECT_TIMEOUT)
        sockets.append(socket)
    readers = [
        asyncio.ensure_future(watch_screen(socket, screen, recorder))
        for socket, screen in zip(sockets, screens, strict=True)
    ]

    moves = InProcessMoves(recorder) if args.stack == "embedded" else WorkerMoves(recorder)
    if args.whole:
        recorder.measuring = True
    await moves.start()
    if not args.whole:
        await asyncio.sleep(WARM_UP)  # the first moves of all tables at once are not measured
    recorder.measuring = True
    began = time.monotonic()
    cpu_began = time.process_time()
    ceiling = began + args.seconds
    if args.whole:
        recorder.measuring = True  # from the first move: whole matches
    while time.monotonic() < ceiling:
        if args.whole:
            if not await database_sync_to_async(running_tables)():
                break
        elif recorder.moves_seen() >= args.actions:
            break
        await asyncio.sleep(0.2)
    elapsed = time.monotonic() - began
    cpu_spent = time.process_time() - cpu_began
    await moves.stop()
    await asyncio.sleep(GRACE)  # the last fragments (counted as lost if they do not arrive)
    recorder.measuring = False
    for reader in readers:
        reader.cancel()
    for socket in sockets:
        await socket.disconnect()
    figures = figures_of(args, recorder, screens, elapsed)
    if args.stack == "embedded":
        figures.stack_cpu_ms_per_move = round(1000 * cpu_spent / max(1, figures.moves), 2)
    return figures


def figures_of(
    args: argparse.Namespace, recorder: Recorder, screens: list[Screen], elapsed: float
) -> Figures:
    screens_per_match: dict[int, int] = defaultdict(int)
    for screen in screens:
        screens_per_match[screen.match_id] += 1
    every: list[float] = []
    due: list[float] = []
    fragments: list[float] = []
    job: list[float] = []
    delivery: list[float] = []
    lost = 0
    for (match_id, version), start in recorder.started.items():
        arrivals = recorder.arrived.get((match_id, version), [])
        expected = screens_per_match[match_id]
        lost += max(0, expected - len(arrivals))
        fragments.extend(arrival - start for arrival in arrivals)
        job.append(recorder.sent[(match_id, version)] - start)
        if len(arrivals) >= expected:
            every.append(max(arrivals) - start)
            due.append(max(arrivals) - recorder.due[(match_id, version)])
            delivery.append(max(arrivals) - recorder.sent[(match_id, version)])
    return Figures(
        stack=stack_name(args),
        tables=args.tables,
        clients=len(screens),
        moves=len(recorder.started),
        fragments=len(fragments),
        lost=lost,
        moves_per_second=round(len(recorder.started) / elapsed, 1),
        every_p50_ms=round(percentile(every, 0.50) * 1000, 1),
        every_p99_ms=round(percentile(every, 0.99) * 1000, 1),
        fragment_p50_ms=round(percentile(fragments, 0.50) * 1000, 1),
        fragment_p99_ms=round(percentile(fragments, 0.99) * 1000, 1),
        job_p50_ms=round(percentile(job, 0.50) * 1000, 1),
        job_p99_ms=round(percentile(job, 0.99) * 1000, 1),
        delivery_p50_ms=round(percentile(delivery, 0.50) * 1000, 1),
        delivery_p99_ms=round(percentile(delivery, 0.99) * 1000, 1),
        due_p50_ms=round(percentile(due, 0.50) * 1000, 1),
        due_p99_ms=round(percentile(due, 0.99) * 1000, 1),
        cpu_p50_ms=round(percentile(list(recorder.cpu.values()), 0.50) * 1000, 2),
        bytes_p50=percentile(recorder.sizes, 0.50),
        bytes_p99=percentile(recorder.sizes, 0.99),
        deflate_p50=percentile(recorder.deflated, 0.50),
        deflate_p99=percentile(recorder.deflated, 0.99),
        **(match_totals(recorder) if args.whole else {}),
        load_average=round(os.getloadavg()[0], 2),
    )


def stack_name(args: argparse.Namespace) -> str:
    if args.stack == "production":
        threads = f"x{args.threads} threads" if args.threads > 1 else ""
        return f"production web={args.web} workers={args.workers}{threads}"
    return args.stack


# --- the production stack: real daphne and celery processes -----------------------------------


async def watch_websocket(socket: Any, screen: Screen, recorder: Recorder) -> None:
    """A real WebSocket client over TCP: when each move's frame arrived, and its size."""
    deflate = zlib.compressobj(6, zlib.DEFLATED, -WINDOW_BITS, MEMORY_LEVEL)
    key_of_socket = id(socket)
    try:
        async for message in socket:
            now = time.monotonic()
            text = message.encode() if isinstance(message, str) else message
            found = VERSION.search(text)
            if not recorder.measuring:
                continue
            wire = len(deflate.compress(text) + deflate.flush(zlib.Z_SYNC_FLUSH)) - 4
            if screen.cookie is not None:
                recorder.match_bytes[key_of_socket] += len(text)
                recorder.match_deflated[key_of_socket] += wire
            if found:
                key = (screen.match_id, int(found.group(1)))
                if key not in recorder.seen_by[key_of_socket]:
                    recorder.seen_by[key_of_socket].add(key)
                    recorder.arrived[key].append(now)
                    recorder.sizes.append(len(text))
                    recorder.deflated.append(wire)
    except asyncio.CancelledError:
        raise
    except Exception:
        return


async def open_screens(screens: list[Screen], ports: list[int]) -> list[Any]:
    """Connect every screen to a daphne process (round robin) and take its first table."""
    import websockets

    sockets = []
    for number, screen in enumerate(screens):
        port = ports[number % len(ports)]
        headers = {"Origin": ORIGIN.decode(), "Accept-Language": screen.language}
        if screen.cookie:
            headers["Cookie"] = screen.cookie
        socket = await websockets.connect(
            f"ws://127.0.0.1:{port}/ws/match/{screen.match_id}/",
            additional_headers=headers,
            open_timeout=CONNECT_TIMEOUT,
            max_size=2**24,
            ping_interval=None,
        )
        await asyncio.wait_for(socket.recv(), CONNECT_TIMEOUT)
        sockets.append(socket)
    return sockets


def arm_first_moves(only: set[int] | None = None) -> dict[tuple[int, int], float]:
    """Send every table's (or ``only`` these tables') first move to the workers through the
    broker, spread over one Fast pause; returns when each falls due."""
    from bangarena_site.jobs import run_job
    from game.models import Match

    running = Match.objects.filter(status="running")
    if only is not None:
        running = running.filter(pk__in=only)
    matches = list(running.values_list("pk", "version"))
    armed = {}
    for index, (match_id, version) in enumerate(matches):
        delay = 0.6 * index / len(matches)
        armed[(match_id, version)] = time.monotonic() + delay
        run_job.apply_async(("game.advance", [match_id, version]), countdown=delay)
    return armed


def deal_without_jobs(args: argparse.Namespace) -> list[Screen]:
    """Deal the tables with the first jobs dropped (the workers are not up yet)."""
    from django.conf import settings

    settings.EMBEDDED = True
    try:
        return deal_tables(args.tables, args.clients, args.seats, tuple(args.watchers.split(",")))
    finally:
        settings.EMBEDDED = False


class MemorySampler:
    """RSS of the web and worker processes every ``every`` seconds (the soak)."""

    def __init__(self, stack: Any, every: float) -> None:
        self.stack = stack
        self.every = every
        self.samples: list[dict[str, Any]] = []

    async def run(self, began: float) -> None:
        from production_stack import rss_kb

        while True:
            self.samples.append(
                {
                    "minute": round((time.monotonic() - began) / 60, 2),
                    "web_mb": [round(rss_kb(pid) / 1024, 1) for pid in self.stack.web_pids()],
                    "worker_mb": [round(rss_kb(pid) / 1024, 1) for pid in self.stack.worker_pids()],
                    "load": round(os.getloadavg()[0], 2),
                }
            )
            print(f"soak {json.dumps(self.samples[-1])}", file=sys.stderr, flush=True)
            await asyncio.sleep(self.every)


class TableChurn:
    """The soak keeps K tables playing: a finished table's screens close and a new table with
    new screens takes its place, as players leave and sit down again (so whatever a process
    keeps per match or per socket has to be released, or the soak shows it)."""

    def __init__(
        self,
        args: argparse.Namespace,
        screens: list[Screen],
        sockets: list[Any],
        readers: list[asyncio.Future[Any]],
        ports: list[int],
        recorder: Recorder,
    ) -> None:
        self.args = args
        self.screens = screens
        self.sockets = sockets
        self.readers = readers
        self.ports = ports
        self.recorder = recorder
        self.replaced = 0
        self.closed_screens: list[Screen] = []

    async def replace_finished(self, armed: dict[tuple[int, int], float]) -> None:
        from channels.db import database_sync_to_async

        from game.models import Match

        playing = {screen.match_id for screen in self.screens}
        finished = set(
            await database_sync_to_async(
                lambda: list(
                    Match.objects.filter(pk__in=playing)
                    .exclude(status="running")
                    .values_list("pk", flat=True)
                )
            )()
        )
        if not finished:
            return
        keep = [n for n, screen in enumerate(self.screens) if screen.match_id not in finished]
        gone = [n for n, screen in enumerate(self.screens) if screen.match_id in finished]
        for n in gone:
            self.closed_screens.append(self.screens[n])
            self.readers[n].cancel()
            await self.sockets[n].close()
        per_table = len(gone) // len(finished)
        fresh = await database_sync_to_async(deal_without_jobs)(
            argparse.Namespace(
                **{**vars(self.args), "tables": len(finished), "clients": per_table * len(finished)}
            )  # fmt: skip
        )
        opened = await open_screens(fresh, self.ports)
        self.screens[:] = [self.screens[n] for n in keep] + fresh
        self.readers[:] = [self.readers[n] for n in keep] + [
            asyncio.ensure_future(watch_websocket(socket, screen, self.recorder))
            for socket, screen in zip(opened, fresh, strict=True)
        ]
        self.sockets[:] = [self.sockets[n] for n in keep] + opened
        new_ids = {screen.match_id for screen in fresh}
        armed.update(await database_sync_to_async(arm_first_moves)(new_ids))
        self.replaced += len(finished)


async def measure_production(args: argparse.Namespace) -> Figures:
    from channels.db import database_sync_to_async
    from production_stack import ProductionStack

    from bangarena_site.celery import app as celery_app

    recorder = Recorder()
    screens = await database_sync_to_async(deal_without_jobs)(args)
    await asyncio.to_thread(celery_app.control.purge)  # nothing left from an earlier run
    probe_dir = Path(tempfile.mkdtemp(prefix="bench-probe-"))
    stack = ProductionStack(
        ROOT, args.web, args.workers, probe_dir, trace_web=args.trace_web, threads=args.threads
    )
    readers: list[asyncio.Future[Any]] = []
    sockets: list[Any] = []
    sampler_task = None
    try:
        await asyncio.to_thread(stack.start)
        sockets = await open_screens(screens, stack.ports)
        readers = [
            asyncio.ensure_future(watch_websocket(socket, screen, recorder))
            for socket, screen in zip(sockets, screens, strict=True)
        ]
        first_armed = await database_sync_to_async(arm_first_moves)()
        await asyncio.sleep(WARM_UP)
        recorder.measuring = True
        began = time.monotonic()
        cpu_before = stack.cpu_by_role()
        if args.soak:
            sampler = MemorySampler(stack, 30.0)
            sampler_task = asyncio.ensure_future(sampler.run(began))
            ceiling = began + args.soak * 60
        else:
            ceiling = began + args.seconds
        tables = TableChurn(args, screens, sockets, readers, stack.ports, recorder)
        while time.monotonic() < ceiling:
            if not args.soak and len(recorder.arrived) >= args.actions:
                break
            if args.soak:
                await tables.replace_finished(first_armed)
                await asyncio.sleep(2.0)
            else:
                await asyncio.sleep(0.2)
        ended = time.monotonic()
        cpu_after = stack.cpu_by_role()
        await asyncio.sleep(GRACE)
        recorder.measuring = False
    finally:
        if sampler_task is not None:
            sampler_task.cancel()
        for reader in readers:
            reader.cancel()
        for socket in sockets:
            await socket.close()
        await asyncio.to_thread(stack.stop)
    import table_probe

    armed, moves = table_probe.read(probe_dir)
    if args.trace_web:
        print(f"tracemalloc reports in {probe_dir}", file=sys.stderr)
    else:
        shutil.rmtree(probe_dir, ignore_errors=True)  # kept when a run failed (its logs)
    armed.update(first_armed)
    for match_id, before, after, started, handed_on, cpu in moves:
        if began <= started <= ended:
            key = (match_id, after)
            recorder.started[key] = started
            recorder.sent[key] = handed_on
            recorder.cpu[key] = cpu
            recorder.due[key] = armed.get((match_id, before), started)
    # Every screen that ever watched a table counts for it (the soak replaces tables).
    figures = figures_of(args, recorder, screens + tables.closed_screens, ended - began)
    figures.cpu_percent = {
        role: round(100 * (cpu_after[role] - cpu_before[role]) / (ended - began), 1)
        for role in cpu_after
    }
    spent = sum(cpu_after[role] - cpu_before[role] for role in cpu_after if "waiting" not in role)
    figures.stack_cpu_ms_per_move = round(1000 * spent / max(1, figures.moves), 2)
    if args.soak:
        figures.soak = sampler.samples
    return figures


def match_totals(recorder: Recorder) -> dict[str, float]:
    """What one player's screen received over a whole match, in kB (median and most)."""
    sizes = list(recorder.match_bytes.values())
    return {
        "match_kb_p50": round(percentile(sizes, 0.5) / 1000, 1),
        "match_kb_max": round(max(sizes, default=0) / 1000, 1),
        "match_deflate_kb_p50": round(
            percentile(list(recorder.match_deflated.values()), 0.5) / 1000, 1
        ),
    }


def run_once(args: argparse.Namespace) -> Figures:
    with tempfile.TemporaryDirectory(prefix="bench-table-load-") as workdir:
        database = configure_environment(args.stack, Path(workdir))
        try:
            setup_django(args.stack)
            if args.stack == "production":
                return asyncio.run(measure_production(args))
            return asyncio.run(measure(args))
        finally:
            if database:
                drop_database(database)


# --- several runs ------------------------------------------------------------------------------


def run_repeated(args: argparse.Namespace) -> list[Figures]:
    """Each run in a fresh process (a fresh database, layer and scheduler)."""
    results = []
    for run in range(args.runs):
        command = [
            sys.executable,
            __file__,
            *("--tables", str(args.tables), "--clients", str(args.clients)),
            *("--stack", args.stack, "--actions", str(args.actions)),
            *("--seconds", str(args.seconds), "--json"),
            *("--seats", str(args.seats), "--watchers", args.watchers),
            *(["--whole"] if args.whole else []),
            *("--web", str(args.web), "--workers", str(args.workers)),
            *("--threads", str(args.threads)),
            *(["--soak", str(args.soak)] if args.soak else []),
        ]
        env = dict(os.environ, BENCH_CODE=args.code) if args.code else None
        # In the measured tree: Celery's app puts the working directory on sys.path.
        done = subprocess.run(
            command, capture_output=True, text=True, check=False, env=env, cwd=args.code or ROOT
        )
        if done.returncode != 0:
            sys.stderr.write(done.stderr)
            raise SystemExit(f"run {run + 1} failed")
        figures = Figures(**json.loads(done.stdout.strip().splitlines()[-1]))
        print(f"run {run + 1}: {describe(figures)}", flush=True)
        results.append(figures)
    return results


#: --scale-out: the production stack's shapes (daphne processes, Celery worker processes)
#: measured against the embedded default at the same K.
SCALE_OUT_SHAPES = ((1, 1), (1, 2), (2, 2))


def run_scale_out(args: argparse.Namespace) -> None:
    """The embedded default and every production shape, round by round (so that all see the
    same machine), ``--runs`` rounds; then one table of medians, each shape beside the
    embedded default of the same K."""
    settings = [("embedded", 1, 1)] + [("production", w, m) for w, m in SCALE_OUT_SHAPES]
    results: dict[tuple[str, int, int], list[Figures]] = {key: [] for key in settings}
    for _ in range(args.runs):
        for stack, web, workers in settings:
            one = {**vars(args), "runs": 1, "stack": stack, "web": web, "workers": workers}
            results[(stack, web, workers)] += run_repeated(argparse.Namespace(**one))
    embedded = median_of(results[settings[0]])
    print(
        f"\nK = {args.tables}, {args.clients} screens, medians of {args.runs} rounds\n"
        "| stack | moves/s | x embedded | due -> every screen p50 / p99 | stack CPU / move |"
        " load |\n|---|---|---|---|---|---|"
    )
    for key in settings:
        f = median_of(results[key])
        name = "embedded" if key[0] == "embedded" else f"production {key[1]} web, {key[2]} workers"
        ratio = f.moves_per_second / embedded.moves_per_second if embedded.moves_per_second else 0
        print(
            f"| {name} | {f.moves_per_second:.1f} | {ratio:.2f} | "
            f"{f.due_p50_ms:.0f} / {f.due_p99_ms:.0f} ms | {f.stack_cpu_ms_per_move:.1f} ms | "
            f"{f.load_average:.1f} |"
        )


def describe(f: Figures) -> str:
    return (
        f"{f.stack} K={f.tables} M={f.clients}: {f.moves} moves ({f.moves_per_second}/s), "
        f"due->every screen p50 {f.due_p50_ms} ms p99 {f.due_p99_ms} ms; "
        f"job CPU {f.cpu_p50_ms} ms/move, stack CPU {f.stack_cpu_ms_per_move} ms/move; "
        f"bytes/screen/move p50 {f.bytes_p50:.0f} "
        f"p99 {f.bytes_p99:.0f} (deflated p50 {f.deflate_p50:.0f} p99 {f.deflate_p99:.0f}); "
        f"{whole(f)}load {f.load_average}; "
        f"every seat p50 {f.every_p50_ms} ms p99 {f.every_p99_ms} ms; "
        f"per fragment p50 {f.fragment_p50_ms} ms p99 {f.fragment_p99_ms} ms; "
        f"job p50 {f.job_p50_ms} p99 {f.job_p99_ms} ms, delivery p50 {f.delivery_p50_ms} "
        f"p99 {f.delivery_p99_ms} ms; lost {f.lost}{soak(f)}"
        + (f"; CPU % of a core {f.cpu_percent}" if f.cpu_percent else "")
    )


def soak(f: Figures) -> str:
    if not f.soak:
        return ""
    first, last = f.soak[0], f.soak[-1]
    return (
        f"; soak {last['minute']} min: web MB {first['web_mb']} -> {last['web_mb']}, "
        f"worker MB {first['worker_mb']} -> {last['worker_mb']}"
    )


def whole(f: Figures) -> str:
    if not f.match_kb_p50:
        return ""
    return (
        f"a whole match per player {f.match_kb_p50} kB (max {f.match_kb_max}, deflated "
        f"{f.match_deflate_kb_p50} kB); "
    )


def median_of(results: list[Figures]) -> Figures:
    first = results[0]
    values = {}
    for name, value in asdict(first).items():
        if isinstance(value, int | float) and name not in ("tables", "clients"):
            values[name] = statistics.median(getattr(r, name) for r in results)
        else:
            values[name] = value
    return Figures(**values)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=50, help="K concurrent all-bot tables")
    parser.add_argument("--clients", type=int, default=100, help="M WebSocket clients in all")
    parser.add_argument("--stack", choices=("embedded", "redis", "production"), default="embedded")
    parser.add_argument("--web", type=int, default=1, help="production: daphne processes")
    parser.add_argument(
        "--workers", type=int, default=1, help="production: celery worker processes"
    )
    parser.add_argument(
        "--threads", type=int, default=1, help="production: job threads per worker process"
    )
    parser.add_argument(
        "--trace-web", action="store_true", help="production: daphne under tracemalloc"
    )
    parser.add_argument(
        "--soak", type=float, default=0.0, help="production: run MINUTES, sample RSS every 30 s"
    )
    parser.add_argument("--actions", type=int, default=1500, help="moves to measure")
    parser.add_argument("--seconds", type=float, default=60.0, help="measuring time ceiling")
    parser.add_argument("--runs", type=int, default=1, help="repeat in fresh processes")
    parser.add_argument("--json", action="store_true", help="print one JSON line (for --runs)")
    parser.add_argument("--code", default="", help="measure the project checked out in DIR")
    parser.add_argument("--seats", type=int, default=SEATS, help="seats per table (4-8)")
    parser.add_argument(
        "--watchers", default="en", help="languages of a table's watchers, comma-separated"
    )
    parser.add_argument(
        "--whole", action="store_true", help="play every table to its end (bytes per match)"
    )
    parser.add_argument(
        "--baseline", default="", help="DIR of a baseline checkout: runs alternate with it"
    )
    parser.add_argument(
        "--scale-out",
        action="store_true",
        help="the embedded default and production 1x1, 1x2, 2x2, alternated --runs rounds",
    )
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:  # started by a Redis-stack run, in its environment
        setup_django("redis", migrate=False)
        asyncio.run(run_worker())
        return
    most = args.seats + len(args.watchers.split(","))
    if args.tables < 1 or args.clients < args.tables or args.clients > args.tables * most:
        parser.error(f"need 1 <= K <= M <= {most} K (a screen per seat, a watcher per language)")
    if args.scale_out:
        run_scale_out(args)
        return
    if args.baseline:
        # Baseline and this code alternate run by run, so both see the same machine load.
        before, after = [], []
        for _ in range(args.runs):
            before += run_repeated(
                argparse.Namespace(**{**vars(args), "runs": 1, "code": args.baseline})
            )
            after += run_repeated(argparse.Namespace(**{**vars(args), "runs": 1, "code": ""}))
        print(f"baseline, median of {args.runs}: {describe(median_of(before))}")
        print(f"this code, median of {args.runs}: {describe(median_of(after))}")
        return
    if args.runs > 1:
        print(f"median of {args.runs}: {describe(median_of(run_repeated(args)))}")
        return
    figures = run_once(args)
    print(json.dumps(asdict(figures)) if args.json else describe(figures))


if __name__ == "__main__":
    main()

"""The real production stack for the benchmarks: N daphne processes and one ``celery worker``
with M processes, on PostgreSQL and Redis, started and stopped by the bench.

Everything they need comes from the environment the bench prepared (its own database, its own
Redis database number, its own channel prefix), so a run never touches anybody else's data.
The workers load bench/table_probe.py, which records each move's timings to files the bench
reads afterwards. Loopback only; every process is ended by its id when the run stops.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

BENCH = Path(__file__).resolve().parent


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def accepts(port: int) -> bool:
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=0.5):
            return True
    except OSError:
        return False


def rss_kb(pid: int) -> int:
    """Resident memory of a process in kB (0 once it is gone)."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


def cpu_seconds(pid: int) -> float:
    """User + system CPU time a process has used so far (0 once it is gone)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def runqueue_seconds(pid: int) -> float:
    """Time the process's threads spent runnable but waiting for a CPU (/proc schedstat):
    on a machine shared with other sessions, what they took from this process."""
    total = 0
    for stat in Path(f"/proc/{pid}/task").glob("*/schedstat"):
        try:
            total += int(stat.read_text().split()[1])
        except (OSError, IndexError, ValueError):
            continue
    return total / 1e9


def children(pid: int) -> list[int]:
    try:
        text = Path(f"/proc/{pid}/task/{pid}/children").read_text()
    except OSError:
        return []
    return [int(child) for child in text.split()]


class ProductionStack:
    def __init__(
        self,
        root: Path,
        web: int,
        workers: int,
        probe_dir: Path,
        *,
        trace_web: bool = False,
        threads: int = 1,
    ) -> None:
        self.trace_web = trace_web
        self.threads = threads
        self.celery: list[subprocess.Popen[bytes]] = []
        self.root = root
        self.web = web
        self.workers = workers
        self.probe_dir = probe_dir
        self.ports: list[int] = []
        self.daphnes: list[subprocess.Popen[bytes]] = []
        self.worker: subprocess.Popen[bytes] | None = None

    def environment(self) -> dict[str, str]:
        env = dict(os.environ)
        env["PYTHONPATH"] = os.pathsep.join([str(self.root), str(BENCH), env.get("PYTHONPATH", "")])
        env["BENCH_PROBE_DIR"] = str(self.probe_dir)
        env["SECURE_SSL_REDIRECT"] = "false"  # plain ws:// on loopback
        env.setdefault("LOG_LEVEL", "WARNING")
        return env

    def start(self) -> None:
        env = self.environment()
        for number in range(self.web):
            port = free_port()
            self.ports.append(port)
            command = [*self.daphne(), "-b", "127.0.0.1", "-p", str(port)]
            self.daphnes.append(
                self._spawn(f"daphne-{number}", [*command, "bangarena_site.asgi:application"], env)
            )
        # prefork: M worker processes under one parent, as docker-compose runs it; with
        # threads > 1, M processes of their own, each running jobs on that many threads.
        pools = (
            [("prefork", self.workers)]
            if self.threads <= 1
            else [("threads", self.threads)] * self.workers
        )
        for number, (pool, concurrency) in enumerate(pools):
            self.celery.append(
                self._spawn(
                    f"celery-{number}",
                    [
                        *("-m", "celery", "-A", "bangarena_site", "worker", f"--pool={pool}"),
                        *(f"--concurrency={concurrency}", "--include=table_probe"),
                        *("--loglevel=WARNING", "--without-gossip", "--without-mingle"),
                        *("--without-heartbeat", f"--hostname=bench{number}-{os.getpid()}@%h"),
                    ],
                    env,
                )
            )
        self.worker = self.celery[0]
        deadline = time.monotonic() + 60
        while not all(accepts(port) for port in self.ports):
            self._check_alive()
            if time.monotonic() > deadline:
                raise TimeoutError("daphne did not start within 60 s")
            time.sleep(0.1)
        self._wait_for_workers(deadline)

    def _spawn(
        self, name: str, arguments: list[str], env: dict[str, str]
    ) -> subprocess.Popen[bytes]:
        """Start ``python <arguments>`` with its output in the run's ``<name>.log``."""
        log = (self.probe_dir / f"{name}.log").open("wb")
        return subprocess.Popen(
            [sys.executable, *arguments], cwd=self.root, env=env, stdout=log,
            stderr=subprocess.STDOUT,
        )  # fmt: skip

    def daphne(self) -> list[str]:
        """daphne itself, or daphne under tracemalloc (bench/traced_daphne.py)."""
        return [str(BENCH / "traced_daphne.py")] if self.trace_web else ["-m", "daphne"]

    def _wait_for_workers(self, deadline: float) -> None:
        """Until the worker's M processes are forked (then it consumes its queue)."""
        assert self.worker is not None
        while self.threads <= 1 and len(children(self.worker.pid)) < self.workers:
            self._check_alive()
            if time.monotonic() > deadline:
                raise TimeoutError("celery worker did not start within 60 s")
            time.sleep(0.1)
        time.sleep(1.0)  # the children connect to the broker

    def _check_alive(self) -> None:
        for process in [*self.daphnes, *self.celery]:
            if process.poll() is not None:
                raise RuntimeError(
                    f"{process.args[2:4]} exited with {process.returncode}; "
                    f"see the logs in {self.probe_dir}"
                )

    def web_pids(self) -> list[int]:
        return [process.pid for process in self.daphnes]

    def worker_pids(self) -> list[int]:
        """The processes that run jobs (prefork: the parent's children)."""
        if self.threads > 1:
            return [process.pid for process in self.celery]
        return children(self.worker.pid) if self.worker is not None else []

    def cpu_by_role(self) -> dict[str, float]:
        """CPU seconds used so far by the web processes, the worker's parent (which takes the
        broker's messages and holds the delayed ones), its children and this bench."""
        parent = [self.worker.pid] if self.worker is not None and self.threads <= 1 else []
        return {
            "web": sum(cpu_seconds(pid) for pid in self.web_pids()),
            "worker_parent": sum(cpu_seconds(pid) for pid in parent),
            "workers": sum(cpu_seconds(pid) for pid in self.worker_pids()),
            "bench_clients": cpu_seconds(os.getpid()),
            "workers_waiting_for_a_cpu": sum(runqueue_seconds(pid) for pid in self.worker_pids()),
            "web_waiting_for_a_cpu": sum(runqueue_seconds(pid) for pid in self.web_pids()),
        }

    def stop(self) -> None:
        processes = [*self.daphnes, *self.celery]
        for process in processes:
            if process.poll() is None:
                process.send_signal(signal.SIGTERM)
        for process in processes:
            try:
                process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait(timeout=10)

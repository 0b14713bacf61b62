"""A live ASGI server and a headless Chromium for the browser smoke tests.

The server is `manage.py runserver` (daphne's, since daphne is first in INSTALLED_APPS) in a
subprocess on a free port, on the embedded default with its own file SQLite database: the
same thing bin/run starts, WebSockets and the embedded job scheduler included.
"""

from __future__ import annotations

import os
import queue
import re
import shutil
import socket
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "artifacts"
# The htmx script, which tests hold back with a route: until it comes, nothing binds a page's
# controls, as in the first moments of a page on a slow line.
HTMX_SCRIPT = re.compile(r"/django_htmx/htmx-2[^/]*\.js$")
# The production-stack variables are dropped: the browser test drives the embedded default.
STACK_ENV = ("DATABASE_URL", "REDIS_URL", "BANGARENA_EMBEDDED", "DEBUG", "ALLOWED_HOSTS")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
SERVER_READY = "Listening on TCP address"
SERVER_START_TIMEOUT = 90
# runserver may not stop on SIGTERM while a socket is still open (a page, an agent); the test
# server's data is thrown away, so it is killed after a short grace rather than waited for.
SERVER_STOP_TIMEOUT = 5


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def server_env(database: Path) -> dict[str, str]:
    env = {key: value for key, value in os.environ.items() if key not in STACK_ENV}
    env.update(
        BANGARENA_SQLITE_PATH=str(database),
        # Quick match (issue 23): strangers' tables start after 8 s rather than 45 s.
        BANGARENA_QUICK_MATCH_WAIT="8",
        DJANGO_SETTINGS_MODULE="bangarena_site.settings",
        PYTHONUNBUFFERED="1",
    )
    return env


@pytest.fixture(scope="session")
def live_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    database = tmp_path_factory.mktemp("e2e") / "db.sqlite3"
    env = server_env(database)
    manage = [sys.executable, str(ROOT / "manage.py")]
    subprocess.run([*manage, "migrate", "--noinput"], cwd=ROOT, env=env, check=True)

    port = free_port()
    server = subprocess.Popen(
        [*manage, "runserver", f"127.0.0.1:{port}", "--noreload", "--nostatic"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    lines: queue.Queue[str | None] = queue.Queue()

    def pump() -> None:  # keeps the pipe drained for the server's whole life
        assert server.stdout is not None
        for line in server.stdout:
            lines.put(line)
        lines.put(None)

    threading.Thread(target=pump, daemon=True).start()
    seen: list[str] = []
    try:
        while True:
            line = lines.get(timeout=SERVER_START_TIMEOUT)
            if line is None:
                pytest.fail("runserver exited before listening:\n" + "".join(seen))
            seen.append(line)
            if SERVER_READY in line:
                break
        yield f"http://127.0.0.1:{port}"
    finally:
        server.terminate()
        try:
            server.wait(timeout=SERVER_STOP_TIMEOUT)
        except subprocess.TimeoutExpired:
            server.kill()


# Content-Security-Policy violations seen by any page of any test (issue 19: the browser tests
# run under the site's policy and none may be violated). Chromium reports each on the console.
CSP_VIOLATIONS: list[str] = []


def watch_for_csp_violations(page) -> None:  # type: ignore[no-untyped-def]
    def seen(message) -> None:  # type: ignore[no-untyped-def]
        if "Content Security Policy" in message.text:
            CSP_VIOLATIONS.append(f"{page.url}: {message.text}")

    page.on("console", seen)


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    chromium = shutil.which("chromium")
    if chromium is None:
        pytest.skip("Debian's chromium is not installed (bin/test installs it with apt-get)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(
            executable_path=chromium, headless=True, args=CHROMIUM_ARGS
        )
        new_context = launched.new_context

        def watched_context(*args, **kwargs):  # type: ignore[no-untyped-def]
            context = new_context(*args, **kwargs)
            context.on("page", watch_for_csp_violations)
            return context

        launched.new_context = watched_context  # every test's pages are watched
        yield launched
        launched.close()


@pytest.fixture(autouse=True)
def no_csp_violations() -> Iterator[None]:
    CSP_VIOLATIONS.clear()
    yield
    assert not CSP_VIOLATIONS, "\n".join(CSP_VIOLATIONS)


@pytest.fixture
def two_guests(browser):  # type: ignore[no-untyped-def]
    """Two players' pages, each in a browser context of its own (two guests' cookies)."""
    contexts = [browser.new_context(viewport={"width": 1280, "height": 860}) for _ in range(2)]
    yield [context.new_page() for context in contexts]
    for context in contexts:
        context.close()


@pytest.fixture
def page(browser):  # type: ignore[no-untyped-def]
    ARTIFACTS.mkdir(exist_ok=True)
    context = browser.new_context(viewport={"width": 1280, "height": 860})
    opened = context.new_page()
    yield opened
    context.close()

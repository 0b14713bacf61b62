"""Browser test of AI seats (issue 9, R136, R142): an admin-registered language model (served by
a local OpenAI-compatible fake started here) is seated by the host with "Seat an AI", an agent
seat next to it with "Seat an agent", a bot fills the last seat, and the table shows "AI N"
with the model badge and the agent badge. Screenshots at 1280 and 360 px go to artifacts/ai/.
"""

from __future__ import annotations

import sqlite3
import subprocess
import sys
import time
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, expect

from tests.ai.fake_openai import FakeOpenAI, good
from tests.e2e.conftest import ARTIFACTS, ROOT, server_env
from tests.e2e.moves import make_any_move
from tests.e2e.screenshots import full_page_shooter

pytestmark = pytest.mark.e2e

SHOTS = ARTIFACTS / "ai"
LIVE_TIMEOUT_MS = 15_000
MODEL_TURN_TIMEOUT_S = 150
MODEL_NAME = "Fake GPT-4o"


shoot = full_page_shooter(SHOTS)


@pytest.fixture
def registered_model(
    live_url: str, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[FakeOpenAI]:
    """A model in the live server's database (as an admin would register it), answered by a
    fake server in this process: the live server's AI threads call it over real HTTP."""
    fake = FakeOpenAI(default=good("random")).start()
    # live_url's database (tests/e2e/conftest.py: mktemp("e2e") / "db.sqlite3").
    [database] = tmp_path_factory.getbasetemp().glob("e2e[0-9]*/db.sqlite3")
    fake.database = database  # the test reads the server's moves from it
    # update_or_create: a rerun of the test (bin/test --reruns) meets the model its first try
    # registered in the same live database, whose fake server is gone; the picker must offer
    # one model of this name, answered by this try's fake.
    code = (
        "from machines.ai.models import AIModel; "
        f"AIModel.objects.update_or_create(display_name={MODEL_NAME!r}, defaults=dict("
        f"base_url={fake.url!r}, model='fake-1', timeout_seconds=5, enabled=True))"
    )
    subprocess.run(
        [sys.executable, str(ROOT / "manage.py"), "shell", "-c", code],
        cwd=ROOT,
        env=server_env(database),
        check=True,
    )
    yield fake
    fake.stop()


def test_a_table_with_a_model_seat_and_an_agent_seat(
    browser: Browser, live_url: str, registered_model: FakeOpenAI
) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 860})
    host = context.new_page()

    host.goto(f"{live_url}/play/")
    host.fill("input[name=name]", "Calamity Jane")
    host.locator("label.pill", has_text="4").first.click()
    host.locator("label.pill:has(input[name=move_time][value='15'])").click()
    host.locator("label.pill:has(input[name=tempo][value='fast'])").click()
    host.locator("#create-button").click()
    expect(host.locator("#room-code")).to_be_visible()

    shoot(host, "00-room-controls-1280")
    host.set_viewport_size({"width": 360, "height": 780})
    shoot(host, "00-room-controls-360")
    host.set_viewport_size({"width": 1280, "height": 860})

    # Seat 2: an AI played by the registered model (the picker offers it).
    seat_two = host.locator(".seat[data-seat='2']")
    expect(seat_two.locator("select[name=model]")).to_contain_text(MODEL_NAME)
    seat_two.get_by_role("button", name="Seat an AI").click()
    expect(seat_two.locator(".badge--model")).to_have_text(MODEL_NAME, timeout=LIVE_TIMEOUT_MS)

    # Seat 3: an agent program's seat (machines.agents), if that control is there.
    seat_three = host.locator(".seat[data-seat='3']")
    if seat_three.locator("input[name=agent_name]").count():
        seat_three.locator("input[name=agent_name]").fill("RoboDuke")
        seat_three.get_by_role("button", name="Seat an agent").click()
        expect(seat_three.locator(".badge--agent")).to_be_visible(timeout=LIVE_TIMEOUT_MS)
        # The token is shown once, in a dialog; the host closes it with Done. The dialog
        # comes with the POST's answer, which may land after the live push drew the badge:
        # wait for it, or it opens over the next button (a CI flake showed exactly that).
        token = host.locator("dialog.agent-token[open]")
        expect(token).to_be_visible(timeout=LIVE_TIMEOUT_MS)
        token.get_by_role("button", name="Done").click()
        expect(token).to_have_count(0)

    host.locator("#fill-bots").click()
    expect(host.locator("#start-match")).to_be_enabled(timeout=LIVE_TIMEOUT_MS)
    shoot(host, "01-room-1280")

    host.locator("#start-match").click()
    host.wait_for_url("**/match/**", timeout=LIVE_TIMEOUT_MS)
    model_seat = host.locator("#table .seat[data-seat='1']")
    # Named "AI 1" once; its badge says what it is, and which model plays it.
    expect(model_seat.locator(".seat__name")).to_have_text("AI 1")
    expect(model_seat.locator(".seat__badge").first).to_have_text("AI")
    expect(model_seat.locator(".seat__model")).to_have_text(MODEL_NAME)
    shoot(host, "02-table-1280")

    host.set_viewport_size({"width": 360, "height": 780})
    host.reload()
    expect(host.locator("#table .seat[data-seat='1'] .seat__model")).to_have_text(MODEL_NAME)
    shoot(host, "03-table-360")

    # The running server asks the model over real HTTP once seat 2's decision comes (from its
    # own AI threads), and the model's move reaches the page. The agent's seat (no agent has
    # connected) may take up to its 15 s move time before that; the host moves at once.
    host.set_viewport_size({"width": 1280, "height": 860})
    give_up = time.monotonic() + MODEL_TURN_TIMEOUT_S
    with sqlite3.connect(registered_model.database) as database:
        # This test's match is the newest (a rerun's first try left its own match running).
        [match_id] = database.execute("SELECT max(id) FROM game_match").fetchone()
        model_moves = "SELECT count(*) FROM game_matchaction WHERE cause = 'ai' AND match_id = ?"
        while database.execute(model_moves, (match_id,)).fetchone()[0] == 0:
            assert time.monotonic() < give_up, _why_no_model_move(
                database, match_id, registered_model
            )
            make_any_move(host)
            host.wait_for_timeout(500)  # polling the server's database, not timing anything
    assert registered_model.requests[0]["messages"][0]["role"] == "system"
    host.reload()
    expect(host.locator("#table .seat[data-seat='1'] .seat__model")).to_have_text(MODEL_NAME)
    shoot(host, "04-after-model-move-1280")
    context.close()


def _why_no_model_move(database: sqlite3.Connection, match_id: int, fake: FakeOpenAI) -> str:
    """The failure message: what the server logged of its model calls and the moves made in
    the match, so a failure in CI says whether the model was asked, answered late, or never."""
    decisions = database.execute(
        "SELECT seat, version, outcome, detail, latency_ms FROM ai_aidecisionlog"
        " WHERE match_id = ?",
        (match_id,),
    ).fetchall()
    moves = database.execute(
        "SELECT seat, cause, count(*) FROM game_matchaction WHERE match_id = ?"
        " GROUP BY seat, cause",
        (match_id,),
    ).fetchall()
    return (
        f"the model seat never moved: {len(fake.requests)} requests reached the fake model; "
        f"decision log (seat, version, outcome, detail, ms) {decisions}; "
        f"moves (seat, cause, count) {moves}"
    )

"""Browser check of the replay viewer (issue 18) at desktop (1280 px) and phone (360 px) widths:
step through a whole finished match with the keyboard and the buttons, switch perspective,
jump by clicking a log line, play and pause; axe finds nothing serious; no CSP violation.

The match is a real game played to the end by the engine, written into the live server's own
database by a small script (the same rows a finished live table leaves), with a few signals.
Screenshots land in artifacts/replay/ for a human to look at.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.accessibility import check
from tests.e2e.conftest import ARTIFACTS, ROOT, server_env

pytestmark = pytest.mark.e2e

SHOTS = ARTIFACTS / "replay"
OWNER = "replay_ana"
PASSWORD = "tumbleweed-at-noon-42"


def seed() -> None:
    """Run inside the live server's database (see ``seeded``): one finished 5-seat match
    (two accounts, three bots) with a claim, a mark and a reaction; prints its id."""
    from datetime import timedelta

    from bangarena_site.accounts.models import User
    from game.models import TableSignal
    from tests.stats.conftest import START, finished_match

    ana = User.objects.create_user(username=OWNER, password=PASSWORD)
    bo = User.objects.create_user(username="replay_bo", password=PASSWORD)
    match = finished_match([{"user": ana}, {"user": bo}], seats=5, seed=7, mode="classic")
    log = match.game().view(None)["log"]
    for n, (seat, kind, value, target) in enumerate(
        [(0, "claim", "deputy", None), (1, "mark", "bandit", 0), (0, "reaction", "funny", None)]
    ):
        TableSignal.objects.create(
            match=match,
            seat=seat,
            kind=kind,
            value=value,
            target=target,
            created_at=START + timedelta(minutes=1 + n),
            log_position=min(len(log), 12 + 6 * n),
        )
    print(f"MATCH={match.pk}")


@pytest.fixture(scope="module")
def match_id(live_url: str, tmp_path_factory: pytest.TempPathFactory) -> int:
    [database] = {path.resolve() for path in tmp_path_factory.getbasetemp().glob("e2e*/db.sqlite3")}
    env = server_env(database)
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT), env.get("PYTHONPATH", "")])
    code = "import django; django.setup(); from tests.e2e.test_replay import seed; seed()"
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env, check=True, capture_output=True, text=True
    )
    return int(re.search(r"MATCH=(\d+)", done.stdout).group(1))


def position(page: Page) -> tuple[int, int]:
    bar = page.locator("#replay-bar")
    return int(bar.get_attribute("data-at")), int(bar.get_attribute("data-last"))


def wait_for(page: Page, at: int) -> None:
    expect(page.locator("#replay-bar")).to_have_attribute("data-at", str(at))
    expect(page).to_have_url(re.compile(rf"[?&]at={at}(&|$)"))


def step_through(page: Page, width: int, shots: set[int]) -> None:
    """→ from the deal to the end, one event at a time, checking every position arrived."""
    at, last = position(page)
    assert at == 0
    while at < last:
        page.keyboard.press("ArrowRight")
        at += 1
        wait_for(page, at)
        if at in shots:
            page.screenshot(path=str(SHOTS / f"replay-{width}-at-{at}.png"))
    # The end: the result is shown on the table, and → goes no further.
    expect(page.locator(".gameover")).to_be_visible()
    expect(page.locator("#replay-bar [data-replay-key='forward']")).to_have_attribute(
        "aria-disabled", "true"
    )


@pytest.mark.parametrize(("width", "height"), [(1280, 860), (360, 740)])
def test_step_through_a_whole_match(page: Page, live_url: str, match_id: int, width, height):
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.set_viewport_size({"width": width, "height": height})
    page.goto(f"{live_url}/match/{match_id}/replay/")
    expect(page.locator("#table")).to_be_visible()
    at, last = position(page)
    assert last > 20
    page.screenshot(path=str(SHOTS / f"replay-{width}-start.png"))
    check(page, f"replay at {width} px")
    if width >= 1280:  # a desktop replay is one screen, bar and table, as the live table is
        bottom = page.evaluate("document.getElementById('table').getBoundingClientRect().bottom")
        assert bottom <= height
    # Everything perspective: every seat shows its hand on the table.
    expect(page.locator(".seat__open-hand").first).to_be_visible()

    step_through(page, width, {15, last // 2, last - 1})
    page.screenshot(path=str(SHOTS / f"replay-{width}-end.png"), full_page=True)
    # The end shows the players who are out, their roles turned up (R82): a faded seat once
    # failed WCAG's contrast check there.
    expect(page.locator(".seat--out .role-tag").first).to_be_visible()
    check(page, f"replay at its end at {width} px")

    # Home goes back to the deal; the turn button to the next turn's first move.
    page.keyboard.press("Home")
    wait_for(page, 0)
    page.locator("#replay-bar [data-replay-key='turn-forward']").click()
    expect(page.locator("#replay-bar")).not_to_have_attribute("data-at", "0")

    # One seat's eyes: the table is drawn for that seat, their hand in the dock, no open hands.
    page.select_option("#replay-seat", "1")
    expect(page).to_have_url(re.compile(r"seat=1"))
    expect(page.locator("#table-hand")).to_be_visible()
    expect(page.locator(".seat__open-hand")).to_have_count(0)
    expect(page.locator("form[ws-send], [hx-post]")).to_have_count(0)  # read-only
    page.screenshot(path=str(SHOTS / f"replay-{width}-seat-1.png"))
    check(page, f"replay from seat 1 at {width} px")

    # Clicking a log line jumps to its moment, and that line is the highlighted one (the log
    # is open from the start; on a phone it is under the table).
    target = page.locator("#log-lines a.rlog").nth(3)
    wanted = int(target.get_attribute("data-at"))
    target.click()
    wait_for(page, wanted)
    expect(page.locator("#log-lines .rlog--now").first).to_have_attribute("data-at", str(wanted))
    page.screenshot(path=str(SHOTS / f"replay-{width}-log.png"))


def test_the_keyboard_focus_stays_on_the_pressed_control(page: Page, live_url: str, match_id: int):
    """A step replaces the bar: a keyboard player pressing "one event forward" (Enter) again
    and again keeps the focus on it; at the end it moves to Play."""
    page.goto(f"{live_url}/match/{match_id}/replay/?at=3")
    page.locator("#replay-step-forward").focus()
    for at in (4, 5, 6):
        page.keyboard.press("Enter")
        wait_for(page, at)
        expect(page.locator("#replay-step-forward")).to_be_focused()
    assert page.locator("#log-lines").get_attribute("aria-live") is None
    expect(page.locator("#replay-announcer")).to_contain_text("6")
    page.keyboard.press("End")
    wait_for(page, position(page)[1])
    page.locator("#replay-step-back").focus()
    page.keyboard.press("Enter")
    wait_for(page, position(page)[1] - 1)
    expect(page.locator("#replay-step-back")).to_be_focused()


def test_play_and_pause(page: Page, live_url: str, match_id: int):
    """Space plays from the page (nothing focused), the speed can change while playing, and
    the Play button (pressed again, here by the mouse) pauses."""
    page.goto(f"{live_url}/match/{match_id}/replay/?at=5")
    page.keyboard.press("Space")
    expect(page.locator("#replay-play")).to_have_attribute("aria-pressed", "true")
    page.locator("#replay-speed-fast").click()
    expect(page.locator("#replay-speed-fast")).to_have_attribute("aria-pressed", "true")
    page.wait_for_function(
        "() => +document.getElementById('replay-bar').getAttribute('data-at') >= 9"
    )
    page.locator("#replay-play").click()
    expect(page.locator("#replay-play")).to_have_attribute("aria-pressed", "false")
    paused = position(page)[0]
    assert paused >= 9
    page.keyboard.press("End")
    wait_for(page, position(page)[1])


def test_hiding_my_name_in_replays(page: Page, browser, live_url: str, match_id: int):
    """The profile's opt-out at 360 px: once saved, a watcher's replay shows "Player 1" where
    the owner's name was; the owner still sees it (and her summary links the replay)."""
    page.set_viewport_size({"width": 360, "height": 740})
    page.goto(f"{live_url}/accounts/login/")
    page.fill("input[name=username]", OWNER)
    page.fill("input[name=password]", PASSWORD)
    page.locator("main form button[type=submit]").click()
    expect(page.locator(".account-menu__name")).to_have_text(OWNER)
    page.goto(f"{live_url}/accounts/profile/")
    page.get_by_label(re.compile("hide my name in replays", re.I)).check()
    page.screenshot(path=str(SHOTS / "profile-360-opt-out.png"), full_page=True)
    check(page, "profile with the replay opt-out")
    page.locator("main form button[type=submit]").click()
    expect(page.get_by_label(re.compile("hide my name in replays", re.I))).to_be_checked()

    page.goto(f"{live_url}/match/{match_id}/result/")
    page.locator("#watch-replay").click()
    expect(page.locator("#table")).to_contain_text(OWNER)

    watcher = browser.new_context(viewport={"width": 1280, "height": 860})
    other = watcher.new_page()
    other.goto(f"{live_url}/match/{match_id}/replay/?at=10")
    expect(other.locator("#table")).to_contain_text("Player 1")
    assert OWNER not in other.content()
    other.screenshot(path=str(SHOTS / "replay-1280-anonymous.png"))
    watcher.close()

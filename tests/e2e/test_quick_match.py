"""Browser test of quick match (issue 23): three strangers, each in a browser of their own
(two wide, one phone), press Play with people for a 4-seat table of any mode. The server
seats them together when the countdown ends (8 s here, BANGARENA_QUICK_MATCH_WAIT), a bot
takes the fourth seat, and the three play the whole match through the table's controls
(tests.e2e.test_full_match.decide) until each reaches the result page. Screenshots at 1280
and 360 px go to artifacts/strangers/."""

from __future__ import annotations

import re
import time
from dataclasses import dataclass, field

import pytest
from playwright.sync_api import Browser, Page, expect
from playwright.sync_api import Error as PlaywrightError

from tests.e2e.conftest import ARTIFACTS
from tests.e2e.moves import REFUSALS
from tests.e2e.test_full_match import TABLE_STATE, Diary, decide

pytestmark = pytest.mark.e2e

SHOTS = ARTIFACTS / "strangers"
WIDE = {"width": 1280, "height": 860}
PHONE = {"width": 360, "height": 740}
STEP_TIMEOUT_MS = 30_000
MATCH_TIMEOUT = 600.0
POLL_MS = 100  # the pause before the three pages are looked at again, when none had a decision


@dataclass
class Stranger:
    name: str
    page: Page
    diary: Diary = field(default_factory=Diary)
    acted: str = ""
    plays: int = 0
    refusals: int = 0  # refusal toasts on the page when it last acted: one more says "again"
    done: bool = False


def shoot(page: Page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


@pytest.fixture
def strangers(browser: Browser):  # type: ignore[no-untyped-def]
    sizes = [WIDE, WIDE, PHONE]
    contexts = [browser.new_context(viewport=size) for size in sizes]
    pages = [context.new_page() for context in contexts]
    for page in pages:
        page.on("dialog", lambda dialog: dialog.accept())  # Dynamite on oneself
    yield [
        Stranger(name, page)
        for name, page in zip(("Annie", "Bill", "Calamity"), pages, strict=True)
    ]
    for context in contexts:
        context.close()


def take_turn_if_asked(player: Stranger) -> bool:
    """Look at one page; make its decision when it has one; note when it is over. True if the
    page needed the test's attention (a decision made, or the end of the match seen)."""
    table = player.page.locator("#table")
    try:
        state = player.page.evaluate(TABLE_STATE, [player.acted, player.refusals])
    except PlaywrightError:  # the page is on its way from the table to the result page
        return False
    if not state:
        return False
    if state in ("over", "result"):
        player.done = True
        return True
    version = table.get_attribute("data-version") or ""
    on_turn = table.locator(".act--end").count() > 0
    if not on_turn:
        player.plays = 0
    player.acted = version
    player.refusals = player.page.locator(REFUSALS).count()
    if decide(player.page, player.diary, player.plays):
        player.plays += 1
    elif on_turn:
        player.plays = 0
    return True


def test_three_strangers_meet_through_quick_match_and_finish_with_a_bot(
    strangers: list[Stranger], live_url: str
) -> None:
    # Each stranger asks for a 4-seat table of any mode.
    for number, player in enumerate(strangers):
        page = player.page
        page.goto(f"{live_url}/play/")
        page.locator("#play-with-people").click()
        expect(page.locator("#quick-title")).to_be_visible()
        page.fill("input[name=name]", player.name)
        page.select_option("select[name=min_seats]", "4")
        page.select_option("select[name=max_seats]", "4")
        # Any move time unless one is chosen: the table then plays the 30 s default.
        expect(page.locator("input[name=move_time][value='']")).to_be_checked()
        if number == 2:
            shoot(page, "09-queue-form-360")
        page.locator("#join-queue").click()
        expect(page.locator("#quick-found")).to_be_visible()
        if number == 1:
            expect(page.locator("#quick-found")).to_contain_text("2 players found")
            shoot(page, "10-queue-waiting-1280")
    phone = strangers[2].page
    expect(phone.locator("#quick-found")).to_contain_text("3 players found")
    expect(phone.locator("#quick-wait")).to_contain_text("bots take the seats still free")
    shoot(phone, "11-queue-waiting-360")

    # The countdown ends: everyone lands at the same table, a bot in the fourth seat.
    tables = set()
    for player in strangers:
        player.page.wait_for_url(re.compile(r"/match/\d+/$"), timeout=STEP_TIMEOUT_MS)
        table = player.page.locator("#table")
        expect(table.locator(".seat")).to_have_count(4)
        expect(table.locator(".seat--me")).to_contain_text(player.name)
        expect(table.locator(".badge--bot")).to_have_count(1)
        tables.add(player.page.url)
    assert len(tables) == 1
    shoot(strangers[0].page, "12-table-1280")
    shoot(phone, "13-table-360")

    # They play it out, each through the controls of their own screen.
    deadline = time.monotonic() + MATCH_TIMEOUT
    while not all(player.done for player in strangers):
        assert time.monotonic() < deadline, [p.diary.moves[-3:] for p in strangers]
        attended = [take_turn_if_asked(player) for player in strangers if not player.done]
        if not any(attended):
            strangers[0].page.wait_for_timeout(POLL_MS)

    for player in strangers:
        player.page.wait_for_url(re.compile(r"/match/\d+/result/$"), timeout=STEP_TIMEOUT_MS)
    phone.set_viewport_size(PHONE)  # decide()'s own screenshots leave every page wide
    expect(strangers[0].page.locator("main")).to_contain_text("Annie")
    shoot(strangers[0].page, "14-result-1280")
    shoot(phone, "15-result-360")
    assert any(player.diary.moves for player in strangers)

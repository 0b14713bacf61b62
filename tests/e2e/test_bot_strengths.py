"""Bot strengths in a real browser (issue 22, R131, R136, R141): a newcomer makes a room, picks
Hard for one bot beside the bots the room seated, starts, and reads "Hard" on that bot's badge
at the table, at 1280 and at 360 px (where the badge keeps only the strength). A newcomer who
picks Easy on the start screen plays Easy bots. Screenshots go to artifacts/bot-strengths/."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, Route, expect

from tests.e2e import accessibility
from tests.e2e.conftest import ARTIFACTS, HTMX_SCRIPT
from tests.e2e.screenshots import full_page_shooter

pytestmark = pytest.mark.e2e

SHOTS = ARTIFACTS / "bot-strengths"
DESKTOP = {"width": 1280, "height": 860}
PHONE = {"width": 360, "height": 740}
LIVE_TIMEOUT_MS = 15_000

shoot_page = full_page_shooter(SHOTS)


def shoot_screen(page: Page, name: str) -> None:
    """The table as the screen shows it (it is one screen high, like the table's own shots)."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"))


def pick(page: Page, field: str, value: str) -> None:
    page.locator(f"label.pill:has(input[name={field}][value='{value}'])").click()


def test_a_newcomer_picks_hard_for_a_bot_in_the_room_and_sees_it_at_the_table(
    page: Page, live_url: str
) -> None:
    page.goto(f"{live_url}/play/")
    page.fill("input[name=name]", "Calamity Jane")
    pick(page, "seats", "5")
    pick(page, "tempo", "slow")
    page.locator("#create-button").click()
    expect(page.locator("#room-code")).to_be_visible()

    # Each free seat and Fill with bots have a strength beside them, Normal at first.
    expect(page.locator("#fill-bot-strength")).to_have_value("normal")
    expect(page.locator("#new-bot-strength-2")).to_have_value("normal")
    accessibility.check(page, "the room's free seats with their bot pickers")
    shoot_page(page, "01-room-free-seats-1280")
    page.set_viewport_size(PHONE)
    shoot_page(page, "02-room-free-seats-360")
    page.set_viewport_size(DESKTOP)

    # Fill with bots at Normal, then make Bot 2 (seat 3) Hard.
    page.locator("#fill-bots").click()
    expect(page.locator(".seat .bot-pick__strength")).to_have_count(4, timeout=LIVE_TIMEOUT_MS)
    page.locator("#bot-strength-3").select_option("hard")
    # The room is drawn again from what the server saved: the option is selected in the markup.
    saved = page.locator("#bot-strength-3 option[selected]")
    expect(saved).to_have_attribute("value", "hard", timeout=LIVE_TIMEOUT_MS)
    expect(page.locator("#bot-strength-2 option[selected]")).to_have_attribute("value", "normal")
    accessibility.check(page, "the room with its bot pickers")
    shoot_page(page, "03-room-hard-picked-1280")
    page.set_viewport_size(PHONE)
    accessibility.check(page, "the room with its bot pickers at 360 px")
    shoot_page(page, "04-room-hard-picked-360")
    page.set_viewport_size(DESKTOP)

    page.locator("#start-match").click()
    page.wait_for_url(re.compile(r"/match/\d+/$"), timeout=LIVE_TIMEOUT_MS)
    expect(page.locator("#table")).to_be_visible(timeout=LIVE_TIMEOUT_MS)
    hard = page.locator("#seat-2-pub .seat__badge")
    expect(hard).to_have_text("Bot · Hard", use_inner_text=True)
    expect(page.locator("#seat-1-pub .seat__badge")).to_have_text(
        "Bot · Normal", use_inner_text=True
    )
    expect(page.locator("#seat-0-pub .seat__badge")).to_have_text("Player", use_inner_text=True)
    shoot_screen(page, "05-table-hard-bot-1280")

    # On a phone the badge keeps one short word, next to the seat's name "Bot 2".
    page.set_viewport_size(PHONE)
    expect(hard).to_be_visible()
    expect(hard).to_have_text("Hard", use_inner_text=True)
    expect(page.locator("#seat-0-pub .seat__badge")).to_be_hidden()
    assert page.evaluate("document.scrollingElement.scrollWidth") <= PHONE["width"]
    shoot_screen(page, "06-table-hard-bot-360")


def test_a_newcomer_who_picks_easy_on_the_start_screen_plays_easy_bots(
    page: Page, live_url: str
) -> None:
    page.goto(f"{live_url}/play/")
    page.fill("input[name=name]", "Wild Bill")
    expect(page.locator("#bot-strength input[value=normal]")).to_be_checked()
    pick(page, "seats", "4")
    pick(page, "bot_strength", "easy")
    shoot_page(page, "07-start-easy-1280")
    page.set_viewport_size(PHONE)
    expect(page.locator("#bot-strength")).to_be_visible()
    shoot_page(page, "08-start-easy-360")
    page.set_viewport_size(DESKTOP)

    page.locator("#play-button").click()
    page.wait_for_url(re.compile(r"/match/\d+/$"), timeout=LIVE_TIMEOUT_MS)
    badges = page.locator(".seat__badge--strength")
    expect(badges).to_have_count(3, timeout=LIVE_TIMEOUT_MS)
    for index in range(3):
        expect(badges.nth(index)).to_have_text(re.compile(r"Bot · Easy$"), use_inner_text=True)


# The room comes twice after a host control: in the response and over the socket. Installed
# before the page's scripts, this holds the socket's messages back while the test asks, so
# the response's copy lands first, as it does when the push is slower (through Redis).
HOLD_PUSHES = """
(() => {
  const Real = window.WebSocket;
  const held = [];
  window.__holdPushes = false;
  window.__releasePushes = () => {
    window.__holdPushes = false;
    held.splice(0).forEach((deliver) => deliver());
  };
  class Held extends Real {
    addEventListener(type, handler, options) {
      if (type !== "message") return super.addEventListener(type, handler, options);
      return super.addEventListener(type, (event) => {
        if (window.__holdPushes) held.push(() => handler(event)); else handler(event);
      }, options);
    }
  }
  window.WebSocket = Held;
})();
"""

# When the response redraws the room, pick Hard for seat 3 as soon as the new picker is in
# the page: a mutation observer runs at the first microtask after the response's handler,
# the earliest moment a player's input can reach it.
PICK_HARD_AS_THE_ROOM_LANDS = """
(() => {
  const before = document.getElementById("bot-strength-3");
  const watch = new MutationObserver(() => {
    const picker = document.getElementById("bot-strength-3");
    if (!picker || picker === before) return;
    watch.disconnect();
    picker.value = "hard";
    picker.dispatchEvent(new Event("change", {bubbles: true}));
    document.body.dataset.pickedAsTheRoomLanded = "yes";
  });
  watch.observe(document.body, {childList: true, subtree: true});
})();
"""


def test_a_strength_picked_the_moment_the_room_is_redrawn_is_saved(
    page: Page, live_url: str
) -> None:
    """R131: a control the room has just drawn works at once: a choice made as the room lands is
    not lost (a newcomer's Hard pick once stayed Normal when it came within 20 ms of a
    redraw, before htmx had bound the new picker's form)."""
    page.add_init_script(HOLD_PUSHES)
    page.goto(f"{live_url}/play/")
    page.fill("input[name=name]", "Doc Holliday")
    pick(page, "seats", "4")
    page.locator("#create-button").click()
    expect(page.locator("#room-code")).to_be_visible()
    page.wait_for_load_state("load")  # htmx binds the room's controls once the page is in
    page.locator(".seat[data-seat='3'] .bot-pick button").click()
    expect(page.locator("#bot-strength-3")).to_have_value("normal", timeout=LIVE_TIMEOUT_MS)
    page.wait_for_load_state("networkidle")

    page.evaluate("window.__holdPushes = true")
    page.evaluate(PICK_HARD_AS_THE_ROOM_LANDS)
    page.locator(".seat[data-seat='4'] .bot-pick button").click()
    expect(page.locator("body[data-picked-as-the-room-landed]")).to_have_count(
        1, timeout=LIVE_TIMEOUT_MS
    )
    # The pick's own response draws the room as the server saved it.
    saved = page.locator("#bot-strength-3 option[selected]")
    expect(saved).to_have_attribute("value", "hard", timeout=LIVE_TIMEOUT_MS)
    page.evaluate("window.__releasePushes()")
    expect(page.locator("#bot-strength-4")).to_be_visible()
    expect(saved).to_have_attribute("value", "hard")


def test_picks_made_before_htmx_binds_the_room_are_kept(page: Page, live_url: str) -> None:
    """R131: before htmx has bound the room, "Seat a bot" with Hard seats a Hard bot (the form
    once went as a GET that reloaded the page and seated nobody), and a seated bot's strength
    picked then is saved as soon as htmx binds (it once stayed on the picker only)."""
    page.goto(f"{live_url}/play/")
    page.fill("input[name=name]", "Belle Starr")
    pick(page, "seats", "4")
    page.locator("#create-button").click()
    expect(page.locator("#room-code")).to_be_visible()

    held: list[Route] = []
    page.route(HTMX_SCRIPT, lambda route: held.append(route))
    page.reload(wait_until="commit")
    page.locator("#new-bot-strength-2").select_option("hard")
    page.locator(".seat[data-seat='2'] .bot-pick button").click()
    # The browser posted the form itself; the room came back with the bot seated, at Hard.
    saved = page.locator("#bot-strength-2 option[selected]")
    expect(saved).to_have_attribute("value", "hard", timeout=LIVE_TIMEOUT_MS)
    assert len(held) == 2  # both pages of the room opened with htmx held back

    page.locator("#bot-strength-2").select_option("easy")
    held[-1].continue_()
    page.unroute(HTMX_SCRIPT)
    expect(saved).to_have_attribute("value", "easy", timeout=LIVE_TIMEOUT_MS)
    page.reload()
    expect(page.locator("#bot-strength-2")).to_have_value("easy")

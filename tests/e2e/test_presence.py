"""Browser test of presence (issue 17, Q48, R119): a player closes his laptop and the table
goes on within 10 s.

Two guests in two browser contexts start a room's match (both are in the room: the ready
check offers Start). The host lets the bot play his own seat (his own control, R121), so the
only human who decides is the friend. When the table waits for the friend, his page goes
silent as a sleeping laptop's or a dropped Wi-Fi's does: nothing more leaves it (its socket's
send is cut inside the page), and the socket is not closed, so no close frame reaches the
server. (Chromium's "frozen" lifecycle state keeps a headless page's timers running, so it
cannot stand in for a closed lid.) The host's screen must show him away and the table must
move on within 10 s. Screenshots go to artifacts/presence/.
"""

from __future__ import annotations

import time

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import ARTIFACTS
from tests.e2e.screenshots import full_page_shooter
from tests.e2e.test_absent_vote import join

pytestmark = pytest.mark.e2e

SHOTS = ARTIFACTS / "presence"
LIVE_TIMEOUT_MS = 20_000
#: The issue's bar: the table goes on within 10 s of the laptop closing.
GOES_ON_WITHIN_S = 10


shoot = full_page_shooter(SHOTS)


def pick(page: Page, text: str) -> None:
    page.locator("label.pill", has_text=text).first.click()


def test_a_frozen_laptop_is_away_and_the_table_goes_on_within_10_s(
    two_guests: list[Page], live_url: str
) -> None:
    host, friend = two_guests
    host.goto(f"{live_url}/play/")
    host.fill("input[name=name]", "Calamity Jane")
    pick(host, "4")
    pick(host, "15 s")
    pick(host, "Fast")
    host.locator("#create-button").click()
    code = host.locator("#room-code").inner_text()

    join(friend, live_url, "Wild Bill", code)
    host.locator("#fill-bots").click()
    # Both are in the room: the ready check offers a plain Start, not "Start without them".
    start = host.locator("#start-match")
    expect(start).to_have_text("Start", timeout=LIVE_TIMEOUT_MS)
    start.click()
    for page in (host, friend):
        expect(page.locator("#table")).to_be_visible(timeout=LIVE_TIMEOUT_MS)
        expect(page.locator("html[data-live='1']")).to_have_count(1, timeout=LIVE_TIMEOUT_MS)

    # The host lets the bot play his own seat; his screen says so and offers "I'm back".
    host.get_by_role("button", name="Let the bot play for me").click()
    expect(host.locator(".prompt--piloted")).to_be_visible(timeout=LIVE_TIMEOUT_MS)
    expect(host.locator("#table-top")).not_to_contain_text("Your decision")

    bill = host.locator(".seat", has_text="Wild Bill")
    expect(bill.locator(".presence--on")).to_be_visible(timeout=LIVE_TIMEOUT_MS)
    # Wait for the table to wait for the friend (bots play at Fast tempo meanwhile).
    expect(friend.locator("#table.tablescreen--mine")).to_be_visible(timeout=120_000)
    shoot(friend, "01-friend-decides")

    # The laptop lid closes: nothing leaves the page any more; the socket stays "open".
    friend.evaluate(
        "() => { window.__send = WebSocket.prototype.send;"
        " WebSocket.prototype.send = function () {}; }"
    )
    closed = time.monotonic()

    expect(bill.locator(".presence--away")).to_be_visible(timeout=GOES_ON_WITHIN_S * 1000)
    # The table goes on: the decision it waited on ends (the automatic move, R120). What must
    # go is that decision's clock (its deadline, cut when he went away, R119), not the seat's
    # deciding mark: an automatic End turn over the hand limit leaves him the discard, a new
    # decision with 8 s of its own (R119, R120), and the seat then never stops deciding.
    due = bill.evaluate("seat => seat.querySelector('.timer')?.dataset.deadline ?? ''")
    if due:
        expect(bill.locator(f".timer[data-deadline='{due}']")).to_have_count(
            0, timeout=GOES_ON_WITHIN_S * 1000
        )
    went_on = time.monotonic() - closed
    shoot(host, "02-host-sees-the-table-go-on")
    assert went_on < GOES_ON_WITHIN_S, went_on
    log = host.locator("#log-lines")
    expect(log).to_be_visible()

    # The laptop opens again: the page beats again and the friend is back.
    friend.evaluate("() => { WebSocket.prototype.send = window.__send; }")
    expect(bill.locator(".presence--on")).to_be_visible(timeout=LIVE_TIMEOUT_MS)
    shoot(host, "03-friend-back")

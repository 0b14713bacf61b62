"""Browser test of a room (issue 5, R130, R131): two guests in two browser contexts. One
creates a room, the other joins by its code; the host sees them arrive live, fills the other
seats with bots and starts; both land on the table. Screenshots go to artifacts/lobby/."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import ARTIFACTS
from tests.e2e.screenshots import full_page_shooter

pytestmark = pytest.mark.e2e

SHOTS = ARTIFACTS / "lobby"
LIVE_TIMEOUT_MS = 15_000


shoot = full_page_shooter(SHOTS)


def test_create_join_by_code_fill_with_bots_start_and_both_reach_the_table(
    two_guests: list[Page], live_url: str
) -> None:
    host, friend = two_guests

    # The host reaches the start screen from the nav, picks a name and 5 seats, creates a room.
    host.goto(live_url)
    host.locator(".site-nav a[href='/play/']").click()
    expect(host.locator("#start-title")).to_be_visible()
    host.fill("input[name=name]", "Calamity Jane")
    host.locator("label.pill", has_text="5").first.click()
    shoot(host, "01-start-screen")
    host.locator("#create-button").click()
    expect(host.locator("#room-code")).to_be_visible()
    code = host.locator("#room-code").inner_text()
    assert re.fullmatch(r"[2-9A-HJKMNP-Z]{6}", code), code
    expect(host.locator(".seat").first).to_contain_text("Calamity Jane")
    shoot(host, "02-room-created")

    # A wrong code gets a clear message on the start screen.
    friend.goto(f"{live_url}/play/")
    friend.fill("input[name=name]", "Wild Bill")
    friend.fill("input[name=code]", "ZZZZZZ")
    friend.locator("#join-button").click()
    expect(friend.locator("#code-errors")).to_contain_text("No open room has this code")
    shoot(friend, "03-wrong-code")

    # The friend joins with the right code typed in lower case.
    friend.fill("input[name=code]", code.lower())
    friend.locator("#join-button").click()
    expect(friend.locator("#room-code")).to_have_text(code)
    expect(friend.locator(".seat--me")).to_contain_text("Wild Bill")
    expect(friend.locator("#fill-bots")).to_have_count(0)  # not the host

    # The host's page shows the friend arrive and connect without a reload (room socket).
    second_seat = host.locator(".seat[data-seat='2']")
    expect(second_seat).to_contain_text("Wild Bill", timeout=LIVE_TIMEOUT_MS)
    expect(second_seat.locator(".presence--on")).to_be_visible(timeout=LIVE_TIMEOUT_MS)
    expect(host.locator("#start-match")).to_be_disabled()
    shoot(host, "04-friend-arrived")

    # Fill with bots: both pages show three bots, and Start opens.
    host.locator("#fill-bots").click()
    expect(host.locator(".badge--bot")).to_have_count(3, timeout=LIVE_TIMEOUT_MS)
    expect(friend.locator(".badge--bot")).to_have_count(3, timeout=LIVE_TIMEOUT_MS)
    expect(host.locator("#start-match")).to_be_enabled()
    shoot(host, "05-filled-host")
    shoot(friend, "06-filled-friend")

    # Start: both land on the table of the same match.
    host.locator("#start-match").click()
    host.wait_for_url(re.compile(r"/match/\d+/$"), timeout=LIVE_TIMEOUT_MS)
    friend.wait_for_url(re.compile(r"/match/\d+/$"), timeout=LIVE_TIMEOUT_MS)
    assert host.url == friend.url
    expect(host.locator("#table")).to_be_visible(timeout=LIVE_TIMEOUT_MS)
    expect(friend.locator("#table")).to_be_visible(timeout=LIVE_TIMEOUT_MS)
    expect(friend.locator("#table")).to_contain_text("Calamity Jane")
    shoot(host, "07-table-host")
    shoot(friend, "08-table-friend")

    # The same room on a 360 px phone.
    friend.set_viewport_size({"width": 360, "height": 740})
    friend.goto(f"{live_url}/play/")
    shoot(friend, "09-start-phone")
    friend.goto(f"{live_url}/r/{code}/")
    shoot(friend, "10-room-phone")

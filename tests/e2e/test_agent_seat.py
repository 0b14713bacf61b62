"""Browser test of an agent seat (issue 9): the host seats an agent in a room, sees its token
once (with the socket URL and the docs link), fills the rest with bots and starts; at the
table the seat is "AI 1" with a badge naming the agent. Screenshots at 1280 and 360 px go to
artifacts/agents/."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Page, Route, expect

from tests.e2e.conftest import ARTIFACTS
from tests.e2e.screenshots import full_page_shooter

pytestmark = pytest.mark.e2e

SHOTS = ARTIFACTS / "agents"
LIVE_TIMEOUT_MS = 15_000
TOKEN = re.compile(r"bga_[A-Za-z0-9_-]{32}")


shoot = full_page_shooter(SHOTS)


def open_room(page: Page, live_url: str, seats: str = "4") -> str:
    """Create a room as the host and wait until it is live: the host's own seat says
    "connected" once the room socket is open (the page's controls are set up by then)."""
    page.goto(f"{live_url}/play/")
    page.fill("input[name=name]", "Calamity Jane")
    page.locator("label.pill", has_text=seats).first.click()
    page.locator("#create-button").click()
    expect(page.locator("#room-code")).to_be_visible()
    host_seat = page.locator(".seat[data-seat='1']")
    expect(host_seat.locator(".presence--on")).to_be_visible(timeout=LIVE_TIMEOUT_MS)
    return page.locator("#room-code").inner_text()


def test_host_seats_an_agent_sees_the_token_once_and_the_table_names_it(
    page: Page, live_url: str
) -> None:
    open_room(page, live_url)

    # Seat an agent in seat 2: the token appears once, in a dialog, with where to connect.
    seat = page.locator(".seat[data-seat='2']")
    seat.locator("input[name=agent_name]").fill("Deadeye <3")
    seat.get_by_role("button", name="Seat an agent").click()
    dialog = page.locator("dialog.agent-token")
    expect(dialog).to_be_visible(timeout=LIVE_TIMEOUT_MS)
    token = dialog.locator("#agent-token-value").inner_text()
    assert TOKEN.fullmatch(token), token
    expect(dialog).to_contain_text("/ws/agent/")
    expect(dialog.locator("a[href='/ai/']")).to_have_text("For AI developers")
    expect(seat).to_contain_text("Deadeye <3", timeout=LIVE_TIMEOUT_MS)
    expect(seat.locator(".badge--agent")).to_be_visible()
    shoot(page, "01-token-shown-once")
    page.set_viewport_size({"width": 360, "height": 740})
    shoot(page, "01b-token-shown-once-360")
    page.set_viewport_size({"width": 1280, "height": 860})
    dialog.get_by_role("button", name="Done").click()
    expect(dialog).to_be_hidden()

    # Never again: a reload of the room shows the seat, not the token.
    page.reload()
    expect(page.locator(".seat[data-seat='2']")).to_contain_text("Deadeye <3")
    assert token not in page.content()
    shoot(page, "02-room-with-agent")
    page.set_viewport_size({"width": 360, "height": 740})
    shoot(page, "02b-room-with-agent-360")
    page.set_viewport_size({"width": 1280, "height": 860})

    page.locator("#fill-bots").click()
    expect(page.locator(".badge--bot")).to_have_count(2, timeout=LIVE_TIMEOUT_MS)
    page.locator("#start-match").click()
    page.wait_for_url(re.compile(r"/match/\d+/$"), timeout=LIVE_TIMEOUT_MS)
    table = page.locator("#table")
    expect(table).to_be_visible(timeout=LIVE_TIMEOUT_MS)
    agent_seat = table.locator(".seat[data-seat='1']")
    expect(agent_seat.locator(".seat__name")).to_have_text("AI 1")
    expect(agent_seat.locator(".seat__agent")).to_have_text("Deadeye <3")
    assert token not in page.content()
    shoot(page, "03-table-1280")

    page.set_viewport_size({"width": 360, "height": 740})
    page.reload()
    expect(page.locator("#table .seat[data-seat='1'] .seat__agent")).to_have_text("Deadeye <3")
    shoot(page, "04-table-360")


def test_a_room_redraw_keeps_the_agent_name_the_host_is_typing(
    page: Page, browser: Browser, live_url: str
) -> None:
    # Every change of the room redraws it over the socket; the name the host has typed in a
    # seat's agent field stays there, so "Seat an agent" still sends it.
    code = open_room(page, live_url, seats="5")
    seat = page.locator(".seat[data-seat='3']")
    seat.locator("input[name=agent_name]").fill("Deadeye")

    friend_context = browser.new_context(viewport={"width": 1280, "height": 860})
    try:
        friend = friend_context.new_page()
        friend.goto(f"{live_url}/r/{code}/")
        friend.fill("input[name=name]", "Wild Bill")
        friend.locator("#take-seat").click()
        expect(friend.locator(".seat--me")).to_contain_text("Wild Bill")
        # The host's room has been redrawn with the friend in it.
        expect(page.locator(".seat[data-seat='2']")).to_contain_text(
            "Wild Bill", timeout=LIVE_TIMEOUT_MS
        )
        name_field = seat.locator("input[name=agent_name]")
        expect(name_field).to_have_value("Deadeye")
        # The field kept the focus too: the host types on.
        page.keyboard.type(" Jr")
        expect(name_field).to_have_value("Deadeye Jr")

        seat.get_by_role("button", name="Seat an agent").click()
        dialog = page.locator("dialog.agent-token")
        expect(dialog).to_be_visible(timeout=LIVE_TIMEOUT_MS)
        expect(dialog).to_contain_text("Token for Deadeye Jr (seat 3)")
        expect(seat).to_contain_text("Deadeye Jr", timeout=LIVE_TIMEOUT_MS)
    finally:
        friend_context.close()


def test_the_token_is_shown_when_the_room_redraw_comes_before_the_answer(
    page: Page, live_url: str
) -> None:
    # Seating the agent redraws the room over the socket, and that redraw can reach the page
    # before the answer to the host's POST, which carries the token: the form that sent the
    # POST is gone by then. Here the answer is held until the redraw has landed.
    open_room(page, live_url)
    seat = page.locator(".seat[data-seat='2']")

    def redraw_first(route: Route) -> None:
        answer = route.fetch()
        expect(seat).to_contain_text("Deadeye", timeout=LIVE_TIMEOUT_MS)
        route.fulfill(response=answer)

    page.route(re.compile(r"/seat/\d+/agent/$"), redraw_first)
    seat.locator("input[name=agent_name]").fill("Deadeye")
    seat.get_by_role("button", name="Seat an agent").click()
    dialog = page.locator("dialog.agent-token")
    expect(dialog).to_be_visible(timeout=LIVE_TIMEOUT_MS)
    assert TOKEN.fullmatch(dialog.locator("#agent-token-value").inner_text())

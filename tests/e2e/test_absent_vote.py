"""Browser test of the vote on an absent player (issue 23): Cy makes a room, Ann and Bob join
him, Cy starts the match and closes his browser. On Ann's and Bob's tables his seat shows
him away and offers the vote at once; Ann votes (one of two), Bob votes, and the bot plays
Cy's seat with a line in the log. Screenshots at 1280 (Ann) and 360 px (Bob) go to
artifacts/strangers/."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e.conftest import ARTIFACTS
from tests.e2e.screenshots import full_page_shooter

pytestmark = pytest.mark.e2e

shoot = full_page_shooter(ARTIFACTS / "strangers")
LIVE_TIMEOUT_MS = 20_000


@pytest.fixture
def three_players(browser: Browser):  # type: ignore[no-untyped-def]
    """Cy and Ann on wide screens, Bob on a phone, each a guest in a context of his own."""
    contexts = [
        browser.new_context(viewport={"width": 1280, "height": 860}),
        browser.new_context(viewport={"width": 1280, "height": 860}),
        browser.new_context(viewport={"width": 360, "height": 740}, is_mobile=True),
    ]
    yield contexts
    for context in contexts:
        context.close()


def join(page: Page, live_url: str, name: str, code: str) -> None:
    page.goto(f"{live_url}/play/")
    page.fill("input[name=name]", name)
    page.fill("input[name=code]", code)
    page.locator("#join-button").click()
    expect(page.locator("#room-code")).to_have_text(code)


def test_the_players_present_vote_the_absent_players_seat_to_the_bot(three_players, live_url):
    cy_context, ann_context, bob_context = three_players
    cy, ann, bob = (context.new_page() for context in three_players)
    cy.goto(f"{live_url}/play/")
    cy.fill("input[name=name]", "Cy")
    cy.locator("label.pill", has_text="4").first.click()
    cy.locator("#create-button").click()
    code = cy.locator("#room-code").inner_text()
    join(ann, live_url, "Ann", code)
    join(bob, live_url, "Bob", code)
    cy.locator("#fill-bots").click()
    start = cy.locator("#start-match")
    expect(start).to_have_text("Start", timeout=LIVE_TIMEOUT_MS)
    start.click()
    for page in (cy, ann, bob):
        expect(page.locator("html[data-live='1']")).to_have_count(1, timeout=LIVE_TIMEOUT_MS)

    # Nobody is away yet: the vote is drawn but not shown.
    cy_on = {page: page.locator(".seat", has_text="Cy") for page in (ann, bob)}
    expect(cy_on[ann].locator(".seatvote__button")).to_be_hidden()

    cy_context.close()  # Cy leaves: his screen closes, he is away at once

    for page in (ann, bob):
        expect(cy_on[page].locator(".presence--away")).to_be_visible(timeout=LIVE_TIMEOUT_MS)
        expect(cy_on[page].locator(".seatvote__button")).to_have_text("Vote: bot plays")
    expect(cy_on[ann].locator(".seatvote__count")).to_have_text("0 of 2 votes")
    shoot(ann, "20-vote-offered-1280")

    cy_on[ann].locator(".seatvote__button").click()
    expect(cy_on[ann].locator(".seatvote__button")).to_have_text(
        "You voted for the bot", timeout=LIVE_TIMEOUT_MS
    )
    expect(cy_on[bob].locator(".seatvote__count")).to_have_text(
        "1 of 2 votes", timeout=LIVE_TIMEOUT_MS
    )
    shoot(bob, "21-vote-counted-360")

    cy_on[bob].locator(".seatvote__button").click()
    for page in (ann, bob):
        expect(cy_on[page]).to_contain_text("Player · bot plays", timeout=LIVE_TIMEOUT_MS)
        expect(cy_on[page].locator(".seatvote__button")).to_have_count(0)
        expect(page.locator("#log-lines")).to_contain_text(
            "The table voted: the bot plays for Cy, who is away."
        )
    shoot(bob, "22-vote-passed-360")
    shoot(ann, "23-vote-passed-1280")

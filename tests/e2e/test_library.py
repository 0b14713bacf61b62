"""Browser test of the 📖 library (issue 8): the rules page and its live search outside a match,
and at a live table the entry dialog opened from a card in the hand (ⓘ) and from a card name
in the log (R139), without leaving the table.

Screenshots go to artifacts/library/ at 1280 px (desktop) and 360 px (phone).
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Locator, Page, expect

from tests.e2e.conftest import ARTIFACTS
from tests.e2e.moves import until_shown

pytestmark = pytest.mark.e2e

SHOTS = ARTIFACTS / "library"
WIDE = {"width": 1280, "height": 860}
PHONE = {"width": 360, "height": 740}
STEP_TIMEOUT_MS = 30_000
# A card name in the log needs someone to play a card: the guest ends turns and takes hits
# meanwhile, so the bots (Fast tempo) soon do.
LOG_CARD_TIMEOUT_S = 90


def shoot(page: Page, name: str, full_page: bool = False) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=full_page)


def test_library_page_search_and_entry_pages(page: Page, live_url: str) -> None:
    """Issue 8: the library is a page of its own with contents, every card and character, and a
    search that answers while typing."""
    page.goto(f"{live_url}/play/")
    page.locator("main a[href='/library/']").click()
    expect(page).to_have_url(re.compile(r"/library/$"))
    expect(page.locator(".library__toc li")).to_have_count(16)
    expect(page.locator(".libcard")).to_have_count(22)
    expect(page.locator(".libchar")).to_have_count(16)
    shoot(page, "01-index_1280")

    # Live search: typing shows matching cards, characters and rule sections.
    page.fill("#library-q", "duel")
    results = page.locator("#library-results .libresult")
    expect(results.first).to_be_visible()
    expect(page.locator("#library-results")).to_contain_text("Duel")
    expect(page.locator("#library-results")).to_contain_text("Toll Collector")
    shoot(page, "02-search_1280")
    page.fill("#library-q", "xylophone")
    expect(page.locator(".libresults__none")).to_be_visible()

    # The cards and characters sections, then an entry page, on a phone.
    page.locator(".library__toc a[href='#cards']").click()
    shoot(page, "03-cards_1280")
    page.set_viewport_size(PHONE)
    page.goto(f"{live_url}/library/")
    shoot(page, "04-index_360")
    page.fill("#library-q", "Scope")
    expect(page.locator("#library-results .libresult").first).to_be_visible()
    shoot(page, "05-search_360")
    page.locator("#card-volcanic").scroll_into_view_if_needed()
    shoot(page, "06-cards_360")
    page.goto(f"{live_url}/library/characters/lucky/")
    expect(page.locator("h1.libchar__name")).to_contain_text("Lucky")
    shoot(page, "07-character_360")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


def open_entry_and_shoot(page: Page, opener: Locator, name: str) -> str:
    """Open a card's entry over the table; returns the rank and suit the entry shows."""
    opener.click()
    dialog = page.locator("#library-dialog")
    expect(dialog).to_be_visible()
    expect(dialog.locator(".libcard__this")).to_be_visible()
    expect(dialog.locator(".libcard__tip")).to_be_visible()
    shown = dialog.locator(".libcard__this .pip").inner_text()
    shoot(page, name)
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    return shown


def test_table_cards_open_their_entry_in_a_dialog(page: Page, live_url: str) -> None:
    """R139: a hand card's ⓘ and a card name in the log open the card's text, tip, suit and
    rank over the table; the table stays (same URL, still live)."""
    page.goto(f"{live_url}/play/")
    page.fill("input[name=name]", "Reader")
    for field_name, value in (("seats", 4), ("tempo", "fast"), ("move_time", 15)):
        page.locator(f"label.pill:has(input[name={field_name}][value='{value}'])").click()
    page.locator("#play-button").click()
    page.wait_for_url(re.compile(r"/match/\d+/$"), timeout=STEP_TIMEOUT_MS)
    table_url = page.url
    table = page.locator("#table")
    expect(table.locator(".hand__slot").first).to_be_visible(timeout=STEP_TIMEOUT_MS)

    # A card in the hand: its ⓘ opens the entry with that card's own rank and suit.
    slot = table.locator(".hand__slot").first
    corner = slot.locator(".card__corner").inner_text().replace("\n", "")
    shown = open_entry_and_shoot(page, slot.locator(".libref"), "10-table-hand-dialog_1280")
    assert shown == corner
    assert page.url == table_url

    # A card named in the log: the same dialog, for that card.
    until_shown(page, "#table [data-log] a.cardref", LOG_CARD_TIMEOUT_S)
    log_card = table.locator("[data-log] a.cardref").last
    expect(log_card).to_be_visible()
    open_entry_and_shoot(page, log_card, "11-table-log-dialog_1280")
    assert page.url == table_url

    # A card in play on a seat, when one lies there by now (bots usually put a weapon down in
    # their first turn): a tap opens its entry, with its text, tip, suit and rank (R44).
    chip = table.locator(".seat .chip").first
    if chip.count():
        open_entry_and_shoot(page, chip, "13-table-in-play-dialog_1280")
        assert page.url == table_url

    # On a phone the dialog fits the screen.
    page.set_viewport_size(PHONE)
    # click() scrolls the card into view itself and, unlike scroll_into_view_if_needed(),
    # waits out a live redraw that replaces the hand under it.
    table.locator(".hand__slot").first.locator(".libref").click()
    dialog = page.locator("#library-dialog")
    expect(dialog).to_be_visible()
    box = dialog.bounding_box()
    assert box is not None
    assert box["width"] <= PHONE["width"]
    shoot(page, "12-table-hand-dialog_360")
    expect(dialog.locator(".libcard__this")).to_contain_text(re.compile(r"[♥♦♣♠]"))
    page.keyboard.press("Escape")
    page.set_viewport_size(WIDE)

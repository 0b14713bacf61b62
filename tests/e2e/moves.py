"""Quick decisions for the browser tests that need the table to move on, not a good game.

A decision left alone holds the whole table until its timer runs out (R118-R120: 15 to 90 s in
these tests), so a test waiting for other seats to act makes its own players' decisions at once.
"""

from __future__ import annotations

import time

from playwright.sync_api import Page

STEP_TIMEOUT_MS = 30_000
# The toasts that say a move was not made (a stale click, a flood of clicks, an outage).
REFUSALS = "#toasts .toast--refusal"
# The hand's cards that act on a click (on a Discard prompt: throw this one away).
HAND_BUTTONS = "#table .hand button.act--card"
POLL_MS = 200  # how often a waiting test looks at its pages again
# End turn and up to 8 discards (R25: a hand of at most 10 cards down to 1 HP or more), with
# room for a refused click or two.
MAX_CLICKS = 12

# Once the table has answered the player's last click: "mine" if the next decision is theirs,
# "theirs" if it is someone else's, "refused" if a toast said the click was not made.
SETTLED = """
([acted, refusals]) => {
  const table = document.getElementById("table");
  if (document.querySelectorAll("#toasts .toast--refusal").length > refusals) return "refused";
  if (!table || table.classList.contains("is-sending")) return false;
  if (table.getAttribute("data-version") === acted) return false;
  return table.classList.contains("tablescreen--mine") ? "mine" : "theirs";
}
"""


def end_turn(page: Page) -> None:
    """End the player's turn and discard down to the hand limit if the table asks (R25)."""
    control = page.locator("#table .act--end .act__button")
    discard = page.locator(HAND_BUTTONS)
    for _ in range(MAX_CLICKS):
        acted = page.locator("#table").get_attribute("data-version") or ""
        refusals = page.locator(REFUSALS).count()
        control.click()
        state = page.wait_for_function(
            SETTLED, arg=[acted, refusals], timeout=STEP_TIMEOUT_MS
        ).json_value()
        if state == "refused":
            if not control.count():
                return  # the table had moved on: the decision is gone
            continue  # too many clicks too fast: the same decision is still open
        if state != "mine" or not page.locator(
            "#table .prompt__title"
        ).first.inner_text().startswith("Discard"):
            return
        control = discard.first
    raise AssertionError(f"the turn did not end in {MAX_CLICKS} clicks")


def make_any_move(page: Page) -> None:
    """The quickest decision on the player's screen: End turn (and its discards), the panel's
    first option (take the hit, draw, ...), or else the first card the hand offers (a discard).
    Nothing when the page has no decision of its own open."""
    if not page.locator("#table.tablescreen--mine:not(.is-sending)").count():
        return
    panel = page.locator("#table .prompt .act__button:visible")
    hand = page.locator(HAND_BUTTONS)
    if page.locator("#table .act--end").count():
        end_turn(page)
    elif panel.count():
        panel.first.click()
    elif hand.count():
        hand.first.click()


def until_shown(page: Page, wanted: str, timeout_s: float) -> None:
    """Wait for ``wanted`` (a selector) on the page, making the player's decisions meanwhile."""
    deadline = time.monotonic() + timeout_s
    while not page.locator(wanted).count():
        assert time.monotonic() < deadline, f"{wanted} did not show in {timeout_s} s"
        make_any_move(page)
        page.wait_for_timeout(POLL_MS)

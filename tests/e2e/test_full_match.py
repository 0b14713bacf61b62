"""Browser test of the live table (issue 6): a guest goes to the start screen, picks a name, 4
seats, Fast tempo and 15 s per move, clicks Play and plays a whole match against three bots in
headless Chromium, clicking the controls a player would click, until the result page.

Nothing is set up behind the browser's back: the match is the one Play deals (random seat,
random seed), bots move on the live server's embedded scheduler, and every click travels the
table socket. The test only waits on what the page shows (no sleeps); a fast 4-seat match is
a minute or two, the overall ceiling is MATCH_TIMEOUT.

Screenshots go to artifacts/e2e/ at 1280 and 360 px: the table at the start, mid-game (a
response to a hit when one comes, else the human's first own turn), at the end, and the
result page.
"""

from __future__ import annotations

import re
import time
from dataclasses import dataclass, field

import pytest
from playwright.sync_api import Locator, Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from tests.e2e.conftest import ARTIFACTS
from tests.e2e.moves import REFUSALS

pytestmark = pytest.mark.e2e

SHOTS = ARTIFACTS / "e2e"
PLAYER = "Calamity Kid"
SEATS = 4
WIDE = {"width": 1280, "height": 860}
PHONE = {"width": 360, "height": 740}
MATCH_TIMEOUT = 480.0  # seconds for the whole match; the median fast 4-seat match is ~1 min
STEP_TIMEOUT_MS = 30_000  # one bot pause is at most 0.6 s, a human decision at most 15 s
PLAYS_PER_TURN = 4  # then End turn: a bounded, still sensible turn

# What the page must show before the human acts again: their own decision (not mid-send, or
# refused), the end of the match on the table, or the result page.
TABLE_STATE = """
([acted, refusals]) => {
  if (location.pathname.endsWith("/result/")) return "result";
  const table = document.getElementById("table");
  if (!table) return false;
  if (table.querySelector(".gameover")) return "over";
  const refused = document.querySelectorAll("#toasts .toast--refusal").length > refusals;
  const moved = table.getAttribute("data-version") !== acted;
  if (table.classList.contains("tablescreen--mine") && !table.classList.contains("is-sending")
      && (moved || refused)) return "mine";
  return false;
}
"""


@dataclass
class Diary:
    """What the human did, to assert on and to report."""

    moves: list[str] = field(default_factory=list)
    answered_hits: int = 0
    took_hits: int = 0
    refusals: int = 0
    card_plays: int = 0  # cards played on the human's own turns
    shots: set[str] = field(default_factory=set)
    # Log lines saying the human played a card: a timed-out decision never plays one (R120).
    played_lines: set[str] = field(default_factory=set)


def shoot(page: Page, name: str) -> None:
    """Screenshots at the wide and the phone width, then back to wide."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}_1280.png"), full_page=True)
    page.set_viewport_size(PHONE)
    page.screenshot(path=str(SHOTS / f"{name}_360.png"), full_page=True)
    page.set_viewport_size(WIDE)


def card_name(slot: Locator) -> str:
    return slot.locator(".card__name").inner_text()


def hand_cards(table: Locator, verb: str) -> Locator:
    """Hand cards that act at once, showing ``verb`` ("Play", "Answer", "Discard"): the slots
    whose card is a button sending its action."""
    shown = table.page.locator(".card__do > [aria-hidden=true]")
    return table.locator(".hand .hand__slot:has(button.act--card)").filter(
        has=shown.filter(has_text=re.compile(rf"^\s*{verb}\s*$"))
    )


def click_and_note(diary: Diary, control: Locator, what: str) -> None:
    diary.moves.append(what)
    control.click()


def decide(page: Page, diary: Diary, plays_this_turn: int) -> bool:
    """Make one decision as a player would; True if it was a card played on the human's turn."""
    table = page.locator("#table")
    # The title without its countdown ("Respond 0:14").
    prompt_title = table.locator(".prompt__title").inner_text().strip().splitlines()[0]
    prompt_title = re.sub(r"\s*\d+:\d\d$", "", prompt_title)
    answer = hand_cards(table, "Answer")
    panel = table.locator(".prompt .prompt__controls").first.locator(".act__button")
    end_turn = table.locator(".act--end .act__button")

    if prompt_title.startswith(("Respond", "Duel", "Raid")):
        if "respond" not in diary.shots and prompt_title.startswith("Respond"):
            shoot(page, "02-respond")
            diary.shots.add("respond")
        if answer.count():
            # Cancel the hit (a Ricochet; in a Duel or Raid, a Shot).
            diary.answered_hits += 1
            click_and_note(
                diary,
                answer.first.locator("button.act--card"),
                f"answer with {card_name(answer.first)}",
            )
        else:
            diary.took_hits += 1
            click_and_note(diary, panel.first, f"take the {prompt_title}")
        return False

    discard = hand_cards(table, "Discard")
    if prompt_title.startswith("Discard") and discard.count():
        click_and_note(
            diary, discard.first.locator("button.act--card"), "discard down to the limit"
        )
        return False

    if end_turn.count() == 0:
        # A choice (draw, keep two, upgrade, bounty): the first option the panel offers.
        buttons = table.locator(".prompt .act__button:visible")  # not a folded Bonesetter heal
        click_and_note(diary, buttons.first, f"choose in {prompt_title}")
        return False

    if "turn" not in diary.shots:
        shoot(page, "02-own-turn")
        diary.shots.add("turn")
    if plays_this_turn < PLAYS_PER_TURN:
        # A card aimed at someone: pick it, then one of the targets that light up.
        for picker in table.locator(".hand [data-select-card]").all():
            picker.click()
            lit = table.locator(".target:not([hidden]) .act__button")
            if lit.count():
                expect(lit.first).to_be_visible()
                click_and_note(diary, lit.first, lit.first.inner_text())
                return True
            picker.click()  # nothing lit for this one: a second click cancels the pick
        # A card that acts by itself (draw cards, heal, equipment); Dynamite asks to confirm.
        playable = hand_cards(table, "Play")
        if playable.count():
            card = playable.first
            click_and_note(diary, card.locator("button.act--card"), f"play {card_name(card)}")
            return True
    click_and_note(diary, end_turn, "end turn")
    return False


def test_a_guest_plays_a_whole_match_against_bots_to_the_result_page(
    page: Page, live_url: str
) -> None:
    """R118, R120, R130, R135-R140: Play from the start screen deals a 4-seat table with the
    guest and three bots; the guest plays through the table's controls (targets light up after
    a pick, hits answered or taken, discards and choices when asked) until the match ends, and
    the table sends them to the result page naming the winners and every player's role."""
    diary = Diary()
    page.on("dialog", lambda dialog: dialog.accept())  # "Put the Dynamite in front of yourself?"

    # The start screen: name, 4 seats, Fast tempo, 15 s per move, Play.
    page.goto(f"{live_url}/play/")
    expect(page.locator("#start-title")).to_be_visible()
    page.fill("input[name=name]", PLAYER)
    for field_name, value in (("seats", SEATS), ("tempo", "fast"), ("move_time", 15)):
        page.locator(f"label.pill:has(input[name={field_name}][value='{value}'])").click()
        expect(page.locator(f"input[name={field_name}][value='{value}']")).to_be_checked()
    page.locator("#play-button").click()

    # The table: four seats, the guest at the bottom, three bots, a role of their own.
    page.wait_for_url(re.compile(r"/match/\d+/$"), timeout=STEP_TIMEOUT_MS)
    table = page.locator("#table")
    expect(table).to_be_visible()
    expect(table.locator(".seat")).to_have_count(SEATS)
    expect(table.locator(".seat--me")).to_contain_text(PLAYER)
    expect(table.locator(".badge--bot")).to_have_count(SEATS - 1)
    expect(table.locator(".youbar__me")).to_contain_text("You are:")
    expect(table.locator(".seat--me .presence--on")).to_be_visible(timeout=STEP_TIMEOUT_MS)
    shoot(page, "01-start")
    table_url = page.url

    deadline = time.monotonic() + MATCH_TIMEOUT
    acted_version = ""
    plays_this_turn = 0
    state = ""
    while True:
        remaining_ms = (deadline - time.monotonic()) * 1000
        assert remaining_ms > 0, f"the match did not end in {MATCH_TIMEOUT} s: {diary}"
        refusals = page.locator(REFUSALS).count()
        # Once out, the human only watches the bots finish (R82), which may take minutes.
        out = table.locator(".seat--me.seat--out").count() > 0
        try:
            state = page.wait_for_function(
                TABLE_STATE,
                arg=[acted_version, refusals],
                timeout=remaining_ms if out else min(remaining_ms, STEP_TIMEOUT_MS),
            ).json_value()
        except PlaywrightTimeoutError:
            if not out and table.locator(".seat--me.seat--out").count():
                continue  # eliminated while waiting: wait on for the end
            # A frozen table: keep what the player saw for whoever reads the failure.
            page.screenshot(path=str(SHOTS / "failed-frozen.png"), full_page=True)
            raise AssertionError(f"the table stopped moving after {diary.moves[-3:]}") from None
        diary.played_lines.update(
            line
            for line in page.locator("#table [data-log] li").all_inner_texts()
            if line.startswith(f"{PLAYER} played")
        )
        if state != "mine":
            break
        version = table.get_attribute("data-version") or ""
        if version == acted_version:
            diary.refusals += 1  # a toast said no; decide again on the same table
            assert diary.refusals < 20, f"the table keeps refusing the human's clicks: {diary}"
        on_turn = table.locator(".act--end").count() > 0
        if not on_turn:
            plays_this_turn = 0
        acted_version = version
        if decide(page, diary, plays_this_turn):
            plays_this_turn += 1
            diary.card_plays += 1
        elif on_turn:
            plays_this_turn = 0  # End turn

    # The end: the table names the winners and offers the result page, then goes there.
    if state == "over":
        expect(table.locator(".gameover")).to_contain_text("Winners")
        shoot(page, "03-end")
        page.wait_for_url(re.compile(r"/match/\d+/result/$"), timeout=STEP_TIMEOUT_MS)
    assert page.url == table_url + "result/"

    # The match summary (R140): the winners, every role, a row of statistics per player.
    # R95: a team's win names the team ("Winners: Law"), the Loner's names the Loner.
    expect(page.locator(".result__team")).to_contain_text(
        re.compile(r"Winners:|The Loners? wins?:")
    )
    expect(page.locator(".summary__winners li").first).to_be_visible()
    rows = page.locator(".summary-table tbody tr")
    expect(rows).to_have_count(SEATS)
    for row in rows.all():
        expect(row.locator(".role-tag")).to_have_count(1)  # every role revealed (R140)
    expect(page.locator(".result__me")).to_contain_text(PLAYER)
    expect(page.locator(".result__won").first).to_be_visible()
    shoot(page, "04-result")

    # The human really played: decisions made through the table's own controls.
    assert diary.moves, "the human never had a decision"
    # The clicks took effect: the table's log reports cards the human played.
    if diary.card_plays:
        assert diary.played_lines, f"no card the human played reached the log: {diary}"
    print(f"\nhuman decisions: {len(diary.moves)}; {diary}")

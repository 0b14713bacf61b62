"""Browser tests of the table as one fitted game screen (issue 16), in headless Chromium.

- A guest plays a whole match against bots; at every decision of theirs the hand and the
  decision panel are inside the viewport, at 1280x800 and at 360x740, and the page itself does
  not scroll. At the first own turn: axe-core finds no serious or critical violation at either
  width, and the keyboard path from the skip link to the hand is short.
- Two guests at one table: a picked card and its lit targets survive the other player's
  reaction and the other player's tab going away and coming back; an open card dialog
  survives moves at other seats; a toast leaves by itself and never takes a click.
- The same screen in German at both widths.
- Nothing on a seat's portrait (timer, presence dot, mark tag) hides its name, badges or
  health, at every size checked; on a phone an eight-seat table keeps the Marshal's badge and
  the turn tag apart, in Indonesian, and my secret role and my turn tag lie side by side on
  my seat; seven or eight seats on a laptop lie over no other.

Screenshots go to artifacts/table-screen/ (English and German, 1280 and 360 px; Indonesian,
8 seats at 360 px).
"""

from __future__ import annotations

import re
import time

import pytest
from playwright.sync_api import Browser, Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from tests.e2e import accessibility
from tests.e2e.conftest import ARTIFACTS
from tests.e2e.moves import POLL_MS, REFUSALS, end_turn, make_any_move
from tests.e2e.test_full_match import PLAYER, TABLE_STATE, Diary, decide
from tests.e2e.test_languages import SEAT_BOXES, overlapping_seats
from tests.e2e.test_signals import sit_down

pytestmark = pytest.mark.e2e

SHOTS = ARTIFACTS / "table-screen"
WIDE = {"width": 1280, "height": 800}
PHONE = {"width": 360, "height": 740}
TABLET = {"width": 768, "height": 1024}
# Checked once, at the first own turn: a bigger laptop, a bigger phone, a phone held sideways,
# a tablet held upright and a small old screen (these two once got the laptop's oval on a
# felt too narrow for it: seats overlapped and the page scrolled).
MORE_SIZES = (
    {"width": 1440, "height": 900},
    {"width": 390, "height": 844},
    {"width": 844, "height": 390},
    TABLET,
    {"width": 800, "height": 600},
)
# Controls a toast lies over (its own × excepted): there must be none.
UNDER_TOAST = """
(toast) => {
  const t = toast.getBoundingClientRect();
  const hit = (r) => r.width && r.height && r.left < t.right && r.right > t.left &&
    r.top < t.bottom && r.bottom > t.top;
  return [...document.querySelectorAll("button, a[href], input, select, summary")]
    .filter((e) => !toast.contains(e) && e.offsetParent !== null && hit(e.getBoundingClientRect()))
    .map((e) => e.outerHTML.slice(0, 80));
}
"""
STEP_TIMEOUT_MS = 30_000
MATCH_TIMEOUT = 480.0

# Where the decision's parts are, and whether the page itself scrolls.
LAYOUT = """
() => {
  const box = (selector) => {
    const element = document.querySelector(selector);
    if (!element || element.hidden) return null;
    const r = element.getBoundingClientRect();
    return r.height ? {top: r.top, bottom: r.bottom, left: r.left, right: r.right} : null;
  };
  const page = document.scrollingElement;
  // Every seat inside the felt's visible box (on a phone the felt could scroll them away).
  const felt = document.querySelector("#table .felt").getBoundingClientRect();
  const outOfSight = [...document.querySelectorAll("#table .seat")].filter((seat) => {
    const r = seat.getBoundingClientRect();
    return r.top < felt.top - 1 || r.bottom > felt.bottom + 1 || r.left < felt.left - 1 ||
      r.right > felt.right + 1;
  }).map((seat) => seat.dataset.seat);
  return {
    height: innerHeight, width: innerWidth, outOfSight,
    overflowY: page.scrollHeight - innerHeight, overflowX: page.scrollWidth - innerWidth,
    hand: box("#table-hand"), decision: box("#table-decision .prompt"),
    centre: box("#table-centre"), me: box(".seat--me"),
  };
}
"""


# What hangs over a seat's portrait (its timer, presence dot, the tag of its mark menu) and
# what it lies over: the seat's name, character, badges, hearts or health, or another of them. There
# must be nothing (on a phone the timer once hid the deciding player's hearts, and the tag
# the first heart of every seat).
UNDER_OVERLAYS = """
() => [...document.querySelectorAll("#table .seat")].flatMap((seat) => {
  const shown = (selector) => [...seat.querySelectorAll(selector)]
    .filter((e) => e.offsetParent && getComputedStyle(e).visibility === "visible");
  const overlays = shown(".timer, .presence, .markmenu__tag");
  const parts = shown(".seat__name, .seat__char summary, .seat__badge, .role-tag, .hearts, .hp");
  // Of the round timer only its seconds count: a dot may sit on its ring.
  const box = (e) => {
    const r = e.getBoundingClientRect();
    const inset = e.classList.contains("timer") ? r.width / 4 : 0;
    return {
      left: r.left + inset, right: r.right - inset, top: r.top + inset, bottom: r.bottom - inset,
    };
  };
  const over = (a, b) => {
    const o = box(a);
    const r = box(b);
    return r.right > r.left && r.left < o.right - 0.5 && r.right > o.left + 0.5 &&
      r.top < o.bottom - 0.5 && r.bottom > o.top + 0.5;
  };
  return overlays.flatMap((overlay, index) =>
    [...parts, ...overlays.slice(index + 1)].filter((part) => over(overlay, part))
      .map((part) => `seat ${seat.dataset.seat}: ${overlay.className} over ${part.className}`));
})
"""


# Tags on one seat (its revealed role, its turn, claims and guesses) that lie over each other
# or stick out of the seat: there must be none.
TAGS_CLASH = """
() => [...document.querySelectorAll("#table .seat")].flatMap((seat) => {
  const tags = [...seat.querySelectorAll(".role-tag, .turn-tag, .claim-tag, .guess-tag")]
    .filter((tag) => tag.offsetParent);
  const s = seat.getBoundingClientRect();
  const clashes = tags.filter((tag) => {
    const r = tag.getBoundingClientRect();
    return r.left < s.left - 1 || r.right > s.right + 1;
  }).map((tag) => `seat ${seat.dataset.seat}: ${tag.textContent.trim()} sticks out`);
  tags.forEach((one, index) => tags.slice(index + 1).forEach((other) => {
    const a = one.getBoundingClientRect();
    const b = other.getBoundingClientRect();
    if (a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 &&
        b.top < a.bottom - 0.5) {
      const words = `${one.textContent.trim()} / ${other.textContent.trim()}`;
      clashes.push(`seat ${seat.dataset.seat}: ${words}`);
    }
  }));
  return clashes;
})
"""


# Laptop screens a seven- or eight-seat table must fit without a seat lying over another.
LAPTOPS = (
    {"width": 1024, "height": 768},
    {"width": 1280, "height": 720},
    {"width": 1366, "height": 768},
    {"width": 1920, "height": 1080},
)


def shoot(page: Page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"))


def assert_fits(page: Page, viewport: dict[str, int], where: str) -> None:
    """The hand and the decision panel are inside the viewport; the page does not scroll; nothing
    on a seat's portrait hides its name, its health or another such mark."""
    page.set_viewport_size(viewport)
    page.wait_for_function("() => document.getElementById('table-hand')")
    layout = page.evaluate(LAYOUT)
    label = f"{where} at {viewport['width']}x{viewport['height']}: {layout}"
    assert layout["overflowY"] <= 1, f"the page scrolls: {label}"
    assert layout["overflowX"] <= 1, f"the page is wider than the screen: {label}"
    if viewport["width"] > 800 and viewport["height"] > 480:
        # On a laptop (the oval: wider than 50rem, taller than 30rem) every seat is on the
        # felt. On a phone or a tablet a crowded table (many cards in front of the seats) can
        # still scroll a row of seats inside the felt: not checked.
        assert layout["outOfSight"] == [], f"seats out of sight: {label}"
    for part in ("hand", "decision", "centre", "me"):
        box = layout[part]
        if part in ("hand", "centre", "me"):
            assert box is not None, f"no {part}: {label}"
        if box is not None:
            assert box["top"] >= -1, f"{part} starts above the screen: {label}"
            assert box["bottom"] <= layout["height"] + 1, f"{part} ends below the screen: {label}"
    covered = page.evaluate(UNDER_OVERLAYS)
    assert covered == [], f"a seat's name or health is hidden: {covered}: {label}"


def no_serious_violations(page: Page, viewport: dict[str, int]) -> None:
    page.set_viewport_size(viewport)
    accessibility.check(page, f"the table at {viewport['width']} px")


def keyboard_reaches_the_hand(page: Page) -> None:
    """From the page's first skip link (where the first Tab of a keyboard player lands), at
    most 5 key presses reach a card of the hand: Tab to "Go to my hand", Enter, Tab."""
    page.locator(".skip-link").first.focus()
    presses = 0
    while page.evaluate("document.activeElement.getAttribute('href')") != "#table-hand":
        page.keyboard.press("Tab")
        presses += 1
        assert presses <= 3, "no 'Go to my hand' link right after 'Skip to content'"
    page.keyboard.press("Enter")
    presses += 1
    while not page.evaluate("!!document.activeElement.closest('#table-hand .hand__slot')"):
        page.keyboard.press("Tab")
        presses += 1
        assert presses <= 5, "the hand is more than 5 key presses from the skip link"


def start_match(page: Page, live_url: str, seats: int = 4, tempo: str = "fast") -> None:
    """Play from the start screen: a guest, 15 s per move, 4 seats at Fast tempo unless
    told otherwise."""
    page.goto(f"{live_url}/play/")
    page.fill("input[name=name]", PLAYER)
    for field_name, value in (("seats", seats), ("tempo", tempo), ("move_time", 15)):
        page.locator(f"label.pill:has(input[name={field_name}][value='{value}'])").click()
    page.locator("#play-button").click()
    page.wait_for_url(re.compile(r"/match/\d+/$"), timeout=STEP_TIMEOUT_MS)
    expect(page.locator(".seat--me .presence--on")).to_be_visible(timeout=STEP_TIMEOUT_MS)


def test_the_decision_fits_the_screen_at_every_decision_of_a_whole_match(
    page: Page, live_url: str
) -> None:
    page.on("dialog", lambda dialog: dialog.accept())
    page.set_viewport_size(WIDE)
    start_match(page, live_url)
    table = page.locator("#table")
    diary = Diary()
    deadline = time.monotonic() + MATCH_TIMEOUT
    acted, plays, checked, state = "", 0, 0, ""
    first_turn_done = False
    while True:
        remaining = (deadline - time.monotonic()) * 1000
        assert remaining > 0, f"the match did not end: {diary}"
        out = table.locator(".seat--me.seat--out").count() > 0
        refusals = page.locator(REFUSALS).count()
        try:
            state = page.wait_for_function(
                TABLE_STATE,
                arg=[acted, refusals],
                timeout=remaining if out else min(remaining, STEP_TIMEOUT_MS),
            ).json_value()
        except PlaywrightTimeoutError:
            if table.locator(".seat--me.seat--out").count():
                continue
            shoot(page, "failed-frozen")
            raise
        if state != "mine":
            break
        assert_fits(page, PHONE, f"decision {checked + 1}")
        assert_fits(page, WIDE, f"decision {checked + 1}")
        checked += 1
        on_turn = table.locator(".act--end").count() > 0
        if on_turn and not first_turn_done:
            first_turn_done = True
            shoot(page, "en-own-turn-1280")
            no_serious_violations(page, WIDE)
            page.set_viewport_size(PHONE)
            shoot(page, "en-own-turn-360")
            no_serious_violations(page, PHONE)
            keyboard_reaches_the_hand(page)
            for size in MORE_SIZES:
                assert_fits(page, size, "the first own turn")
            shoot(page, "en-own-turn-844x390")
            page.set_viewport_size(WIDE)
        elif not on_turn and "respond" not in diary.shots and table.locator(".prompt").count():
            shoot(page, "en-response-1280")
            page.set_viewport_size(PHONE)
            shoot(page, "en-response-360")
            page.set_viewport_size(WIDE)
            diary.shots.add("respond")
        if not on_turn:
            plays = 0
        acted = table.get_attribute("data-version") or ""
        page.set_viewport_size(WIDE)
        if decide(page, diary, plays):
            plays += 1
        elif on_turn:
            plays = 0
    assert checked >= 3, f"only {checked} decisions were checked: {diary}"
    print(f"\nthe screen fitted at {checked} decisions, at both sizes")


def both_out_or_over(host: Page, friend: Page) -> bool:
    """The deal gave neither player a turn to aim in: both are out, or the match ended."""
    if host.locator("#table-over .gameover").count():
        return True
    return all(page.locator(".seat--me.seat--out").count() for page in (host, friend))


def own_turn_with_a_pick(host: Page, friend: Page, live_url: str) -> tuple[Page, Page]:
    """Wait until one of the two players is on their own turn holding a card to aim; the other
    one ends turns and takes hits meanwhile. Returns (player on turn, the other). Every match
    deals at random (a secret seed): if this one ends, or both players are out, before either
    could aim, the two sit down at a new table."""
    deadline = time.monotonic() + 240
    while time.monotonic() < deadline:
        if both_out_or_over(host, friend):
            sit_down(host, friend, live_url)
        for page, other in ((host, friend), (friend, host)):
            if (
                page.locator("#table.tablescreen--mine:not(.is-sending) .act--end").count()
                and page.locator("[data-select-card]").count()
            ):
                return page, other
            make_any_move(page)
        host.wait_for_timeout(POLL_MS)  # polling what the pages show
    raise AssertionError("nobody got a turn with a card to aim")


def test_a_half_made_play_survives_updates_and_toasts_leave_by_themselves(
    browser: Browser, live_url: str
) -> None:
    contexts = [browser.new_context(viewport=WIDE) for _ in range(2)]
    host, friend = (context.new_page() for context in contexts)
    try:
        for page in (host, friend):
            page.on("dialog", lambda dialog: dialog.accept())
        sit_down(host, friend, live_url)
        aiming, other = own_turn_with_a_pick(host, friend, live_url)
        other_seat = other.locator(".seat--me").get_attribute("data-seat")
        picked = aiming.locator("[data-select-card]").first
        picked.click()
        lit = aiming.locator(".target:not([hidden]) .act__button")
        expect(lit.first).to_be_visible()
        lit_count = lit.count()
        version = aiming.locator("#table-state").get_attribute("data-table-version")

        # Another player's reaction reaches the aiming player's screen ...
        other.locator(".signal__button--reaction[title='Nice']").click()
        expect(aiming.locator(f".seat[data-seat='{other_seat}'] .reaction-bubble")).to_be_visible(
            timeout=STEP_TIMEOUT_MS
        )
        # ... and the other player's tab goes away and comes back (presence, twice: two small
        # presence frames, issue 17, that must not touch the pick either).
        other.reload()
        expect(other.locator("#table")).to_be_visible(timeout=STEP_TIMEOUT_MS)
        expect(other.locator("html[data-live='1']")).to_have_count(1, timeout=STEP_TIMEOUT_MS)
        expect(aiming.locator(f".seat[data-seat='{other_seat}'] .presence--on")).to_be_visible(
            timeout=STEP_TIMEOUT_MS
        )
        aiming.wait_for_function(
            "v => Number(document.getElementById('table-state').dataset.tableVersion) >= v",
            arg=int(version or 0),
            timeout=STEP_TIMEOUT_MS,
        )
        expect(picked).to_have_attribute("aria-pressed", "true")
        expect(lit).to_have_count(lit_count)
        expect(lit.first).to_be_visible()
        shoot(aiming, "en-pick-survives-1280")

        # A toast says no (one signal per 1.2 s), never takes a click, and leaves by itself.
        other.locator(".signal__button--reaction[title='Nice']").click()
        other.locator(".signal__button--reaction[title='Nice']").click()
        toast = other.locator("#toasts .toast").last
        expect(toast).to_be_visible(timeout=STEP_TIMEOUT_MS)
        assert toast.evaluate("t => getComputedStyle(t).pointerEvents") == "none"
        assert toast.evaluate(UNDER_TOAST) == [], "the toast lies over controls at 1280 px"
        other.set_viewport_size(PHONE)
        assert toast.evaluate(UNDER_TOAST) == [], "the toast lies over controls at 360 px"
        shoot(other, "en-toast-360")
        expect(other.locator("#toasts .toast")).to_have_count(0, timeout=12_000)
        other.set_viewport_size(WIDE)

        # The aiming player ends the turn (over the hand limit, the excess is discarded first,
        # R25: left alone, that decision would hold the table until its 90 s ran out); then, on
        # their screen, a card's library dialog stays open while the next moves are made at
        # other seats.
        aiming.keyboard.press("Escape")
        end_turn(aiming)
        aiming.locator(".hand__slot .libref").first.click()
        dialog = aiming.locator("#library-dialog")
        expect(dialog).to_be_visible()
        moved = aiming.locator("#table-state").get_attribute("data-version")
        deadline = time.monotonic() + 120
        while aiming.locator("#table-state").get_attribute("data-version") == moved:
            assert time.monotonic() < deadline, "nobody moved"
            make_any_move(other)
            aiming.wait_for_timeout(POLL_MS)
        expect(dialog).to_be_visible()
    finally:
        for context in contexts:
            context.close()


def test_the_table_in_german_fits_both_widths(browser: Browser, live_url: str) -> None:
    context = browser.new_context(viewport=WIDE, locale="de-DE")
    page = context.new_page()
    try:
        page.goto(f"{live_url}/play/")
        page.select_option("#language-select", "de")  # the switch sends itself on change
        expect(page.locator("html")).to_have_attribute("lang", "de")
        start_match(page, live_url)
        expect(page.locator(".hand__title")).to_contain_text("Deine Hand")
        assert_fits(page, WIDE, "German table")
        shoot(page, "de-table-1280")
        no_serious_violations(page, WIDE)
        assert_fits(page, PHONE, "German table")
        shoot(page, "de-table-360")
        no_serious_violations(page, PHONE)
    finally:
        context.close()


def test_an_eight_seat_table_on_a_phone_or_a_tablet_keeps_its_marks_apart(
    browser: Browser, live_url: str
) -> None:
    """R1, R5, R21: eight seats on a 360 px phone, then on a tablet upright, in Indonesian
    (whose words for the Marshal and the turn are the longest of the site's languages): at the
    Marshal's first turn his public badge and the turn tag lie side by side inside his seat,
    and nothing on a portrait (timer, presence dot, the mark menu's tag) hides a seat's name,
    badge or health."""
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    try:
        page.goto(f"{live_url}/play/")
        page.select_option("#language-select", "id")
        expect(page.locator("html")).to_have_attribute("lang", "id")
        # Slow tempo: the Marshal's first turn lasts long enough to be looked at.
        start_match(page, live_url, seats=8, tempo="slow")
        marshal = page.locator("#table .seat:has(.role-tag--marshal)")
        expect(marshal.locator(".turn-tag")).to_be_visible(timeout=STEP_TIMEOUT_MS)
        expect(marshal.locator(".timer")).to_be_visible(timeout=STEP_TIMEOUT_MS)
        shoot(page, "id-eight-seats-360")
        assert page.evaluate(TAGS_CLASH) == []
        assert page.evaluate(UNDER_OVERLAYS) == []
        # A tablet upright: three larger seats a row, every one in sight, none over another.
        page.set_viewport_size(TABLET)
        layout = page.evaluate(LAYOUT)
        assert layout["outOfSight"] == [], layout
        assert layout["overflowY"] <= 1, layout
        assert overlapping_seats(page.evaluate(SEAT_BOXES)["seats"]) == []
        assert page.evaluate(TAGS_CLASH) == []
        assert page.evaluate(UNDER_OVERLAYS) == []
        shoot(page, "id-eight-seats-768x1024")
    finally:
        context.close()


# New matches a guest starts until the role he is dealt is a secret one (not the Marshal: one
# in five at five seats), so the chance that all of them deal him the Marshal is 1 in 3,125.
SECRET_ROLE_ATTEMPTS = 5
# Four bots' turns at Fast tempo come before the guest's own at the latest.
MY_TURN_TIMEOUT_MS = 120_000


def test_my_secret_role_and_my_turn_tag_lie_apart_on_a_phone(
    browser: Browser, live_url: str
) -> None:
    """R5, R21: on a 360 px phone the role only I know sits on my seat's top edge and, on my
    turn, the turn tag beside it, neither over the other (the turn tag once sat on the
    role's text: "TURN" over "LONER"). The Marshal's public badge is checked above."""
    for _ in range(SECRET_ROLE_ATTEMPTS):
        context = browser.new_context(viewport=PHONE)
        page = context.new_page()
        try:
            start_match(page, live_url, seats=5)
            if page.locator(".seat--me .role-tag--marshal").count():
                continue
            mine = page.locator("#table .seat--me")
            expect(mine.locator(".seatyou .role-tag")).to_be_visible()
            expect(mine.locator(".turn-tag")).to_be_visible(timeout=MY_TURN_TIMEOUT_MS)
            shoot(page, "en-my-role-and-turn-360")
            assert page.evaluate(TAGS_CLASH) == []
            assert page.evaluate(UNDER_OVERLAYS) == []
            return
        finally:
            context.close()
    pytest.fail(f"the guest was dealt the Marshal in {SECRET_ROLE_ATTEMPTS} matches in a row")


@pytest.mark.parametrize("seats", [7, 8])
def test_a_full_table_fits_a_laptop_with_no_seat_over_another(
    browser: Browser, live_url: str, seats: int
) -> None:
    """R1: a table of seven or eight seats on the laptop screens people play on (1024x768 to
    1920x1080): no seat lies over another, nothing on a portrait hides a name or health, and
    the page does not scroll. Seven and eight once stacked three seats at each end of the
    oval, one over the next, from 1024 to 1366 px wide."""
    context = browser.new_context(viewport=WIDE)
    page = context.new_page()
    try:
        start_match(page, live_url, seats=seats)
        for size in LAPTOPS:
            page.set_viewport_size(size)
            where = f"{seats} seats at {size['width']}x{size['height']}"
            expect(page.locator("#table .seat")).to_have_count(seats)
            seats_now = page.evaluate(SEAT_BOXES)["seats"]
            assert overlapping_seats(seats_now) == [], f"seats overlap: {where}"
            assert page.evaluate(UNDER_OVERLAYS) == [], f"a mark hides a seat's text: {where}"
            assert page.evaluate(LAYOUT)["overflowY"] <= 1, f"the page scrolls: {where}"
            shoot(page, f"en-{seats}-seats-{size['width']}x{size['height']}")
    finally:
        context.close()

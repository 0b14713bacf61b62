"""Browser check of "every screen in seven languages": the start screen, the table of a running
match, the match summary, the library, a player's statistics and the leaderboards in Russian,
Turkish, German, Polish, Indonesian and Dutch at phone width (360 px), chosen with the header's
language switch the way a player does, with no text overflowing its box, the chosen language's
name shown whole in the switch and no card name broken inside a word; the live table at desktop
width in Polish (a decimal-comma language) with every seat on the table and none on another; and
the switch at a live table (en -> de -> ru) keeps the same table, seat and hand, and the table's
live (WebSocket) redraws arrive in the new language.

Screenshots land in artifacts/i18n/<lang>-<page>-<width>.png for a human to look at.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e.conftest import ARTIFACTS, ROOT, server_env

pytestmark = pytest.mark.e2e

SHOTS = ARTIFACTS / "i18n"
PHONE = {"width": 360, "height": 740}
DESKTOP = {"width": 1280, "height": 860}
STEP_TIMEOUT_MS = 30_000
# A live redraw needs someone to move: a bot at once (Fast tempo), or the guest's own 15 s
# decision running out.
REDRAW_TIMEOUT_MS = 45_000
PLAYER = "Calamity Kid"
# The signed-up player seated in the seeded finished matches: their statistics page has
# figures, and they stand on the leaderboards (five matches is a board's minimum).
USERNAME = "calamity_kid"
SEEDED_MATCHES = 5

# Words each screen must show in the chosen language (from locale/<lang>/LC_MESSAGES).
WORDS = {
    "ru": {
        "start": "Занять место",
        "hand": "Ваша рука",
        "log": "Что произошло",
        "round": "Раунд",
        "summary": "Итоги матча",
        "contents": "Содержание",
        "duel": "Дуэль",
        "lucky": "Везунчик",
        "leaderboards": "Рейтинги",
    },
    "tr": {
        "start": "Otur",
        "hand": "Elin",
        "log": "Olanlar",
        "round": "Raunt",
        "summary": "Maç özeti",
        "contents": "İçindekiler",
        "duel": "Düello",
        "lucky": "Şanslı",
        "leaderboards": "Sıralamalar",
    },
    "de": {
        "start": "Platz nehmen",
        "hand": "Deine Hand",
        "log": "Was geschah",
        "round": "Runde",
        "summary": "Zusammenfassung der Partie",
        "contents": "Inhalt",
        "duel": "Duell",
        "lucky": "Glückspilz",
        "leaderboards": "Bestenlisten",
    },
    "pl": {
        "start": "Zajmij miejsce",
        "hand": "Twoja ręka",
        "log": "Co się stało",
        "round": "Runda",
        "summary": "Podsumowanie meczu",
        "contents": "Spis treści",
        "duel": "Pojedynek",
        "lucky": "Szczęściarz",
        "leaderboards": "Rankingi",
    },
    "id": {
        "start": "Ambil kursi",
        "hand": "Tanganmu",
        "log": "Yang terjadi",
        "round": "Ronde",
        "summary": "Ringkasan pertandingan",
        "contents": "Daftar isi",
        "duel": "Duel",
        "lucky": "Si Mujur",
        "leaderboards": "Papan peringkat",
    },
    "nl": {
        "start": "Neem plaats",
        "hand": "Jouw hand",
        "log": "Wat er gebeurde",
        "round": "Ronde",
        "summary": "Overzicht van de partij",
        "contents": "Inhoud",
        "duel": "Duel",
        "lucky": "Geluksvogel",
        "leaderboards": "Ranglijsten",
    },
}

# Visible elements with text whose content is wider than their box, innermost first. Allowed: a
# box meant to scroll sideways (overflow-x auto/scroll), a box that cuts its text with an
# ellipsis on purpose (a long username in the header's account menu), visually hidden labels
# (1 px boxes for screen readers), and a box that only a badge placed over its edge on purpose
# sticks out of (an absolutely positioned timer or ⓘ: the box fits once those are taken out of
# the count; a badge's own text overflowing is still found on the badge itself).
OVERFLOWING = """
() => {
  const visuallyHidden = (el) => {
    for (let at = el; at; at = at.parentElement) {
      const box = at.getBoundingClientRect();
      const style = getComputedStyle(at);
      const clipped = style.overflow !== "visible" || style.clipPath !== "none";
      if (clipped && (box.width <= 1 || box.height <= 1)) return true;
    }
    return false;
  };
  const found = [];
  for (const el of document.body.querySelectorAll("*")) {
    if (!el.checkVisibility({visibilityProperty: true})) continue;
    const text = (el.innerText || "").trim();
    if (!text) continue;
    if (el.scrollWidth <= el.clientWidth + 1) continue;
    const style = getComputedStyle(el);
    if (style.overflowX === "auto" || style.overflowX === "scroll") continue;
    if (style.textOverflow === "ellipsis" && style.overflowX === "hidden") continue;
    if (visuallyHidden(el)) continue;
    const badges = [...el.querySelectorAll("*")].filter((inner) =>
      ["absolute", "fixed"].includes(getComputedStyle(inner).position));
    const shown = badges.map((badge) => badge.style.display);
    badges.forEach((badge) => { badge.style.display = "none"; });
    const spills = el.scrollWidth > el.clientWidth + 1;
    badges.forEach((badge, n) => { badge.style.display = shown[n]; });
    if (spills) found.push(el);
  }
  return found
    .filter((el) => !found.some((other) => other !== el && el.contains(other)))
    .map((el) => ({
      tag: el.tagName.toLowerCase(),
      cls: el.className && el.className.baseVal === undefined ? el.className : "",
      text: el.innerText.trim().replace(/\\s+/g, " ").slice(0, 60),
      scrollWidth: el.scrollWidth,
      clientWidth: el.clientWidth,
    }));
}
"""

# Card names on the card faces (hand, discard pile, check, library art) broken inside a word
# ("Gevangeni|s", "Piersiówk|a"): a word whose text lies on more than one line, or is wider than
# the name's box. Hyphenation would also count, so it holds where the browser has dictionaries.
BROKEN_CARD_NAMES = """
() => {
  const broken = [];
  for (const name of document.querySelectorAll(".card .card__name")) {
    if (!name.checkVisibility()) continue;
    const box = name.getBoundingClientRect();
    const text = name.firstChild;
    if (!text || text.nodeType !== Node.TEXT_NODE) continue;
    for (const word of text.data.matchAll(/\\S+/g)) {
      const range = document.createRange();
      range.setStart(text, word.index);
      range.setEnd(text, word.index + word[0].length);
      const rects = [...range.getClientRects()].filter((rect) => rect.width > 0);
      const lines = new Set(rects.map((rect) => Math.round(rect.top))).size;
      const wide = Math.max(...rects.map((rect) => rect.width));
      if (lines > 1 || wide > box.width + 1 || name.scrollWidth > name.clientWidth + 1) {
        broken.push({name: text.data, word: word[0], lines, wordWidth: Math.round(wide),
                     boxWidth: Math.round(box.width)});
      }
    }
  }
  return broken;
}
"""

# Hand cards whose rule text runs under their action button ("Kies doelwit" over the last line
# of the Dutch Jail's rule).
RULE_UNDER_BUTTON = """
() => [...document.querySelectorAll("#table .hand .hand__slot")].flatMap((card) => {
  const rule = card.querySelector(".card .card__rule");
  const button = card.querySelector(".hand__act .card__do, .hand__act .card__why");
  if (!rule || !button) return [];
  const ruleBottom = rule.getBoundingClientRect().bottom;
  const buttonTop = button.getBoundingClientRect().top;
  return ruleBottom > buttonTop + 1
    ? [{name: card.querySelector(".card__name").textContent, ruleBottom, buttonTop}] : [];
})
"""

# The header's links that a phone cannot show at once (its row scrolls sideways), or None. At
# 360 px "Library" was once cut to "Lil" in English, and Russian and German lacked up to 130 px.
NAV_CUT = """
() => {
  const row = document.querySelector(".site-nav ul");
  if (!row || !row.offsetParent || row.scrollWidth <= row.clientWidth + 1) return null;
  const shown = [...row.querySelectorAll("a")].filter((a) => a.offsetParent);
  return shown.map((a) => a.textContent.trim());
}
"""

# The header's language switch shows the chosen language's name whole ("Bahasa Indonesia",
# not "Bahasa Indone"): the name, in the select's font, fits its box less padding and arrow.
LANGUAGE_NAME_CUT = """
() => {
  const select = document.getElementById("language-select");
  const style = getComputedStyle(select);
  const probe = document.createElement("span");
  probe.style.cssText = "position: absolute; visibility: hidden; white-space: pre";
  probe.style.font = style.font;
  probe.textContent = select.selectedOptions[0].text;
  document.body.append(probe);
  const needed = probe.getBoundingClientRect().width;
  probe.remove();
  const arrow = 16;
  const padding = parseFloat(style.paddingLeft) + parseFloat(style.paddingRight);
  const room = select.clientWidth - padding - arrow;
  return needed > room + 0.5 ? {name: probe.textContent, needed, room} : null;
}
"""

# Seats of the desktop oval: each seat's box must lie inside the table area and overlap no other
# seat (localised CSS positions, "86,0%", once piled every seat into one corner).
SEAT_BOXES = """
() => {
  const felt = document.querySelector("#table .felt").getBoundingClientRect();
  const seats = [...document.querySelectorAll("#table .seats > .seat")].map((seat) => {
    const box = seat.getBoundingClientRect();
    const {left, top, right, bottom} = box;
    return {seat: seat.dataset.seat, left, top, right, bottom};
  });
  return {felt: {left: felt.left, top: felt.top, right: felt.right, bottom: felt.bottom}, seats};
}
"""


def overlapping_seats(seats: list[dict]) -> list[str]:
    """The pairs of ``SEAT_BOXES`` seats whose boxes overlap (by more than a pixel)."""
    return [
        f"{one['seat']}/{other['seat']}"
        for n, one in enumerate(seats)
        for other in seats[n + 1 :]
        if not (
            one["right"] <= other["left"] + 1
            or other["right"] <= one["left"] + 1
            or one["bottom"] <= other["top"] + 1
            or other["bottom"] <= one["top"] + 1
        )
    ]


def seed_finished_match() -> None:
    """Run inside the live server's database (see ``finished_match_id``): finished, recorded
    5-seat matches of a signed-up player, a signed-up partner and three bots, played in the
    last hours (rated: two accounts, issue 23; so the player is on the all-time leaderboards);
    the id of the last one printed."""
    from datetime import timedelta

    from django.utils import timezone

    from stats.recording import record_match
    from tests.stats.conftest import finished_match, make_user

    player, partner = make_user(USERNAME), make_user(f"{USERNAME}_partner")
    started = timezone.now() - timedelta(hours=SEEDED_MATCHES + 1)
    for n in range(SEEDED_MATCHES):
        match = finished_match(
            [{"user": player, "name": PLAYER}, {"user": partner}],
            seats=5,
            seed=7 + n,
            started_at=started + timedelta(hours=n),
        )
        record_match(match)
    print(match.pk)


@pytest.fixture(scope="module")
def finished_match_id(live_url: str, tmp_path_factory: pytest.TempPathFactory) -> int:
    """Finished matches written into the live server's database file, shared by every
    language (a summary is the same page in each); the id of one of them."""
    [database] = {path.resolve() for path in tmp_path_factory.getbasetemp().glob("e2e*/db.sqlite3")}
    env = server_env(database)
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT), env.get("PYTHONPATH", "")])
    code = (
        "import django; django.setup(); "
        "from tests.e2e.test_languages import seed_finished_match; seed_finished_match()"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env, check=True, capture_output=True, text=True
    )
    return int(done.stdout.split()[-1])


@pytest.fixture
def phone(browser: Browser):  # type: ignore[no-untyped-def]
    context = browser.new_context(viewport=PHONE, locale="en-US")
    opened = context.new_page()
    opened.on("dialog", lambda dialog: dialog.accept())
    yield opened
    context.close()


def switch_language(page: Page, code: str) -> None:
    """The header's switch: picking a language sends it at once; the same page comes back."""
    before = page.url
    page.select_option("#language-select", code)
    expect(page.locator("html")).to_have_attribute("lang", code)
    assert page.url == before


def check_fits(page: Page, lang: str, name: str) -> None:
    """Save the full page, then assert nothing is wider than the screen or its own box, the
    language switch shows the whole language name and no card name is broken mid-word."""
    width = page.viewport_size["width"]
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{lang}-{name}-{width}.png"), full_page=True)
    wide = page.evaluate("document.scrollingElement.scrollWidth")
    assert wide <= width, f"{lang} {name}: the page is {wide} px wide on a {width} px screen"
    overflowing = page.evaluate(OVERFLOWING)
    assert not overflowing, f"{lang} {name}: text overflows its box: {overflowing}"
    cut = page.evaluate(LANGUAGE_NAME_CUT)
    assert cut is None, f"{lang} {name}: the language switch cuts the language's name: {cut}"
    links = page.evaluate(NAV_CUT)
    assert links is None, f"{lang} {name}: the header's links do not fit: {links}"
    broken = page.evaluate(BROKEN_CARD_NAMES)
    assert not broken, f"{lang} {name}: card names broken inside a word: {broken}"


def start_match(page: Page) -> str:
    """Play from the start screen: a 4-seat table of the guest and three bots, Fast tempo,
    15 s per move; returns the table's URL once the guest's hand is drawn."""
    page.fill("input[name=name]", PLAYER)
    for field_name, value in (("seats", 4), ("tempo", "fast"), ("move_time", 15)):
        page.locator(f"label.pill:has(input[name={field_name}][value='{value}'])").click()
    page.locator("#play-button").click()
    page.wait_for_url(re.compile(r"/match/\d+/$"), timeout=STEP_TIMEOUT_MS)
    table = page.locator("#table")
    expect(table.locator(".seat--me")).to_contain_text(PLAYER)
    expect(table.locator(".hand__slot").first).to_be_visible(timeout=STEP_TIMEOUT_MS)
    return page.url


@pytest.mark.parametrize("lang", ["ru", "tr", "de", "pl", "id", "nl"])
def test_every_screen_fits_a_phone_in_the_chosen_language(
    phone: Page, live_url: str, finished_match_id: int, lang: str
) -> None:
    """The start screen, the table, the summary (R140), the library, a player's statistics and
    the leaderboards, in the language the guest picked in the header, fit a 360 px phone
    without text spilling out of its box."""
    words = WORDS[lang]
    page = phone

    # The start screen, switched from English with the header's switch.
    page.goto(f"{live_url}/play/")
    expect(page.locator("html")).to_have_attribute("lang", "en")
    switch_language(page, lang)
    expect(page.locator("#start-title")).to_have_text(words["start"])
    check_fits(page, lang, "start")

    # The table of a running match, dealt from that start screen.
    start_match(page)
    expect(page.locator("html")).to_have_attribute("lang", lang)
    table = page.locator("#table")
    expect(table.locator(".hand__title")).to_contain_text(words["hand"])
    expect(table.locator(".round")).to_contain_text(words["round"])
    expect(table.locator(".log__title")).to_have_text(words["log"])
    check_fits(page, lang, "table")
    assert not page.evaluate(RULE_UNDER_BUTTON), f"{lang}: a card's rule runs under its button"

    # The summary of a finished match: winners, every role, everyone's figures.
    page.goto(f"{live_url}/match/{finished_match_id}/result/")
    expect(page.locator("html")).to_have_attribute("lang", lang)
    expect(page.locator("h1")).to_have_text(words["summary"])
    expect(page.locator(".summary-table tbody tr")).to_have_count(5)
    check_fits(page, lang, "summary")

    # The library: contents, the rules, every card and character; then an entry page of each.
    page.goto(f"{live_url}/library/")
    expect(page.locator("html")).to_have_attribute("lang", lang)
    expect(page.locator(".library__toc-title")).to_have_text(words["contents"])
    check_fits(page, lang, "library")
    page.goto(f"{live_url}/library/cards/duel/")
    expect(page.locator("h1")).to_contain_text(words["duel"])
    check_fits(page, lang, "library-card")
    page.goto(f"{live_url}/library/characters/lucky/")
    expect(page.locator("h1")).to_contain_text(words["lucky"])
    check_fits(page, lang, "library-character")

    # A signed-up player's statistics: figures, the tables by role, month and character.
    page.goto(f"{live_url}/stats/players/{USERNAME}/")
    expect(page.locator("html")).to_have_attribute("lang", lang)
    expect(page.locator("h1")).to_have_text(USERNAME)
    tables = page.locator(".stats__block .stats-table")
    expect(tables.first.locator("tbody tr")).to_have_count(5)  # one row per role
    expect(tables.last.locator("tbody tr").first).to_be_visible()  # characters played
    check_fits(page, lang, "statistics")

    # The leaderboards: the all-time skill-rating board (the player ranked), then the board by
    # role. All time, not this week: the seeded matches end hours before now, which early on a
    # Monday (UTC) is last week.
    page.goto(f"{live_url}/stats/leaderboards/?period=all")
    expect(page.locator("h1")).to_have_text(words["leaderboards"])
    expect(page.locator(".board tbody tr").filter(has_text=USERNAME).first).to_be_visible()
    check_fits(page, lang, "leaderboards")
    page.locator(".tabs .tab").last.click()
    expect(page.locator(".tabs .tab").last).to_have_attribute("aria-current", "page")
    check_fits(page, lang, "leaderboards-role")


def test_the_desktop_table_in_a_decimal_comma_language(
    browser: Browser, live_url: str, finished_match_id: int
) -> None:
    """Polish writes 86,0 where CSS needs 86.0: at a 1280 px table every seat still sits on the
    oval, inside the table area and clear of every other seat (their positions are CSS, not
    localised numbers), and no card name on the hand, the pile or in the library is broken
    inside a word, nor a card's rule hidden under its button."""
    context = browser.new_context(viewport=DESKTOP, locale="en-US")
    page = context.new_page()
    page.on("dialog", lambda dialog: dialog.accept())
    try:
        page.goto(f"{live_url}/play/")
        switch_language(page, "pl")
        start_match(page)
        table = page.locator("#table")
        expect(table.locator(".hand__title")).to_contain_text(WORDS["pl"]["hand"])
        expect(table.locator(".seats > .seat")).to_have_count(4)
        check_fits(page, "pl", "table")

        boxes = page.evaluate(SEAT_BOXES)
        felt, seats = boxes["felt"], boxes["seats"]
        for seat in seats:
            inside = (
                seat["left"] >= felt["left"] - 1
                and seat["right"] <= felt["right"] + 1
                and seat["top"] >= felt["top"] - 1
                and seat["bottom"] <= felt["bottom"] + 1
            )
            assert inside, f"seat {seat['seat']} is off the table area {felt}: {seat}"
        assert overlapping_seats(seats) == [], f"seats overlap: {seats}"
        assert not page.evaluate(RULE_UNDER_BUTTON), "a card's rule runs under its button"

        # Every card of the deck, by its Polish name, on the library's card art.
        page.goto(f"{live_url}/library/")
        expect(page.locator(".library__toc-title")).to_have_text(WORDS["pl"]["contents"])
        check_fits(page, "pl", "library")

        # The longest language name, "Bahasa Indonesia", is shown whole in the header's switch.
        switch_language(page, "id")
        cut = page.evaluate(LANGUAGE_NAME_CUT)
        assert cut is None, f"the language switch cuts the language's name: {cut}"
    finally:
        context.close()


def hand_of(page: Page) -> set[str]:
    """The guest's hand as shown, by each card's rank and suit (the card names change with
    the language; no two cards of the deck share rank and suit)."""
    return {
        re.sub(r"\s+", "", corner)
        for corner in page.locator("#table .hand__slot .card__corner").all_inner_texts()
    }


def wait_for_live_redraw(page: Page) -> None:
    """Wait until the table socket brings a newer move: every frame replaces the table's
    #table-state (issue 16: a move sends the regions it changed, not the whole table), so the
    page's own one (drawn by the reload) is marked, and a frame replaces it with a later
    version. On the guest's own turn they end it, so the bots move."""
    table = page.locator("#table")
    version = table.get_attribute("data-version")
    page.evaluate("document.getElementById('table-state').setAttribute('data-drawn-by-page', '')")
    end_turn = table.locator(".act--end .act__button")
    if end_turn.count():
        end_turn.click()
    page.wait_for_function(
        """(version) => {
          const state = document.getElementById("table-state");
          return state && !state.hasAttribute("data-drawn-by-page")
            && state.getAttribute("data-version") !== version;
        }""",
        arg=version,
        timeout=REDRAW_TIMEOUT_MS,
    )


def test_the_language_switch_at_a_live_table_keeps_the_table(phone: Page, live_url: str) -> None:
    """A seated guest switches en -> de -> ru in the header mid-match: the same table comes
    back (same URL, same seat, their hand), in the new language, and the table's live redraws
    after later moves come in that language too."""
    page = phone
    page.goto(f"{live_url}/play/")
    table_url = start_match(page)
    table = page.locator("#table")
    expect(table.locator(".hand__title")).to_contain_text("Your hand")

    for lang in ("de", "ru"):
        words = WORDS[lang]
        version = table.get_attribute("data-version")
        hand = hand_of(page)
        switch_language(page, lang)

        # The same table, seat and hand, now in the new language.
        assert page.url == table_url
        expect(table.locator(".seat--me")).to_contain_text(PLAYER)
        expect(table.locator(".hand__title")).to_contain_text(words["hand"])
        expect(table.locator(".log__title")).to_have_text(words["log"])
        shown = hand_of(page)
        if table.get_attribute("data-version") == version:
            assert shown == hand, f"the hand changed with the language: {hand} -> {shown}"
        else:  # the match moved on meanwhile: the guest still holds cards of that hand
            assert shown & hand, f"the hand was lost with the language: {hand} -> {shown}"
        check_fits(page, f"switch-{lang}", "table")

        # The next live redraw (a move over the table socket) speaks the new language too.
        wait_for_live_redraw(page)
        expect(page.locator("html")).to_have_attribute("lang", lang)
        expect(table.locator(".round")).to_contain_text(words["round"])
        expect(table.locator(".log__title")).to_have_text(words["log"])
        expect(table.locator(".hand__title")).to_contain_text(words["hand"])
        assert page.url == table_url

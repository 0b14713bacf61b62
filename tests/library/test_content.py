"""The library's content (issue 8, part 3): every card and character has its long entry, and
every language's rules page has all sections, the data tables, the card and character lists and
the links the page promises. Only repo files are checked here; the translation maps outside the
repo are checked by bin/check-library-maps."""

from __future__ import annotations

import re

import pytest

from game.catalogue import CARDS, CHARACTERS
from library import rulespage
from library.texts import CARD_ENTRIES, CHARACTER_ENTRIES

LANGUAGES = ("en", "ru", "pl", "tr", "id", "nl", "de")


def page(language: str) -> rulespage.RulesPage:
    path = rulespage.RULES_DIR / f"{language}.txt"
    assert path.is_file(), f"missing rules page {path.name}"
    return rulespage.parse(path.read_text(encoding="utf-8"), name=path.name)


def section(language: str, key: str) -> rulespage.Section:
    return next(s for s in page(language).sections if s.key == key)


def test_every_card_of_the_deck_has_an_entry_R42():
    """R42: all 22 kinds of the 80-card deck appear in the library, no more, no fewer."""
    assert list(CARD_ENTRIES) == list(CARDS)
    assert all(str(e.effect).strip() and str(e.tip).strip() for e in CARD_ENTRIES.values())


def test_every_character_has_an_entry_R99_R115():
    """R99-R115: every character has an ability text and a tip."""
    assert list(CHARACTER_ENTRIES) == list(CHARACTERS)
    assert all(str(e.ability).strip() and str(e.tip).strip() for e in CHARACTER_ENTRIES.values())


def test_old_classic_differences_are_named_only_where_R117_lists_them():
    """R117 items 4 and 8: Stone Leopard's 4 HP, Iron Brow's and Lucky's card-flip Cover."""
    with_difference = {k for k, e in CHARACTER_ENTRIES.items() if e.old_classic is not None}
    assert with_difference == {"stone_leopard", "iron_brow", "lucky"}
    assert "4 HP" in str(CHARACTER_ENTRIES["stone_leopard"].old_classic)


def test_corrected_readings_are_the_adopted_ones():
    """TD1 (Pass Shadow +1), TD3 (Toll Collector on any damage), IC9 (a Duel may be declined),
    IC1 (Double Barrel only at distance 1)."""
    assert "1 further" in str(CHARACTER_ENTRIES["pass_shadow"].ability)
    toll = str(CHARACTER_ENTRIES["toll_collector"].ability)
    assert "Duel" in toll
    assert "Raid" in toll
    assert "will not" in str(CARD_ENTRIES["duel"].effect)
    assert "distance 1" in str(CHARACTER_ENTRIES["double_barrel"].ability)


@pytest.mark.parametrize("language", LANGUAGES)
def test_rules_page_has_the_sixteen_sections_in_order(language):
    """Issue 8: every language shows the same sections in the same order."""
    assert page(language).keys == list(rulespage.SECTION_KEYS)


@pytest.mark.parametrize("language", LANGUAGES)
def test_rules_page_places_the_data_tables_R11_R40(language):
    """R11, R14, R40: the lost role and weapon tables are drawn from data where the seed had
    only their caption."""
    tables = {
        s.key: [b.name for b in s.blocks if b.kind == "table"] for s in page(language).sections
    }
    assert tables["roles"] == ["roles_by_seats", "roles_double_agent"]
    assert tables["distance"] == ["weapons"]
    every = [name for names in tables.values() for name in names]
    assert set(every) <= set(rulespage.TABLE_NAMES)


@pytest.mark.parametrize("language", LANGUAGES)
def test_card_and_character_lists_appear_once_in_their_sections(language):
    """Issue 8: the card entries in "All cards", the character entries in "Characters"."""
    kinds = [(s.key, b.kind) for s in page(language).sections for b in s.blocks]
    assert [k for k in kinds if k[1] == "cards"] == [("cards", "cards")]
    assert [k for k in kinds if k[1] == "characters"] == [("characters", "characters")]


@pytest.mark.parametrize("language", LANGUAGES)
def test_bots_section_links_the_ai_page_and_the_machine_readable_rules_R142(language):
    """R142 / issue 8: the bots section leads to For AI developers and the rules JSON."""
    targets = {
        part.target
        for block in section(language, "bots").blocks
        for part in [*block.parts, *(p for item in block.items for p in item)]
    }
    assert {"ai_docs", "rules_json"} <= targets


@pytest.mark.parametrize("language", LANGUAGES)
def test_faq_answers_the_open_questions(language):
    """RULES.md section 25: 10-20 questions, each a subheading followed by its answer."""
    blocks = section(language, "faq").blocks
    questions = [i for i, b in enumerate(blocks) if b.kind == "heading"]
    assert 10 <= len(questions) <= 20
    assert all(blocks[i + 1].kind == "paragraph" for i in questions)


NUMBERS = {
    # R118: move times; R30: High Noon from round 8; R119: 8 s when disconnected.
    "turn": ["15", "30", "60", "90", "8"],
    # R42, R77: 80 cards, 21 Hearts, 12 Spades 2-9, ≈ 26 %, ≈ 15 %, Cover 50 %.
    "checks": ["80", "21", "12", "26", "15", "50"],
    # R126: one signal every 1.2 s, 60 per match.
    "signals": ["1", "2", "60"],
    # R133: the host passes on after 30 s.
    "settings": ["4", "8", "30"],
}


@pytest.mark.parametrize("language", LANGUAGES)
def test_numbers_a_player_relies_on_are_in_every_language(language):
    """R30, R42, R77, R118, R119, R126, R133: the same numbers in every translation."""
    for key, numbers in NUMBERS.items():
        found = re.findall(r"\d+", section(language, key).plain)
        missing = [n for n in numbers if n not in found]
        assert not missing, f"{language} {key}: {missing}"


@pytest.mark.parametrize("language", LANGUAGES)
def test_pages_carry_no_html_or_markdown_emphasis(language):
    """Issue 8 format: plain text only (the templates build the HTML and escape the text)."""
    source = (rulespage.RULES_DIR / f"{language}.txt").read_text(encoding="utf-8")
    assert not re.search(r"<[a-zA-Z/]", source)
    assert "**" not in source

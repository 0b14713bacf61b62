"""The rules page format (issue 8; docs/library.md): every line kind and directive parses into
the records the page is drawn from, and a malformed file is refused with its line number."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.urls import reverse

from library import rulespage
from library.rulespage import SECTION_KEYS, RulesFormatError, parse

FIXTURE = Path(__file__).parent / "fixtures" / "en.txt"


def page_of(body: str, title: str = "Rules") -> rulespage.RulesPage:
    return parse(f"{title}\n\n{body}\n")


def test_title_sections_and_their_order():
    page = parse(FIXTURE.read_text(encoding="utf-8"))
    assert page.title == "BangArena rules (test fixture)"
    assert page.keys == list(SECTION_KEYS)
    assert page.sections[0].heading == "In one minute"


def test_ordered_and_bullet_lists_and_paragraphs():
    page = page_of(
        "#{turn} The turn\n\n1. Order.\n2. Checks.\n\n• High Noon.\n• Deck empty?\nA paragraph."
    )
    blocks = page.sections[0].blocks
    assert [b.kind for b in blocks] == ["ol", "ul", "paragraph"]
    assert [[p.text for p in item] for item in blocks[0].items] == [["Order."], ["Checks."]]
    assert len(blocks[1].items) == 2
    assert blocks[2].parts[0].text == "A paragraph."


def test_a_blank_line_ends_a_list_and_numbering_keeps_its_start():
    page = page_of("#{turn} T\n\n• one\n\n• two\n\n3. three\n4. four")
    blocks = page.sections[0].blocks
    assert [b.kind for b in blocks] == ["ul", "ul", "ol"]
    assert blocks[2].start == 3


def test_subheadings_tables_cards_and_characters():
    page = page_of(
        "#{roles} Roles\n##Marshal · Law\n@table roles_by_seats Roles by seats\n"
        "@table weapons Weapons\n@cards\n@characters"
    )
    blocks = page.sections[0].blocks
    assert [b.kind for b in blocks] == ["heading", "table", "table", "cards", "characters"]
    assert blocks[0].parts[0].text == "Marshal · Law"
    assert (blocks[1].name, blocks[1].caption) == ("roles_by_seats", "Roles by seats")


def test_inline_links_resolve_to_library_anchors_and_the_ai_pages():
    page = page_of(
        "#{bots} Bots\nSee [[ai_docs|For AI developers]] and [[rules_json|rules]]; "
        "the [[card:shot|Shot]] and [[library:cards|all cards]]."
    )
    parts = page.sections[0].blocks[0].parts
    links = {p.text: p.href for p in parts if p.target}
    index = reverse("library:index")
    assert links["Shot"] == index + "#card-shot"
    assert links["all cards"] == index + "#cards"
    assert links["For AI developers"] == reverse("ai_docs:index")
    assert links["rules"] == reverse("ai_docs:rules_json")
    assert "".join(p.text for p in parts).startswith("See For AI developers and rules; the Shot")


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ("#{nope} Unknown", "unknown section key"),
        ("#{turn} A\n#{turn} B", "appears twice"),
        ("#{turn} A\n#{roles} B", "out of order"),
        ("Stray text", "before the first section"),
        ("#{turn} A\n@table nope Caption", "unknown table"),
        ("#{turn} A\n@table weapons", "needs a caption"),
        ("#{turn} A\n@pictures", "unknown directive"),
        ("#{turn} A\n@cards please", "takes nothing"),
        ("#{turn} A\n[[card:nope|x]]", "unknown link target"),
        ("#{turn} A\n[[somewhere|x]]", "unknown link target"),
        ("#{turn} A\nbroken [[link", "must read"),
        ("#turn A", "#{key} Heading"),
    ],
)
def test_malformed_files_are_refused_with_the_line(body: str, message: str):
    with pytest.raises(RulesFormatError, match=message) as error:
        page_of(body)
    assert "<rules>:" in str(error.value)


def test_the_first_line_must_be_a_title():
    with pytest.raises(RulesFormatError, match="title"):
        parse("\n#{turn} A")


def test_markup_in_the_text_stays_text():
    """The parser never produces HTML: angle brackets reach the template as text, which escapes
    them."""
    page = page_of("#{table} T\n<script>alert(1)</script> & <b>bold</b>")
    assert page.sections[0].blocks[0].parts[0].text == "<script>alert(1)</script> & <b>bold</b>"


def test_a_language_without_a_file_falls_back_to_english(monkeypatch, tmp_path):
    (tmp_path / "en.txt").write_text("English\n\n#{turn} Turn\nText.", encoding="utf-8")
    (tmp_path / "de.txt").write_text("Deutsch\n\n#{turn} Zug\nText.", encoding="utf-8")
    monkeypatch.setattr(rulespage, "RULES_DIR", tmp_path)
    assert rulespage.load("de").title == "Deutsch"
    assert rulespage.load("pl").title == "English"
    assert rulespage.load("de").language == "de"

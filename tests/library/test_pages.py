"""The 📖 library pages (issue 8): the rules page with its contents, every card and character
entry (R41-R66, R99-R117), fragments for the table's dialog (R139), and search."""

from __future__ import annotations

import re
from html import unescape

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation

from bangarena_engine.cards import APPENDIX_A, CARD_TYPES
from bangarena_engine.characters import CHARACTER_HP
from game import catalogue
from library import rulespage
from library.rulespage import SECTION_KEYS
from library.search import MAX_QUERY, search

LANGUAGES = ("en", "ru", "pl", "tr", "id", "nl", "de")
SECTION_IDS = re.compile(r'<section class="rules__section[^"]*" id="([a-z_]+)"')


@pytest.fixture
def client() -> Client:
    return Client()


def get(client: Client, url: str, language: str = "en", **headers: str):
    return client.get(url, headers={"accept-language": language, **headers})


def text_of(html: str) -> str:
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", html)).split())


@pytest.mark.django_db
def test_index_shows_contents_sections_cards_characters_and_search(client, fixture_rules):
    """Issue 8: the rules page, its table of contents, every card and character inline."""
    response = get(client, reverse("library:index"))
    assert response.status_code == 200
    html = response.content.decode()
    assert SECTION_IDS.findall(html) == list(SECTION_KEYS)
    for key in SECTION_KEYS:
        assert f'href="#{key}"' in html  # the table of contents
    for kind in catalogue.CARDS:
        assert f'id="card-{kind}"' in html
    for character in catalogue.CHARACTERS:
        assert f'id="character-{character}"' in html
    assert 'name="q"' in html
    assert reverse("library:search") in html


@pytest.mark.django_db
def test_index_escapes_the_rules_text(client, fixture_rules):
    """The rules file is text: markup in it is shown, never run."""
    html = get(client, reverse("library:index")).content.decode()
    assert "&lt;b&gt;Bold&lt;/b&gt; is plain text here &amp; stays escaped" in html
    assert "<b>Bold</b>" not in html


@pytest.mark.django_db
def test_index_data_tables_come_from_the_engine(client, fixture_rules):
    """R11 role sets, R40 weapons, R42 deck composition are drawn from the game's data."""
    html = text_of(get(client, reverse("library:index")).content.decode())
    assert "8 seats Marshal, Deputy ×2, Bandit ×3, Loner ×2" in html  # R11
    assert "5 seats Marshal, Deputy, Bandit, Double Agent, Loner" in html  # R11, R14
    assert "Long Rifle 5 1" in html
    assert "Sawed-Off 2 3" in html
    assert "All cards 21 19 18 22 80" in html  # R42: 21 Hearts, Appendix A
    assert "Spades 2–9 (the Dynamite explodes) 12" in html  # R42: 12 Spades 2-9


@pytest.mark.django_db
def test_index_links_to_the_ai_pages(client, fixture_rules):
    """Issue 8: the bots section links the For AI developers page and the machine rules."""
    html = get(client, reverse("library:index")).content.decode()
    assert f'<a href="{reverse("ai_docs:index")}">For AI developers</a>' in html
    assert f'<a href="{reverse("ai_docs:rules_json")}">Rules for AI</a>' in html


@pytest.mark.django_db
@pytest.mark.parametrize("kind", list(CARD_TYPES))
def test_every_card_page_shows_type_count_suits_effect_and_tip(client, kind):
    """R41-R66: a card's page names it, its type, its count and every suit and rank it has."""
    response = get(client, reverse("library:card", args=[kind]))
    assert response.status_code == 200
    html = text_of(response.content.decode())
    assert str(catalogue.card_name(kind)) in html
    assert f"In the deck: {CARD_TYPES[kind][1]}" in html
    symbols = {"hearts": "♥", "diamonds": "♦", "clubs": "♣", "spades": "♠"}
    for _kind, rank, suit in (c for c in APPENDIX_A if c[0] == kind):
        assert f"{rank}{symbols[suit]}" in html
    from library.texts import CARD_ENTRIES

    assert str(CARD_ENTRIES[kind].effect) in html
    assert str(CARD_ENTRIES[kind].tip) in html


@pytest.mark.django_db
@pytest.mark.parametrize("character", list(CHARACTER_HP))
def test_every_character_page_shows_portrait_hp_ability_and_tip(client, character):
    """R99-R116: portrait, HP, ability and tip; R117: the Old Classic difference."""
    from library.texts import CHARACTER_ENTRIES

    response = get(client, reverse("library:character", args=[character]))
    assert response.status_code == 200
    html = response.content.decode()
    assert '<svg class="portrait"' in html
    text = text_of(html)
    assert f"♥ {CHARACTER_HP[character]}" in text
    entry = CHARACTER_ENTRIES[character]
    assert str(entry.ability) in text
    assert str(entry.tip) in text
    if entry.old_classic is not None:
        assert str(entry.old_classic) in text


@pytest.mark.django_db
@pytest.mark.parametrize(
    "url",
    ["/library/cards/bang/", "/library/cards/revolver/", "/library/characters/bart_cassidy/"],
)
def test_unknown_cards_and_characters_are_not_found(client, url):
    assert get(client, url).status_code == 404


@pytest.mark.django_db
def test_the_table_asks_for_a_fragment_and_gets_the_entry_with_its_own_card(client):
    """R139: tapping a card opens its text, tip, suit and rank: the dialog gets the bare entry
    (no site header) with the tapped card's rank and suit."""
    url = reverse("library:card", args=["jail"]) + "?rank=J&suit=spades"
    fragment = get(client, url, HX_Request="true")
    page = get(client, url)
    assert "<header" not in fragment.content.decode()
    assert "<header" in page.content.decode()
    assert "HX-Request" in fragment["Vary"]
    text = text_of(fragment.content.decode())
    assert "This card: J♠ (J · Spades)" in text
    assert str(catalogue.card_name("jail")) in text


@pytest.mark.django_db
def test_a_made_up_rank_or_suit_is_ignored(client):
    url = reverse("library:card", args=["jail"]) + "?rank=<b>&suit=stars"
    html = get(client, url, HX_Request="true").content.decode()
    assert "This card" not in html
    assert "<b>" not in html


@pytest.mark.django_db
def test_character_fragment_for_htmx(client):
    html = get(client, reverse("library:character", args=["lucky"]), HX_Request="true")
    assert "<header" not in html.content.decode()
    assert str(catalogue.character_name("lucky")) in html.content.decode()


@pytest.mark.django_db
def test_search_finds_cards_characters_and_rules_in_english(client, fixture_rules):
    response = get(client, reverse("library:search") + "?q=range")
    text = text_of(response.content.decode())
    assert "Volcanic" in text
    assert "Mad Dog" in text
    hits = search("duel")
    assert hits.cards[0].kind == "duel"  # the name match first
    assert any(c.id == "toll_collector" for c in hits.characters)


@pytest.mark.django_db
def test_search_finds_rule_sections(client, fixture_rules):
    hits = search("shuffled")
    assert [h.key for h in hits.sections] == ["turn"]
    html = get(client, reverse("library:search") + "?q=shuffled").content.decode()
    assert 'href="/library/#turn"' in html


@pytest.mark.django_db
def test_search_in_german_uses_german_names_and_ignores_accents(client, fixture_rules):
    with translation.override("de"):
        if str(catalogue.card_name("duel")) == "Duel":
            pytest.skip("the German catalogue is not compiled")
        assert [c.kind for c in search("duell").cards][:1] == ["duel"]
        assert "shot" in [c.kind for c in search("SCHUSS").cards]
        assert [c.id for c in search("Zollner").characters] == ["toll_collector"]  # Zöllner
    html = get(client, reverse("library:search") + "?q=Schuss", language="de").content.decode()
    assert "Schuss" in html


@pytest.mark.django_db
def test_search_misses_and_empty_queries(client, fixture_rules):
    assert search("").count == 0
    assert search("   ").count == 0
    assert search("xylophone").count == 0
    html = get(client, reverse("library:search") + "?q=xylophone").content.decode()
    assert "Nothing found for “xylophone”" in unescape(html)
    empty = get(client, reverse("library:search") + "?q=", HX_Request="true").content.decode()
    assert empty.strip() == ""


@pytest.mark.django_db
def test_long_queries_are_cut_and_escaped(client, fixture_rules):
    long = "<script>" + "x" * 300
    assert len(search(long).query) == MAX_QUERY
    html = get(client, reverse("library:search") + "?q=" + long).content.decode()
    assert "<script>xxx" not in html
    assert "&lt;script&gt;" + "x" * (MAX_QUERY - 8) + "”" in html


@pytest.mark.django_db
def test_start_screen_and_header_link_the_library(client):
    """Issue 8: the library is reachable outside a match, from the start screen and header."""
    html = get(client, reverse("lobby:start")).content.decode()
    assert html.count(f'href="{reverse("library:index")}"') >= 2


@pytest.mark.django_db
@pytest.mark.parametrize("language", LANGUAGES)
def test_the_page_in_each_language_has_all_sections_in_order(client, language):
    """Issue 8: every language's rules page renders its own file with the 16 sections."""
    path = rulespage.RULES_DIR / f"{language}.txt"
    assert path.is_file(), f"missing {path.name}"
    response = get(client, reverse("library:index"), language=language)
    assert response.status_code == 200
    html = response.content.decode()
    assert f'<html lang="{language}"' in html
    assert SECTION_IDS.findall(html) == list(SECTION_KEYS)
    assert rulespage.load(language).title in unescape(html)

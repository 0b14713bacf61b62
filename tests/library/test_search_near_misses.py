"""Issue 20: library search forgives what a newcomer types: prefixes, one slip of a key and
missing accents, in every language, with names ranked before mere mentions."""

from __future__ import annotations

import pytest
from django.utils import translation

from game import catalogue
from library.search import search

LANGUAGES = ["en", "ru", "pl", "tr", "id", "nl", "de"]


def _typo(word: str) -> str:
    """The word with its last letter doubled: "ricochett", "рикошетт"."""
    return word + word[-1]


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("kind", ["ricochet", "dynamite", "volcanic", "buckshot"])
def test_a_typo_prefix_or_accentless_name_finds_the_card_first(language, kind):
    with translation.override(language):
        name = str(catalogue.card_name(kind))
        longest = max(name.split(), key=len)
        for query in (_typo(longest), longest[:4], name.upper()):
            found = [card.kind for card in search(query).cards]
            assert found[:1] == [kind], f"{query!r} in {language}: {found}"


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_typo_in_a_characters_name_finds_the_character_first(language):
    with translation.override(language):
        name = str(catalogue.character_name("stone_leopard"))
        longest = max(name.split(), key=len)
        assert [c.id for c in search(_typo(longest)).characters][:1] == ["stone_leopard"]


def test_the_examples_of_the_issue():
    assert [c.kind for c in search("ricochett").cards][:1] == ["ricochet"]
    assert [c.kind for c in search("rico").cards][:1] == ["ricochet"]
    with translation.override("de"):
        assert [c.id for c in search("Zollner").characters] == ["toll_collector"]  # Zöllner
    with translation.override("tr"):
        assert [c.kind for c in search("atis").cards][:1] == ["shot"]  # Atış
        assert [c.kind for c in search("duelo").cards][:1] == ["duel"]  # Düello
    with translation.override("pl"):
        assert [c.kind for c in search("strzal").cards][:1] == ["shot"]  # Strzał


def test_names_rank_before_cards_that_only_mention_the_word():
    kinds = [card.kind for card in search("shot").cards]
    assert kinds[:2] == ["shot", "buckshot"]  # the names, then the mentions
    assert "ricochet" in kinds[2:]


def test_short_queries_are_not_guessed_at():
    assert search("gnu").count == 0  # three letters: no near misses
    assert search("xylophone").count == 0


@pytest.mark.django_db
def test_the_rules_page_tables_scroll_within_reach_of_the_keyboard(client):
    page = client.get("/library/").content.decode()

    wrappers = page.count('class="libtable-wrap"')
    assert wrappers >= 2  # the distance table among them
    assert page.count('class="libtable-wrap" tabindex="0" role="region" aria-label="') == wrappers


@pytest.mark.django_db
def test_the_rules_page_contents_stay_on_screen(client):
    """The 18,000 px page keeps its contents in reach: a sticky column on wide screens, a
    sticky line of links on narrow ones (checked in a real browser by tests/e2e)."""
    from pathlib import Path

    from django.conf import settings

    page = client.get("/library/").content.decode()
    assert '<div class="library library--rules">' in page
    css = Path(settings.BASE_DIR, "library/static/library/library.css").read_text()
    rules = css.split(".library--rules .library__toc {")
    assert len(rules) == 3  # one for each width
    assert all("position: sticky" in rule.split("}")[0] for rule in rules[1:])

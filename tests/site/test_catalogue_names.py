"""Issue 10: card, character, role, mode and upgrade names come from one catalogue, built on
the product owner's list of names in every language (data/names.json, a copy of
shared/rules/names.json), with Russian added and Turkish Toss renamed (RULES.md TD2)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from django.utils import translation
from django.utils.functional import Promise

from game import catalogue

NAMES = json.loads((Path(__file__).parent / "data" / "names.json").read_text(encoding="utf-8"))
# names.json spells Indonesian "id_lang" because "id" is the entry's key.
FIELDS = {"en": "en", "pl": "pl", "tr": "tr", "id": "id_lang", "nl": "nl", "de": "de"}
# TD2: names.json gives Toss the Turkish name of Shot ("Atış"); the game names it apart.
RENAMED = {("cards", "toss", "tr"): "Iskarta"}


def catalogue_name(section: str, key: str) -> Promise:
    if section == "modes":
        return catalogue.MODES[key]
    table = {
        "cards": catalogue.CARDS,
        "characters": catalogue.CHARACTERS,
        "roles": catalogue.ROLES,
        "upgrades": catalogue.UPGRADES,
    }[section]
    return table[key].name


def name_in(language: str, section: str, key: str) -> str:
    with translation.override(language):
        return str(catalogue_name(section, key))


ENTRIES = [(section, entry) for section, entries in NAMES.items() for entry in entries]


@pytest.mark.parametrize(("section", "entry"), ENTRIES, ids=[f"{s}-{e['id']}" for s, e in ENTRIES])
def test_every_name_is_the_product_owners_in_each_language(section: str, entry: dict):
    for language, field in FIELDS.items():
        expected = RENAMED.get((section, entry["id"], language), entry[field])
        assert name_in(language, section, entry["id"]) == expected, language


@pytest.mark.parametrize("section", sorted(NAMES))
def test_russian_names_exist_and_are_russian(section: str):
    for entry in NAMES[section]:
        russian = name_in("ru", section, entry["id"])
        assert russian != entry["en"]
        assert any("а" <= letter.lower() <= "я" for letter in russian), russian


@pytest.mark.parametrize("language", ["en", "ru", *FIELDS])
def test_no_two_cards_share_a_name(language: str):
    """TD2: a sentence about Toss must never read as one about Shot."""
    names = [name_in(language, "cards", entry["id"]) for entry in NAMES["cards"]]
    assert len(set(names)) == len(names)


def test_the_turkish_toss_is_not_the_discard_pile():
    """TD2, TD9: Turkish "Iskarta" names the card only; the discard pile is "Atık destesi"."""
    with translation.override("tr"):
        pile = translation.gettext("Discard pile")
    assert pile == "Atık destesi"
    assert name_in("tr", "cards", "toss") not in pile

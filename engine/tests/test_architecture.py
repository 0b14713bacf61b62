"""Characters and upgrades each live in one place (issue 21, items 2 and 3).

A character's rules are its class in ``bangarena_engine/characters/`` and an upgrade's its
class in ``bangarena_engine/upgrades.py``; the rest of the engine calls their hooks. So no
other engine module may name a character or an upgrade: every file is scanned as an AST and
fails on a string equal to a character or upgrade id (``p.character == "grip"``,
``"instinct" in p.upgrades``, ``upgrades.count("accuracy")``, a frozenset of ids...) and on an
import of one character's or upgrade's class (an ``isinstance`` test by another name).
Adding a 17th character therefore touches its own module and the roster, nothing else.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from bangarena_engine.characters import CHARACTERS, ROSTER
from bangarena_engine.upgrades import UPGRADE_LIST, UPGRADES

ENGINE = Path(__file__).resolve().parents[1] / "bangarena_engine"
CHARACTERS_DIR = ENGINE / "characters"
UPGRADES_FILE = ENGINE / "upgrades.py"
OTHER_FILES = sorted(
    path
    for path in ENGINE.rglob("*.py")
    if CHARACTERS_DIR not in path.parents and path != UPGRADES_FILE
)
IDS = frozenset(CHARACTERS) | frozenset(UPGRADES)
CLASS_NAMES = frozenset(type(c).__name__ for c in ROSTER) | frozenset(
    type(u).__name__ for u in UPGRADE_LIST
)


def _name_tests(source: str) -> list[str]:
    """Every place a module names a character or an upgrade, as 'line: what'."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Constant) and node.value in IDS:
            found.append(f"{node.lineno}: the id {node.value!r}")
        elif isinstance(node, ast.ImportFrom) and node.module is not None:
            one_character = node.module.startswith("bangarena_engine.characters.") and (
                node.module != "bangarena_engine.characters.base"
            )
            if one_character:
                found.append(f"{node.lineno}: import from {node.module}")
            for alias in node.names:
                if alias.name in CLASS_NAMES:
                    found.append(f"{node.lineno}: import of {alias.name}")
    return found


def test_the_scan_sees_the_ways_a_name_test_is_written():
    """The scan itself: each way the old code tested a name is caught."""
    samples = [
        'if p.character == "grip": pass',
        'x = p.character.id in ("eagle_eye", "mad_dog")',
        'ok = "instinct" in p.upgrades',
        'n = p.upgrades.count("accuracy")',
        "from bangarena_engine.characters.lucky import Lucky",
        "from bangarena_engine.upgrades import Fortitude",
    ]
    for sample in samples:
        assert _name_tests(sample), sample
    assert not _name_tests("if player.character.built_in_cover: pass")


@pytest.mark.parametrize("path", OTHER_FILES, ids=lambda p: str(p.relative_to(ENGINE)))
def test_no_engine_module_outside_characters_and_upgrades_names_one(path):
    """R99-R116, R83-R88: the rules of a character or an upgrade are its class's hooks."""
    assert _name_tests(path.read_text(encoding="utf-8")) == []


def test_every_character_module_holds_one_character_of_the_roster():
    """One module per character, each one in the roster (so the deal can give it)."""
    modules = {p.stem for p in CHARACTERS_DIR.glob("*.py")} - {"__init__", "base"}
    assert modules == set(CHARACTERS)
    for character in ROSTER:
        assert type(character).__module__ == f"bangarena_engine.characters.{character.id}"

"""docs/architecture.md's table of parts is what import-linter enforces (issue 21, item 4).

The table is the source; the contracts in pyproject.toml must say the same, and every package
of ours must sit in some part, so a new app or module cannot slip in beside the layers.
`lint-imports` itself runs in bin/test, after ruff.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from pathlib import Path

from django.conf import settings

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "architecture.md"
#: The site sits above every layer and in no layered contract: it may import every part.
SITE_LAYER = 5
#: The platform: one part made of several modules, which may import each other.
PLATFORM_LAYER = 1


@dataclass(frozen=True)
class Part:
    layer: int
    name: str
    packages: tuple[str, ...]


def parts() -> list[Part]:
    """The rows of the doc's table: | layer | part | `packages`, ... | what it is |."""
    found = []
    for line in DOC.read_text(encoding="utf-8").splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if len(cells) >= 3 and cells[0].isdigit():
            packages = tuple(re.findall(r"`([a-z_.]+)`", cells[2]))
            found.append(Part(int(cells[0]), cells[1], packages))
    assert found, "docs/architecture.md has no table of parts"
    return found


def importlinter() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"][
        "importlinter"
    ]


def contract(contract_id: str) -> dict:
    return next(c for c in importlinter()["contracts"] if c["id"] == contract_id)


def layer_of(text: str) -> tuple[str, frozenset[str]]:
    """A layer of the contract as (delimiter, modules): '|' independent, ':' not, '' one."""
    for delimiter in "|:":
        if delimiter in text:
            return delimiter, frozenset(m.strip() for m in text.split(delimiter))
    return "", frozenset({text.strip()})


def test_the_layered_contract_is_the_table_of_parts_top_to_bottom() -> None:
    rows = [part for part in parts() if part.layer != SITE_LAYER]
    expected = []
    for layer in sorted({part.layer for part in rows}, reverse=True):
        in_layer = [part for part in rows if part.layer == layer]
        modules = frozenset(m for part in in_layer for m in part.packages)
        if len(in_layer) > 1:
            expected.append(("|", modules))  # parts of one layer know not each other
        elif len(modules) > 1:
            expected.append((":", modules))  # one part of several modules
        else:
            expected.append(("", modules))
    assert [layer_of(text) for text in contract("layers")["layers"]] == expected


def test_the_doc_names_every_contract() -> None:
    text = " ".join(DOC.read_text(encoding="utf-8").split())
    for each in importlinter()["contracts"]:
        assert f"**{each['name']}**" in text, each["id"]


def test_every_part_is_linted_and_checked_for_circles() -> None:
    tops = {package.split(".")[0] for part in parts() for package in part.packages}
    assert set(importlinter()["root_packages"]) == tops
    assert set(contract("acyclic")["ancestors"]) == tops


def test_every_module_of_the_site_package_is_the_site_or_the_platform() -> None:
    placed = [
        package
        for part in parts()
        if part.layer in (SITE_LAYER, PLATFORM_LAYER)
        for package in part.packages
    ]
    for path in sorted((ROOT / "bangarena_site").rglob("*.py")):
        relative = path.relative_to(ROOT).with_suffix("")
        if "migrations" in relative.parts or relative.name == "__init__":
            continue
        module = ".".join(relative.parts)
        assert any(module == p or module.startswith(p + ".") for p in placed), module


def test_every_app_of_ours_belongs_to_a_part() -> None:
    packages = [package for part in parts() for package in part.packages]
    ours = [app for app in settings.INSTALLED_APPS if (ROOT / app.split(".")[0]).is_dir()]
    assert "game" in ours
    for app in ours:
        assert any(
            app == p or app.startswith(p + ".") or p.startswith(app + ".") for p in packages
        ), app

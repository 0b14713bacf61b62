"""The rules page: parse `library/rules/<lang>.txt` into sections of blocks (issue 8).

The format (docs/library.md) is line-based so the product owner's text stays readable:

- line 1 is the page title;
- ``#{key} Heading`` starts a section; the keys come in SECTION_KEYS order;
- ``##Subheading`` is a heading inside a section;
- lines starting ``1. ``, ``2. `` ... form an ordered list, lines starting ``• `` a bullet
  list, and any other line is a paragraph; blank lines end a list;
- ``@table <name> <caption>``, ``@cards`` and ``@characters`` are drawn from the game's data;
- ``[[target|text]]`` inside text is a link (LINK_TARGETS).

Parsing only builds plain records: text stays text and is escaped by the templates, which
build all the HTML. A malformed file raises RulesFormatError naming the line, so a mistake is
caught by the tests instead of showing up on the page.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from django.utils import translation

from game import links
from game.catalogue import CARDS

#: The sections of the rules page, in their order (issue 8).
SECTION_KEYS = (
    "one_minute",
    "table",
    "roles",
    "turn",
    "distance",
    "responding",
    "checks",
    "elimination",
    "winning",
    "cards",
    "characters",
    "screen",
    "signals",
    "settings",
    "bots",
    "faq",
)
#: Data tables a file may place with ``@table <name> <caption>`` (rendered from engine data).
TABLE_NAMES = ("roles_by_seats", "roles_double_agent", "weapons", "deck")
RULES_DIR = Path(__file__).resolve().parent / "rules"
DEFAULT_LANGUAGE = "en"

SECTION_RE = re.compile(r"^#\{([a-z_]+)\}\s+(\S.*)$")
ORDERED_RE = re.compile(r"^(\d+)\.\s+(\S.*)$")
BULLET = "• "
LINK_RE = re.compile(r"\[\[([^\[\]|]+)\|([^\[\]]+)\]\]")


class RulesFormatError(ValueError):
    """A rules file that does not follow the format; the message names file and line."""


@dataclass(frozen=True)
class Text:
    """A run of text; with a ``target`` it is a ``[[target|text]]`` link."""

    text: str
    target: str = ""

    @property
    def href(self) -> str:
        """The link's address, resolved when the page is drawn (it needs the URLconf)."""
        return resolve_target(self.target) if self.target else ""


@dataclass
class Block:
    """One thing in a section. ``kind`` is one of: heading, paragraph, ol, ul, table, cards,
    characters. Paragraphs and headings have ``parts``; lists have ``items`` (each a list of
    parts) and ``start``; tables have ``name`` and ``caption``."""

    kind: str
    parts: list[Text] = field(default_factory=list)
    items: list[list[Text]] = field(default_factory=list)
    start: int = 1
    name: str = ""
    caption: str = ""

    @property
    def plain(self) -> str:
        """The block's words without markup, for search."""
        texts = [p.text for p in self.parts]
        texts += [p.text for item in self.items for p in item]
        return " ".join([*texts, self.caption])


@dataclass
class Section:
    key: str
    heading: str
    blocks: list[Block] = field(default_factory=list)

    @property
    def plain(self) -> str:
        return " ".join([self.heading, *(b.plain for b in self.blocks)])


@dataclass
class RulesPage:
    title: str
    sections: list[Section]
    language: str = DEFAULT_LANGUAGE

    @property
    def keys(self) -> list[str]:
        return [s.key for s in self.sections]


def resolve_target(target: str) -> str:
    """The address of a link target (the parser has already checked that it exists)."""
    if target in links.EXTERNAL_TARGETS:
        return links.external_url(target)
    prefix, _, name = target.partition(":")
    if prefix == "card":
        return links.section_url(links.card_anchor(name))
    return links.section_url(name)  # library:<section key>


def valid_target(target: str) -> bool:
    if target in links.EXTERNAL_TARGETS:
        return True
    prefix, sep, name = target.partition(":")
    if not sep:
        return False
    return (prefix == "card" and name in CARDS) or (prefix == "library" and name in SECTION_KEYS)


def parse_inline(text: str, where: str) -> list[Text]:
    """Split a line into plain text and ``[[target|text]]`` links."""
    parts: list[Text] = []
    position = 0
    for match in LINK_RE.finditer(text):
        target, label = match.group(1).strip(), match.group(2).strip()
        if not valid_target(target):
            raise RulesFormatError(f"{where}: unknown link target {target!r}")
        if match.start() > position:
            parts.append(Text(text[position : match.start()]))
        parts.append(Text(label, target=target))
        position = match.end()
    if position < len(text):
        parts.append(Text(text[position:]))
    if any("[[" in p.text or "]]" in p.text for p in parts if not p.target):
        raise RulesFormatError(f"{where}: a link must read [[target|text]]")
    return parts


def parse(source: str, name: str = "<rules>") -> RulesPage:
    """Parse the text of a rules file (see the module docstring for the format)."""
    lines = source.splitlines()
    if not lines or not lines[0].strip():
        raise RulesFormatError(f"{name}:1: the first line must be the page title")
    page = RulesPage(title=lines[0].strip(), sections=[])
    section: Section | None = None
    current_list: Block | None = None

    for number, raw in enumerate(lines[1:], start=2):
        line = raw.strip()
        where = f"{name}:{number}"
        if not line:
            current_list = None
            continue
        heading = SECTION_RE.match(line)
        if heading:
            key = heading.group(1)
            if key not in SECTION_KEYS:
                raise RulesFormatError(f"{where}: unknown section key {key!r}")
            if key in page.keys:
                raise RulesFormatError(f"{where}: section {key!r} appears twice")
            if page.sections and SECTION_KEYS.index(key) < SECTION_KEYS.index(page.keys[-1]):
                raise RulesFormatError(f"{where}: section {key!r} is out of order")
            section = Section(key, heading.group(2).strip())
            page.sections.append(section)
            current_list = None
            continue
        if line.startswith("#") and not line.startswith("##"):
            raise RulesFormatError(f"{where}: a section starts with #{{key}} Heading")
        if section is None:
            raise RulesFormatError(f"{where}: text before the first section")

        ordered = ORDERED_RE.match(line)
        if line.startswith("##"):
            text = line[2:].strip()
            if not text:
                raise RulesFormatError(f"{where}: empty subheading")
            section.blocks.append(Block("heading", parts=parse_inline(text, where)))
            current_list = None
        elif line.startswith("@"):
            section.blocks.append(parse_directive(line, where))
            current_list = None
        elif line.startswith(BULLET) or ordered:
            kind = "ol" if ordered else "ul"
            text = ordered.group(2) if ordered else line[len(BULLET) :].strip()
            if current_list is None or current_list.kind != kind:
                current_list = Block(kind, start=int(ordered.group(1)) if ordered else 1)
                section.blocks.append(current_list)
            current_list.items.append(parse_inline(text, where))
        else:
            section.blocks.append(Block("paragraph", parts=parse_inline(line, where)))
            current_list = None
    return page


def parse_directive(line: str, where: str) -> Block:
    word, _, rest = line.partition(" ")
    if word in ("@cards", "@characters"):
        if rest.strip():
            raise RulesFormatError(f"{where}: {word} takes nothing after it")
        return Block(word[1:])
    if word == "@table":
        table, _, caption = rest.strip().partition(" ")
        if table not in TABLE_NAMES:
            raise RulesFormatError(f"{where}: unknown table {table!r}")
        if not caption.strip():
            raise RulesFormatError(f"{where}: @table {table} needs a caption")
        return Block("table", name=table, caption=caption.strip())
    raise RulesFormatError(f"{where}: unknown directive {word!r}")


def rules_path(language: str | None) -> Path:
    """The file for a language, falling back to English (issue 8)."""
    for code in (language, (language or "").split("-")[0], DEFAULT_LANGUAGE):
        if code:
            path = RULES_DIR / f"{code}.txt"
            if path.is_file():
                return path
    raise FileNotFoundError(f"no rules file in {RULES_DIR}")


@lru_cache(maxsize=32)
def _load(path: Path, modified: float) -> RulesPage:
    page = parse(path.read_text(encoding="utf-8"), name=path.name)
    page.language = path.stem
    return page


def load(language: str | None = None) -> RulesPage:
    """The parsed rules page for ``language`` (default: the active one), cached per file
    version so an edited file is read again."""
    path = rules_path(language or translation.get_language())
    return _load(path, path.stat().st_mtime)

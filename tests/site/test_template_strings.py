"""Issue 10: no template holds a user-visible string outside the translation machinery.

Every template's text nodes and the attributes a player reads (title, alt, aria-label,
placeholder) are scanned after removing template tags, variables, comments and
{% blocktranslate %} blocks: whatever English is left would be shown untranslated in every
language. Code samples (<code>, <pre>), scripts, styles and inline SVG are not prose.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

from django.conf import settings

ROOT = Path(settings.BASE_DIR)
TEMPLATES = sorted(
    path for path in ROOT.glob("**/templates/**/*.html") if ".venv" not in path.parts
)
# Removed before the scan, in this order: what a template says through the translation
# machinery or never shows as text.
TEMPLATE_SYNTAX = [
    re.compile(r"\{%\s*comment\s*%\}.*?\{%\s*endcomment\s*%\}", re.S),
    # One line only, as Django reads it: a {# ... #} across lines is printed as text.
    re.compile(r"\{#.*?#\}"),
    re.compile(r"\{%\s*blocktranslate\b.*?\{%\s*endblocktranslate\s*%\}", re.S),
    # A block filling a class attribute (the admin's bodyclass) is markup, not text.
    re.compile(r"\{%\s*block bodyclass\s*%\}.*?\{%\s*endblock\s*%\}", re.S),
    re.compile(r"\{%.*?%\}", re.S),
    re.compile(r"\{\{.*?\}\}", re.S),
]
# The product's name is the same in every language.
NOT_TRANSLATED = {"BangArena"}
READ_ATTRIBUTES = {"title", "alt", "aria-label", "placeholder"}
NOT_PROSE = {"script", "style", "code", "pre", "svg"}


class _Text(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.found: list[str] = []
        self._skip = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in NOT_PROSE:
            self._skip += 1
        self.found.extend(value for name, value in attrs if name in READ_ATTRIBUTES and value)

    def handle_endtag(self, tag: str) -> None:
        if tag in NOT_PROSE:
            self._skip -= 1

    def handle_data(self, data: str) -> None:
        if not self._skip:
            self.found.append(data)


def untranslated_text(source: str) -> list[str]:
    for syntax in TEMPLATE_SYNTAX:
        source = syntax.sub(" ", source)
    parser = _Text()
    parser.feed(source)
    words = (re.findall(r"[^\W\d_]{2,}", text) for text in parser.found)
    return [word for found in words for word in found if word not in NOT_TRANSLATED]


def test_the_scan_sees_every_template():
    assert len(TEMPLATES) > 40
    assert ROOT / "templates" / "base.html" in TEMPLATES


def test_the_scan_finds_a_bare_string_and_ignores_translated_ones():
    assert untranslated_text("<p>Hello there</p>") == ["Hello", "there"]
    assert untranslated_text('<img alt="Sheriff star">') == ["Sheriff", "star"]
    assert (
        untranslated_text(
            '{% translate "Hello" %}<p title="{% translate \'Hi\' %}">{{ name }}</p>'
            "{% blocktranslate %}Hi {{ x }}{% endblocktranslate %}<code>seat</code> · BangArena"
        )
        == []
    )


def test_a_comment_across_lines_is_text_as_django_prints_it():
    assert untranslated_text("<p>{# says why #}</p>") == []
    assert untranslated_text("<p>{# says\n why #}</p>") == ["says", "why"]


def test_no_template_has_a_one_line_comment_across_lines():
    """Django prints a {# ... #} that spans lines into the page: in a <head> the browser
    moves that text into the body, and the table screen then scrolled (a comment in
    base.html once did that)."""
    broken = {
        str(path.relative_to(ROOT)): line
        for path in TEMPLATES
        for line in path.read_text(encoding="utf-8").splitlines()
        if re.search(r"\{#(?!.*#\})", line)
    }
    assert broken == {}


def test_no_template_shows_a_string_outside_the_translation_machinery():
    found = {
        str(path.relative_to(ROOT)): words
        for path in TEMPLATES
        if (words := untranslated_text(path.read_text(encoding="utf-8")))
    }
    assert found == {}

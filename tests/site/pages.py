"""The site's pages as a visitor sees them, for layout and language tests."""

from __future__ import annotations

import re
from html.parser import HTMLParser

from django.urls import reverse

GUEST_PAGES = ["home", "login", "signup"]
PLAYER_PAGES = ["home", "profile", "password_change"]
LANGUAGE_CODES = ["en", "ru", "pl", "tr", "id", "nl", "de"]


def url(name: str) -> str:
    return reverse(name)


class _TextAndAssets(HTMLParser):
    """Collects the visible text and every URL the page makes the browser fetch."""

    ASSET_ATTRIBUTES = {("script", "src"), ("link", "href"), ("img", "src"), ("source", "src")}

    def __init__(self) -> None:
        super().__init__()
        self.text: list[str] = []
        self.asset_urls: list[str] = []
        self.attribute_urls: list[str] = []
        self._skip = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in {"script", "style"}:
            self._skip += 1
        for name, value in attrs:
            if value is None:
                continue
            if (tag, name) in self.ASSET_ATTRIBUTES:
                self.asset_urls.append(value)
            if name in {"href", "src", "action", "ws-connect", "hx-get", "hx-post"}:
                self.attribute_urls.append(value)
            if name in {"alt", "title", "aria-label", "placeholder"}:
                self.text.append(value)

    def handle_endtag(self, tag: str) -> None:
        if tag in {"script", "style"}:
            self._skip -= 1

    def handle_data(self, data: str) -> None:
        if not self._skip:
            self.text.append(data)


def parse(html: str) -> _TextAndAssets:
    parser = _TextAndAssets()
    parser.feed(html)
    return parser


def visible_text(html: str) -> str:
    return re.sub(r"\s+", " ", " ".join(parse(html).text))

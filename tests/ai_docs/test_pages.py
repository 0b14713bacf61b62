"""/ai/rules.json is a cacheable JSON document at a stable URL; /ai/ is the human page in
every language of the site, reachable from every page's footer."""

from __future__ import annotations

import json

import pytest
from django.conf import settings
from django.urls import reverse

from machines.agents.protocol import ERRORS
from machines.ai_docs.rules_export import rules_document

pytestmark = pytest.mark.django_db


def test_rules_json_is_served_at_a_stable_url_with_etag(client):
    assert reverse("ai_docs:rules_json") == "/ai/rules.json"
    response = client.get("/ai/rules.json")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/json"
    assert "max-age=3600" in response["Cache-Control"]
    body = json.loads(response.content)
    assert body["version"] == rules_document()["version"]
    assert len(body["cards"]) == 22
    etag = response["ETag"]
    assert body["version"]["hash"] in etag
    again = client.get("/ai/rules.json", headers={"if-none-match": etag})
    assert again.status_code == 304
    assert again.content == b""


def test_rules_json_refuses_writes(client):
    assert client.post("/ai/rules.json").status_code == 405


@pytest.mark.parametrize("language", [code for code, _name in settings.LANGUAGES])
def test_ai_page_renders_in_every_language_r142(client, language):
    """The page explains LLM seats (R142), the protocol and the example session."""
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    response = client.get(reverse("ai_docs:index"))
    assert response.status_code == 200
    page = response.content.decode()
    assert f'lang="{language}"' in page
    assert 'href="/ai/rules.json"' in page
    for frame in ("hello", "welcome", "decide", "act", "accepted", "result"):
        assert f"<code>{frame}</code>" in page
    assert "&quot;legal_actions&quot;" in page  # the example decide frame, escaped as code
    for code in ERRORS:  # the error table names every code the server sends
        assert f"<code>{code}</code>" in page
    assert "api_test" in page
    assert "simple_agent.py" in page


def test_every_page_links_to_the_ai_page_from_the_footer(client):
    page = client.get(reverse("home")).content.decode()
    footer = page[page.index('<footer class="site-footer">') :]
    assert 'href="/ai/"' in footer

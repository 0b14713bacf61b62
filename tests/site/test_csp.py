"""Every page carries a Content-Security-Policy that allows no inline script (issue 19).

Found: no CSP at all, although Django 6 has one built in. Scripts and style sheets now come
only from this site (a template that needs an inline one would use the per-response nonce),
sockets connect only back to it, and the site cannot be framed. The browser tests run under
the policy and fail on any violation (tests/e2e/conftest.py).
"""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

pytestmark = pytest.mark.django_db


def policy(response) -> dict[str, list[str]]:
    header = response.headers["Content-Security-Policy"]
    return {
        part.split()[0]: part.split()[1:] for part in (p.strip() for p in header.split(";")) if part
    }


@pytest.mark.parametrize(
    "url", ["/", "/accounts/login/", "/play/", "/library/", "/ai/", "/stats/leaderboards/"]
)
def test_pages_forbid_inline_and_foreign_scripts(client, url):
    response = client.get(url)
    assert response.status_code == 200
    rules = policy(response)
    assert rules["script-src"][0] == "'self'"
    assert "'unsafe-inline'" not in rules["script-src"]
    assert "'unsafe-eval'" not in rules["script-src"]
    assert rules["object-src"] == ["'none'"]
    assert rules["frame-ancestors"] == ["'none'"]
    assert rules["connect-src"] == ["'self'"]
    page = response.content.decode()
    inline = re.findall(r"<script(?![^>]*\bsrc=)[^>]*>", page)
    assert inline == [], f"inline scripts on {url}: {inline}"
    assert "<style" not in page


def test_the_error_page_needs_no_inline_style_element(client, settings):
    page = (settings.BASE_DIR / "templates" / "500.html").read_text()
    assert "<style" not in page
    assert "<script" not in page


def test_the_admin_runs_under_the_policy_too(admin_client):
    response = admin_client.get(reverse("admin:index"))
    assert response.status_code == 200
    assert "Content-Security-Policy" in response.headers

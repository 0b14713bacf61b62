"""The browser enforces the site's Content-Security-Policy, and the suite would notice a
violation (issue 19): an injected inline script is refused and reported."""

from __future__ import annotations

import pytest

from tests.e2e.conftest import CSP_VIOLATIONS

pytestmark = pytest.mark.e2e


def test_an_injected_inline_script_is_refused_and_reported(page, live_url):
    page.goto(f"{live_url}/")
    assert "script-src 'self'" in page.evaluate(
        "async () => (await fetch(location.href)).headers.get('content-security-policy')"
    )
    with page.expect_console_message(lambda m: "Content Security Policy" in m.text):
        page.evaluate(
            """() => { const s = document.createElement('script');
                       s.textContent = 'window.__injected = true'; document.head.append(s); }"""
        )
    assert page.evaluate("() => window.__injected === undefined")
    assert any("Content Security Policy" in v for v in CSP_VIOLATIONS)
    CSP_VIOLATIONS.clear()  # this one was on purpose

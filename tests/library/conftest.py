"""Library test helpers: a rules fixture page for tests that must not depend on the content
files' wording."""

from __future__ import annotations

from pathlib import Path

import pytest

from library import rulespage

FIXTURES = Path(__file__).parent / "fixtures"


@pytest.fixture
def fixture_rules(monkeypatch: pytest.MonkeyPatch) -> Path:
    """Serve tests/library/fixtures/en.txt as the rules page in every language."""
    monkeypatch.setattr(rulespage, "RULES_DIR", FIXTURES)
    return FIXTURES

"""Finished matches to replay: real games played to the end by the engine and stored exactly
as a finished live table leaves them (tests.stats.conftest.store), in every mode."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from replay import store
from tests.stats.conftest import finished_match, make_user  # noqa: F401 (re-exported)

#: One random match per mode (seat counts 4 to 7 among them) that tests walk position by
#: position: (mode, seats, seed).
RANDOM_MATCHES = [
    ("classic", 4, 40),
    ("partners", 6, 41),
    ("double_agent", 5, 42),
    ("old_classic", 7, 43),
]


@pytest.fixture(autouse=True)
def _fresh_timelines() -> Iterator[None]:
    """The test database reuses ids: no timeline of an earlier test's match may be served."""
    store.forget()
    yield
    store.forget()


@pytest.fixture(autouse=True)
def _fast_password_hashing(settings) -> None:  # noqa: ANN001
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]

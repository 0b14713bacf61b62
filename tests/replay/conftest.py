"""Finished matches to replay: real games played to the end by the engine and stored exactly
as a finished live table leaves them (tests.stats.conftest.store), in every mode."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from game.engine.roles import MODES
from game.replay import store
from tests.stats.conftest import finished_match, make_user  # noqa: F401 (re-exported)

#: One random match per mode and seat count the tests walk through position by position.
RANDOM_MATCHES = [
    (mode, seats, 40 + n)
    for n, (mode, seats) in enumerate([(mode, seats) for mode in MODES for seats in (4, 6)])
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

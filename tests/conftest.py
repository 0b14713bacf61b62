"""Suite-wide collection hooks and isolation.

- Browser tests (marker ``e2e``) run last: Playwright's sync API leaves an event loop behind
  that breaks async tests collected after it. bin/test runs them in their own process anyway.
- Tests marked ``services`` need the production services (PostgreSQL, Redis channel layer,
  Redis broker); on the embedded default (SQLite) they are skipped with the reason, and
  .ci/run runs the suite again with DATABASE_URL and REDIS_URL set so they run for real.
"""

from __future__ import annotations

import pytest
from django.conf import settings

PRODUCTION_LAYER = "bangarena_site.live.layer.PubSubLayer"


def services_configured() -> bool:
    """True when the suite runs against PostgreSQL and Redis (the production stack)."""
    engine = settings.DATABASES["default"]["ENGINE"]
    layer = settings.CHANNEL_LAYERS["default"]["BACKEND"]
    return (
        not settings.EMBEDDED
        and engine == "django.db.backends.postgresql"
        and layer == PRODUCTION_LAYER
    )


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if not services_configured():
        skip = pytest.mark.skip(
            reason="needs PostgreSQL + Redis (set DATABASE_URL, REDIS_URL; .ci/run does)"
        )
        for item in items:
            if item.get_closest_marker("services"):
                item.add_marker(skip)
    # Stable sort: everything else keeps its order, browser tests move to the end.
    items.sort(key=lambda item: item.get_closest_marker("e2e") is not None)


@pytest.fixture(autouse=True)
def _fresh_cache() -> None:
    """Each test starts with an empty cache: throttles and counters must not leak between
    tests (in the services run the cache is a Redis database that outlives the process)."""
    from django.core.cache import cache

    cache.clear()


@pytest.fixture(autouse=True)
def _fresh_channel_layer() -> None:
    """Each test gets a new channel layer instance. pytest-asyncio runs every async test on a
    loop of its own, and channels-redis keeps asyncio locks bound to the loop that first used
    them: a layer shared across tests fails with "bound to a different event loop"."""
    from channels.layers import channel_layers

    channel_layers.backends.clear()


@pytest.fixture(autouse=True)
def _default_language() -> None:
    """Each test starts in the site's default language. LocaleMiddleware activates a request's
    language in the thread and leaves it active after the response, so a test that fetched a
    German page made later tests in the same process read German."""
    from django.utils import translation

    translation.activate(settings.LANGUAGE_CODE)

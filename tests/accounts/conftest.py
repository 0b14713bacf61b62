import copy
import uuid

import pytest
from django.test import Client

from bangarena_site.accounts.forms import LoginForm, SignUpForm
from bangarena_site.accounts.models import User
from bangarena_site.accounts.throttle import LoginThrottle, signup_throttle

from .helpers import STRONG_PASSWORD, FakeClock


@pytest.fixture(autouse=True)
def _fast_password_hashing(settings):
    """Real hashers are slow on purpose; these tests are about behaviour, not hashing."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(autouse=True)
def _isolated_cache(settings):
    """Give each test its own cache namespace: throttle counters never leak between tests, and
    nothing is flushed from a Redis that the channel layer and the broker also use."""
    caches = copy.deepcopy(settings.CACHES)
    caches["default"]["KEY_PREFIX"] = f"test-{uuid.uuid4().hex}"
    settings.CACHES = caches


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> FakeClock:
    """Install log-in and sign-up throttles driven by a hand-moved clock."""
    fake = FakeClock()
    monkeypatch.setattr(LoginForm, "throttle", LoginThrottle(clock=fake))
    monkeypatch.setattr(SignUpForm, "throttle", signup_throttle(clock=fake))
    return fake


@pytest.fixture
def moderator_client() -> Client:
    """A signed-in superuser: the moderator of the admin tests."""
    moderator = User.objects.create_superuser("marshal", "m@example.com", STRONG_PASSWORD)
    client = Client()
    client.force_login(moderator)
    return client

import pytest
from django.core.cache import cache

from bangarena_site.accounts.forms import LoginForm, SignUpForm
from bangarena_site.accounts.throttle import LoginThrottle, signup_throttle

from .helpers import FakeClock


@pytest.fixture(autouse=True)
def _fast_password_hashing(settings):
    """Real hashers are slow on purpose; these tests are about behaviour, not hashing."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(autouse=True)
def _fresh_cache():
    """Throttle counters live in the cache; no test may see another's failures."""
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> FakeClock:
    """Install log-in and sign-up throttles driven by a hand-moved clock."""
    fake = FakeClock()
    monkeypatch.setattr(LoginForm, "throttle", LoginThrottle(clock=fake))
    monkeypatch.setattr(SignUpForm, "throttle", signup_throttle(clock=fake))
    return fake

import copy
import uuid

import pytest
from django.core.management import call_command
from django.utils.translation import trans_real


@pytest.fixture(scope="session", autouse=True)
def compiled_translations():
    """Compile the catalogues (.mo files are build output, not committed) and make Django
    forget any catalogue it loaded before they existed."""
    call_command("compiletranslations", verbosity=0)
    trans_real._translations = {}
    trans_real._default = None


@pytest.fixture(autouse=True)
def _fast_password_hashing(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(autouse=True)
def _isolated_cache(settings):
    """Give each test its own cache namespace: throttle counters never leak between tests, and
    nothing is flushed from a Redis that the channel layer and the broker also use."""
    caches = copy.deepcopy(settings.CACHES)
    caches["default"]["KEY_PREFIX"] = f"test-{uuid.uuid4().hex}"
    settings.CACHES = caches

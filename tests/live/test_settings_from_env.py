"""Settings come from the environment (issue 2, item 4); each case runs in a fresh process,
because settings are read once at start-up."""

from __future__ import annotations

import json
import os
import secrets
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
# Everything the settings read from the environment; each test states its own values.
SETTINGS_ENV = (
    "DEBUG",
    "SECRET_KEY",
    "ALLOWED_HOSTS",
    "CSRF_TRUSTED_ORIGINS",
    "DATABASE_URL",
    "REDIS_URL",
    "BANGARENA_EMBEDDED",
    "BANGARENA_SQLITE_PATH",
    "SECURE_SSL_REDIRECT",
    "SECURE_HSTS_SECONDS",
    "LOG_LEVEL",
    "LOG_FORMAT",
    "BANGARENA_DB_POOL_SIZE",
    "BANGARENA_CHANNEL_PREFIX",
)

PRODUCTION_ENV = {
    "DEBUG": "false",
    "SECRET_KEY": secrets.token_urlsafe(50),
    "ALLOWED_HOSTS": "bangarena.example,www.bangarena.example",
    "CSRF_TRUSTED_ORIGINS": "https://bangarena.example,https://www.bangarena.example",
    "DATABASE_URL": "postgres://bangarena:secret@db:5432/bangarena",
    "REDIS_URL": "redis://redis:6379/0",
}

SHOW_SETTINGS = """
import json, django
django.setup()
from django.conf import settings as s
print(json.dumps({
    "embedded": s.EMBEDDED, "debug": s.DEBUG,
    "database": s.DATABASES["default"]["ENGINE"],
    "layer": s.CHANNEL_LAYERS["default"]["BACKEND"],
    "prefix": s.CHANNEL_LAYERS["default"].get("CONFIG", {}).get("prefix"),
    "broker_options": s.CELERY_BROKER_TRANSPORT_OPTIONS,
    "broker": s.CELERY_BROKER_URL, "hosts": s.ALLOWED_HOSTS,
    "csrf_origins": s.CSRF_TRUSTED_ORIGINS,
    "conn_max_age": s.DATABASES["default"].get("CONN_MAX_AGE"),
    "pool": s.DATABASES["default"].get("OPTIONS", {}).get("pool"),
}, default=lambda value: getattr(value, "__qualname__", repr(value))))
"""


def run_python(args: list[str], env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    clean = {key: value for key, value in os.environ.items() if key not in SETTINGS_ENV}
    clean["DJANGO_SETTINGS_MODULE"] = "bangarena_site.settings"
    return subprocess.run(
        [sys.executable, *args],
        cwd=ROOT,
        env={**clean, **env},
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def settings_under(env: dict[str, str]) -> dict[str, object]:
    result = run_python(["-c", SHOW_SETTINGS], env)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def test_without_any_environment_the_embedded_default_runs() -> None:
    seen = settings_under({})
    assert seen["embedded"] is True
    assert seen["debug"] is True
    assert seen["database"] == "django.db.backends.sqlite3"
    assert seen["layer"] == "channels.layers.InMemoryChannelLayer"


def test_production_values_select_postgres_redis_and_no_debug() -> None:
    seen = settings_under(PRODUCTION_ENV)
    assert seen["embedded"] is False
    assert seen["debug"] is False
    assert seen["database"] == "django.db.backends.postgresql"
    assert seen["layer"] == "bangarena_site.live.layer.PubSubLayer"  # channels-redis
    assert seen["prefix"] == "asgi0."
    # Every job may be lost (a periodic job covers it): no per-task acknowledgement pipelines.
    assert seen["broker_options"] == {"ack_emulation": False}
    assert seen["broker"] == "redis://redis:6379/0"
    assert seen["hosts"] == ["bangarena.example", "www.bangarena.example"]
    assert seen["csrf_origins"] == ["https://bangarena.example", "https://www.bangarena.example"]
    assert seen["conn_max_age"] == 0  # persistent connections leak under ASGI ...
    assert seen["pool"]["max_size"] == 8  # ... so connections come from psycopg's pool
    # Checked when handed out: after a database restart a dead one never reaches a move.
    assert seen["pool"]["check"] == "ConnectionPool.check_connection"


def test_check_deploy_is_clean_with_production_values() -> None:
    result = run_python(
        ["manage.py", "check", "--deploy", "--fail-level", "WARNING"], PRODUCTION_ENV
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout


@pytest.mark.parametrize("variable", ["DEBUG", "BANGARENA_EMBEDDED"])
def test_a_boolean_that_is_not_yes_or_no_fails_loudly(variable: str) -> None:
    result = run_python(["-c", SHOW_SETTINGS], {variable: "maybe"})
    assert result.returncode != 0
    assert f"{variable} must be a boolean" in result.stderr


def test_production_without_a_secret_key_refuses_to_start() -> None:
    env = {key: value for key, value in PRODUCTION_ENV.items() if key != "SECRET_KEY"}
    result = run_python(["-c", SHOW_SETTINGS], env)
    assert result.returncode != 0
    assert "SECRET_KEY must be set" in result.stderr


def test_production_stack_without_a_broker_refuses_to_start() -> None:
    """Jobs would be queued nowhere and timers would never fire: fail at start instead."""
    result = run_python(["-c", SHOW_SETTINGS], {"BANGARENA_EMBEDDED": "false", "DEBUG": "true"})
    assert result.returncode != 0
    assert "REDIS_URL must be set" in result.stderr


@pytest.mark.parametrize(
    ("variable", "value"),
    [
        ("SECURE_HSTS_SECONDS", "a year"),
        ("SECURE_HSTS_SECONDS", "-5"),
        ("LOG_LEVEL", "LOUD"),
        ("LOG_FORMAT", "xml"),
        ("REDIS_URL", "http://redis:6379/0"),
        ("DATABASE_URL", "postgres://bangarena:secret@db:notaport/bangarena"),
    ],
)
def test_a_setting_that_cannot_be_right_fails_at_start_naming_it(variable: str, value: str) -> None:
    """Found: SECURE_HSTS_SECONDS with a bad value raised a bare ValueError deep in the
    settings. Every setting that can be wrong stops the start with ImproperlyConfigured."""
    result = run_python(["-c", SHOW_SETTINGS], {**PRODUCTION_ENV, variable: value})
    assert result.returncode != 0
    assert "ImproperlyConfigured" in result.stderr
    assert variable in result.stderr


@pytest.mark.parametrize(
    "env",
    [
        {k: v for k, v in PRODUCTION_ENV.items() if k != "REDIS_URL"},
        {"DEBUG": "false", "SECRET_KEY": secrets.token_urlsafe(50)},
    ],
    ids=["database without redis", "debug off without redis"],
)
def test_production_without_redis_refuses_to_start_instead_of_running_embedded(env) -> None:
    """Found: with REDIS_URL missing, a production configuration silently ran the embedded
    stack (one process, timers in memory, DEBUG on with a database URL)."""
    result = run_python(["-c", SHOW_SETTINGS], env)
    assert result.returncode != 0
    assert "REDIS_URL must be set in production" in result.stderr


def test_the_embedded_stack_on_purpose_may_use_postgres_without_redis() -> None:
    env = {"DATABASE_URL": PRODUCTION_ENV["DATABASE_URL"], "BANGARENA_EMBEDDED": "true"}
    seen = settings_under(env)
    assert seen["embedded"] is True
    assert seen["layer"] == "channels.layers.InMemoryChannelLayer"


def test_the_csrf_cookie_is_out_of_reach_of_scripts() -> None:
    """htmx sends the token from the page, so no script needs the cookie (HttpOnly)."""
    result = run_python(
        [
            "-c",
            "import django; django.setup(); from django.conf import settings as s; "
            "print(s.CSRF_COOKIE_HTTPONLY)",
        ],
        PRODUCTION_ENV,
    )
    assert result.stdout.strip() == "True", result.stderr


def test_sites_on_two_redis_databases_get_apart_channel_names() -> None:
    """Redis pub/sub channels are server-wide: two sites (or test runs) on databases 0 and 3 of
    one Redis must not hear each other's tables, so the database is in the default prefix."""
    on_three = settings_under({**PRODUCTION_ENV, "REDIS_URL": "redis://redis:6379/3"})
    named = settings_under({**PRODUCTION_ENV, "BANGARENA_CHANNEL_PREFIX": "arena"})
    assert on_three["prefix"] == "asgi3."
    assert named["prefix"] == "arena"

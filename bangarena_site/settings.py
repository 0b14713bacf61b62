"""BangArena settings: one file, every deploy-specific value read from the environment.

Without any environment the embedded default runs: SQLite, the in-memory channel layer and the
in-process asyncio scheduler for delayed jobs (no PostgreSQL, Redis or worker needed).
With DATABASE_URL and REDIS_URL set, the production stack runs: PostgreSQL, channels-redis and
Celery with a Redis broker, the worker and beat as separate processes.
"""

from __future__ import annotations

import os
from pathlib import Path
from urllib.parse import urlsplit

import dj_database_url
from django.core.exceptions import ImproperlyConfigured
from django.utils.csp import CSP
from django.utils.translation import gettext_lazy as _
from psycopg_pool import ConnectionPool

BASE_DIR = Path(__file__).resolve().parent.parent


def env_bool(name: str, default: bool) -> bool:
    """Read a boolean; anything but a clear yes/no fails loudly instead of guessing."""
    raw = os.environ.get(name)
    if raw is None or raw == "":
        return default
    value = raw.strip().lower()
    if value in {"1", "true", "yes", "on"}:
        return True
    if value in {"0", "false", "no", "off"}:
        return False
    raise ImproperlyConfigured(f"{name} must be a boolean (true/false), got {raw!r}")


def env_int(name: str, default: int, *, minimum: int = 0) -> int:
    """Read a whole number; a value that is not one fails at start, naming the variable."""
    raw = os.environ.get(name)
    if raw is None or raw.strip() == "":
        return default
    try:
        value = int(raw.strip())
    except ValueError:
        value = None
    if value is None or value < minimum:
        raise ImproperlyConfigured(f"{name} must be a whole number >= {minimum}, got {raw!r}")
    return value


def env_choice(name: str, default: str, choices: tuple[str, ...]) -> str:
    """Read one of a few words, in any case; anything else fails at start, naming it."""
    raw = os.environ.get(name, "").strip()
    if not raw:
        return default
    for choice in choices:
        if raw.lower() == choice.lower():
            return choice
    raise ImproperlyConfigured(f"{name} must be one of {', '.join(choices)}, got {raw!r}")


def env_list(name: str, default: list[str]) -> list[str]:
    """Read a comma-separated list, ignoring blanks."""
    raw = os.environ.get(name)
    if raw is None or raw.strip() == "":
        return default
    return [item.strip() for item in raw.split(",") if item.strip()]


DATABASE_URL = os.environ.get("DATABASE_URL", "").strip()
REDIS_URL = os.environ.get("REDIS_URL", "").strip()
if REDIS_URL and not REDIS_URL.startswith(("redis://", "rediss://", "unix://")):
    raise ImproperlyConfigured(f"REDIS_URL must be a redis:// or rediss:// URL, got {REDIS_URL!r}")
# Embedded unless both services are configured; BANGARENA_EMBEDDED forces either way.
EMBEDDED_CHOSEN = bool(os.environ.get("BANGARENA_EMBEDDED", "").strip())
EMBEDDED = env_bool("BANGARENA_EMBEDDED", default=not (DATABASE_URL and REDIS_URL))
if not EMBEDDED and not REDIS_URL:
    # Without a broker the worker would never see a job and timers would silently not fire.
    raise ImproperlyConfigured("REDIS_URL must be set when BANGARENA_EMBEDDED is false")

DEBUG = env_bool("DEBUG", default=EMBEDDED)
if EMBEDDED and not EMBEDDED_CHOSEN and not REDIS_URL and (DATABASE_URL or not DEBUG):
    # A production configuration (a database URL, or DEBUG off) that forgot REDIS_URL would
    # otherwise run embedded: one process, timers in memory, without saying so.
    raise ImproperlyConfigured(
        "REDIS_URL must be set in production (DATABASE_URL is set or DEBUG is false); "
        "set BANGARENA_EMBEDDED=true to run the embedded stack on purpose"
    )

_DEV_SECRET = "embedded-dev-only-secret-key-not-for-production-use-0123456789abcdef"
SECRET_KEY = os.environ.get("SECRET_KEY", "")
if not SECRET_KEY:
    if not (DEBUG or EMBEDDED):
        raise ImproperlyConfigured("SECRET_KEY must be set when not running embedded")
    SECRET_KEY = _DEV_SECRET

ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", ["127.0.0.1", "localhost", "[::1]", "testserver"])
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", [])

INSTALLED_APPS = [
    "daphne",
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "channels",
    "django_htmx",
    "bangarena_site",
    "bangarena_site.accounts",
    "bangarena_site.live",
    # The parts of the site (docs/architecture.md), the match first.
    "game",
    "machines",
    "machines.ai",
    "machines.agents",
    "library",
    "replay",
    "lobby",
    "stats",
]

MIDDLEWARE = [
    # First: a probe needs no TLS redirect, no allowed host and no session (bangarena_site.health).
    "bangarena_site.health.HealthCheckMiddleware",
    "django.middleware.security.SecurityMiddleware",
    # Pages, and static files in the embedded default (where whitenoise serves them from the
    # app folders, uncompressed), go out gzipped; in production whitenoise serves the
    # precompressed files collectstatic made, which this leaves alone (docs/performance.md).
    "django.middleware.gzip.GZipMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "django.middleware.csp.ContentSecurityPolicyMiddleware",
]

ROOT_URLCONF = "bangarena_site.urls"
ASGI_APPLICATION = "bangarena_site.asgi.application"
WSGI_APPLICATION = None

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "django.template.context_processors.i18n",
                "django.template.context_processors.csp",
            ],
        },
    },
]

if DATABASE_URL:
    # Django's psycopg pool instead of a connection per request and per job: opening one cost
    # ~9.5 ms, 15 % of a move's job on this machine. The pool rather than persistent
    # connections (CONN_MAX_AGE), which leak where threads come and go (the AI worker runs a
    # thread pool): it is shared by the process's threads and hands out checked connections.
    try:
        _database = dj_database_url.parse(DATABASE_URL, conn_max_age=0)
    except (ValueError, KeyError) as error:
        raise ImproperlyConfigured(f"DATABASE_URL cannot be read: {error}") from None
    if _database["ENGINE"] == "django.db.backends.postgresql":
        _database.setdefault("OPTIONS", {})["pool"] = {
            "min_size": 1,
            "max_size": env_int("BANGARENA_DB_POOL_SIZE", 8, minimum=1),
            "timeout": 10,
            # Each connection handed out is checked first (one empty query): after a database
            # restart or a cut network the idle ones are dead, and the first move on each would
            # otherwise fail although the database is back (issue 19, "no click vanishes").
            "check": ConnectionPool.check_connection,
        }
    DATABASES = {"default": _database}
else:
    DATABASES = {
        "default": {
            "ENGINE": "django.db.backends.sqlite3",
            "NAME": os.environ.get("BANGARENA_SQLITE_PATH", str(BASE_DIR / "db.sqlite3")),
            # IMMEDIATE transactions take the write lock up front, so two writers queue
            # instead of one failing with "database is locked" halfway through. WAL lets
            # readers (table renders) run during a write, and synchronous=NORMAL drops the
            # fsync from every commit (~20 ms per move here); a killed process loses nothing.
            # Persistent: opening the file and running the pragmas cost about 0.5 ms, on every
            # job and request. Under ASGI the code that touches the database runs in a few
            # fixed threads here (Django's one sync thread, the embedded jobs' thread), so
            # the connections neither multiply nor leak.
            "CONN_MAX_AGE": None,
            "OPTIONS": {
                "transaction_mode": "IMMEDIATE",
                "timeout": 20,
                "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
            },
        }
    }

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

AUTH_USER_MODEL = "accounts.User"

LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"

# Internationalisation: English source strings, six translated catalogues.
LANGUAGE_CODE = "en"
LANGUAGES = [
    ("en", _("English")),
    ("ru", _("Russian")),
    ("pl", _("Polish")),
    ("tr", _("Turkish")),
    ("id", _("Indonesian")),
    ("nl", _("Dutch")),
    ("de", _("German")),
]
LOCALE_PATHS = [BASE_DIR / "locale"]
USE_I18N = True
USE_TZ = True
TIME_ZONE = "UTC"
LANGUAGE_COOKIE_NAME = "bangarena_language"
LANGUAGE_COOKIE_AGE = 365 * 24 * 3600
LANGUAGE_COOKIE_SAMESITE = "Lax"

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "bangarena_site" / "static"]
STATIC_ROOT = BASE_DIR / "staticfiles"
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": (
            "django.contrib.staticfiles.storage.StaticFilesStorage"
            if DEBUG
            else "whitenoise.storage.CompressedManifestStaticFilesStorage"
        )
    },
}

# Channels: in-memory in one process, Redis when several processes share the work.
if REDIS_URL and not EMBEDDED:
    CHANNEL_LAYERS = {
        "default": {
            # channels-redis's pub/sub layer, which tells the sockets when Redis is back after
            # an outage (live/layer.py says why pub/sub). redis-py 8 defaults to a 5 s socket
            # timeout (see STACK-NOTES): no timeout on the subscribed connection's reads.
            "BACKEND": "bangarena_site.live.layer.PubSubLayer",
            "CONFIG": {
                "hosts": [{"address": REDIS_URL, "socket_timeout": None}],
                # Sites (or a benchmark, or two test runs) sharing one Redis keep their groups
                # apart by prefix. Pub/sub channels are server-wide: the database number in
                # REDIS_URL does not separate them as it separates keys, so it is in the default.
                "prefix": os.environ.get("BANGARENA_CHANNEL_PREFIX", "").strip()
                or f"asgi{urlsplit(REDIS_URL).path.strip('/') or '0'}.",
            },
        }
    }
    CACHES = {
        "default": {"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": REDIS_URL}
    }
else:
    CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}

# Celery (production only; the embedded default runs jobs on the server's own event loop).
CELERY_BROKER_URL = REDIS_URL or "memory://"
CELERY_RESULT_BACKEND = None
CELERY_TASK_IGNORE_RESULT = True
# No acknowledgement emulation: kombu's Redis transport otherwise keeps every message in an
# "unacked" hash and index until its task is done (two Redis pipelines in the worker's parent
# per task: 2.3 -> 1.3 ms of its CPU per move, bench/table_load.py), only to hand back the
# message of a worker that died after its visibility timeout, an hour later: too late for any
# timer or bot move. Every job is safe to lose that way: a periodic job plays what a lost one
# was for (bangarena_site.jobs; game.sweep replays overdue decisions within seconds).
CELERY_BROKER_TRANSPORT_OPTIONS = {"ack_emulation": False}
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
# Celery's Django fix-up closes the database connections before and after every task, and with
# the prefork pool it closes Django's psycopg *pool* as well: each move's job then built a new
# pool, opened a new PostgreSQL session and started four pool threads. With a reuse count the
# fix-up leaves them alone (it still closes them every 2 x this many tasks); the jobs seam
# hands each job's connection back to the pool itself (jobs._run_with_fresh_connections).
CELERY_DB_REUSE_MAX = 100_000

# Periodic jobs (registered names -> period in seconds): Celery beat sends them in production,
# the embedded scheduler runs them on the server's loop.
#: Quick match: seconds before a forming table starts with bots in its free seats (issue 23;
#: lobby.quick_match). The browser tests shorten it.
BANGARENA_QUICK_MATCH_WAIT = env_int("BANGARENA_QUICK_MATCH_WAIT", 45, minimum=1)

BANGARENA_PERIODIC_JOBS: dict[str, float] = {
    "sessions.clear_expired": 3600.0,
    # Plays decisions whose timer or bot job was lost, so no table can freeze (game.tasks).
    "game.sweep": 5.0,
    # Seats whose screens stopped beating go away; away too long in their turn: autopilot
    # (game.presence, Q48, R121).
    "game.presence": 1.0,
    # R133: hand a room to another human once its host has been away 30 s (lobby.tasks).
    "lobby.watch_hosts": 5.0,
    # Room pages that stopped beating: their members are away (Q48, the ready check).
    "lobby.watch_presence": 2.0,
    # Close rooms that sat empty for a day.
    "lobby.close_empty_rooms": 3600.0,
    # Quick match (issue 23): forms tables whose countdown timer was lost (lobby.quick_match).
    "lobby.quick_match": 5.0,
    # Live numbers on the home page and /play/ follow presence (issue 23).
    "lobby.live_numbers": 10.0,
    # Forget guests 30 days after their matches (bangarena_site.accounts.forget).
    "guests.purge": 24 * 3600.0,
}

# Security: strict defaults in production; the embedded default runs over plain http locally.
SESSION_COOKIE_HTTPONLY = True
# No script reads the CSRF cookie: htmx sends the token from the page (hx-headers on <body>)
# and the table tools from a data attribute, so the cookie stays out of reach of scripts.
CSRF_COOKIE_HTTPONLY = True
X_FRAME_OPTIONS = "DENY"
# Content-Security-Policy on every page: scripts and style sheets only from this site (no inline
# script anywhere; a template that needs one uses {{ csp_nonce }}), sockets only to this site.
# Inline style *attributes* stay allowed: seat positions on the table are CSS variables set per
# seat (style="--x: ..."), and user text never reaches an attribute unescaped.
SECURE_CSP = {
    "default-src": [CSP.SELF],
    "script-src": [CSP.SELF, CSP.NONCE],
    "style-src": [CSP.SELF, CSP.NONCE],
    "style-src-attr": [CSP.UNSAFE_INLINE],
    "img-src": [CSP.SELF, "data:"],
    "font-src": [CSP.SELF],
    "connect-src": [CSP.SELF],
    "worker-src": [CSP.SELF],
    "manifest-src": [CSP.SELF],
    "object-src": [CSP.NONE],
    "base-uri": [CSP.NONE],
    "form-action": [CSP.SELF],
    "frame-ancestors": [CSP.NONE],
}
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
if not DEBUG:
    SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", default=True)
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    SECURE_HSTS_SECONDS = env_int("SECURE_HSTS_SECONDS", 31536000)
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True

# One line per record with time, level, logger and the match it concerns (bangarena_site.logs);
# LOG_FORMAT=json writes each as a JSON object for a log collector.
LOG_LEVEL = env_choice("LOG_LEVEL", "INFO", ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL"))
LOG_FORMAT = env_choice("LOG_FORMAT", "text", ("text", "json"))
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "filters": {"match": {"()": "bangarena_site.logs.MatchFilter"}},
    "formatters": {
        "text": {"()": "bangarena_site.logs.TextFormatter"},
        "json": {"()": "bangarena_site.logs.JsonFormatter"},
    },
    "handlers": {
        "console": {
            "class": "logging.StreamHandler",
            "formatter": LOG_FORMAT,
            "filters": ["match"],
        }
    },
    "root": {"handlers": ["console"], "level": LOG_LEVEL},
}

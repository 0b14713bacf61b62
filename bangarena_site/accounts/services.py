"""The only code that bans and unbans players: the account change and ending their sessions
belong together, so the admin and any future moderation tool go through here."""

from __future__ import annotations

from datetime import datetime
from importlib import import_module

from django.conf import settings
from django.contrib.sessions.models import Session
from django.db import transaction
from django.utils import timezone

from bangarena_site.live.accounts import close_account_sockets

from .models import User
from .signals import user_banned


def ban_user(user: User, *, reason: str, now: datetime | None = None) -> None:
    """Deactivate the account, record why and when, and end every session it has."""
    with transaction.atomic():
        user.is_active = False
        user.banned_at = now or timezone.now()
        user.ban_reason = reason.strip()
        user.session_generation += 1
        user.save(update_fields=["is_active", "banned_at", "ban_reason", "session_generation"])
        end_sessions_of(user)
        # Sockets opened before the ban would outlive the sessions: close them on commit, and
        # let the apps revoke what else the player made to log in with (agent tokens).
        user_id = user.pk
        transaction.on_commit(lambda: close_account_sockets(user_id))
        transaction.on_commit(
            lambda: user_banned.send_robust(sender=User, user_id=user_id), robust=True
        )


def unban_user(user: User) -> None:
    """Let the player in again; sessions ended by the ban stay ended."""
    user.is_active = True
    user.banned_at = None
    user.ban_reason = ""
    user.save(update_fields=["is_active", "banned_at", "ban_reason"])


def end_sessions_of(user: User) -> int:
    """Delete the stored sessions of a user and return how many there were.

    The bumped session generation already invalidates every session at its next request,
    whatever the session engine; deleting stored ones also frees them at once. Only engines
    that keep sessions in the database can be searched by user.
    """
    if settings.SESSION_ENGINE not in {
        "django.contrib.sessions.backends.db",
        "django.contrib.sessions.backends.cached_db",
    }:
        return 0
    store_class = import_module(settings.SESSION_ENGINE).SessionStore
    user_id = str(user.pk)
    ended = 0
    live = Session.objects.filter(expire_date__gt=timezone.now())
    for session in live.iterator():
        if session.get_decoded().get("_auth_user_id") == user_id:
            # Through the store, so the cached_db engine also forgets its cached copy.
            store_class(session_key=session.session_key).delete()
            ended += 1
    return ended

"""Render toast fragments in the recipient's language and push them to their socket."""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth.base_user import AbstractBaseUser
from django.template.loader import render_to_string
from django.utils import translation

from bangarena_site.live.groups import push_fragment_sync, user_group


def language_of(user: AbstractBaseUser) -> str:
    """The user's preferred language, or the site default if they chose none."""
    return getattr(user, "preferred_language", "") or settings.LANGUAGE_CODE


def push_toast(user: AbstractBaseUser, message: str) -> None:
    """Append a toast to the user's open pages. ``message`` is plain text (escaped here)."""
    html = render_to_string("live/toast.html", {"message": message}).strip()
    push_fragment_sync(user_group(user.pk), html)


def translated(user: AbstractBaseUser) -> translation.override:
    """Context manager: translate as the user reads (jobs run outside any request)."""
    return translation.override(language_of(user))

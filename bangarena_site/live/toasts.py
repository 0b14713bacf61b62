"""Render toast fragments in the recipient's language and push them to their socket."""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth.base_user import AbstractBaseUser
from django.template.loader import render_to_string
from django.utils import translation

from bangarena_site.live.groups import push_fragment_sync, user_group


def language_of(user: AbstractBaseUser, fallback: str = "") -> str:
    """The user's preferred language; if they chose none, ``fallback`` (the language a page of
    theirs was read in), else the site default."""
    return getattr(user, "preferred_language", "") or fallback or settings.LANGUAGE_CODE


def push_toast(user: AbstractBaseUser, message: str) -> None:
    """Append a toast to the user's open pages. ``message`` is plain text (escaped here)."""
    html = render_to_string("live/toast.html", {"message": message}).strip()
    push_fragment_sync(user_group(user.pk), html)


def translated(user: AbstractBaseUser, fallback: str = "") -> translation.override:
    """Context manager: translate as the user reads (jobs run outside any request)."""
    return translation.override(language_of(user, fallback))

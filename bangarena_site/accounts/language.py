"""Remembering a player's language: a cookie for the browser, a field for the account."""

from __future__ import annotations

from typing import Literal, cast

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.utils import translation

LANGUAGE_CODES = [code for code, _name in settings.LANGUAGES]
SUPPORTED_LANGUAGES = frozenset(LANGUAGE_CODES)


def _same_site() -> Literal["Lax", "Strict", "None", False] | None:
    """The cookie's SameSite setting: Django types it as any string, set_cookie wants one of
    the values browsers know (the site sets "Lax")."""
    return cast(Literal["Lax", "Strict", "None", False] | None, settings.LANGUAGE_COOKIE_SAMESITE)


def is_supported(code: str | None) -> bool:
    return bool(code) and code in SUPPORTED_LANGUAGES


def cookie_language(request: HttpRequest) -> str:
    """The language this browser chose with the switch, or "" if it never did."""
    code = request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME, "")
    return code if is_supported(code) else ""


def remember_language(response: HttpResponse, code: str) -> None:
    """Make this browser use `code` from now on, and the rest of this request too."""
    translation.activate(code)
    response.set_cookie(
        settings.LANGUAGE_COOKIE_NAME,
        code,
        max_age=settings.LANGUAGE_COOKIE_AGE,
        path=settings.LANGUAGE_COOKIE_PATH,
        domain=settings.LANGUAGE_COOKIE_DOMAIN,
        secure=settings.LANGUAGE_COOKIE_SECURE,
        httponly=settings.LANGUAGE_COOKIE_HTTPONLY,
        samesite=_same_site(),
    )


def forget_language(response: HttpResponse) -> None:
    """Go back to the browser's Accept-Language."""
    response.delete_cookie(
        settings.LANGUAGE_COOKIE_NAME,
        path=settings.LANGUAGE_COOKIE_PATH,
        domain=settings.LANGUAGE_COOKIE_DOMAIN,
        samesite=_same_site(),
    )

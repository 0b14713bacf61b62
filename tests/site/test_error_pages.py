"""Issue 10: error pages speak the visitor's language too (a wrong link, a forbidden control,
an expired form, a server error), inside the site's layout where it is safe to use it."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.test import Client, RequestFactory
from django.utils import translation
from django.views.defaults import server_error

pytestmark = pytest.mark.django_db


def visitor(language: str, **options) -> Client:
    client = Client(**options)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    return client


def translated(language: str, text: str) -> str:
    with translation.override(language):
        words = translation.gettext(text)
    assert words != text, f"{text!r} has no {language} translation"
    return words


@pytest.mark.parametrize("language", ["ru", "tr", "de"])
def test_a_wrong_address_gets_the_not_found_page_in_the_visitors_language(language):
    response = visitor(language).get("/no-such-page/")
    page = response.content.decode()
    assert response.status_code == 404
    assert f'<html lang="{language}"' in page
    assert translated(language, "Page not found") in page
    assert 'href="/play/"' in page


def test_an_unknown_library_card_is_a_translated_not_found_page():
    response = visitor("pl").get("/library/cards/no-such-card/")
    assert response.status_code == 404
    assert translated("pl", "Page not found") in response.content.decode()


def test_a_forbidden_page_says_so_in_the_visitors_language():
    """The admin is for moderators only; a player who opens a moderator-only page is told
    plainly (Django's own 403 page is English-only)."""
    from django.core.exceptions import PermissionDenied
    from django.views.defaults import permission_denied

    with translation.override("de"):
        response = permission_denied(RequestFactory().get("/"), PermissionDenied())
    assert response.status_code == 403
    assert translated("de", "Not allowed") in response.content.decode()


def test_an_expired_form_is_explained_and_changes_nothing():
    """A POST without a valid CSRF token (the page was open too long, or cookies are blocked)
    is refused with a page in the visitor's language, and the language stays as it was."""
    client = visitor("ru", enforce_csrf_checks=True)
    response = client.post("/language/", {"language": "de", "next": "/"})
    assert response.status_code == 403
    assert translated("ru", "This form has expired") in response.content.decode()
    assert client.cookies[settings.LANGUAGE_COOKIE_NAME].value == "ru"


def test_a_server_error_page_is_translated_and_needs_no_request_context():
    with translation.override("nl"):
        response = server_error(RequestFactory().get("/"))
    page = response.content.decode()
    assert response.status_code == 500
    assert '<html lang="nl">' in page
    assert translated("nl", "Something went wrong") in page

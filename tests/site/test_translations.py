"""Issue 2, item 6: every string of the site is translated into all six catalogues, and the
pages really render in each language."""

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from django.conf import settings
from django.test import Client

from tests.accounts.helpers import make_user

from .pages import GUEST_PAGES, LANGUAGE_CODES, PLAYER_PAGES, url, visible_text

CATALOGUES = sorted(Path(settings.BASE_DIR, "locale").glob("*/LC_MESSAGES/django.po"))
EXPECTED_PLURALS = {"ru": 3, "pl": 3, "tr": 2, "id": 1, "nl": 2, "de": 2}

# Source strings that must not survive on a translated page.
ENGLISH_ON_GUEST_PAGES = [
    "Log in",
    "Sign up",
    "Welcome to BangArena",
    "How a game goes",
    "Secret roles",
    "Skip to content",
    "Join the posse",
    "Already have an account?",
    "New in town?",
    "Username",
    "Password",
    "Switch",
    "Play fair, shoot straight",
]
ENGLISH_ON_PLAYER_PAGES = [
    "Profile",
    "Your profile",
    "Change password",
    "Save profile",
    "Log out",
    "Joined",
    "Preferred language",
    "Same as my browser",
    "display name",
    "Display name",
]


def test_all_six_catalogues_exist():
    assert sorted(path.parent.parent.name for path in CATALOGUES) == sorted(EXPECTED_PLURALS)


@pytest.mark.parametrize("path", CATALOGUES, ids=lambda path: path.parent.parent.name)
def test_catalogue_has_no_untranslated_or_fuzzy_entry(path):
    with path.open("rb") as po_file:
        catalogue = read_po(po_file, locale=path.parent.parent.name)

    problems = []
    for message in catalogue:
        if not message.id:
            continue
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        if message.fuzzy:
            problems.append(f"fuzzy: {message.id!r}")
        if not all(strings):
            problems.append(f"untranslated: {message.id!r}")
    assert problems == []
    assert not catalogue.fuzzy


@pytest.mark.parametrize("path", CATALOGUES, ids=lambda path: path.parent.parent.name)
def test_plural_entries_have_every_form_of_the_language(path):
    language = path.parent.parent.name
    with path.open("rb") as po_file:
        catalogue = read_po(po_file, locale=language)

    assert catalogue.num_plurals == EXPECTED_PLURALS[language]
    plurals = [message for message in catalogue if isinstance(message.id, tuple)]
    assert plurals
    for message in plurals:
        assert len(message.string) == EXPECTED_PLURALS[language], message.id
        # Every form keeps the placeholder, so the number is never lost in translation.
        # (%(n)d from ngettext, %(counter)s from {% blocktranslate count %}.)
        placeholder = re.search(r"%\(\w+\)[ds]", message.id[0]).group(0)
        assert all(placeholder in form for form in message.string), message.id


@pytest.mark.parametrize("path", CATALOGUES, ids=lambda path: path.parent.parent.name)
def test_translations_keep_the_placeholders_of_the_source(path):
    with path.open("rb") as po_file:
        catalogue = read_po(po_file, locale=path.parent.parent.name)

    for message in catalogue:
        if not message.id or isinstance(message.id, tuple):
            continue
        assert sorted(re.findall(r"%\(\w+\)\w", message.id)) == sorted(
            re.findall(r"%\(\w+\)\w", message.string)
        ), message.id


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["ru", "de"])
def test_guest_pages_carry_no_english_when_translated(language):
    browser = Client()
    browser.cookies[settings.LANGUAGE_COOKIE_NAME] = language

    for name in GUEST_PAGES:
        text = visible_text(browser.get(url(name)).content.decode())
        leftovers = [english for english in ENGLISH_ON_GUEST_PAGES if english in text]
        assert leftovers == [], (name, leftovers)


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["ru", "de"])
def test_player_pages_carry_no_english_when_translated(language):
    browser = Client()
    browser.force_login(make_user())
    browser.cookies[settings.LANGUAGE_COOKIE_NAME] = language

    for name in PLAYER_PAGES:
        text = visible_text(browser.get(url(name)).content.decode())
        leftovers = [english for english in ENGLISH_ON_PLAYER_PAGES if english in text]
        assert leftovers == [], (name, leftovers)


@pytest.mark.django_db
@pytest.mark.parametrize("language", LANGUAGE_CODES)
def test_every_page_renders_in_every_language(language):
    browser = Client()
    browser.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    for name in GUEST_PAGES:
        response = browser.get(url(name))
        assert response.status_code == 200
        assert f'<html lang="{language}"' in response.content.decode()

    browser.force_login(make_user())
    for name in PLAYER_PAGES:
        response = browser.get(url(name))
        assert response.status_code == 200
        assert f'<html lang="{language}"' in response.content.decode()


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("language", "minutes", "expected"),
    [
        ("ru", 1, "через 1 минуту"),
        ("ru", 3, "через 3 минуты"),
        ("ru", 5, "через 5 минут"),
        ("ru", 11, "через 11 минут"),
        ("ru", 21, "через 21 минуту"),
        ("pl", 1, "za 1 minutę"),
        ("pl", 4, "za 4 minuty"),
        ("pl", 12, "za 12 minut"),
        ("pl", 22, "za 22 minuty"),
        ("de", 1, "in 1 Minute erneut"),
        ("de", 2, "in 2 Minuten erneut"),
    ],
)
def test_throttle_message_uses_the_right_plural_form(language, minutes, expected):
    from django.utils import translation

    from bangarena_site.accounts.forms import LoginForm

    with translation.override(language):
        error = LoginForm._throttled_error(minutes * 60)
        message = error.message % error.params

    assert expected in message

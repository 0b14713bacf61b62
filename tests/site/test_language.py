"""Issue 2, item 6: the language switch, remembered by cookie for guests and on the account
for players (saved when they switch, applied when they log in)."""

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse

from bangarena_site.accounts.models import User
from tests.accounts.helpers import STRONG_PASSWORD, make_user

pytestmark = pytest.mark.django_db

COOKIE = settings.LANGUAGE_COOKIE_NAME


def switch(client: Client, language: str, next_url: str = "/accounts/login/"):
    return client.post(reverse("set_language"), {"language": language, "next": next_url})


def test_guest_switch_sets_the_cookie_and_returns_to_the_page(client):
    response = switch(client, "de")

    assert response.status_code == 302
    assert response.url == "/accounts/login/"
    assert response.cookies[COOKIE].value == "de"
    page = client.get(reverse("login")).content.decode()
    assert '<html lang="de"' in page
    assert "Anmelden" in page


def test_guest_choice_is_remembered_on_later_visits(client):
    switch(client, "pl")

    assert '<html lang="pl"' in client.get(reverse("home")).content.decode()
    assert '<option value="pl" lang="pl" selected>' in client.get(reverse("home")).content.decode()


def test_switch_never_redirects_off_site(client):
    response = switch(client, "nl", next_url="https://evil.example/")

    assert response.url == "/"


def test_unknown_language_changes_nothing(client):
    response = switch(client, "xx")

    assert COOKIE not in response.cookies
    assert '<html lang="en"' in client.get(reverse("home")).content.decode()


def test_switch_refuses_get(client):
    assert client.get(reverse("set_language"), {"language": "de"}).status_code == 405


def test_player_switch_is_saved_on_the_account(client):
    player = make_user()
    client.force_login(player)

    switch(client, "tr")

    player.refresh_from_db()
    assert player.preferred_language == "tr"


def test_saved_language_is_applied_at_the_next_login_on_a_new_browser(client):
    player = make_user(preferred_language="ru")
    fresh_browser = Client()

    response = fresh_browser.post(
        reverse("login"), {"username": player.username, "password": STRONG_PASSWORD}
    )

    assert response.cookies[COOKIE].value == "ru"
    page = fresh_browser.get(reverse("home")).content.decode()
    assert '<html lang="ru"' in page
    assert "Выйти" in page  # "Log out" in Russian


def test_login_without_a_saved_language_keeps_the_browser_choice(client):
    make_user()
    client.cookies[COOKIE] = "nl"

    response = client.post(reverse("login"), {"username": "calamity", "password": STRONG_PASSWORD})

    assert COOKIE not in response.cookies
    assert '<html lang="nl"' in client.get(reverse("home")).content.decode()


def test_the_welcome_message_after_login_is_in_the_saved_language(client):
    make_user(preferred_language="de")

    response = client.post(
        reverse("login"), {"username": "calamity", "password": STRONG_PASSWORD}, follow=True
    )

    assert "Willkommen zurück, calamity!" in response.content.decode()


def test_browser_accept_language_is_used_without_any_choice(client):
    page = client.get(reverse("home"), HTTP_ACCEPT_LANGUAGE="id,en;q=0.5").content.decode()

    assert '<html lang="id"' in page


def test_profile_language_choice_lists_every_language(client):
    client.force_login(make_user())

    page = client.get(reverse("profile")).content.decode()

    for code, _name in settings.LANGUAGES:
        assert f'<option value="{code}"' in page
    assert User.objects.get().preferred_language == ""

"""Issue 2, item 2: the profile (display name, language, date joined) and changing password."""

import pytest
from django.urls import reverse

from bangarena_site.accounts.models import User

from .helpers import STRONG_PASSWORD, make_user

pytestmark = pytest.mark.django_db


@pytest.fixture
def player(client) -> User:
    user = make_user()
    client.force_login(user)
    return user


def save_profile(client, display_name="", preferred_language=""):
    return client.post(
        reverse("profile"),
        {"display_name": display_name, "preferred_language": preferred_language},
    )


def test_profile_needs_an_account(client):
    response = client.get(reverse("profile"))

    assert response.url.startswith(reverse("login"))


def test_profile_shows_username_and_date_joined(client, player):
    page = client.get(reverse("profile")).content.decode()

    assert "calamity" in page
    assert player.date_joined.strftime("%Y") in page
    assert f'datetime="{player.date_joined.isoformat()}"' in page


def test_display_name_and_language_are_saved_trimmed(client, player):
    response = save_profile(client, display_name="  Calamity Jane  ", preferred_language="de")

    assert response.status_code == 302
    player.refresh_from_db()
    assert player.display_name == "Calamity Jane"
    assert player.preferred_language == "de"
    assert response.cookies["bangarena_language"].value == "de"


def test_display_name_is_shown_in_the_header(client, player):
    save_profile(client, display_name="Calamity Jane")

    assert "Calamity Jane" in client.get(reverse("home")).content.decode()


@pytest.mark.parametrize(
    "bad_name",
    [
        "x" * 21,  # too long
        "Jane\x07",  # a control character
        "Jane\u202eenaJ",  # a right-to-left override that reorders what follows
        "Ja\u200bne",  # a zero-width space
    ],
)
def test_bad_display_names_are_refused(client, player, bad_name):
    response = save_profile(client, display_name=bad_name)

    assert response.status_code == 200
    assert 'class="errorlist' in response.content.decode()
    player.refresh_from_db()
    assert player.display_name == ""


def test_a_refused_display_name_does_not_reach_the_header(client, player):
    save_profile(client, display_name="Calamity")

    page = save_profile(client, display_name="Jane\u202eenaJ").content.decode()

    assert "\u202e" not in page.split("<main")[0]
    assert "Calamity" in page.split("<main")[0]


def test_unknown_language_is_refused(client, player):
    response = save_profile(client, preferred_language="xx")

    assert response.status_code == 200
    player.refresh_from_db()
    assert player.preferred_language == ""


def test_empty_language_follows_the_browser_again(client, player):
    save_profile(client, preferred_language="nl")

    response = save_profile(client, preferred_language="")

    assert response.cookies["bangarena_language"].value == ""  # deleted
    player.refresh_from_db()
    assert player.preferred_language == ""


def test_display_name_with_markup_is_escaped_everywhere(client, player):
    save_profile(client, display_name="<script>x</script>")

    for url in (reverse("home"), reverse("profile")):
        page = client.get(url).content.decode()
        assert "&lt;script&gt;x&lt;/script&gt;" in page
        assert "<script>x</script>" not in page


def test_password_change_needs_the_old_password(client, player):
    response = client.post(
        reverse("password_change"),
        {
            "old_password": "not-it",
            "new_password1": "Dusty-Trail-Rider-77",
            "new_password2": "Dusty-Trail-Rider-77",
        },
    )

    assert "Your old password was entered incorrectly." in response.content.decode()
    player.refresh_from_db()
    assert player.check_password(STRONG_PASSWORD)


def test_password_change_keeps_this_session_and_the_new_password_works(client, player):
    response = client.post(
        reverse("password_change"),
        {
            "old_password": STRONG_PASSWORD,
            "new_password1": "Dusty-Trail-Rider-77",
            "new_password2": "Dusty-Trail-Rider-77",
        },
    )

    assert response.url == reverse("profile")
    assert client.get(reverse("profile")).status_code == 200
    player.refresh_from_db()
    assert player.check_password("Dusty-Trail-Rider-77")


def test_password_change_refuses_a_weak_new_password(client, player):
    response = client.post(
        reverse("password_change"),
        {"old_password": STRONG_PASSWORD, "new_password1": "123", "new_password2": "123"},
    )

    assert "This password is too short." in response.content.decode()

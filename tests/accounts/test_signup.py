"""Issue 2, item 2: signing up (username + password, optional e-mail) with clear errors."""

import pytest
from django.urls import reverse

from bangarena_site.accounts.models import User
from bangarena_site.accounts.throttle import MAX_SIGNUPS_PER_ADDRESS

from .helpers import STRONG_PASSWORD, make_user

pytestmark = pytest.mark.django_db


def sign_up(client, username="doc_holliday", password=STRONG_PASSWORD, confirm=None, email=""):
    return client.post(
        reverse("signup"),
        {
            "username": username,
            "email": email,
            "password1": password,
            "password2": password if confirm is None else confirm,
        },
    )


def test_signup_creates_the_account_and_logs_in_at_once(client):
    response = sign_up(client)

    assert response.status_code == 302
    assert response.url == reverse("home")
    user = User.objects.get(username="doc_holliday")
    assert user.email == ""
    assert client.get(reverse("profile")).status_code == 200  # already logged in
    assert str(user.pk) == client.session["_auth_user_id"]


def test_signup_keeps_an_optional_email(client):
    sign_up(client, email="doc@example.com")

    assert User.objects.get(username="doc_holliday").email == "doc@example.com"


def test_taken_username_is_refused_whatever_its_case(client):
    make_user("Doc_Holliday")

    response = sign_up(client, username="doc_holliday")

    assert response.status_code == 200
    assert "A user with that username already exists." in response.content.decode()
    assert User.objects.filter(username__iexact="doc_holliday").count() == 1


@pytest.mark.parametrize(
    ("password", "expected"),
    [
        ("12345678", "This password is entirely numeric."),
        ("password", "This password is too common."),
        ("Ab1-x", "This password is too short."),
    ],
)
def test_weak_password_is_refused_with_the_reason(client, password, expected):
    response = sign_up(client, password=password)

    assert response.status_code == 200
    assert expected in response.content.decode()
    assert not User.objects.filter(username="doc_holliday").exists()


def test_mismatched_password_confirmation_is_refused(client):
    response = sign_up(client, confirm=STRONG_PASSWORD + "x")

    assert "The two password fields didn’t match." in response.content.decode()
    assert not User.objects.exists()


def test_a_guest_language_choice_is_kept_on_the_new_account(client):
    client.cookies["bangarena_language"] = "pl"

    sign_up(client)

    assert User.objects.get(username="doc_holliday").preferred_language == "pl"


def test_signed_in_player_visiting_signup_goes_home(client):
    client.force_login(make_user())

    assert client.get(reverse("signup")).url == reverse("home")


def test_signups_per_address_are_limited_then_allowed_after_an_hour(client, clock):
    for number in range(MAX_SIGNUPS_PER_ADDRESS):
        sign_up(client, username=f"settler{number}")
        client.post(reverse("logout"))
    assert User.objects.count() == MAX_SIGNUPS_PER_ADDRESS

    refused = sign_up(client, username="one_too_many").content.decode()

    assert "Too many new accounts from your network. Please try again in 60 minutes." in refused
    assert not User.objects.filter(username="one_too_many").exists()
    clock.advance(60 * 60)
    sign_up(client, username="one_too_many")
    assert User.objects.filter(username="one_too_many").exists()


def test_failed_signups_do_not_count_towards_the_limit(client, clock):
    make_user("taken")
    for _ in range(MAX_SIGNUPS_PER_ADDRESS + 2):
        sign_up(client, username="taken")

    sign_up(client)

    assert User.objects.filter(username="doc_holliday").exists()

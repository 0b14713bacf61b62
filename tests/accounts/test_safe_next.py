"""Issue 20: sign-up and log-in follow ``next=`` only to this site (no open redirect).

``_safe_next`` must refuse a target whose host or scheme is not ours: an attacker's link
"…/accounts/signup/?next=https://evil.example/" would otherwise send a brand-new player,
logged in and trusting, to a page that asks for their password again.
"""

import pytest
from django.test import RequestFactory
from django.urls import reverse

from bangarena_site.accounts.models import User
from bangarena_site.accounts.views import _safe_next

from .helpers import STRONG_PASSWORD

pytestmark = pytest.mark.django_db

HOSTILE = [
    "https://evil.example/",
    "http://evil.example/accounts/login/",
    "//evil.example/",
    "///evil.example/",
    "\\\\evil.example/",
    "/\\evil.example/",
    "https:evil.example",
    "javascript:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "http://testserver@evil.example/",
    " https://evil.example/",
    "https://testserver.evil.example/",
]


def _sign_up(client, next_value: str, *, in_query: bool = False):
    url = reverse("signup")
    data = {"username": "wanderer", "password1": STRONG_PASSWORD, "password2": STRONG_PASSWORD}
    if in_query:
        return client.post(f"{url}?next={next_value}", data)
    return client.post(url, {**data, "next": next_value})


@pytest.mark.parametrize("target", HOSTILE)
def test_hostile_next_is_refused_by_the_helper(target):
    request = RequestFactory().post("/accounts/signup/", {"next": target})

    assert _safe_next(request) is None


@pytest.mark.parametrize("target", HOSTILE)
def test_hostile_next_in_the_form_sends_the_new_player_home(client, target):
    response = _sign_up(client, target)

    assert response.status_code == 302
    assert response.url == reverse("home")
    assert User.objects.filter(username="wanderer").exists()


def test_hostile_next_in_the_query_string_is_refused_too(client):
    response = _sign_up(client, "https://evil.example/", in_query=True)

    assert response.url == reverse("home")


def test_https_page_refuses_a_plain_http_target_on_the_same_host():
    request = RequestFactory().post(
        "/accounts/signup/", {"next": "http://testserver/play/"}, secure=True
    )

    assert _safe_next(request) is None


@pytest.mark.parametrize("target", ["/play/", "/stats/history/?page=2", "http://testserver/play/"])
def test_a_target_on_this_site_is_followed(client, target):
    request = RequestFactory().post("/accounts/signup/", {"next": target})
    assert _safe_next(request) == target

    response = _sign_up(client, target)

    assert response.url == target


def test_no_next_gives_none():
    assert _safe_next(RequestFactory().get("/accounts/signup/")) is None

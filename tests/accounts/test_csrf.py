"""Issue 2 / team standards: every form POST is refused without a CSRF token."""

import pytest
from django.test import Client
from django.urls import reverse

from .helpers import STRONG_PASSWORD, make_user

pytestmark = pytest.mark.django_db

FORM_POSTS = [
    ("signup", {"username": "x", "password1": STRONG_PASSWORD, "password2": STRONG_PASSWORD}),
    ("login", {"username": "calamity", "password": STRONG_PASSWORD}),
    ("logout", {}),
    ("password_change", {"old_password": STRONG_PASSWORD}),
    ("profile", {"display_name": "Jane"}),
    ("set_language", {"language": "de"}),
]


@pytest.mark.parametrize(("url_name", "data"), FORM_POSTS)
@pytest.mark.parametrize("signed_in", [False, True])
def test_post_without_csrf_token_is_refused(url_name, data, signed_in):
    client = Client(enforce_csrf_checks=True)
    if signed_in:
        client.force_login(make_user())

    response = client.post(reverse(url_name), data)

    assert response.status_code == 403


def test_post_with_the_token_from_the_page_is_accepted():
    """The check above refuses for the right reason: with the page's token the same POST works."""
    make_user()
    client = Client(enforce_csrf_checks=True)
    client.get(reverse("login"))
    token = client.cookies["csrftoken"].value

    response = client.post(
        reverse("login"),
        {"username": "calamity", "password": STRONG_PASSWORD, "csrfmiddlewaretoken": token},
    )

    assert response.status_code == 302


def test_admin_ban_action_is_csrf_protected():
    from bangarena_site.accounts.models import User

    outlaw = make_user("outlaw")
    client = Client(enforce_csrf_checks=True)
    client.force_login(User.objects.create_superuser("marshal", "m@example.com", STRONG_PASSWORD))

    response = client.post(
        reverse("admin:accounts_user_changelist"),
        {"action": "ban_selected", "_selected_action": [outlaw.pk], "apply": "1", "reason": "x"},
    )

    assert response.status_code == 403
    outlaw.refresh_from_db()
    assert outlaw.is_active

"""Issue 2, item 3: banning from the admin deactivates, records why and when, and logs out."""

from datetime import UTC, datetime

import pytest
from django.contrib.sessions.models import Session
from django.test import Client
from django.urls import reverse

from bangarena_site.accounts.models import User
from bangarena_site.accounts.services import ban_user

from .helpers import CHANGELIST, STRONG_PASSWORD, make_user

pytestmark = pytest.mark.django_db


def choose_action(client: Client, action: str, users: list[User], **extra: str):
    data = {"action": action, "_selected_action": [str(user.pk) for user in users], **extra}
    return client.post(CHANGELIST, data)


def logged_in_client(user: User) -> Client:
    client = Client()
    assert client.login(username=user.username, password=STRONG_PASSWORD)
    return client


def test_ban_action_first_asks_for_a_reason(moderator_client):
    outlaw = make_user("outlaw")

    response = choose_action(moderator_client, "ban_selected", [outlaw])

    assert response.status_code == 200
    page = response.content.decode()
    assert 'name="reason"' in page
    assert "outlaw" in page
    outlaw.refresh_from_db()
    assert outlaw.is_active
    assert outlaw.banned_at is None


def test_ban_without_a_reason_is_not_applied(moderator_client):
    outlaw = make_user("outlaw")

    response = choose_action(moderator_client, "ban_selected", [outlaw], apply="1", reason=" ")

    assert response.status_code == 200
    assert "This field is required." in response.content.decode()
    outlaw.refresh_from_db()
    assert outlaw.is_active


def test_ban_deactivates_records_reason_and_date_and_logs_out_everywhere(moderator_client):
    outlaw = make_user("outlaw")
    phone, laptop = logged_in_client(outlaw), logged_in_client(outlaw)
    bystander = logged_in_client(make_user("bystander"))
    assert phone.get(reverse("profile")).status_code == 200

    response = choose_action(
        moderator_client, "ban_selected", [outlaw], apply="1", reason="Cheating at poker"
    )

    assert response.status_code == 302
    outlaw.refresh_from_db()
    assert not outlaw.is_active
    assert outlaw.ban_reason == "Cheating at poker"
    assert outlaw.banned_at is not None
    sessions_left = [s.get_decoded().get("_auth_user_id") for s in Session.objects.all()]
    assert str(outlaw.pk) not in sessions_left
    for device in (phone, laptop):
        assert device.get(reverse("profile")).url.startswith(reverse("login"))
    assert bystander.get(reverse("profile")).status_code == 200


def test_ban_shows_in_the_user_list(moderator_client):
    outlaw = make_user("outlaw")
    response = choose_action(moderator_client, "ban_selected", [outlaw], apply="1", reason="Spam")

    page = moderator_client.get(response.url).content.decode()

    assert "1 user banned." in page
    row = page[page.index(">outlaw<") :].split("</tr>")[0]
    assert "field-banned_at" in row
    assert '<td class="field-banned_at nowrap">-</td>' not in row  # a date, not empty
    assert "icon-no.svg" in row  # the "active" column shows the account as inactive


def test_moderator_cannot_ban_themselves(moderator_client):
    moderator = User.objects.get(username="marshal")

    choose_action(moderator_client, "ban_selected", [moderator], apply="1", reason="Oops")

    moderator.refresh_from_db()
    assert moderator.is_active
    assert moderator.banned_at is None


def test_banned_player_with_the_right_password_sees_since_when_and_why(client):
    outlaw = make_user("outlaw")
    ban_user(outlaw, reason="Cheating at poker", now=datetime(2026, 3, 4, 12, 30, tzinfo=UTC))

    page = client.post(
        reverse("login"), {"username": "outlaw", "password": STRONG_PASSWORD}
    ).content.decode()

    assert "This account has been banned (since" in page
    assert "March 4, 2026" in page
    assert "Cheating at poker" in page
    assert "_auth_user_id" not in client.session


def test_banned_player_with_a_wrong_password_learns_nothing_about_the_ban(client):
    ban_user(make_user("outlaw"), reason="Cheating at poker")

    page = client.post(
        reverse("login"), {"username": "outlaw", "password": "a-wrong-guess"}
    ).content.decode()

    assert "banned" not in page
    assert "Cheating at poker" not in page
    assert "That username and password do not match." in page


def test_unban_lets_the_player_in_again_but_old_sessions_stay_ended(moderator_client):
    outlaw = make_user("outlaw")
    old_device = logged_in_client(outlaw)
    choose_action(moderator_client, "ban_selected", [outlaw], apply="1", reason="Spam")

    choose_action(moderator_client, "unban_selected", [outlaw])

    outlaw.refresh_from_db()
    assert outlaw.is_active
    assert outlaw.banned_at is None
    assert outlaw.ban_reason == ""
    assert old_device.get(reverse("profile")).status_code == 302
    assert logged_in_client(outlaw).get(reverse("profile")).status_code == 200


def test_ban_reason_is_escaped_on_the_login_page(client):
    ban_user(make_user("outlaw"), reason="<b>rude</b>")

    page = client.post(
        reverse("login"), {"username": "outlaw", "password": STRONG_PASSWORD}
    ).content.decode()

    assert "&lt;b&gt;rude&lt;/b&gt;" in page
    assert "<b>rude</b>" not in page


def test_deactivated_but_not_banned_account_is_told_so_after_the_right_password(client):
    make_user("retired", is_active=False)

    page = client.post(
        reverse("login"), {"username": "retired", "password": STRONG_PASSWORD}
    ).content.decode()

    assert "This account has been deactivated." in page


def test_a_ban_wins_even_if_the_account_was_reactivated_by_hand(client):
    outlaw = make_user("outlaw")
    ban_user(outlaw, reason="Spam")
    User.objects.filter(pk=outlaw.pk).update(is_active=True)

    page = client.post(
        reverse("login"), {"username": "outlaw", "password": STRONG_PASSWORD}
    ).content.decode()

    assert "This account has been banned" in page
    assert "_auth_user_id" not in client.session

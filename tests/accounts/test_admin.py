"""Issue 2, item 3: the moderators' user list shows the right columns, searches and filters."""

import pytest

from bangarena_site.accounts.models import User
from bangarena_site.accounts.services import ban_user

from .helpers import CHANGELIST, make_user

pytestmark = pytest.mark.django_db


@pytest.fixture
def players() -> dict[str, User]:
    return {
        "annie": make_user("annie", display_name="Little Sure Shot", email="annie@west.example"),
        "jesse": make_user("jesse", display_name="Dingus", email="jesse@train.example"),
        "banned": make_user("billy"),
    }


def listed_usernames(page: str, candidates: list[str]) -> set[str]:
    return {name for name in candidates if f">{name}</a>" in page}


def test_user_list_shows_the_moderation_columns(moderator_client, players):
    page = moderator_client.get(CHANGELIST).content.decode()

    for column in (
        "username",
        "display_name",
        "email",
        "date_joined",
        "last_login",
        "is_active",
        "banned_at",
    ):
        assert f"column-{column}" in page
    assert "Little Sure Shot" in page


@pytest.mark.parametrize(
    ("query", "expected"),
    [("annie", {"annie"}), ("Dingus", {"jesse"}), ("train.example", {"jesse"})],
)
def test_search_by_username_display_name_and_email(moderator_client, players, query, expected):
    page = moderator_client.get(CHANGELIST, {"q": query}).content.decode()

    assert listed_usernames(page, ["annie", "jesse", "billy"]) == expected


def test_banned_filter(moderator_client, players):
    ban_user(players["banned"], reason="Horse thief")

    banned = moderator_client.get(CHANGELIST, {"banned": "yes"}).content.decode()
    not_banned = moderator_client.get(CHANGELIST, {"banned": "no"}).content.decode()

    assert listed_usernames(banned, ["annie", "jesse", "billy"]) == {"billy"}
    assert listed_usernames(not_banned, ["annie", "jesse", "billy"]) == {"annie", "jesse"}


@pytest.mark.parametrize(
    "params",
    [
        {"is_active__exact": "0"},
        {"is_staff__exact": "1"},
        {"date_joined__gte": "2000-01-01 00:00+00:00", "date_joined__lt": "2100-01-01 00:00+00:00"},
    ],
)
def test_other_filters_respond(moderator_client, players, params):
    response = moderator_client.get(CHANGELIST, params)

    # An unknown filter would redirect to "?e=1"; a working one lists the users.
    assert response.status_code == 200


def test_staff_filter_lists_only_staff(moderator_client, players):
    page = moderator_client.get(CHANGELIST, {"is_staff__exact": "1"}).content.decode()

    assert listed_usernames(page, ["annie", "jesse", "billy", "marshal"]) == {"marshal"}


def test_inactive_filter_lists_only_deactivated_accounts(moderator_client, players):
    ban_user(players["banned"], reason="Horse thief")

    page = moderator_client.get(CHANGELIST, {"is_active__exact": "0"}).content.decode()

    assert listed_usernames(page, ["annie", "jesse", "billy", "marshal"]) == {"billy"}


def test_player_cannot_open_the_admin(client, players):
    client.force_login(players["annie"])

    assert client.get(CHANGELIST).status_code == 302

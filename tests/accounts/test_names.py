"""Issue 20: names a newcomer picks are short enough for every page, and never pass for
another player's name (UTS #39 skeletons) or mix alphabets."""

import pytest
from django.urls import reverse

from bangarena_site.accounts.models import User
from bangarena_site.accounts.names import mixes_scripts, name_key

from .helpers import STRONG_PASSWORD, make_user

pytestmark = pytest.mark.django_db

LOOK_ALIKE = "looks too much like another player"
MIXED = "Use the letters of one alphabet"


def sign_up(client, username):
    return client.post(
        reverse("signup"),
        {"username": username, "password1": STRONG_PASSWORD, "password2": STRONG_PASSWORD},
    )


def errors_of(response) -> str:
    return response.context["form"].errors.as_text()


def test_a_150_character_username_is_refused_with_its_length(client):
    response = sign_up(client, "a" * 150)

    assert response.status_code == 200
    assert "at most 20 characters (it has 150)" in errors_of(response)
    assert not User.objects.exists()


def test_a_20_character_username_is_accepted(client):
    assert sign_up(client, "c" * 21).status_code == 200
    assert sign_up(client, "b" * 20).status_code == 302


@pytest.mark.parametrize(
    "copy",
    [
        "N\u0435wcomer1",  # Cyrillic е
        "NewcomerI",  # capital i for the digit one
        "Newcomerl",  # small L for the digit one
        "Ne\u200bwcomer1",  # refused already: Django's username validator
        "\uff2e\uff45\uff57\uff43\uff4f\uff4d\uff45\uff52\uff11",  # fullwidth letters
    ],
)
def test_a_look_alike_of_an_existing_username_is_refused(client, copy):
    make_user("Newcomer1")

    response = sign_up(client, copy)

    assert response.status_code == 200
    assert User.objects.count() == 1


def test_the_look_alike_message_is_clear(client):
    make_user("Newcomer1")

    assert LOOK_ALIKE in errors_of(sign_up(client, "NewcomerI"))


def test_a_username_that_looks_like_someone_elses_display_name_is_refused(client):
    make_user("sheriff", display_name="Wyatt")

    assert LOOK_ALIKE in errors_of(sign_up(client, "Wyatt"))


def test_mixed_scripts_are_refused_even_without_a_twin(client):
    response = sign_up(client, "P\u0430vel")  # Cyrillic а inside Latin

    assert MIXED in errors_of(response)
    assert not User.objects.exists()


@pytest.mark.parametrize(
    "name", ["Ваня_2", "山田たろう", "Şükrü", "Łukasz", "Tomás", "dusty_rhodes"]
)
def test_names_in_one_language_pass(client, name):
    assert not mixes_scripts(name)
    assert sign_up(client, name).status_code == 302


def test_a_display_name_may_not_look_like_another_players_name(client):
    make_user("Newcomer1")
    me = make_user("drifter")
    client.force_login(me)

    response = client.post(reverse("profile"), {"display_name": "N\u0435wcomer1"})

    assert LOOK_ALIKE in errors_of(response)
    me.refresh_from_db()
    assert me.display_name == ""


def test_a_display_name_may_look_like_ones_own_username(client):
    me = make_user("Drifter")
    client.force_login(me)

    response = client.post(reverse("profile"), {"display_name": "drifter"})

    assert response.status_code == 302
    me.refresh_from_db()
    assert me.display_name == "drifter"
    assert me.display_name_key == name_key("Drifter")


def test_a_mixed_script_display_name_is_refused(client):
    me = make_user("drifter")
    client.force_login(me)

    response = client.post(reverse("profile"), {"display_name": "Dr\u0456fter"})  # Ukrainian і

    assert MIXED in errors_of(response) or LOOK_ALIKE in errors_of(response)
    assert response.status_code == 200


def test_keys_follow_a_renamed_account():
    user = make_user("Drifter")
    user.display_name = "Wyatt"
    user.save(update_fields=["display_name"])

    user.refresh_from_db()
    assert user.display_name_key == name_key("Wyatt")
    assert user.username_key == name_key("Drifter")

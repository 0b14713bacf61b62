"""The table tools remembered per user (R138): 🔔 notifications, their sound, ⛶ focus mode.

Off by default. A signed-in player's choice is kept on the account (and rendered into the next
table page, on any device); a guest's stays in the browser, so the server refuses to store it.
"""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from game import table_prefs
from lobby.models import LobbyPreferences
from tests.game.conftest import bot_seats, start
from tests.live.conftest import make_user
from tests.lobby.conftest import post_settings

pytestmark = pytest.mark.django_db

URL = reverse("game:table_prefs")


def signed_in(username: str = "annie") -> Client:
    client = Client()
    client.force_login(make_user(username))
    return client


def tools_bar(client: Client, match_id: int) -> str:
    page = client.get(reverse("game:table", args=[match_id])).content.decode()
    return re.search(r'<div class="tabletools".*?</div>', page, re.S).group(0)


def test_r138_every_tool_is_off_by_default(job_queue):
    match = start(bot_seats(4))
    bar = tools_bar(signed_in(), match.pk)
    assert 'data-focus="" data-notify="" data-sound=""' in bar
    assert bar.count('aria-pressed="false"') == 3
    assert 'aria-keyshortcuts="f"' in bar
    assert table_prefs.load(None) == {"notify": False, "sound": False, "focus": False}


def test_r138_a_signed_in_players_choice_is_remembered_and_drawn_on_the_next_table(job_queue):
    client = signed_in()
    response = client.post(URL, {"focus": "1", "notify": "true"})
    assert response.status_code == 200
    assert response.json() == {"notify": True, "sound": False, "focus": True}

    # Another device (a new session of the same account) gets the table in focus mode at once.
    other_device = Client()
    other_device.force_login(LobbyPreferences.objects.get().user)
    bar = tools_bar(other_device, start(bot_seats(4)).pk)
    assert 'data-focus="1" data-notify="1" data-sound=""' in bar

    client.post(URL, {"focus": "0"})
    assert table_prefs.load(LobbyPreferences.objects.get().user)["focus"] is False


@pytest.mark.parametrize(
    "data", [{"focus": "maybe"}, {"volume": "1"}, {}, {"notify": "1", "chat": "on"}]
)
def test_bad_input_is_refused_and_changes_nothing(job_queue, data):
    client = signed_in()
    client.post(URL, {"sound": "1"})
    response = client.post(URL, data)
    assert response.status_code == 400
    assert LobbyPreferences.objects.get().settings == {"sound": True}


def test_guests_keep_their_tools_in_the_browser_and_cannot_store_them_here(job_queue):
    guest = Client()
    assert guest.post(URL, {"focus": "1"}).status_code == 403
    assert guest.get(URL).status_code == 405
    assert not LobbyPreferences.objects.exists()
    # The guest's page saves nowhere on the server (tools.js uses localStorage).
    assert 'data-save-url=""' in tools_bar(guest, start(bot_seats(4)).pk)


def test_the_tools_post_needs_a_csrf_token(job_queue):
    client = Client(enforce_csrf_checks=True)
    client.force_login(make_user("csrf"))
    assert client.post(URL, {"focus": "1"}).status_code == 403
    assert not LobbyPreferences.objects.exists()


def test_saving_start_screen_settings_keeps_the_table_tools(job_queue):
    """The tools share LobbyPreferences.settings with the start screen: one never wipes the
    other."""
    client = signed_in("wyatt")
    client.post(URL, {"notify": "1", "sound": "1"})
    post_settings(client, "lobby:create", name="Wyatt", seats="6")
    settings = LobbyPreferences.objects.get().settings
    assert settings["notify"] is True
    assert settings["sound"] is True
    assert settings["seats"] == LobbyPreferences.objects.get().settings["seats"]
    assert settings["name"] == "Wyatt"

"""The start screen and the room speak the player's language (issue 5: every string through
gettext, translated into ru, pl, tr, id, nl, de)."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.core.management import call_command
from django.test import Client
from django.urls import reverse
from django.utils.translation import trans_real

from tests.lobby.conftest import create_room, host_post
from tests.site.pages import visible_text

pytestmark = pytest.mark.django_db

ENGLISH_LEFT_OVERS = [
    "Take a seat",
    "Your name at the table",
    "Role mode",
    "Move time",
    "Create room",
    "Join room",
    "Watch bot match",
    "Free seat",
    "Seat a bot",
    "Fill with bots",
    "Copy link",
    "Double Agent needs",
    "Start opens once",
]


@pytest.fixture(scope="module", autouse=True)
def _compiled(django_db_blocker):
    with django_db_blocker.unblock():
        call_command("compiletranslations", verbosity=0)
    trans_real._translations = {}
    trans_real._default = None


@pytest.mark.parametrize("language", ["ru", "pl", "tr", "id", "nl", "de"])
def test_start_screen_and_room_carry_no_english(job_queue, language):
    browser = Client()
    browser.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    start = visible_text(browser.get(reverse("lobby:start")).content.decode())
    room = create_room(browser, "Kate", seats="4", mode="double_agent")
    host_post(browser, room, "lobby:seat_bot", 1)
    page = visible_text(browser.get(reverse("lobby:room", args=[room.code])).content.decode())
    leftovers = [text for text in ENGLISH_LEFT_OVERS if text in start + page]
    assert leftovers == []


def test_the_spectator_notice_is_translated(job_queue):
    host = Client()
    room = create_room(host, seats="4")
    host_post(host, room, "lobby:fill")
    host_post(host, room, "lobby:start_match")
    late = Client()
    late.cookies[settings.LANGUAGE_COOKIE_NAME] = "de"
    page = late.get(reverse("lobby:room", args=[room.code]), follow=True).content.decode()
    assert "Das Match hat schon begonnen: Du schaust zu." in page

"""Issue 10: dates, numbers and relative times follow the reader's language.

The expected text is what Django's own locale formats give for the language, and the test
checks the languages really differ, so a page that formats a date or a percentage by hand
(always the English way) fails. Relative times ("try again in 2 minutes") are checked with
their plural forms in test_translations.py.
"""

from __future__ import annotations

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse
from django.utils import formats, translation

from stats.recording import record_match
from tests.stats.conftest import START, finished_match, make_user

pytestmark = pytest.mark.django_db


def reader(user, language: str) -> Client:
    client = Client()
    client.force_login(user)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    return client


def local_date(language: str, moment, format_name: str) -> str:
    with translation.override(language):
        return formats.date_format(moment, format_name)


@pytest.fixture
def player():
    user = make_user("calamity")
    record_match(finished_match([{"user": user}], seats=4, started_at=START))
    return user


def test_dates_on_history_summary_and_profile_are_written_the_readers_way(player):
    finished = player.match_results.get().finished_at
    spelled = {
        language: local_date(language, finished, "SHORT_DATETIME_FORMAT")
        for language in ("en", "de", "ru", "tr")
    }
    assert len(set(spelled.values())) >= 3, spelled  # the check can tell languages apart
    match_id = player.match_results.get().record.match_id
    for language, expected in spelled.items():
        client = reader(player, language)
        assert expected in client.get(reverse("stats:history")).content.decode(), language
        summary = client.get(reverse("game:result", args=[match_id])).content.decode()
        assert expected in summary, language
        joined = local_date(language, player.date_joined, "DATE_FORMAT")
        assert joined in client.get(reverse("profile")).content.decode(), language


def test_percentages_follow_the_language(player):
    """A win rate is "100%" in English, "100 %" in German and "%100" in Turkish."""
    page = {
        language: reader(player, language)
        .get(reverse("stats:player", args=[player.username]))
        .content.decode()
        for language in ("en", "de", "tr")
    }
    won = player.match_results.get().won
    rate = "100" if won else "0"
    assert f"{rate}%" in page["en"]
    assert f"{rate}\u00a0%" in page["de"] or f"{rate} %" in page["de"]
    assert f"%{rate}" in page["tr"]

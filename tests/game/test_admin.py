"""Matches in the admin: moderators read a match (seats, action log); nobody edits it there,
because only game.services may change a match."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse

from game.models import Match
from tests.game.conftest import JobQueue, bot_seats, start

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def moderator() -> Client:
    user = get_user_model().objects.create_superuser("marshal", "m@example.com", "pw-8s-long!")
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def played_match(job_queue: JobQueue) -> Match:
    match = start(bot_seats(4), seed=3, tempo="fast")
    for _ in range(5):
        job_queue.run_next()
    match.refresh_from_db()
    return match


def test_moderator_reads_a_match_with_its_seats_and_action_log(moderator, played_match):
    page = moderator.get(reverse("admin:game_match_change", args=[played_match.pk]))
    assert page.status_code == 200
    html = page.content.decode()
    cells = {
        name: [
            re.sub(r"\s+", " ", cell).strip()
            for cell in re.findall(rf'<td class="field-{name}">\s*<p>(.*?)</p>', html, re.S)
        ]
        for name in ("seq", "label", "cause")
    }
    assert cells["label"] == ["Bot 1", "Bot 2", "Bot 3", "Bot 4"]
    assert cells["seq"] == ["1", "2", "3", "4", "5"]
    assert set(cells["cause"]) == {"Bot"}
    assert 'name="_save"' not in html  # read-only: nothing to save


def test_nobody_adds_changes_or_deletes_a_match_in_the_admin(moderator, played_match):
    before = Match.objects.filter(pk=played_match.pk).values().get()
    assert moderator.get(reverse("admin:game_match_add")).status_code == 403
    response = moderator.post(
        reverse("admin:game_match_change", args=[played_match.pk]), {"tempo": "slow"}
    )
    assert response.status_code == 403
    response = moderator.post(
        reverse("admin:game_match_delete", args=[played_match.pk]), {"post": "yes"}
    )
    assert response.status_code == 403
    assert Match.objects.filter(pk=played_match.pk).values().get() == before


def test_match_list_shows_status_and_seats(moderator, played_match):
    page = moderator.get(reverse("admin:game_match_changelist")).content.decode()
    assert "Running" in page
    assert ">4<" in page

"""Statistics moderation in the admin (issue 7): records and results read-only, revoke an
achievement (logged), exclude a user from leaderboards with a reason, ratings read-only."""

from __future__ import annotations

import pytest
from django.contrib.admin.models import DELETION, LogEntry
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse

from stats.models import LeaderboardExclusion, MatchRecord, Rating, UserAchievement
from tests.stats.conftest import bare_record, make_user

pytestmark = pytest.mark.django_db


@pytest.fixture
def moderator() -> tuple[Client, object]:
    user = get_user_model().objects.create_superuser("sheriff", "s@example.com", "pw-8s-long!")
    client = Client()
    client.force_login(user)
    return client, user


def test_records_list_searches_players_and_filters(moderator):
    client, _ = moderator
    ana = make_user("ana")
    record = bare_record(ana, won=True)
    bare_record(None)
    url = reverse("admin:stats_matchrecord_changelist")
    found = client.get(url, {"q": "ana"})
    assert found.status_code == 200
    assert list(found.context["cl"].result_list) == [record]
    rated = client.get(url, {"rated__exact": "1"})
    assert list(rated.context["cl"].result_list) == [record]
    page = client.get(reverse("admin:stats_matchrecord_change", args=[record.pk]))
    assert page.status_code == 200
    assert b"ana" in page.content


def test_records_cannot_be_added_edited_or_deleted(moderator):
    client, _ = moderator
    record = bare_record(make_user("ana"), won=True)
    assert client.get(reverse("admin:stats_matchrecord_add")).status_code == 403
    client.post(reverse("admin:stats_matchrecord_change", args=[record.pk]), {"mode": "partners"})
    assert MatchRecord.objects.get(pk=record.pk).mode == "classic"
    assert (
        client.get(reverse("admin:stats_matchrecord_delete", args=[record.pk])).status_code == 403
    )


def test_revoking_an_achievement_deletes_it_and_logs_it(moderator):
    client, sheriff = moderator
    ana = make_user("ana")
    bare_record(ana, won=True, eliminations=3)
    hat_trick = UserAchievement.objects.get(user=ana, code="hat_trick")
    response = client.post(
        reverse("admin:stats_userachievement_changelist"),
        {"action": "revoke", "_selected_action": [hat_trick.pk]},
        follow=True,
    )
    assert response.status_code == 200
    assert not UserAchievement.objects.filter(pk=hat_trick.pk).exists()
    assert UserAchievement.objects.filter(user=ana, code="first_win").exists()
    entry = LogEntry.objects.get(action_flag=DELETION)
    assert entry.user == sheriff
    assert entry.object_id == str(hat_trick.pk)
    assert "Revoked 1 achievement." in [str(m) for m in response.context["messages"]]


def test_a_leaderboard_exclusion_needs_a_reason_and_records_the_moderator(moderator):
    client, sheriff = moderator
    ana = make_user("ana")
    url = reverse("admin:stats_leaderboardexclusion_add")
    refused = client.post(url, {"user": ana.pk, "reason": ""})
    assert refused.status_code == 200
    assert not LeaderboardExclusion.objects.exists()
    client.post(url, {"user": ana.pk, "reason": "Farmed wins with a second account"})
    exclusion = LeaderboardExclusion.objects.get(user=ana)
    assert exclusion.created_by == sheriff
    assert exclusion.reason == "Farmed wins with a second account"


def test_ratings_are_listed_read_only(moderator):
    client, _ = moderator
    ana = make_user("ana")
    bare_record(ana, won=True)
    rating = Rating.objects.get(user=ana)
    listing = client.get(reverse("admin:stats_rating_changelist"))
    assert list(listing.context["cl"].result_list) == [rating]
    client.post(reverse("admin:stats_rating_change", args=[rating.pk]), {"mu": "99"})
    assert Rating.objects.get(pk=rating.pk).mu == rating.mu

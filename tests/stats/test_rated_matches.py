"""Issue 23: "Rated matches are those with at least two signed-up humans".

A match of one account against bots and guests counts for that player's own history,
statistics and achievements, but moves no rating and stays off the leaderboards; a match two
accounts played is rated for both. Records written under the old rule (one account was enough)
are counted again by stats migration 0004 and ``recompute_ratings``.
"""

from __future__ import annotations

import importlib
from datetime import timedelta
from io import StringIO

import pytest
from django.apps import apps
from django.core.management import call_command
from django.test import Client
from django.urls import reverse

from stats.models import MatchRecord, PeriodTally, PlayerResult, Rating, RatingChange
from stats.recording import record_match
from tests.stats.conftest import START, bare_record, finished_match, make_user

pytestmark = pytest.mark.django_db


def test_one_account_with_bots_is_unrated_and_moves_no_rating():
    ana = make_user("ana")
    record = record_match(finished_match([{"user": ana}], seats=5, seed=4))

    assert (record.rated, record.humans) == (False, 1)
    assert not Rating.objects.exists()
    assert not RatingChange.objects.exists()
    assert not PeriodTally.objects.exists()  # off every leaderboard
    # Still the player's own: history, statistics and achievements count it.
    assert PlayerResult.objects.filter(user=ana, record=record).exists()
    page = Client().get(reverse("stats:player", args=["ana"])).content.decode()
    assert "No finished matches yet." not in page


def test_one_account_with_a_guest_is_unrated():
    ana = make_user("ana")
    people = [{"user": ana}, {"guest_key": "guest-session", "name": "Kid"}]
    record = record_match(finished_match(people, seats=4, seed=2))

    assert (record.rated, record.humans) == (False, 1)
    assert not RatingChange.objects.exists()


def test_two_accounts_make_a_rated_match_for_both():
    ana, bob = make_user("ana"), make_user("bob")
    record = record_match(finished_match([{"user": ana}, {"user": bob}], seats=5, seed=4))

    assert (record.rated, record.humans) == (True, 2)
    assert set(RatingChange.objects.values_list("user__username", flat=True)) == {"ana", "bob"}
    for user in (ana, bob):
        assert Rating.objects.get(user=user).rated_matches == 1
        assert PeriodTally.objects.get(user=user, period="all", role="").games == 1


def test_the_leaderboard_page_says_which_matches_count():
    page = Client().get(reverse("stats:leaderboards")).content.decode()
    assert "A match is rated when two or more signed-up players play it" in page


def test_records_of_the_old_rule_are_counted_again_and_leave_the_boards():
    """Before issue 23 a match of one account and bots was rated: the migration counts the
    accounts again, and recompute_ratings takes those matches out of ratings and tallies."""
    ana, bob = make_user("ana"), make_user("bob")
    for n in range(3):  # written as the old rule recorded them: rated, one account
        bare_record(ana, won=True, finished_at=START + timedelta(hours=n), rated=True)
        MatchRecord.objects.filter(rated=True, humans=2).update(humans=1)
    together = record_match(
        finished_match([{"user": ana}, {"user": bob}], seats=4, seed=2, started_at=START)
    )
    assert Rating.objects.get(user=ana).rated_matches == 4

    migration = importlib.import_module("stats.migrations.0004_rated_from_two_accounts")
    migration.count_accounts(apps, None)
    call_command("recompute_ratings", stdout=StringIO())

    assert list(MatchRecord.objects.filter(rated=True)) == [together]
    assert Rating.objects.get(user=ana).rated_matches == 1
    assert RatingChange.objects.filter(user=ana).get().record == together
    assert PeriodTally.objects.get(user=ana, period="all", role="").games == 1
    assert PeriodTally.objects.get(user=bob, period="all", role="").games == 1

"""Skill ratings (issue 7 leaderboards; docs/stats.md "Ratings"): openskill Plackett-Luce,
one-player teams ranked by outcome (R91-R97 decide who won), only signed-up humans rated."""

from __future__ import annotations

from datetime import timedelta

import pytest

from stats.models import Rating, RatingChange
from stats.ratings import DEFAULT_MU, DEFAULT_SIGMA, ordinal, update_for
from tests.stats.conftest import START, bare_record, make_user

pytestmark = pytest.mark.django_db


def test_winning_against_bots_raises_the_rating_and_losing_lowers_it():
    ana, bob = make_user("ana"), make_user("bob")
    record = bare_record(ana, won=True, others={1: {"won": True}})
    bare_record(bob, won=False, others={1: {"won": True}})
    assert Rating.objects.get(user=ana).mu > DEFAULT_MU
    assert Rating.objects.get(user=bob).mu < DEFAULT_MU
    change = RatingChange.objects.get(user=ana)
    assert change.record == record
    assert (change.mu_before, change.sigma_before) == (DEFAULT_MU, DEFAULT_SIGMA)
    assert change.mu_after == Rating.objects.get(user=ana).mu
    assert change.ordinal_after == pytest.approx(change.mu_after - 3 * change.sigma_after)


def test_the_winner_of_two_humans_at_one_table_ends_above_the_loser():
    """A Bandit who won (R94) and a Marshal who lost, at one table with two bots."""
    ana, bob = make_user("ana"), make_user("bob")
    record = bare_record(ana, won=True, role="bandit", apply=False)
    loser = record.players.get(seat=1)
    loser.user, loser.kind, loser.role = bob, "human", "marshal"
    loser.save()
    assert update_for(record) == 2
    assert Rating.objects.get(user=ana).ordinal > Rating.objects.get(user=bob).ordinal
    assert list(Rating.objects.values_list("user__username", flat=True)) == ["ana", "bob"]


def test_bots_and_guests_are_never_rated():
    ana = make_user("ana")
    bare_record(ana, won=True, others={1: {"kind": "human", "guest_key": "guest"}})
    bare_record(None, won=True)
    assert list(Rating.objects.values_list("user", flat=True)) == [ana.pk]
    assert RatingChange.objects.count() == 1


def test_rating_a_record_again_changes_nothing():
    ana = make_user("ana")
    record = bare_record(ana, won=True)
    before = list(Rating.objects.values())
    assert update_for(record) == 0
    assert list(Rating.objects.values()) == before
    assert Rating.objects.get(user=ana).rated_matches == 1


def test_each_match_starts_from_the_previous_rating():
    ana = make_user("ana")
    for n in range(3):
        bare_record(ana, won=n != 1, finished_at=START + timedelta(hours=n))
    changes = list(RatingChange.objects.filter(user=ana).order_by("record__finished_at"))
    for earlier, later in zip(changes, changes[1:], strict=False):
        assert later.mu_before == earlier.mu_after
        assert later.sigma_before == earlier.sigma_after
    rating = Rating.objects.get(user=ana)
    assert rating.rated_matches == 3
    assert rating.sigma < DEFAULT_SIGMA  # more matches, more certainty
    assert rating.ordinal == pytest.approx(ordinal(rating.mu, rating.sigma))
    assert rating.updated_at == changes[-1].record.finished_at


def test_leaderboards_sort_ratings_by_ordinal():
    """Three players with 2, 1 and 0 wins out of 2 matches are ordered by rating."""
    players = [make_user(name) for name in ("cy", "ana", "bob")]
    wins = {"ana": 2, "bob": 1, "cy": 0}
    for user in players:
        for n in range(2):
            won = n < wins[user.username]
            bare_record(user, won=won, finished_at=START + timedelta(hours=n))
    assert list(Rating.objects.values_list("user__username", flat=True)) == ["ana", "bob", "cy"]

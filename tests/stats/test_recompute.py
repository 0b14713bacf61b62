"""recompute_ratings (issue 7 admin moderation): rebuilds every rating from the stored results
in the order matches finished, deterministically."""

from __future__ import annotations

from datetime import timedelta
from io import StringIO

import pytest
from django.core.management import call_command

from stats.models import LeaderboardExclusion, Rating, RatingChange
from tests.stats.conftest import START, bare_record, make_user

pytestmark = pytest.mark.django_db


def ratings() -> list[tuple]:
    return list(
        Rating.objects.order_by("user_id").values_list("user_id", "mu", "sigma", "rated_matches")
    )


def changes() -> list[tuple]:
    return list(
        RatingChange.objects.order_by("record_id", "user_id").values_list(
            "record_id", "user_id", "mu_before", "mu_after", "sigma_after"
        )
    )


def recompute() -> str:
    out = StringIO()
    call_command("recompute_ratings", stdout=out)
    return out.getvalue()


def season() -> None:
    ana, bob = make_user("ana"), make_user("bob")
    for n in range(4):
        bare_record(ana, won=n % 2 == 0, finished_at=START + timedelta(hours=n))
        bare_record(bob, won=n == 3, finished_at=START + timedelta(hours=n, minutes=30))
    bare_record(None, won=True, finished_at=START + timedelta(hours=5))


def test_recompute_gives_the_same_ratings_as_recording_did():
    season()
    before_ratings, before_changes = ratings(), changes()
    output = recompute()
    assert "Replayed 8 rated matches; 2 users have a rating; 12 leaderboard tallies." in output
    assert ratings() == before_ratings
    assert changes() == before_changes


def test_recompute_restores_damaged_ratings_and_is_deterministic():
    season()
    expected = ratings()
    Rating.objects.update(mu=0.0, sigma=1.0, ordinal=-3.0, rated_matches=99)
    RatingChange.objects.all()[0].delete()
    recompute()
    first = ratings()
    recompute()
    assert first == expected
    assert ratings() == first


def test_recompute_replays_in_finish_order_not_recording_order():
    """A match recorded late (it finished earlier) is replayed first."""
    ana = make_user("ana")
    later = bare_record(ana, won=True, finished_at=START + timedelta(hours=2))
    earlier = bare_record(ana, won=False, finished_at=START)
    recompute()
    first = RatingChange.objects.get(record=earlier)
    second = RatingChange.objects.get(record=later)
    assert first.mu_before == 25.0
    assert second.mu_before == first.mu_after


def test_excluded_users_keep_their_rating():
    ana = make_user("ana")
    bare_record(ana, won=True)
    LeaderboardExclusion.objects.create(user=ana, reason="smurf account")
    recompute()
    assert Rating.objects.get(user=ana).rated_matches == 1


def test_record_matches_records_finished_matches_left_without_a_record():
    """A recording error is logged and the match stays unrecorded; the command catches up, and
    running it again records nothing twice."""
    from game.models import Match
    from stats.models import MatchRecord
    from tests.stats.conftest import finished_match

    ana = make_user("ana")
    match = finished_match([{"user": ana}, {"user": make_user("bob")}], seats=4, seed=2)
    Match.objects.create(seed=1, config={}, state={}, move_time=30, tempo="fast")  # running
    out = StringIO()
    call_command("record_matches", stdout=out)
    assert "Recorded 1 matches; 0 failed." in out.getvalue()
    assert MatchRecord.objects.get().match == match
    assert Rating.objects.get(user=ana).rated_matches == 1
    call_command("record_matches", stdout=StringIO())
    assert MatchRecord.objects.count() == 1
    assert Rating.objects.get(user=ana).rated_matches == 1


def test_recomputing_makes_the_leaderboards_forget_their_cached_standings(
    django_capture_on_commit_callbacks,
):
    """A rank read from the cached standings must follow the recomputed ratings."""
    from django.db.models import F

    from stats import queries
    from stats.models import ALL_TIME_START

    def standings() -> list[int]:
        return list(queries.standings("rating", "all", ALL_TIME_START, "", []))

    ana, bob = make_user("ana"), make_user("bob")
    for n in range(6):  # enough matches for both to be ranked (MIN_MATCHES)
        bare_record(ana, won=True, finished_at=START + timedelta(hours=n))
        bare_record(bob, won=False, finished_at=START + timedelta(hours=n, minutes=30))
    true_order = standings()
    assert true_order == [ana.pk, bob.pk]
    Rating.objects.update(ordinal=-F("ordinal"))  # a bad manual edit reverses the board
    queries.forget_boards()
    assert standings() == true_order[::-1]  # and the cache now holds the wrong order

    with django_capture_on_commit_callbacks(execute=True):
        recompute()

    assert standings() == true_order

"""An account made after playing as a guest claims that session's matches (issue 7): the
results become the user's, with their achievements, and where the match is rated (two signed-up
humans, issue 23) their tallies and rating."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.urls import reverse

from bangarena_site.accounts.models import User
from stats.claims import claim_guest_results
from stats.models import MatchRecord, PeriodTally, PlayerResult, Rating, UserAchievement
from stats.recording import record_match
from tests.stats import scenarios
from tests.stats.conftest import START, make_user, play, store

pytestmark = pytest.mark.django_db

PASSWORD = "Tumbleweed-Saloon-42"


def guest_match(guest_key: str, *, hours: int = 0, beside: User | None = None):
    """The guest swept the table as the Marshal (R93) in a recorded match, against bots and
    (``beside``) an account at seat 1."""
    config, policy = scenarios.build(scenarios.DUEL_SWEEP)
    people: list[dict] = [{"guest_key": guest_key, "name": "Kid"}]
    if beside is not None:
        people.append({"user": beside})
    match = store(config, play(config, policy), people, started_at=START + timedelta(hours=hours))
    record_match(match)
    return match


def test_claiming_gives_the_guest_results_to_the_account():
    bob = make_user("bob")
    first = guest_match("session-a", beside=bob)
    second = guest_match("session-a", hours=2, beside=bob)
    other = guest_match("session-b", hours=1, beside=bob)
    ana = make_user("ana")
    assert not PeriodTally.objects.exists()  # one account each: unrated, off the boards

    assert claim_guest_results(ana, "session-a") == 2

    mine = PlayerResult.objects.filter(user=ana)
    assert sorted(r.record.match_id for r in mine) == [first.pk, second.pk]
    assert all(r.guest_key == "" for r in mine)
    assert PlayerResult.objects.get(record__match=other, seat=0).guest_key == "session-b"
    assert PeriodTally.objects.get(user=ana, period="all", role="").games == 2
    assert PeriodTally.objects.get(user=ana, period="all", role="marshal").wins == 2
    # Achievements unlock with the first claimed match that earned them.
    assert UserAchievement.objects.get(user=ana, code="first_win").match_id == first.pk
    assert UserAchievement.objects.get(user=ana, code="hat_trick").match_id == first.pk
    assert Rating.objects.get(user=ana).rated_matches == 2
    assert MatchRecord.objects.get(match=first).rated
    assert MatchRecord.objects.get(match=first).humans == 2
    assert not MatchRecord.objects.get(match=other).rated


def test_a_claim_that_makes_a_match_rated_counts_it_for_the_other_account_too():
    """Issue 23: Bob and a guest played; when the guest signs up the match has two signed-up
    humans, so it is rated for both: Bob's board and rating take it in as well."""
    bob = make_user("bob")
    match = guest_match("session-a", beside=bob)
    assert not Rating.objects.exists()
    assert not PeriodTally.objects.filter(user=bob).exists()

    claim_guest_results(make_user("ana"), "session-a")

    assert MatchRecord.objects.get(match=match).rated
    assert PeriodTally.objects.get(user=bob, period="all", role="").games == 1
    assert Rating.objects.get(user=bob).rated_matches == 1
    assert Rating.objects.get(user__username="ana").ordinal > Rating.objects.get(user=bob).ordinal


def test_a_claim_alone_at_a_table_of_bots_counts_for_the_player_but_is_not_rated():
    """Issue 23: one signed-up human and bots is no rated match, after a claim as well."""
    match = guest_match("session-a")
    ana = make_user("ana")
    assert claim_guest_results(ana, "session-a") == 1
    record = MatchRecord.objects.get(match=match)
    assert (record.rated, record.humans) == (False, 1)
    assert UserAchievement.objects.get(user=ana, code="first_win").match_id == match.pk
    assert not Rating.objects.exists()
    assert not PeriodTally.objects.exists()


def test_claiming_twice_or_with_no_key_claims_nothing():
    guest_match("session-a", beside=make_user("cy"))
    ana, bob = make_user("ana"), make_user("bob")
    assert claim_guest_results(ana, "session-a") == 1
    assert claim_guest_results(bob, "session-a") == 0
    assert claim_guest_results(bob, "") == 0
    assert PeriodTally.objects.get(user=ana, period="all", role="").games == 1
    assert not PeriodTally.objects.filter(user=bob).exists()


def test_play_as_guest_then_sign_up_and_the_match_is_in_the_history(client):
    """The whole path: a guest's session plays a match, the guest signs up in that session
    (login rotates the session key), and the new account's history shows the match."""
    session = client.session
    session["lobby_guest"] = True
    session.save()
    match = guest_match(session.session_key)

    response = client.post(
        reverse("signup"),
        {"username": "kid", "email": "", "password1": PASSWORD, "password2": PASSWORD},
    )
    assert response.status_code == 302
    kid = User.objects.get(username="kid")
    assert client.session.session_key != session.session_key  # rotated by login()
    result = PlayerResult.objects.get(record__match=match, seat=0)
    assert result.user == kid

    page = client.get(reverse("stats:history"))
    assert page.status_code == 200
    # The history links the match's summary (the page itself is the screens' part).
    assert reverse("game:result", args=[match.pk]) in page.content.decode()


def test_signing_up_without_guest_matches_claims_nothing(client):
    guest_match("someone-else")
    response = client.post(
        reverse("signup"),
        {"username": "kid", "email": "", "password1": PASSWORD, "password2": PASSWORD},
    )
    assert response.status_code == 302
    assert not PlayerResult.objects.filter(user__username="kid").exists()


def test_a_match_still_running_at_signup_is_recorded_for_the_account():
    """The guest signs up mid-match (login rotates the key, the seat keeps the old one); when
    the match ends, its result goes to the account, with tallies and achievements (Bob, an
    account too, sat at the table: a rated match, issue 23)."""
    config, policy = scenarios.build(scenarios.DUEL_SWEEP)
    people = [{"guest_key": "session-a", "name": "Kid"}, {"user": make_user("bob")}]
    match = store(config, play(config, policy), people)
    ana = make_user("ana")
    assert claim_guest_results(ana, "session-a") == 0  # nothing recorded yet

    record = record_match(match)

    result = record.players.get(seat=0)
    assert result.user == ana
    assert result.guest_key == ""
    assert record.rated
    assert record.humans == 2
    assert PeriodTally.objects.get(user=ana, period="all", role="").wins == 1
    assert UserAchievement.objects.get(user=ana, code="first_win").match_id == match.pk
    assert Rating.objects.get(user=ana).rated_matches == 1

"""Issue 20: leaving BangArena. A player deletes his account with his password, and an admin
can do the same for anyone, even one who has played; the matches stay for the others with
"Deleted player" in place of his name, and his personal data goes. Guests are forgotten 30
days after their matches, which stay, shown as "Guest"."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse
from django.utils import timezone, translation

from bangarena_site import jobs
from bangarena_site.accounts.forget import GUEST_DATA_DAYS, delete_account, purge_guests
from bangarena_site.accounts.models import User
from game import seat_labels
from game.models import Match, MatchSeat
from game.services import SeatSpec
from stats.models import GuestClaim, PeriodTally, PlayerResult, Rating, UserAchievement
from stats.recording import record_match
from tests.game.conftest import clock, job_queue, start  # noqa: F401 (fixtures)
from tests.stats.conftest import START, finished_match

from .helpers import STRONG_PASSWORD, make_user

pytestmark = pytest.mark.django_db

DELETE = reverse("delete_account")


def signed_in(user: User) -> Client:
    client = Client()
    client.force_login(user)
    return client


def played_together() -> tuple[User, User, Match]:
    ann = make_user("ann", display_name="Annie Oakley", email="ann@west.example")
    bob = make_user("bob")
    match = finished_match([{"user": ann}, {"user": bob}], seats=5, seed=4)
    record_match(match)
    return ann, bob, match


def test_deleting_needs_an_account_and_the_password(client):
    assert client.get(DELETE).url.startswith(reverse("login"))
    ann, _bob, _match = played_together()
    browser = signed_in(ann)

    page = browser.get(DELETE).content.decode()
    assert "csrfmiddlewaretoken" in page
    refused = browser.post(DELETE, {"password": "not-my-password"})

    assert refused.status_code == 200
    assert "That is not your password." in refused.content.decode()
    assert User.objects.filter(pk=ann.pk).exists()


def test_a_player_deletes_his_account_and_his_matches_stay_for_the_others():
    ann, bob, match = played_together()
    browser = signed_in(ann)

    response = browser.post(DELETE, {"password": STRONG_PASSWORD}, follow=True)

    assert "Your account has been deleted." in response.content.decode()
    assert not User.objects.filter(username="ann").exists()
    # His personal data is gone: rating, tallies, achievements, and the name on every seat.
    assert not Rating.objects.filter(user_id=ann.pk).exists()
    assert not PeriodTally.objects.filter(user_id=ann.pk).exists()
    assert not UserAchievement.objects.filter(user_id=ann.pk).exists()
    assert not PlayerResult.objects.filter(name="ann").exists()
    assert not MatchSeat.objects.filter(name="ann").exists()
    # The match is whole for Bob, with "Deleted player" in Ann's seat.
    assert PlayerResult.objects.filter(record__match=match).count() == 5
    summary = signed_in(bob).get(reverse("game:result", args=[match.pk])).content.decode()
    assert "Deleted player" in summary
    assert "Annie" not in summary
    history = signed_in(bob).get(reverse("stats:history")).content.decode()
    assert ">Deleted player<" in history
    assert PlayerResult.objects.filter(user=bob).count() == 1
    # And he is logged out: the browser's session no longer opens the profile.
    assert browser.get(reverse("profile")).status_code == 302


def test_other_players_read_deleted_player_in_their_language():
    _ann, bob, match = played_together()
    delete_account(User.objects.get(username="ann"))

    page = (
        signed_in(bob)
        .get(reverse("game:result", args=[match.pk]), HTTP_ACCEPT_LANGUAGE="de")
        .content.decode()
    )

    with translation.override("de"):
        assert str(seat_labels._GONE[seat_labels.DELETED_PLAYER]) in page


def test_a_player_named_guest_keeps_his_name():
    assert seat_labels.seat_name("human", "Guest") == "Guest"
    assert seat_labels.seat_name("human", seat_labels.PURGED_GUEST) == "Guest"
    assert seat_labels.seat_name("human", seat_labels.DELETED_PLAYER) == "Deleted player"


@pytest.mark.usefixtures("job_queue")
def test_a_running_match_goes_on_with_the_bot_in_the_deleted_players_seat():
    ann = make_user("ann")
    match = start(
        [
            SeatSpec(kind="human", name="ann", user_id=ann.pk),
            *[SeatSpec(kind="bot", name=f"Bot {n}") for n in range(1, 4)],
        ]
    )

    delete_account(ann)

    seat = MatchSeat.objects.get(match=match, seat=0)
    assert seat.autopilot
    assert seat.user is None
    assert seat.name == seat_labels.DELETED_PLAYER
    assert Match.objects.get(pk=match.pk).is_running


def test_the_admin_can_delete_a_user_who_has_played():
    ann, _bob, match = played_together()
    admin = User.objects.create_superuser("marshal", "m@example.com", STRONG_PASSWORD)
    moderator = signed_in(admin)
    url = reverse("admin:accounts_user_delete", args=[ann.pk])

    confirm = moderator.get(url)
    done = moderator.post(url, {"post": "yes"})

    assert confirm.status_code == 200
    assert done.status_code == 302
    assert not User.objects.filter(pk=ann.pk).exists()
    assert PlayerResult.objects.filter(record__match=match).count() == 5
    assert PlayerResult.objects.filter(name=seat_labels.DELETED_PLAYER).count() == 1


def test_the_admins_bulk_delete_forgets_the_same_way():
    ann, bob, _match = played_together()
    admin = User.objects.create_superuser("marshal", "m@example.com", STRONG_PASSWORD)

    signed_in(admin).post(
        reverse("admin:accounts_user_changelist"),
        {"action": "delete_selected", "_selected_action": [ann.pk, bob.pk], "post": "yes"},
    )

    assert not User.objects.filter(username__in=["ann", "bob"]).exists()
    assert PlayerResult.objects.filter(name=seat_labels.DELETED_PLAYER).count() == 2


# --- guests -----------------------------------------------------------------------------------


def guest_match(key: str, *, days_ago: int) -> Match:
    return finished_match(
        [{"guest_key": key, "name": "Drifter"}],
        seats=4,
        seed=2,
        started_at=timezone.now() - timedelta(days=days_ago, minutes=30),
    )


def test_guests_are_forgotten_30_days_after_their_matches():
    old = guest_match("a" * 32, days_ago=GUEST_DATA_DAYS + 1)
    recent = guest_match("b" * 32, days_ago=GUEST_DATA_DAYS - 1)
    record_match(old)
    record_match(recent)

    purged = purge_guests()

    assert purged.results == 1
    assert purged.seats == 1
    old_rows = PlayerResult.objects.filter(record__match=old, kind="human")
    assert list(old_rows.values_list("guest_key", "name")) == [("", seat_labels.PURGED_GUEST)]
    assert MatchSeat.objects.get(match=old, kind="human").guest_key == ""
    assert PlayerResult.objects.filter(record__match=old).count() == 4  # the match stays
    assert PlayerResult.objects.get(record__match=recent, kind="human").guest_key == "b" * 32
    assert ">Guest<" in Client().get(reverse("game:result", args=[old.pk])).content.decode()


def test_signed_up_players_are_not_purged_and_old_claims_go():
    ann = make_user("ann")
    match = finished_match([{"user": ann}], seats=4, seed=2, started_at=START - timedelta(days=90))
    record_match(match)
    claim = GuestClaim.objects.create(session_key="c" * 32, user=ann)
    GuestClaim.objects.filter(pk=claim.pk).update(claimed_at=timezone.now() - timedelta(days=40))

    purge_guests()

    assert PlayerResult.objects.get(record__match=match, user=ann).name == "ann"
    assert not GuestClaim.objects.exists()


def test_the_purge_is_a_daily_periodic_job():
    assert settings.BANGARENA_PERIODIC_JOBS["guests.purge"] == 24 * 3600
    old = guest_match("a" * 32, days_ago=GUEST_DATA_DAYS + 5)
    record_match(old)

    jobs.run("guests.purge", [])

    assert not PlayerResult.objects.exclude(guest_key="").exists()

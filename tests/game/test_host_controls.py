"""Controls at the table that are not moves (R121, R132, R133): POST endpoints.

Hand to bot / take back: each player for his own seat, the host for any seat but a bot's
(his own included); tempo: the host only. Anyone else gets 403 and nothing changes; every
request needs the CSRF token.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from game import services
from game.models import Match, MatchSeat
from game.services import SeatSpec
from tests.game.conftest import JobQueue, bot_seats, start
from tests.live.conftest import make_user

pytestmark = pytest.mark.django_db(transaction=True)

HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def table(job_queue: JobQueue) -> dict[str, Any]:
    """Host Hank at seat 0, player Polly at seat 1 (away), three bots; Hank is host."""
    hank = make_user("hank")
    polly = make_user("polly")
    match = start(
        [
            SeatSpec(kind="human", name="Hank", user_id=hank.pk),
            SeatSpec(kind="human", name="Polly", user_id=polly.pk),
            *bot_seats(3),
        ]
    )
    services.set_host(match.pk, 0)
    # Polly opened the table and then lost her connection: an absent player (R132, Q48).
    services.mark_away(match.pk, {1: services.clock()})
    return {"match": match, "hank": hank, "polly": polly}


def client_for(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


def seat(match: Match, index: int) -> MatchSeat:
    return MatchSeat.objects.get(match=match, seat=index)


def hand_url(match: Match, index: int) -> str:
    return reverse("game:hand_to_bot", args=[match.pk, index])


def return_url(match: Match, index: int) -> str:
    return reverse("game:return_to_player", args=[match.pk, index])


def tempo_url(match: Match) -> str:
    return reverse("game:set_tempo", args=[match.pk])


def test_host_hands_an_absent_players_seat_to_the_bot_and_back(table):
    """R132: Hand to bot for an absent player, Return to player when they are back."""
    match, host = table["match"], client_for(table["hank"])

    response = host.post(hand_url(match, 1), **HTMX)
    assert response.status_code == 204
    assert seat(match, 1).autopilot

    response = host.post(return_url(match, 1), **HTMX)
    assert response.status_code == 204
    assert not seat(match, 1).autopilot


def test_host_changes_the_tempo(table):
    """R132: tempo through the tempo button, live."""
    match, host = table["match"], client_for(table["hank"])
    response = host.post(tempo_url(match), {"tempo": "fast"}, **HTMX)
    assert response.status_code == 204
    assert Match.objects.get(pk=match.pk).tempo == "fast"

    response = host.post(tempo_url(match), {"tempo": "warp"}, **HTMX)
    assert response.status_code == 400
    assert Match.objects.get(pk=match.pk).tempo == "fast"


@pytest.mark.parametrize("who", ["player", "stranger", "anonymous"])
def test_only_the_host_may_use_host_controls(table, who):
    """R132: another's seat and the tempo belong to the host; anyone else gets 403 and
    nothing changes (Polly may hand only her own seat, tested below)."""
    match = table["match"]
    if who == "player":
        client = client_for(table["polly"])
    elif who == "stranger":
        client = client_for(make_user("stranger"))
    else:
        client = Client()
    before = Match.objects.filter(pk=match.pk).values().get()

    target = 0 if who == "player" else 1
    assert client.post(hand_url(match, target), **HTMX).status_code == 403
    assert client.post(return_url(match, target), **HTMX).status_code == 403
    assert client.post(tempo_url(match), {"tempo": "fast"}, **HTMX).status_code == 403

    assert not seat(match, 0).autopilot
    assert not seat(match, 1).autopilot
    assert Match.objects.filter(pk=match.pk).values().get() == before


def test_host_rights_follow_the_host_seat(table):
    """R133: when the lobby moves the host to another player, the old host loses the controls."""
    match = table["match"]
    services.set_host(match.pk, 1)
    assert client_for(table["hank"]).post(tempo_url(match), {"tempo": "fast"}).status_code == 403
    assert (
        client_for(table["polly"]).post(tempo_url(match), {"tempo": "fast"}, **HTMX).status_code
        == 204
    )


def test_a_player_hands_his_own_seat_to_the_bot_and_takes_it_back(table):
    """R121: "let the bot play for me", then "I'm back", by the player himself."""
    match, polly = table["match"], client_for(table["polly"])

    assert polly.post(hand_url(match, 1), **HTMX).status_code == 204
    assert seat(match, 1).autopilot
    assert polly.post(return_url(match, 1), **HTMX).status_code == 204
    assert not seat(match, 1).autopilot


def test_the_host_hands_his_own_seat_to_the_bot_and_takes_it_back(table):
    """R132: the host's own seat is one of "any human seat" (a real control, not a forged
    request that happens to pass)."""
    match, host = table["match"], client_for(table["hank"])

    assert host.post(hand_url(match, 0), **HTMX).status_code == 204
    assert seat(match, 0).autopilot
    assert host.post(return_url(match, 0), **HTMX).status_code == 204
    assert not seat(match, 0).autopilot


def test_the_host_may_hand_a_present_players_seat_who_takes_it_back_himself(table):
    """R132: any human seat; the player, when he is there, takes it back with one click."""
    match, host, polly = table["match"], client_for(table["hank"]), client_for(table["polly"])
    services.mark_present(match.pk, 1)

    assert host.post(hand_url(match, 1), **HTMX).status_code == 204
    assert seat(match, 1).autopilot
    assert polly.post(return_url(match, 1), **HTMX).status_code == 204
    assert not seat(match, 1).autopilot


def test_bot_seats_cannot_be_handed_over(table):
    """A bot's seat is the bot's already: nobody may hand it (403, nothing changed)."""
    match, host = table["match"], client_for(table["hank"])
    assert host.post(hand_url(match, 2), **HTMX).status_code == 403
    assert not seat(match, 2).autopilot


def test_host_controls_need_post_and_the_csrf_token(table):
    match = table["match"]
    host = Client(enforce_csrf_checks=True)
    host.force_login(table["hank"])
    assert host.get(hand_url(match, 1)).status_code == 405
    assert host.post(hand_url(match, 1), **HTMX).status_code == 403  # no token
    assert not seat(match, 1).autopilot


def test_guest_host_is_recognised_by_session_key(job_queue: JobQueue):
    """Guests play with their session; the host may be a guest."""
    client = Client()
    session = client.session
    session["guest"] = True
    session.save()
    match = start(
        [SeatSpec(kind="human", name="Guest", guest_key=session.session_key), *bot_seats(3)]
    )
    services.set_host(match.pk, 0)

    response = client.post(tempo_url(match), {"tempo": "slow"}, **HTMX)

    assert response.status_code == 204
    assert Match.objects.get(pk=match.pk).tempo == "slow"


def test_the_host_may_hand_an_ai_or_agent_seat_to_the_bot_and_back(job_queue: JobQueue):
    """R132 for a seat whose model or program does not answer: the host's Hand to bot works
    there too (it used to be refused as "at the table"); nobody else may (403)."""
    hank, polly = make_user("hank"), make_user("polly")
    match = start(
        [
            SeatSpec(kind="human", name="Hank", user_id=hank.pk),
            SeatSpec(kind="human", name="Polly", user_id=polly.pk),
            SeatSpec(kind="ai", name="Model"),
            *bot_seats(1),
        ]
    )
    services.set_host(match.pk, 0)

    assert client_for(polly).post(hand_url(match, 2), **HTMX).status_code == 403
    assert not seat(match, 2).autopilot
    assert client_for(hank).post(hand_url(match, 2), **HTMX).status_code == 204
    assert seat(match, 2).autopilot
    assert client_for(hank).post(return_url(match, 2), **HTMX).status_code == 204
    assert not seat(match, 2).autopilot


def stay_out_url(match: Match) -> str:
    return reverse("game:stay_out", args=[match.pk])


def test_stay_out_of_the_next_match_hands_only_your_own_seat_to_the_bot(table):
    """R121, issue 17: "Stay out" on the Play again notice means the bot plays your seat of the
    new match from the start (until "I'm back"); it touches no other seat."""
    match = table["match"]

    response = client_for(table["polly"]).post(stay_out_url(match), **HTMX)

    assert response.status_code == 204
    assert seat(match, 1).autopilot
    assert not seat(match, 0).autopilot


def test_stay_out_is_refused_to_someone_without_a_seat_and_changes_nothing(table):
    """Only a seated player can stay out, and only of his own seat: a stranger gets 403."""
    match = table["match"]
    stranger = make_user("stranger")

    response = client_for(stranger).post(stay_out_url(match), **HTMX)

    assert response.status_code == 403
    assert not any(s.autopilot for s in MatchSeat.objects.filter(match=match, kind="human"))


def test_stay_out_needs_a_post_with_the_csrf_token(table):
    """A link or a forged cross-site form cannot put a player's seat on autopilot."""
    match = table["match"]
    polly = Client(enforce_csrf_checks=True)
    polly.force_login(table["polly"])

    assert polly.get(stay_out_url(match)).status_code == 405
    assert polly.post(stay_out_url(match)).status_code == 403
    assert not seat(match, 1).autopilot

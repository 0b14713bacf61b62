"""Auto-pass: a player may opt in to pass at once when "pass" is their only answer (issue 6).

Off by default, so a player who cannot answer an attack still gets the whole response window
and nobody learns a hand from how fast an answer came (R68, R120).
"""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from game import services
from game.models import Match, MatchAction, MatchSeat
from game.services import SeatSpec
from tests.game.conftest import bot_seats, start

pytestmark = pytest.mark.django_db(transaction=True)


def _match_with_guest(client: Client) -> Match:
    session = client.session
    session.save()
    seats = [SeatSpec(kind="human", name="Ana", guest_key=session.session_key), *bot_seats(3)]
    return start(seats, seed=5)


def _play_until_the_human_may_only_pass(match: Match, job_queue) -> Match:
    """Let bots play (the human's own turns end at once) until the human is hit with nothing
    in hand to answer with, so "pass" is the only legal answer."""
    for _ in range(2000):
        match.refresh_from_db()
        assert match.is_running, "the match ended before the human was cornered"
        game = match.game()
        if match.awaited_seat == 0:
            legal = game.legal_actions(0)
            if legal == [services.PASS]:
                return match
            move = {"type": "end_turn"} if {"type": "end_turn"} in legal else legal[0]
            services.submit(match.pk, 0, move, match.version)
            continue
        job_queue.run_next()
    raise AssertionError("the human was never left with only pass")


def test_auto_pass_is_off_by_default_and_the_response_window_is_kept(client, job_queue, clock):
    """Without the opt-in, a hit with no answer waits for the player or the full move time."""
    match = _play_until_the_human_may_only_pass(_match_with_guest(client), job_queue)

    assert MatchSeat.objects.get(match=match, seat=0).auto_pass is False
    assert max(job_queue.delays()) == match.move_time
    assert services.play_due(match.pk, match.version) is None  # nothing happens before it


def test_opting_in_passes_after_the_tempo_pause_only_when_pass_is_the_only_answer(
    client, job_queue, clock
):
    match = _play_until_the_human_may_only_pass(_match_with_guest(client), job_queue)

    response = client.post(
        reverse("game:set_auto_pass", args=[match.pk]), {"auto_pass": "on"}, HTTP_HX_REQUEST="true"
    )
    assert response.status_code == 204
    assert services.TEMPO_PAUSE[match.tempo] in job_queue.delays()

    assert services.play_due(match.pk, match.version) is not None
    last = MatchAction.objects.filter(match=match).order_by("-seq").first()
    assert (last.seat, last.action, last.cause) == (0, services.PASS, "auto_pass")


def test_only_a_seated_player_may_switch_auto_pass(client, job_queue):
    match = _match_with_guest(client)
    stranger = Client()

    response = stranger.post(reverse("game:set_auto_pass", args=[match.pk]), {"auto_pass": "on"})

    assert response.status_code == 403
    assert not MatchSeat.objects.filter(match=match, auto_pass=True).exists()


def test_auto_pass_post_needs_a_csrf_token(job_queue):
    guarded = Client(enforce_csrf_checks=True)
    session = guarded.session
    session.save()
    seats = [SeatSpec(kind="human", name="Ana", guest_key=session.session_key), *bot_seats(3)]
    match = start(seats, seed=5)

    response = guarded.post(reverse("game:set_auto_pass", args=[match.pk]), {"auto_pass": "on"})

    assert response.status_code == 403
    assert not MatchSeat.objects.get(match=match, seat=0).auto_pass


def test_the_switch_shows_on_the_players_own_table_only(client, job_queue):
    match = _match_with_guest(client)
    url = reverse("game:set_auto_pass", args=[match.pk])

    own = client.get(reverse("game:table", args=[match.pk])).content.decode()
    watcher = Client().get(reverse("game:table", args=[match.pk])).content.decode()

    assert url in own
    assert 'name="auto_pass"' in own
    assert url not in watcher

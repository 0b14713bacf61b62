"""After the match (R140, Q61): the room hears game.signals.match_finished, opens again with
the same seats and offers Play again: a new match with the same people and bots."""

from __future__ import annotations

import pytest
from django.urls import reverse

from game.models import Match
from lobby.models import Room
from tests.lobby.conftest import create_room, guest, host_post, join

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def finished_room(job_queue):
    host, other = guest(), guest()
    room = create_room(host, "Host", seats="4", move_time="15", tempo="fast")
    join(other, room, "Friend")
    host_post(host, room, "lobby:fill")
    host_post(host, room, "lobby:start_match")
    room.refresh_from_db()
    job_queue.run_until_finished(room.current_match_id)
    room.refresh_from_db()
    return room, host, other


def test_a_finished_match_reopens_its_room_with_play_again_q61(finished_room):
    room, host, other = finished_room
    assert room.status == Room.Status.OPEN
    assert room.current_match.status == Match.Status.FINISHED
    page = host.get(reverse("lobby:room", args=[room.code])).content.decode()
    assert "Play again" in page
    assert reverse("game:result", args=[room.current_match_id]) in page
    # The result page links back to the room (Match.room_url).
    result = other.get(reverse("game:result", args=[room.current_match_id])).content.decode()
    assert f'href="/r/{room.code}/"' in result


def test_play_again_starts_a_new_match_with_the_same_people_and_bots_q61(finished_room):
    room, host, _other = finished_room
    first = room.current_match
    response = host_post(host, room, "lobby:start_match")
    room.refresh_from_db()
    second = room.current_match
    assert second.pk != first.pk
    assert response["Location"] == reverse("game:table", args=[second.pk])

    def line_up(match: Match) -> list[tuple]:
        return list(match.seats.order_by("seat").values_list("kind", "name", "guest_key"))

    assert line_up(second) == line_up(first)
    assert second.config["mode"] == first.config["mode"]
    assert second.move_time == 15
    assert second.tempo == "fast"
    assert second.status == Match.Status.RUNNING
    assert room.status == Room.Status.PLAYING


def test_only_the_host_may_play_again(finished_room):
    room, _host, other = finished_room
    assert host_post(other, room, "lobby:start_match").status_code == 403
    room.refresh_from_db()
    assert room.current_match.status == Match.Status.FINISHED

"""After the match (R140, Q61): the room hears game.signals.match_finished, opens again with
the same seats and offers Play again: a new match with the same people and bots."""

from __future__ import annotations

import pytest
from django.urls import reverse

from game.models import Match
from lobby.models import Room
from tests.lobby.conftest import create_room, guest, host_post, join

pytestmark = pytest.mark.django_db(transaction=True)

ANYWAY = {"anyway": "1"}


@pytest.fixture
def finished_room(job_queue):
    host, other = guest(), guest()
    room = create_room(host, "Host", seats="4", move_time="15", tempo="fast")
    join(other, room, "Friend")
    host_post(host, room, "lobby:fill")
    # The friend is not on the room page: the host starts anyway (the ready check, issue 17).
    host_post(host, room, "lobby:start_match", data=ANYWAY)
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
    response = host_post(host, room, "lobby:start_match", data=ANYWAY)
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


# --- Play again reaches everyone (issue 17) --------------------------------------------------


def test_play_again_tells_the_old_table_and_its_summary_pages(finished_room, monkeypatch):
    """Whoever still looks at the old match (its table, its summary) is told over his socket
    that the next match started, once the new match is committed."""
    from game import broadcast

    room, host, _other = finished_room
    first = room.current_match_id
    told: list[tuple[int, int]] = []
    monkeypatch.setattr(broadcast, "announce_next", lambda old, new: told.append((old, new)))

    host_post(host, room, "lobby:start_match", data=ANYWAY)

    room.refresh_from_db()
    assert told == [(first, room.current_match_id)]


def test_the_summary_page_listens_for_the_next_match(finished_room):
    room, _host, other = finished_room
    page = other.get(reverse("game:result", args=[room.current_match_id])).content.decode()
    assert f'ws-connect="/ws/match/{room.current_match_id}/after/"' in page
    assert 'id="next-match"' in page
    assert 'name="anyway" value="1"' not in page  # only the host's page has Play again


def test_a_player_still_reading_the_summary_is_here_and_one_who_left_is_covered(
    finished_room, clock
):
    """The summary page beats like a table screen: its reader starts the next match present
    (he is taken to the table). A player whose page is gone starts away, on the autopilot,
    until he opens the table (R121, Q48)."""
    from game import presence

    room, host, _other = finished_room
    old = room.current_match
    friend = old.seats.get(name="Friend").seat
    presence.open_screen(old.pk, friend, "en", "friend-summary-page")

    host_post(host, room, "lobby:start_match", data=ANYWAY)
    room.refresh_from_db()
    new = room.current_match
    assert new.seats.get(name="Friend").connected
    assert not new.seats.get(name="Friend").autopilot

    presence.close_screen(old.pk, friend, "friend-summary-page")
    room.refresh_from_db()
    room.status = Room.Status.OPEN
    room.save(update_fields=["status"])
    host_post(host, room, "lobby:start_match", data=ANYWAY)
    room.refresh_from_db()
    third = room.current_match
    assert third.pk != new.pk
    assert third.seats.get(name="Friend").autopilot
    assert not third.seats.get(name="Friend").connected

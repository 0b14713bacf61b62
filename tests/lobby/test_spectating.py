"""Spectating strangers (issue 23): running matches of public rooms are offered at /play/ to
watch, as the table's public view (no hand but one's own: a watcher has none, Q55); a private
room's match is never offered, and a finished match leaves the list."""

from __future__ import annotations

import pytest
from django.urls import reverse

from game.models import Match
from lobby.models import Room
from tests.lobby.conftest import create_room, guest, host_post, join

pytestmark = pytest.mark.django_db


def started_room(*, public: bool, host_name: str) -> tuple[Room, Match]:
    host = guest()
    room = create_room(host, host_name)
    join(guest(), room, f"{host_name} friend")
    if public:
        host_post(host, room, "lobby:public", data={"public": "1"})
    host_post(host, room, "lobby:fill")
    host_post(host, room, "lobby:start_match", data={"anyway": "1"})
    room.refresh_from_db()
    return room, room.current_match


def test_a_public_rooms_running_match_can_be_watched_from_play(job_queue):
    _room, match = started_room(public=True, host_name="Annie")
    page = guest().get(reverse("lobby:start")).content.decode()
    entry = page[page.index(f'data-match="{match.pk}"') :]
    entry = entry[: entry.index("</li>")]
    assert "2 players of 5 seats" in entry
    assert "started just now" in entry
    assert reverse("game:table", args=[match.pk]) in entry

    # The link opens the table as a watcher: the public view, no hand of anyone's.
    table = guest().get(reverse("game:table", args=[match.pk]))
    assert table.status_code == 200


def test_a_private_rooms_match_is_never_offered(job_queue):
    _room, match = started_room(public=False, host_name="Secretive")
    for url in (reverse("lobby:start"), reverse("home")):
        page = guest().get(url).content.decode()
        assert f'data-match="{match.pk}"' not in page
        assert reverse("game:table", args=[match.pk]) not in page
        assert "Secretive" not in page


@pytest.mark.django_db(transaction=True)  # the bots' jobs are queued on commit
def test_a_finished_match_leaves_the_list(job_queue):
    _room, match = started_room(public=True, host_name="Annie")
    job_queue.run_until_finished(match.pk)
    page = guest().get(reverse("lobby:start")).content.decode()
    assert f'data-match="{match.pk}"' not in page

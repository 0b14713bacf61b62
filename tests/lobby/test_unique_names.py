"""Names are unique within a table (issue 23): strangers must tell who is who, so no way in
(code, link, open list) and no agent seat takes a name already at the table, whatever its
case, spacing or width."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.lobby.conftest import create_room, guest, host_post, join
from tests.lobby.test_kick import names, room_page

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("taken", ["Annie", "annie", " ANNIE ", "Ａｎｎｉｅ"])
def test_a_name_already_at_the_table_is_refused(job_queue, taken):
    host = guest()
    room = create_room(host, "Annie")
    response = join(guest(), room, taken)
    assert response.status_code == 409
    assert "already goes by that name" in response.content.decode()
    assert names(room) == ["Annie"]


def test_the_room_link_and_the_open_list_refuse_a_taken_name_too(job_queue):
    host = guest()
    room = create_room(host, "Annie")
    host_post(host, room, "lobby:public", data={"public": "1"})
    stranger = guest()
    stranger.post(reverse("lobby:join_open", args=[room.code]), {"name": "annie"})
    assert "already goes by that name" in stranger.get(reverse("lobby:start")).content.decode()
    stranger.post(reverse("lobby:join_room", args=[room.code]), {"name": "ANNIE"})
    assert "already goes by that name" in room_page(stranger, room)
    assert names(room) == ["Annie"]
    join(stranger, room, "Annie Oakley")
    assert names(room) == ["Annie", "Annie Oakley"]


def test_an_agent_may_not_take_a_players_name(job_queue):
    host = guest()
    room = create_room(host, "Annie")
    response = host_post(
        host, room, "lobby:seat_agent", 1, data={"agent_name": "annie"}, HTTP_HX_REQUEST="true"
    )
    assert response.status_code == 409
    assert names(room) == ["Annie"]

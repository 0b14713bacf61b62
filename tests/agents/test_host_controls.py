"""Host controls for agent seats in the room (issue 9): Seat an agent, New token, Revoke
token. Host only (403 for anyone else, nothing changed), CSRF on every POST; the token is
shown once, to the host, and never again (R131 host controls, R142 AI seats)."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from lobby.models import RoomSeat
from machines.agents.models import AgentToken
from machines.agents.services import hash_token, seat_for
from tests.lobby.conftest import guest, host_post

pytestmark = pytest.mark.django_db

TOKEN = re.compile(r"bga_[A-Za-z0-9_-]{32}")
CONTROLS = ["lobby:seat_agent", "lobby:agent_token", "lobby:agent_revoke"]


def seat_agent(host: Client, room, index: int = 2, name: str = "Deadeye", **extra):  # noqa: ANN001
    return host_post(host, room, "lobby:seat_agent", index, data={"agent_name": name}, **extra)


def test_host_seats_an_agent_and_sees_its_token_once(room_with_guests):
    room, (host, member) = room_with_guests(1)

    response = seat_agent(host, room, HTTP_HX_REQUEST="true")

    assert response.status_code == 200
    html = response.content.decode()
    [token] = set(TOKEN.findall(html))
    assert "ws://testserver/ws/agent/" in html
    assert reverse("ai_docs:index") in html
    seat = RoomSeat.objects.get(room=room, index=2)
    assert (seat.kind, seat.name) == ("ai", "Deadeye")
    stored = AgentToken.objects.get()
    assert stored.token_hash == hash_token(token)
    assert token not in stored.token_hash
    binding = seat_for(token)
    assert binding is not None
    assert (binding.match_id, binding.seat, binding.token.room_seat_id) == (None, None, seat.pk)
    # Never again: not on the host's room page, not on anyone else's.
    for browser in (host, member):
        page = browser.get(reverse("lobby:room", args=[room.code])).content.decode()
        assert token not in page
        assert "Deadeye" in page


def test_plain_post_shows_the_token_on_a_page_of_its_own(room_with_guests):
    room, (host, _) = room_with_guests(1)
    response = seat_agent(host, room)
    assert response.status_code == 200
    assert len(set(TOKEN.findall(response.content.decode()))) == 1


def test_the_agent_name_is_escaped(room_with_guests):
    room, (host, _) = room_with_guests(1)
    response = seat_agent(host, room, name="<b>x</b>", HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    assert "<b>x</b>" not in response.content.decode()
    assert "&lt;b&gt;x&lt;/b&gt;" in response.content.decode()


@pytest.mark.parametrize("name", ["", "   ", "x" * 21, "bad\u202ename"])
def test_a_bad_agent_name_is_refused_and_changes_nothing(room_with_guests, name):
    room, (host, _) = room_with_guests(1)
    response = seat_agent(host, room, name=name, HTTP_HX_REQUEST="true")
    assert response.status_code == 400
    assert response.content
    assert not RoomSeat.objects.filter(room=room, index=2).exists()
    assert not AgentToken.objects.exists()


def test_a_taken_seat_is_refused(room_with_guests):
    room, (host, _) = room_with_guests(1)
    response = seat_agent(host, room, index=1, HTTP_HX_REQUEST="true")
    assert response.status_code == 409
    assert not AgentToken.objects.exists()


@pytest.mark.parametrize("control", CONTROLS)
def test_nobody_but_the_host_may_use_an_agent_control(room_with_guests, control):
    room, (host, member) = room_with_guests(1)
    seat_agent(host, room, index=3, HTTP_HX_REQUEST="true")
    before = list(AgentToken.objects.values_list("pk", "revoked_at"))
    for forger in (member, guest("10.0.0.9")):
        response = host_post(forger, room, control, 3, data={"agent_name": "Forged"})
        assert response.status_code == 403
        assert not TOKEN.search(response.content.decode())
    assert list(AgentToken.objects.values_list("pk", "revoked_at")) == before
    assert RoomSeat.objects.get(room=room, index=3).name == "Deadeye"


@pytest.mark.parametrize("control", CONTROLS)
def test_every_agent_control_needs_the_csrf_token(room_with_guests, control):
    room, (host, _) = room_with_guests(1)
    checked = Client(enforce_csrf_checks=True, REMOTE_ADDR="10.0.0.1")
    checked.cookies = host.cookies
    response = checked.post(reverse(control, args=[room.code, 3]), {"agent_name": "Deadeye"})
    assert response.status_code == 403
    assert not AgentToken.objects.exists()


def test_revoke_makes_the_token_unknown_and_new_token_replaces_it(room_with_guests):
    room, (host, _) = room_with_guests(1)
    [old] = set(TOKEN.findall(seat_agent(host, room, HTTP_HX_REQUEST="true").content.decode()))

    response = host_post(host, room, "lobby:agent_revoke", 2, HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    assert not TOKEN.search(response.content.decode())
    assert seat_for(old) is None
    assert "token revoked" in response.content.decode()

    response = host_post(host, room, "lobby:agent_token", 2, HTTP_HX_REQUEST="true")
    [new] = set(TOKEN.findall(response.content.decode()))
    assert new != old
    assert seat_for(old) is None
    assert seat_for(new) is not None
    assert AgentToken.objects.filter(revoked_at__isnull=True).count() == 1


def test_agent_controls_on_a_seat_without_an_agent_are_refused(room_with_guests):
    room, (host, _) = room_with_guests(1)
    for control in ("lobby:agent_token", "lobby:agent_revoke"):
        assert host_post(host, room, control, 1, HTTP_HX_REQUEST="true").status_code == 409
    assert not AgentToken.objects.exists()


def test_removing_the_agent_seat_deletes_its_token(room_with_guests):
    room, (host, _) = room_with_guests(1)
    [token] = set(TOKEN.findall(seat_agent(host, room, HTTP_HX_REQUEST="true").content.decode()))
    assert host_post(host, room, "lobby:remove", 2, HTTP_HX_REQUEST="true").status_code == 200
    assert not AgentToken.objects.exists()
    assert seat_for(token) is None


def test_a_moderator_revokes_a_token_in_the_admin(room_with_guests, admin_client):
    room, (host, _) = room_with_guests(1)
    [token] = set(TOKEN.findall(seat_agent(host, room, HTTP_HX_REQUEST="true").content.decode()))
    row = AgentToken.objects.get()
    listing = admin_client.get(reverse("admin:agents_agenttoken_changelist"))
    assert listing.status_code == 200
    assert token not in listing.content.decode()
    assert admin_client.get(reverse("admin:agents_agenttoken_add")).status_code == 403

    admin_client.post(
        reverse("admin:agents_agenttoken_changelist"),
        {"action": "revoke", "_selected_action": [row.pk]},
    )

    assert seat_for(token) is None


def test_each_agent_name_field_survives_the_room_redraw(room_with_guests):
    # Every change of the room redraws it over the socket. Each free seat's agent-name field
    # has an id of its own and hx-preserve, so htmx keeps the field the host is typing in
    # (its text and its focus) instead of an empty one that "Seat an agent" would refuse.
    room, (host, _) = room_with_guests(1)
    page = host.get(reverse("lobby:room", args=[room.code])).content.decode()
    fields = re.findall(r"<input[^>]*name=\"agent_name\"[^>]*>", page)
    assert len(fields) == 3  # seats 3, 4 and 5 are free
    ids = [re.search(r' id="([^"]+)"', field).group(1) for field in fields]
    assert len(set(ids)) == 3
    assert all(' hx-preserve="true"' in field for field in fields)

"""Live numbers (issue 23): the home page and /play/ show players online, tables playing and
people waiting for a table, from presence (a queue page that stopped beating no longer
counts), and the lobby sockets push them again; only counts are ever shown."""

from __future__ import annotations

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.urls import reverse

from bangarena_site.asgi import router
from lobby import live_numbers, quick_match, services, tasks
from lobby.identity import Person
from lobby.services import RoomSettings
from tests.live.conftest import GOOD_ORIGIN
from tests.lobby.conftest import create_room, guest, host_post, join

FOUR = RoomSettings(seats=4, mode="classic", move_time=30, tempo="normal")


def queue(number: int, name: str) -> Person:
    person = Person(None, f"queue-key-{number}")
    quick_match.join_queue(person, name, min_seats=4, max_seats=8)
    return person


@pytest.mark.django_db
def test_people_waiting_counts_the_queue_and_open_rooms_by_presence(clock, job_queue):
    queue(1, "Q1")
    queue(2, "Q2")
    host = guest()
    public = create_room(host, "Host")
    join(guest(), public, "Joiner")
    host_post(host, public, "lobby:public", data={"public": "1"})
    private = create_room(guest(), "Private host")
    for room in (public, private):
        for member in room.members.all():
            services.socket_opened(room.pk, Person(member.user_id, member.guest_key))
    assert live_numbers.people_waiting() == 4  # two queued, two in the open room

    clock.advance(quick_match.GONE_AFTER.total_seconds() / 2)
    quick_match.beat(Person(None, "queue-key-1"))  # only one queue page still beats
    assert live_numbers.people_waiting() == 3
    numbers = live_numbers.live_numbers()
    assert numbers.people_waiting == 3
    assert numbers.players_online >= 3


@pytest.mark.django_db
def test_the_home_page_and_play_show_the_numbers_and_nothing_private(clock, job_queue):
    queue(1, "Secret Sam")
    for url in (reverse("home"), reverse("lobby:start")):
        page = guest().get(url).content.decode()
        assert 'id="live-count"' in page
        assert "1 waiting for a table" in page
        assert "1 player online" in page
        assert "Secret Sam" not in page
    home = guest().get(reverse("home")).content.decode()
    assert 'ws-connect="/ws/lobby/numbers/"' in home


@pytest.mark.django_db
def test_the_numbers_speak_the_readers_language(clock, job_queue):
    queue(1, "Q1")
    page = guest().get(reverse("home"), HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "waiting for a table" not in page


def numbers_socket() -> WebsocketCommunicator:
    socket = WebsocketCommunicator(router, "/ws/lobby/numbers/", headers=[(b"origin", GOOD_ORIGIN)])
    socket.scope["client"] = ("10.3.3.3", 50000)
    return socket


@pytest.mark.django_db(transaction=True)
async def test_the_home_socket_pushes_the_numbers_only_and_follows_presence(sockets, monkeypatch):
    from bangarena_site import jobs

    monkeypatch.setattr(jobs, "schedule", lambda *args: None)
    host = Person(None, "host-key")
    room = await database_sync_to_async(services.create_room)(host, "Hidden host", FOUR)
    await database_sync_to_async(services.set_public)(room.pk, host, public=True)
    socket = numbers_socket()
    sockets.append(socket)
    connected, _ = await socket.connect()
    assert connected
    html = await socket.receive_from(timeout=5)
    assert html.startswith('<p class="live-count" id="live-count" hx-swap-oob="true">')
    assert "open-rooms" not in html
    assert "Hidden host" not in html
    assert room.code not in html
    assert "0 waiting for a table" in html

    await database_sync_to_async(quick_match.join_queue)(
        Person(None, "queue-key"), "Q", min_seats=4, max_seats=8
    )
    await database_sync_to_async(tasks.live_numbers)()  # the periodic redraw
    while "1 waiting for a table" not in html:
        html = await socket.receive_from(timeout=5)

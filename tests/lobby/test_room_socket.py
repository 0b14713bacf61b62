"""The room socket /ws/room/<code>/ (issue 5): behind the origin check, it shows each viewer
their room and pushes every change to everyone in it as an hx-swap-oob fragment; presence
comes from open sockets. Every user-chosen name is escaped."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.conf import settings
from django.contrib.sessions.backends.db import SessionStore
from django.db import connections

from bangarena_site.asgi import router
from lobby import broadcast, services
from lobby.identity import GUEST_MARK, Person
from lobby.models import Room
from lobby.services import RoomSettings
from tests.live.conftest import GOOD_ORIGIN

pytestmark = pytest.mark.django_db(transaction=True)

FIVE = RoomSettings(seats=5, mode="classic", move_time=30, tempo="normal")
EVIL = '<b onclick="x">'  # 15 characters: a valid name


def new_guest() -> tuple[Person, str]:
    session = SessionStore()
    session[GUEST_MARK] = True
    session.save()
    cookie = f"{settings.SESSION_COOKIE_NAME}={session.session_key}"
    return Person(None, session.session_key), cookie


def room_socket(code: str, cookie: str, origin: bytes = GOOD_ORIGIN) -> WebsocketCommunicator:
    headers = [(b"origin", origin), (b"cookie", cookie.encode())]
    return WebsocketCommunicator(router, f"/ws/room/{code}/", headers=headers)


async def next_room(socket: WebsocketCommunicator) -> str:
    return await socket.receive_from(timeout=5)


async def latest_room(socket: WebsocketCommunicator) -> str:
    """The newest fragment already sent: presence changes may send a few in a row."""
    html = await next_room(socket)
    while not await socket.receive_nothing(timeout=0.2):
        html = await next_room(socket)
    return html


async def room_where(socket: WebsocketCommunicator, wanted: Callable[[str], bool]) -> str:
    """The first fragment that shows ``wanted`` (redraws arrive in order; the channel layer
    may deliver them a moment apart). Fails after 5 s without one."""
    while True:
        html = await next_room(socket)
        if wanted(html):
            return html


@pytest.fixture(autouse=True)
async def sockets():
    opened: list[WebsocketCommunicator] = []
    yield opened
    for socket in opened:
        await socket.disconnect()
    # The consumers' database threads keep a connection each; PostgreSQL will not drop the
    # test database while one is open.
    await database_sync_to_async(connections.close_all)()


async def test_a_member_gets_the_room_and_is_marked_present(sockets):
    host, cookie = await database_sync_to_async(new_guest)()
    room = await database_sync_to_async(services.create_room)(host, "Annie", FIVE)
    socket = room_socket(room.code, cookie)
    sockets.append(socket)
    connected, _ = await socket.connect()
    assert connected
    html = await latest_room(socket)
    assert html.startswith('<div id="room" hx-swap-oob="true"')
    assert "Annie" in html
    assert 'id="fill-bots"' in html  # the host's own view
    assert "presence--on" in html
    seat = await database_sync_to_async(lambda: Room.objects.get(pk=room.pk).host)()
    assert seat.connected


async def test_changes_are_pushed_to_everyone_in_the_room_each_with_their_own_view(sockets):
    host, host_cookie = await database_sync_to_async(new_guest)()
    member, member_cookie = await database_sync_to_async(new_guest)()
    room = await database_sync_to_async(services.create_room)(host, "Host", FIVE)
    await database_sync_to_async(services.join)(room.code, member, "Member")
    host_socket = room_socket(room.code, host_cookie)
    member_socket = room_socket(room.code, member_cookie)
    sockets.extend([host_socket, member_socket])
    await host_socket.connect()
    await member_socket.connect()
    await latest_room(host_socket)
    await latest_room(member_socket)

    await database_sync_to_async(services.fill_with_bots)(room.pk, host)
    for_host = await room_where(host_socket, lambda html: "badge--bot" in html)
    for_member = await room_where(member_socket, lambda html: "badge--bot" in html)
    for html in (for_host, for_member):
        assert html.count('class="badge badge--bot"') == 3
        assert "Bot 3" in html
    assert 'id="start-match"' in for_host
    assert 'id="start-match"' not in for_member
    assert "Waiting for the host" in for_member


async def test_opening_the_room_draws_it_once_so_a_first_click_is_not_swapped_away(sockets):
    """R131: the host's controls are live from the first frame. Opening the socket used to
    redraw the room twice (its own first frame and the presence it broadcasts), and a click
    landing between the two hit a control the second swap replaced."""
    host, cookie = await database_sync_to_async(new_guest)()
    room = await database_sync_to_async(services.create_room)(host, "Annie", FIVE)
    socket = room_socket(room.code, cookie)
    sockets.append(socket)
    await socket.connect()
    first = await next_room(socket)
    assert "presence--on" in first
    await database_sync_to_async(services.fill_with_bots)(room.pk, host)
    # Frames of one socket arrive in order: the next one is the change, not a second copy.
    assert "badge--bot" in await next_room(socket)


async def test_a_redraw_that_changes_nothing_is_not_sent(sockets):
    host, cookie = await database_sync_to_async(new_guest)()
    room = await database_sync_to_async(services.create_room)(host, "Annie", FIVE)
    socket = room_socket(room.code, cookie)
    sockets.append(socket)
    await socket.connect()
    await latest_room(socket)
    await database_sync_to_async(broadcast.room_changed)(room.pk)
    await database_sync_to_async(services.fill_with_bots)(room.pk, host)
    assert "badge--bot" in await next_room(socket)


async def test_a_closed_socket_shows_the_member_away(sockets):
    host, host_cookie = await database_sync_to_async(new_guest)()
    member, member_cookie = await database_sync_to_async(new_guest)()
    room = await database_sync_to_async(services.create_room)(host, "Host", FIVE)
    await database_sync_to_async(services.join)(room.code, member, "Member")
    host_socket = room_socket(room.code, host_cookie)
    sockets.append(host_socket)
    await host_socket.connect()
    member_socket = room_socket(room.code, member_cookie)
    await member_socket.connect()
    await room_where(host_socket, lambda html: html.count("presence--on") == 2)
    await member_socket.disconnect()
    html = await room_where(host_socket, lambda html: "presence--off" in html)
    assert html.count("presence--on") == 1
    assert html.count("presence--off") == 1


async def test_starting_pushes_the_table_link_to_every_member(sockets, monkeypatch):
    from bangarena_site import jobs

    monkeypatch.setattr(jobs, "schedule", lambda *args: None)  # no bot moves needed here
    host, host_cookie = await database_sync_to_async(new_guest)()
    member, member_cookie = await database_sync_to_async(new_guest)()
    room = await database_sync_to_async(services.create_room)(host, "Host", FIVE)
    await database_sync_to_async(services.join)(room.code, member, "Member")
    member_socket = room_socket(room.code, member_cookie)
    sockets.append(member_socket)
    await member_socket.connect()
    await latest_room(member_socket)
    await database_sync_to_async(services.fill_with_bots)(room.pk, host)
    await latest_room(member_socket)
    match = await database_sync_to_async(services.start)(room.pk, host)
    html = await room_where(member_socket, lambda html: "data-navigate" in html)
    assert f'href="/match/{match.pk}/" data-navigate' in html


async def test_user_names_are_escaped_on_the_socket(sockets):
    host, cookie = await database_sync_to_async(new_guest)()
    room = await database_sync_to_async(services.create_room)(host, EVIL, FIVE)
    socket = room_socket(room.code, cookie)
    sockets.append(socket)
    await socket.connect()
    html = await latest_room(socket)
    assert EVIL not in html
    assert "&lt;b onclick=&quot;x&quot;&gt;" in html


async def test_a_foreign_origin_is_refused():
    _host, cookie = await database_sync_to_async(new_guest)()
    socket = room_socket("ABCDEF", cookie, origin=b"http://evil.example")
    connected, _ = await socket.connect()
    assert not connected


async def test_an_unknown_room_closes_the_socket():
    _host, cookie = await database_sync_to_async(new_guest)()
    socket = room_socket("ZZZZZZ", cookie)
    connected, code = await socket.connect()
    assert not connected
    assert code == 4404


async def test_q48_a_room_page_that_stops_beating_is_away_and_a_beat_brings_it_back(
    sockets, monkeypatch
):
    """A room socket left counted by a web process that died (no disconnect ran) is no
    ghost: without heartbeats the member is away one window later (the ready check and
    R133 read this), and the next heartbeat of a live page makes him present again."""
    from datetime import timedelta

    from game import presence
    from game.consumers import HEARTBEAT
    from lobby import services as lobby_services

    host, cookie = await database_sync_to_async(new_guest)()
    room = await database_sync_to_async(services.create_room)(host, "Annie", FIVE)
    socket = room_socket(room.code, cookie)
    sockets.append(socket)
    assert (await socket.connect())[0]
    await latest_room(socket)
    seat = await database_sync_to_async(lambda: Room.objects.get(pk=room.pk).host)()
    assert seat.connected
    later = seat.last_seen + presence.PRESENCE_WINDOW + timedelta(seconds=1)

    assert await database_sync_to_async(lobby_services.room_presence_sweep)(later) == 1

    seat = await database_sync_to_async(lambda: Room.objects.get(pk=room.pk).host)()
    assert (seat.connected, seat.sockets) == (False, 0)
    monkeypatch.setattr(lobby_services, "clock", lambda: later)
    await socket.send_to(text_data=HEARTBEAT)
    assert "presence--on" in await latest_room(socket)  # redrawn: he is back
    seat = await database_sync_to_async(lambda: Room.objects.get(pk=room.pk).host)()
    assert seat.connected

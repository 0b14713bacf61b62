"""The open tables socket /ws/lobby/ (issue 23): behind the origin check it pushes the list of
public rooms to every /play/ page as rooms open, fill and start; a private room's changes
never reach it. Opening sockets is rate limited per address."""

from __future__ import annotations

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator

from bangarena_site.asgi import router
from lobby import open_rooms_socket, services
from lobby.services import RoomSettings
from tests.live.conftest import GOOD_ORIGIN
from tests.lobby.test_room_socket import new_guest

pytestmark = pytest.mark.django_db(transaction=True)

FOUR = RoomSettings(seats=4, mode="classic", move_time=30, tempo="normal")


def lobby_socket(
    origin: bytes = GOOD_ORIGIN, address: str = "10.1.1.1", cookie: str = ""
) -> WebsocketCommunicator:
    headers = [(b"origin", origin)]
    if cookie:
        headers.append((b"cookie", cookie.encode()))
    socket = WebsocketCommunicator(router, "/ws/lobby/", headers=headers)
    socket.scope["client"] = (address, 50000)
    return socket


async def list_where(socket: WebsocketCommunicator, wanted) -> str:  # noqa: ANN001
    while True:
        html = await socket.receive_from(timeout=5)
        assert '<section id="open-rooms" hx-swap-oob="true"' in html
        if wanted(html):
            return html


async def test_the_list_arrives_on_connect_and_follows_public_rooms(sockets, monkeypatch):
    from bangarena_site import jobs

    monkeypatch.setattr(jobs, "schedule", lambda *args: None)
    host, _cookie = await database_sync_to_async(new_guest)()
    room = await database_sync_to_async(services.create_room)(host, "Annie", FOUR)
    socket = lobby_socket()
    sockets.append(socket)
    connected, _ = await socket.connect()
    assert connected
    await list_where(socket, lambda html: "No open tables right now" in html)

    await database_sync_to_async(services.set_public)(room.pk, host, public=True, language="pl")
    html = await list_where(socket, lambda html: room.code in html)
    assert "1/4 seated · 3 seats free" in html
    assert "Polski" in html

    stranger, _ = await database_sync_to_async(new_guest)()
    await database_sync_to_async(services.join)(room.code, stranger, "Drifter")
    await list_where(socket, lambda html: "2/4 seated · 2 seats free" in html)

    await database_sync_to_async(services.fill_with_bots)(room.pk, host)
    await list_where(socket, lambda html: room.code not in html)


async def test_a_private_room_never_reaches_the_socket(sockets, monkeypatch):
    from bangarena_site import jobs

    monkeypatch.setattr(jobs, "schedule", lambda *args: None)
    host, _cookie = await database_sync_to_async(new_guest)()
    private = await database_sync_to_async(services.create_room)(host, "Secretive", FOUR)
    public_host, _ = await database_sync_to_async(new_guest)()
    public = await database_sync_to_async(services.create_room)(public_host, "Open", FOUR)
    socket = lobby_socket()
    sockets.append(socket)
    await socket.connect()
    await socket.receive_from(timeout=5)

    friend, _ = await database_sync_to_async(new_guest)()
    await database_sync_to_async(services.join)(private.code, friend, "Friend")
    await database_sync_to_async(services.fill_with_bots)(private.pk, host)
    # A private room's changes send nothing at all to the list.
    assert await socket.receive_nothing(timeout=0.3)

    await database_sync_to_async(services.set_public)(public.pk, public_host, public=True)
    html = await list_where(socket, lambda html: public.code in html)
    assert private.code not in html
    assert "Secretive" not in html
    assert "Friend" not in html

    # Made private again: it leaves every open list at once.
    await database_sync_to_async(services.set_public)(public.pk, public_host, public=False)
    html = await list_where(socket, lambda html: public.code not in html)
    assert "No open tables right now" in html


async def test_a_member_sees_his_own_room_marked_in_the_list(sockets, monkeypatch):
    from bangarena_site import jobs

    monkeypatch.setattr(jobs, "schedule", lambda *args: None)
    host, cookie = await database_sync_to_async(new_guest)()
    room = await database_sync_to_async(services.create_room)(host, "Annie", FOUR)
    await database_sync_to_async(services.set_public)(room.pk, host, public=True)
    socket = lobby_socket(cookie=cookie)
    sockets.append(socket)
    await socket.connect()
    html = await list_where(socket, lambda html: room.code in html)
    assert "Your room" in html
    assert "Take a free seat" not in html


async def test_a_foreign_origin_is_refused(sockets):
    socket = lobby_socket(origin=b"http://evil.example")
    connected, _ = await socket.connect()
    assert not connected


async def test_a_reconnect_loop_from_one_address_is_stopped(sockets, monkeypatch):
    monkeypatch.setattr(open_rooms_socket.connect_limit, "limit", 3)
    for _ in range(3):
        socket = lobby_socket(address="10.9.9.9")
        sockets.append(socket)
        connected, _ = await socket.connect()
        assert connected
    refused = lobby_socket(address="10.9.9.9")
    connected, code = await refused.connect()
    assert not connected
    assert code == open_rooms_socket.CLOSE_TOO_MANY
    elsewhere = lobby_socket(address="10.9.9.10")
    sockets.append(elsewhere)
    assert (await elsewhere.connect())[0]


async def test_frames_from_the_page_are_ignored(sockets):
    socket = lobby_socket()
    sockets.append(socket)
    await socket.connect()
    await socket.receive_from(timeout=5)
    await socket.send_to(text_data='{"beat":1}')
    await socket.send_to(text_data="x" * 100)
    assert await socket.receive_nothing(timeout=0.3)


async def test_a_public_match_that_starts_is_pushed_as_one_to_watch(sockets, monkeypatch):
    from bangarena_site import jobs

    monkeypatch.setattr(jobs, "schedule", lambda *args: None)
    host, _cookie = await database_sync_to_async(new_guest)()
    room = await database_sync_to_async(services.create_room)(host, "Annie", FOUR)
    await database_sync_to_async(services.set_public)(room.pk, host, public=True)
    await database_sync_to_async(services.fill_with_bots)(room.pk, host)
    socket = lobby_socket()
    sockets.append(socket)
    await socket.connect()
    await socket.receive_from(timeout=5)
    match = await database_sync_to_async(services.start)(room.pk, host, anyway=True)
    html = await list_where(socket, lambda html: f'data-match="{match.pk}"' in html)
    assert "Being played: watch" in html

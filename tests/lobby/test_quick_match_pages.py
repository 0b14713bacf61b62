"""The quick-match pages and socket (issue 23): /play/quick/ queues a guest or an account with
a seat range and a mode (CSRF-checked POSTs), shows how many wait and when the table starts,
and /ws/quick/ pushes that status live until the table's link arrives."""

from __future__ import annotations

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.test import Client
from django.urls import reverse

from bangarena_site.asgi import router
from game.models import Match
from lobby import quick_match
from lobby.models import QueueTicket
from tests.live.conftest import GOOD_ORIGIN
from tests.lobby.conftest import guest, player
from tests.lobby.test_room_socket import new_guest

EVIL = '<b onclick="x">'


def queue_up(browser: Client, name: str = "Annie", **fields: str) -> object:
    data = {"name": name, "min_seats": "4", "max_seats": "8", "mode": "", **fields}
    return browser.post(reverse("lobby:quick_join"), data)


@pytest.mark.django_db
def test_the_start_screen_offers_play_with_people():
    page = guest().get(reverse("lobby:start")).content.decode()
    assert reverse("lobby:quick") in page
    form = guest().get(reverse("lobby:quick")).content.decode()
    assert 'id="join-queue"' in form
    assert "Any mode" in form


@pytest.mark.django_db
@pytest.mark.parametrize("who", ["guest", "account"])
def test_queueing_shows_who_waits_and_when_the_table_starts(job_queue, who):
    browser = guest() if who == "guest" else player("annie")
    response = queue_up(browser, mode="classic", min_seats="5", max_seats="6")
    assert response.status_code == 302
    ticket = QueueTicket.objects.get()
    assert (ticket.min_seats, ticket.max_seats, ticket.mode) == (5, 6, "classic")
    page = browser.get(reverse("lobby:quick")).content.decode()
    assert "1 player found for your table" in page
    assert "1 person waiting in all" in page
    assert f"<strong data-countdown>{int(quick_match.WAIT_BEFORE_BOTS.total_seconds())}" in page
    assert 'id="leave-queue"' in page

    assert browser.post(reverse("lobby:quick_leave")).status_code == 302
    assert not QueueTicket.objects.exists()
    assert 'id="join-queue"' in browser.get(reverse("lobby:quick")).content.decode()


@pytest.mark.django_db
def test_a_player_may_ask_for_a_move_time_or_any(job_queue):
    """R129's move times are offered beside "Any", which is what the page starts on."""
    form = guest().get(reverse("lobby:quick")).content.decode()
    assert 'name="move_time" value="" ' in form
    assert form.split('name="move_time" value=""')[1].split(">")[0].count("checked") == 1
    for value in ("15", "30", "60", "90"):
        assert f'name="move_time" value="{value}"' in form
    queue_up(player("slow"), move_time="60")
    queue_up(guest(), move_time="")
    assert sorted(QueueTicket.objects.values_list("move_time", flat=True), key=str) == [60, None]
    assert queue_up(guest(), move_time="45").status_code == 400
    assert QueueTicket.objects.count() == 2


@pytest.mark.django_db
def test_a_bad_range_or_name_is_refused(job_queue):
    response = queue_up(guest(), min_seats="7", max_seats="5")
    assert response.status_code == 400
    assert "The most seats cannot be fewer than the fewest." in response.content.decode()
    assert queue_up(guest(), name="").status_code == 400
    assert queue_up(guest(), mode="poker").status_code == 400
    assert not QueueTicket.objects.exists()


@pytest.mark.django_db
def test_joining_and_leaving_need_the_csrf_token_and_a_post(job_queue):
    strict = Client(enforce_csrf_checks=True)
    assert queue_up(strict).status_code == 403
    browser = guest()
    queue_up(browser)
    strict.cookies = browser.cookies
    assert strict.post(reverse("lobby:quick_leave")).status_code == 403
    assert QueueTicket.objects.count() == 1
    assert browser.get(reverse("lobby:quick_join")).status_code == 405


@pytest.mark.django_db
def test_leaving_only_takes_ones_own_ticket(job_queue):
    annie = guest()
    queue_up(annie)
    guest().post(reverse("lobby:quick_leave"))
    player("nosy").post(reverse("lobby:quick_leave"))
    assert QueueTicket.objects.count() == 1


# --- the socket ----------------------------------------------------------------------------


def quick_socket(cookie: str, origin: bytes = GOOD_ORIGIN) -> WebsocketCommunicator:
    headers = [(b"origin", origin), (b"cookie", cookie.encode())]
    socket = WebsocketCommunicator(router, "/ws/quick/", headers=headers)
    socket.scope["client"] = ("10.2.2.2", 50000)
    return socket


async def status_where(socket: WebsocketCommunicator, wanted) -> str:  # noqa: ANN001
    while True:
        html = await socket.receive_from(timeout=5)
        assert html.startswith('<section id="quick-status" hx-swap-oob="true"')
        if wanted(html):
            return html


@pytest.mark.django_db(transaction=True)
async def test_the_socket_pushes_the_queue_until_the_table_is_ready(sockets, monkeypatch):
    from bangarena_site import jobs

    monkeypatch.setattr(jobs, "schedule", lambda *args: None)  # no countdown, no bot moves
    annie, cookie = await database_sync_to_async(new_guest)()
    join = database_sync_to_async(quick_match.join_queue)
    await join(annie, EVIL, min_seats=4, max_seats=4)
    socket = quick_socket(cookie)
    sockets.append(socket)
    connected, _ = await socket.connect()
    assert connected
    await status_where(socket, lambda html: "1 player found" in html)

    for number in range(2, 4):
        other, _ = await database_sync_to_async(new_guest)()
        await join(other, f"P{number}", min_seats=4, max_seats=4)
    await status_where(socket, lambda html: "3 players found" in html)

    last, _ = await database_sync_to_async(new_guest)()
    await join(last, "P4", min_seats=4, max_seats=4)
    html = await status_where(socket, lambda html: "data-navigate" in html)
    match = await database_sync_to_async(Match.objects.get)()
    assert f"/match/{match.pk}/" in html
    assert EVIL not in html


@pytest.mark.django_db(transaction=True)
async def test_the_pages_heartbeat_keeps_the_ticket(sockets, clock, monkeypatch):
    from bangarena_site import jobs

    monkeypatch.setattr(jobs, "schedule", lambda *args: None)
    annie, cookie = await database_sync_to_async(new_guest)()
    await database_sync_to_async(quick_match.join_queue)(annie, "Annie", min_seats=4, max_seats=4)
    socket = quick_socket(cookie)
    sockets.append(socket)
    await socket.connect()
    await socket.receive_from(timeout=5)
    clock.advance(10)
    await socket.send_to(text_data='{"beat":1}')
    await socket.receive_nothing(timeout=0.3)
    ticket = await database_sync_to_async(QueueTicket.objects.get)()
    assert ticket.last_seen == clock.now


@pytest.mark.django_db(transaction=True)
async def test_a_foreign_origin_is_refused(sockets):
    _person, cookie = await database_sync_to_async(new_guest)()
    socket = quick_socket(cookie, origin=b"http://evil.example")
    connected, _ = await socket.connect()
    assert not connected

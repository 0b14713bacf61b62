"""Presence through the real table socket (Q48): heartbeats in, presence regions out.

The sockets go through the whole ASGI stack on the hand-moved clock (tests.game.conftest);
the presence sweep runs when the test calls the job, as the scheduler would every second.
"""

from __future__ import annotations

from datetime import timedelta

import pytest
from channels.db import database_sync_to_async

from game import consumers, presence, tasks
from game.models import Match, MatchSeat, TableScreen
from game.services import SeatSpec
from tests.game.conftest import (
    FRAME_TIMEOUT,
    SocketTime,
    bot_seats,
    guest_cookie,
    open_table_socket,
    seed_with_marshal_at,
    start,
)
from tests.game.conftest import load_match as load

pytestmark = pytest.mark.django_db(transaction=True)

WINDOW = presence.PRESENCE_WINDOW.total_seconds()


@database_sync_to_async
def two_players() -> tuple[Match, str, str]:
    """Guests at seats 0 (the Marshal, deciding first) and 1, two bots; both "in the room"."""
    first, first_cookie = guest_cookie()
    second, second_cookie = guest_cookie()
    match = start(
        [
            SeatSpec(kind="human", name="Ann", guest_key=first),
            SeatSpec(kind="human", name="Bea", guest_key=second),
            *bot_seats(2),
        ],
        seed=seed_with_marshal_at(0, seats=4),
        move_time=60,
    )
    return match, first_cookie, second_cookie


async def open_table(sockets: list, match_id: int, cookie: str):
    socket = await open_table_socket(sockets, match_id, cookie)
    assert 'id="table"' in await socket.receive_from(FRAME_TIMEOUT)
    return socket


@database_sync_to_async
def seat(match_id: int, index: int) -> MatchSeat:
    return MatchSeat.objects.get(match_id=match_id, seat=index)


async def test_q48_a_socket_cut_without_a_close_frame_is_away_after_the_window(
    socket_time: SocketTime, sockets: list
):
    """Ann's laptop sleeps: her socket stays "open" but beats no more. Bea, still beating,
    sees Ann's presence dot turn to away in one small frame, and Ann's decision is cut to
    8 s from her last beat (R119): the table goes on without waiting ~50 s for daphne."""
    match, ann_cookie, bea_cookie = await two_players()
    ann = await open_table(sockets, match.pk, ann_cookie)
    bea = await open_table(sockets, match.pk, bea_cookie)
    assert (await seat(match.pk, 0)).connected
    await socket_time.advance(2)
    await ann.send_to(text_data=consumers.HEARTBEAT)  # Ann's last beat
    await bea.send_to(text_data=consumers.HEARTBEAT)
    await ann.receive_nothing()
    last_beat = socket_time.now()
    for _ in range(4):
        await socket_time.advance(2)
        await bea.send_to(text_data=consumers.HEARTBEAT)
        await database_sync_to_async(tasks.watch_presence)()

    assert not (await seat(match.pk, 0)).connected
    frames = []
    while not await bea.receive_nothing(timeout=0.2):
        frames.append(await bea.receive_from(FRAME_TIMEOUT))
    presence_frames = [f for f in frames if 'id="seat-0-presence"' in f]
    assert presence_frames, "Bea is told that Ann is away"
    assert "presence--away" in presence_frames[0]
    assert 'id="table"' not in presence_frames[0]
    current = await load(match.pk)
    assert current.deadline == last_beat + timedelta(seconds=8)

    await socket_time.run_next_timer()
    assert (await load(match.pk)).version >= 1, "the table went on without Ann"
    assert (await seat(match.pk, 1)).connected, "Bea kept beating: still here"


async def test_q48_heartbeats_are_not_clicks_and_write_at_most_once_a_second(
    socket_time: SocketTime, sockets: list
):
    """A page beating as fast as it likes never meets the click flood guard, and costs at
    most one database write a second."""
    match, ann_cookie, _ = await two_players()
    ann = await open_table(sockets, match.pk, ann_cookie)
    opened = await database_sync_to_async(
        lambda: TableScreen.objects.get(match=match, seat=0).seen_at
    )()
    for _ in range(consumers.MAX_MESSAGES * 2):
        await ann.send_to(text_data=consumers.HEARTBEAT)
    assert await ann.receive_nothing(), "no 'slow down' toast for heartbeats"
    assert (
        await database_sync_to_async(lambda: TableScreen.objects.get(match=match, seat=0).seen_at)()
        == opened
    ), "the clock stood still: no second write"

    await socket_time.advance(1)
    await ann.send_to(text_data=consumers.HEARTBEAT)
    await ann.receive_nothing()
    seen = await database_sync_to_async(
        lambda: TableScreen.objects.get(match=match, seat=0).seen_at
    )()
    assert seen == socket_time.now()


async def test_q48_closing_the_page_removes_its_screen_and_shows_the_seat_away(
    socket_time: SocketTime, sockets: list
):
    match, ann_cookie, bea_cookie = await two_players()
    ann = await open_table(sockets, match.pk, ann_cookie)
    bea = await open_table(sockets, match.pk, bea_cookie)

    await ann.disconnect()
    sockets.remove(ann)

    assert not (await seat(match.pk, 0)).connected
    frame = await bea.receive_from(FRAME_TIMEOUT)
    assert 'id="seat-0-presence"' in frame or 'id="seat-0-now"' in frame
    screens = await database_sync_to_async(
        lambda: list(TableScreen.objects.filter(match=match).values_list("seat", flat=True))
    )()
    assert screens == [1]
    assert WINDOW == 6, "Q48: one documented window of about 6 s"


def test_the_heartbeat_frame_is_the_one_the_page_sends():
    """The page (game/static/game/presence.js) and the server agree on the heartbeat frame."""
    from pathlib import Path

    script = Path(__file__).resolve().parents[2] / "game" / "static" / "game" / "presence.js"
    assert f"'{consumers.HEARTBEAT}'" in script.read_text()

"""The table socket /ws/match/<id>/ (DESIGN.md section 3, steps 1 and 4) on the embedded stack.

Real router (origin check, session auth), real channel layer, real embedded scheduler whose
clock only the test moves. A spy on the channel layer records which group each fragment was
sent to, so a test can prove that a socket only ever received its own seat's HTML.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from channels.db import database_sync_to_async
from django.contrib.auth.models import AnonymousUser
from django.core.management import call_command
from django.utils import translation
from django.utils.translation import gettext, trans_real

from bangarena_engine import Game
from game import broadcast, consumers, services
from game.consumers import CLOSE_NO_SUCH_MATCH, MAX_MESSAGES
from game.models import Match, MatchAction, MatchSeat, TableScreen
from game.services import SeatSpec
from game.table import delta, screens
from machines.bots import BotMemory, choose
from tests.game.conftest import (
    FRAME_TIMEOUT,
    SocketTime,
    bot_seats,
    guest_cookie,
    seed_with_marshal_at,
    start,
    table_socket,
)
from tests.game.conftest import load_match as load
from tests.game.conftest import move_frame as message
from tests.game.conftest import open_table_socket as connect
from tests.live.conftest import make_user, session_cookie_for

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def sent(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, dict[str, Any]]]:
    """Every (group, message) the broadcasts sent, in order."""
    record: list[tuple[str, dict[str, Any]]] = []
    real = broadcast._send_all

    async def spy(outgoing: list[tuple[str, dict[str, Any]]]) -> None:
        record.extend(outgoing)
        await real(outgoing)

    monkeypatch.setattr(broadcast, "_send_all", spy)
    return record


@pytest.fixture
def renders(monkeypatch: pytest.MonkeyPatch) -> list[dict[str, Any]]:
    """Every screen drawn (the viewer, the all-knowing hands of a watcher's screen, the
    language): each whole table, and each side of every change a screen gets."""
    record: list[dict[str, Any]] = []
    real = screens.sight

    def spy(game, viewer, ctx, **kwargs):
        seen = real(game, viewer, ctx, **kwargs)
        record.append({"viewer": viewer, "open_hands": seen.open_hands})
        return seen

    monkeypatch.setattr(screens, "sight", spy)
    return record


@pytest.fixture
def public_drawn(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The language of every drawing of a change's public regions."""
    record: list[str] = []
    real = delta.public_delta

    def spy(*args, **kwargs):
        record.append(translation.get_language())
        return real(*args, **kwargs)

    monkeypatch.setattr(delta, "public_delta", spy)
    return record


def match_version(frame: str) -> int:
    """The match version a frame shows (its controls carry it)."""
    return int(re.search(r'id="table-state"[^>]*data-version="(\d+)"', frame).group(1))


def table_version(frame: str) -> int:
    return int(re.search(r'data-table-version="(\d+)"', frame).group(1))


def hidden_card_ids_by_version(match: Match, seat: int) -> dict[int, set[str]]:
    """For each version, the ids of cards in other players' hands (what ``seat`` may not
    know), from a replay of the action log."""
    game = Game.new(match.game_config())
    moves = list(MatchAction.objects.filter(match=match).order_by("seq"))

    def others(g: Game) -> set[str]:
        n = len(g.view(None)["players"])
        return {card["id"] for s in range(n) if s != seat for card in g.view(s)["hand"]}

    hidden = {0: others(game)}
    for move in moves:
        game.apply(move.seat, move.action)
        hidden[move.seq] = others(game)
    return hidden


async def test_a_whole_match_with_one_human_and_bots_over_the_socket(
    socket_time: SocketTime, sockets: list, sent: list, monkeypatch: pytest.MonkeyPatch
):
    """R118-R121, R141: a guest plays a whole match against four bots through the socket;
    one decision times out (R120). The socket only ever gets its own seat's fragments, each
    newer than the last, and none holds a card id from another player's hand."""
    # This "human" clicks at bot speed, with the test's clock standing still.
    monkeypatch.setattr(consumers, "MAX_MESSAGES", 10_000)
    key, cookie = await database_sync_to_async(guest_cookie)()
    seats = [SeatSpec(kind="human", name="Kid", guest_key=key), *bot_seats(4)]
    match = await database_sync_to_async(start)(
        seats, seed=seed_with_marshal_at(0), tempo="fast", move_time=15
    )
    socket = await connect(sockets, match.pk, cookie)
    frames = [await socket.receive_from(FRAME_TIMEOUT)]  # the whole table at once

    timed_out = False
    while (current := await load(match.pk)).status == Match.Status.RUNNING:
        version = current.version
        if current.awaited_seat == 0 and timed_out:
            game = current.game()
            view = game.view(0)
            action = choose(
                view, game.legal_actions(0), BotMemory.from_log(0, view["log"]), seed=version
            )
            await socket.send_json_to(message(action, version))
            frames.append(await socket.receive_from(FRAME_TIMEOUT))
            continue
        # Bots move after their pause; the human's first decision is left to time out.
        timed_out = timed_out or current.awaited_seat == 0
        await socket_time.run_next_timer()
        if (await load(match.pk)).version != version:
            frames.append(await socket.receive_from(FRAME_TIMEOUT))
    assert await socket.receive_nothing()

    finished = await load(match.pk)
    causes = await database_sync_to_async(
        lambda: list(finished.actions.filter(seat=0).values_list("cause", flat=True))
    )()
    assert causes[0] == "timeout"
    assert "player" in causes
    assert finished.result is not None

    # The first frame is the whole table, every later one a delta of a few regions from this
    # seat's group (only that group got that HTML), each following the one before.
    assert 'id="table"' in frames[0]
    own_group = broadcast.seat_group(match.pk, 0)
    for frame in frames[1:]:
        assert 'id="table"' not in frame
        assert {group for group, msg in sent if msg["html"] == frame} == {own_group}
    versions = [table_version(frame) for frame in frames]
    assert versions == list(range(versions[0], versions[0] + len(frames)))
    assert versions[-1] == finished.table_version

    hidden = await database_sync_to_async(hidden_card_ids_by_version)(finished, 0)
    for frame in frames:
        version = match_version(frame)
        # A card that left this seat's hand (a Grab took it) is removed by its id, known here.
        removed = set(re.findall(r'<li id="hand-card-(\w+)" hx-swap-oob="delete"></li>', frame))
        leaked = [card for card in hidden[version] if card in frame and card not in removed]
        assert leaked == [], f"version {version} shows other players' cards"
        for card in removed & hidden[version]:
            assert frame.count(card) == 1, "a card that left the hand is only removed"


async def test_watchers_get_the_public_table_and_only_an_all_bot_match_shows_every_hand(
    socket_time: SocketTime, sockets: list, renders: list
):
    """Q55: watchers of a match with humans see the public view; watchers of an all-bot match
    may see every hand, built from each seat's own view."""
    with_humans = await database_sync_to_async(start)(
        [SeatSpec(kind="human", name="Far away", guest_key="k"), *bot_seats(3)]
    )
    all_bots = await database_sync_to_async(start)(bot_seats(4), seed=9)

    await connect(sockets, with_humans.pk)
    await sockets[-1].receive_from(FRAME_TIMEOUT)
    await connect(sockets, all_bots.pk)
    await sockets[-1].receive_from(FRAME_TIMEOUT)

    assert [r["viewer"] for r in renders] == [None, None]
    assert renders[0]["open_hands"] is None
    game = (await load(all_bots.pk)).game()
    assert renders[1]["open_hands"] == {s: game.view(s)["hand"] for s in range(4)}


async def test_a_signed_in_player_gets_their_own_seat_and_a_stranger_watches(
    socket_time: SocketTime, sockets: list, renders: list
):
    alice = await database_sync_to_async(make_user)("alice")
    stranger = await database_sync_to_async(make_user)("stranger")
    match = await database_sync_to_async(start)(
        [*bot_seats(2), SeatSpec(kind="human", name="Alice", user_id=alice.pk), *bot_seats(1)]
    )
    alice_cookie = await database_sync_to_async(session_cookie_for)(alice)
    stranger_cookie = await database_sync_to_async(session_cookie_for)(stranger)

    await connect(sockets, match.pk, alice_cookie)
    await sockets[-1].receive_from(FRAME_TIMEOUT)
    await connect(sockets, match.pk, stranger_cookie)
    await sockets[-1].receive_from(FRAME_TIMEOUT)

    assert [r["viewer"] for r in renders] == [2, None]
    seat = await database_sync_to_async(MatchSeat.objects.get)(match=match, seat=2)
    assert seat.connected
    screens = await database_sync_to_async(
        lambda: list(TableScreen.objects.filter(match=match).values_list("seat", flat=True))
    )()
    assert sorted(screens, key=str) == [2, None]  # Alice's screen, and the stranger's


async def test_socket_from_a_foreign_origin_is_refused() -> None:
    """A page on another site must not act with the player's cookies."""
    socket = table_socket(1, origin=b"https://evil.example")
    connected, _ = await socket.connect()
    assert not connected


async def test_unknown_match_is_closed_with_not_found(socket_time: SocketTime) -> None:
    socket = table_socket(999_999)
    connected, code = await socket.connect()
    assert not connected
    assert code == CLOSE_NO_SUCH_MATCH


async def test_a_refused_move_is_told_only_to_that_socket_and_changes_nothing(
    socket_time: SocketTime, sockets: list
):
    """A stale click (an old version) is refused; only the clicking player sees the toast, and
    it reads as a refusal (marked apart from news such as "You took ...")."""
    key, cookie = await database_sync_to_async(guest_cookie)()
    other_key, other_cookie = await database_sync_to_async(guest_cookie)()
    match = await database_sync_to_async(start)(
        [
            SeatSpec(kind="human", name="Clicker", guest_key=key),
            SeatSpec(kind="human", name="Other", guest_key=other_key),
            *bot_seats(2),
        ],
        seed=seed_with_marshal_at(0, seats=4),
    )
    clicker = await connect(sockets, match.pk, cookie)
    other = await connect(sockets, match.pk, other_cookie)
    await clicker.receive_from(FRAME_TIMEOUT)
    await other.receive_from(FRAME_TIMEOUT)
    action = match.game().legal_actions(0)[0]

    await clicker.send_json_to(message(action, version=match.version + 5))
    toast = await clicker.receive_from(FRAME_TIMEOUT)

    assert 'id="toasts"' in toast
    assert "toast--refusal" in toast
    assert str(services.ERROR_MESSAGES["stale"]) in toast
    assert await other.receive_nothing()
    assert (await load(match.pk)).version == 0

    # The same click with the right version goes through, and both tables update.
    await clicker.send_json_to(message(action, version=0))
    assert 'id="table-state"' in await clicker.receive_from(FRAME_TIMEOUT)
    assert 'id="table-state"' in await other.receive_from(FRAME_TIMEOUT)
    assert (await load(match.pk)).version == 1


async def test_watchers_and_unreadable_frames_get_a_toast_and_change_nothing(
    socket_time: SocketTime, sockets: list
):
    match = await database_sync_to_async(start)(
        [SeatSpec(kind="human", name="P", guest_key="k"), *bot_seats(3)],
        seed=seed_with_marshal_at(0, seats=4),
    )
    watcher = await connect(sockets, match.pk)
    await watcher.receive_from(FRAME_TIMEOUT)

    await watcher.send_json_to(message({"type": "end_turn"}, 0))
    assert str(services.ERROR_MESSAGES["no_seat"]) in await watcher.receive_from(FRAME_TIMEOUT)

    key, cookie = await database_sync_to_async(guest_cookie)()
    await database_sync_to_async(MatchSeat.objects.filter(match=match, seat=0).update)(
        guest_key=key
    )
    player = await connect(sockets, match.pk, cookie)
    await player.receive_from(FRAME_TIMEOUT)
    await player.send_to(text_data="{not json")
    assert 'id="toasts"' in await player.receive_from(FRAME_TIMEOUT)
    await player.send_json_to({"action": "[1, 2]", "version": "0"})
    assert 'id="toasts"' in await player.receive_from(FRAME_TIMEOUT)
    assert (await load(match.pk)).version == 0


async def test_a_flood_of_frames_is_cut_off(socket_time: SocketTime, sockets: list):
    """Abuse-prone endpoints are rate-limited: past the limit frames never reach the services."""
    key, cookie = await database_sync_to_async(guest_cookie)()
    match = await database_sync_to_async(start)(
        [SeatSpec(kind="human", name="P", guest_key=key), *bot_seats(3)]
    )
    player = await connect(sockets, match.pk, cookie)
    await player.receive_from(FRAME_TIMEOUT)

    for _ in range(MAX_MESSAGES):
        await player.send_json_to(message({"type": "end_turn"}, 99))
        assert str(services.ERROR_MESSAGES["stale"]) in await player.receive_from(FRAME_TIMEOUT)
    await player.send_json_to(message({"type": "end_turn"}, 99))
    slow_down = await player.receive_from(FRAME_TIMEOUT)
    assert str(services.ERROR_MESSAGES["stale"]) not in slow_down
    assert 'id="toasts"' in slow_down


async def test_closing_the_socket_marks_the_player_away_with_eight_seconds(
    socket_time: SocketTime, sockets: list
):
    """R119: a disconnected human has min(8 s, move time) for the decision."""
    key, cookie = await database_sync_to_async(guest_cookie)()
    match = await database_sync_to_async(start)(
        [SeatSpec(kind="human", name="P", guest_key=key), *bot_seats(3)],
        seed=seed_with_marshal_at(0, seats=4),
        move_time=90,
    )
    player = table_socket(match.pk, cookie)
    assert (await player.connect())[0]
    await player.receive_from(FRAME_TIMEOUT)
    await socket_time.advance(10)

    await player.disconnect()

    current = await load(match.pk)
    seat = await database_sync_to_async(MatchSeat.objects.get)(match=match, seat=0)
    assert not seat.connected
    assert (current.deadline - socket_time.now()).total_seconds() == 8
    await socket_time.advance(8)
    # The one timeout finishes the away player's whole turn (R120).
    after = await load(match.pk)
    assert after.version >= 1
    assert after.game().view(None)["turn"] != 0


async def test_reconnecting_restores_the_whole_current_table_at_once(
    socket_time: SocketTime, sockets: list, sent: list
):
    """Reloading or a lost network: the new socket's first frame is the current table."""
    key, cookie = await database_sync_to_async(guest_cookie)()
    match = await database_sync_to_async(start)(
        [SeatSpec(kind="human", name="P", guest_key=key), *bot_seats(3)],
        seed=seed_with_marshal_at(1, seats=4),
        tempo="fast",
    )
    first = table_socket(match.pk, cookie)
    assert (await first.connect())[0]
    await first.receive_from(FRAME_TIMEOUT)
    await first.disconnect()
    for _ in range(5):
        await socket_time.run_next_timer()
    current = await load(match.pk)
    assert current.version >= 1

    again = await connect(sockets, match.pk, cookie)
    frame = await again.receive_from(FRAME_TIMEOUT)

    current = await load(match.pk)  # its table version counts the reconnection
    seats = await database_sync_to_async(lambda: list(current.seats.select_related("user")))()
    expected = await database_sync_to_async(broadcast.render_table)(
        current, seats, current.game(), 0, now=socket_time.now()
    )
    assert frame == expected


def test_seat_of_ignores_a_guest_key_for_a_seat_that_belongs_to_an_account(job_queue):
    """A guest session key can never claim a seat that an account holds."""
    user = make_user("owner")
    match = start([SeatSpec(kind="human", name="O", user_id=user.pk, guest_key="k"), *bot_seats(3)])
    assert services.seat_of(match, AnonymousUser(), "k") is None


@pytest.fixture(scope="module")
def compiled_catalogues() -> None:
    """The .mo files are build output: compile them, and make Django forget catalogues it
    loaded before they existed."""
    call_command("compiletranslations", verbosity=0)
    trans_real._translations = {}
    trans_real._default = None


async def test_each_screen_reads_its_own_language(
    compiled_catalogues, socket_time: SocketTime, sockets: list, public_drawn: list
):
    """Refusals and the table come in the language of each player: the account's choice for a
    signed-in player, the browser's Accept-Language for a guest; jobs render the same way.
    Watchers get the table in their browser's language, rendered once per language (issue 10)."""
    heinz = await database_sync_to_async(make_user)("heinz", preferred_language="de")
    key, cookie = await database_sync_to_async(guest_cookie)()
    match = await database_sync_to_async(start)(
        [
            SeatSpec(kind="human", name="Heinz", user_id=heinz.pk),
            SeatSpec(kind="human", name="Joost", guest_key=key),
            *bot_seats(2),
        ],
        seed=seed_with_marshal_at(2, seats=4),
    )
    german = await connect(
        sockets, match.pk, await database_sync_to_async(session_cookie_for)(heinz)
    )
    dutch = await connect(sockets, match.pk, cookie, accept_language="nl,en;q=0.5")
    watchers = [
        await connect(sockets, match.pk, accept_language=language)
        for language in ("de", "ru", "de")
    ]
    first = [await socket.receive_from(FRAME_TIMEOUT) for socket in (german, dutch, *watchers)]
    # Each watcher's whole table is in the language of their own browser.
    with translation.override("ru"):
        watching_ru = gettext("You are watching.")
    assert watching_ru != "You are watching."
    assert watching_ru in first[3]

    await german.send_json_to(message({"type": "end_turn"}, 0))
    await dutch.send_json_to(message({"type": "end_turn"}, 0))

    for socket, language in ((german, "de"), (dutch, "nl")):
        with translation.override(language):
            expected = str(services.ERROR_MESSAGES["not_your_turn"])
        assert expected != str(services.ERROR_MESSAGES["not_your_turn"])
        assert expected in await socket.receive_from(FRAME_TIMEOUT)

    public_drawn.clear()
    await socket_time.run_next_timer()  # a bot moves: its public regions are drawn once per
    # language somebody reads, and shared by the seats and watchers reading it
    assert sorted(public_drawn) == ["de", "nl", "ru"]
    # The new log lines reach the Russian watcher in Russian.
    assert re.search("[а-яА-Я]{3}", await watchers[1].receive_from(FRAME_TIMEOUT))


async def test_an_unwatched_table_renders_no_watchers_view(
    socket_time: SocketTime, sockets: list, renders: list
):
    """Nobody listens to the watchers' group of an unwatched match: no render is wasted."""
    match = await database_sync_to_async(start)(bot_seats(4), seed=4, tempo="fast")
    await socket_time.run_next_timer()
    assert renders == []

    watcher = await connect(sockets, match.pk)
    await watcher.receive_from(FRAME_TIMEOUT)
    await socket_time.run_next_timer()
    assert 'id="table-state"' in await watcher.receive_from(FRAME_TIMEOUT)
    assert {r["viewer"] for r in renders} == {None}

    await watcher.disconnect()
    sockets.remove(watcher)
    renders.clear()
    await socket_time.run_next_timer()
    assert renders == []
    assert not await database_sync_to_async(TableScreen.objects.filter(match=match).exists)()


async def test_a_late_frame_is_dropped_and_a_lost_one_brings_the_whole_table_once(
    socket_time: SocketTime, sockets: list
):
    """Issue 16: every frame carries the table version. A frame older than the last one sent
    is dropped; a frame that does not follow it (one was lost on the way) is replaced by the
    whole current table, once; the frames after that follow on as usual."""
    from channels.layers import get_channel_layer

    key, cookie = await database_sync_to_async(guest_cookie)()
    match = await database_sync_to_async(start)(
        [SeatSpec(kind="human", name="P", guest_key=key), *bot_seats(3)]
    )
    socket = await connect(sockets, match.pk, cookie)
    first = await socket.receive_from(FRAME_TIMEOUT)
    shown = table_version(first)
    group = broadcast.seat_group(match.pk, 0)
    layer = get_channel_layer()

    await layer.group_send(group, broadcast.table_message("<p>late</p>", shown))
    assert await socket.receive_nothing()

    await layer.group_send(group, broadcast.table_message("<p>after a gap</p>", shown + 2))
    whole = await socket.receive_from(FRAME_TIMEOUT)
    assert 'id="table"' in whole
    assert "after a gap" not in whole
    assert await socket.receive_nothing()

    current = table_version(whole)
    await layer.group_send(group, broadcast.table_message("<p>next</p>", current + 1))
    assert await socket.receive_from(FRAME_TIMEOUT) == "<p>next</p>"

"""Table signals (R122-R128): claims, marks and reactions, their rules and limits, what every
human's screen shows, the socket path (refusals to the sender only, two tabs sharing the
limits) and the read-only admin list.

The services' clock is the test's (``clock`` fixture), so the 1.2 s spacing is exact and
nothing sleeps.
"""

from __future__ import annotations

import html
import re
from typing import Any

import pytest
from channels.db import database_sync_to_async
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse

from game import broadcast, services, table_signals
from game.models import Match, MatchSeat, TableSignal
from game.services import SeatSpec
from game.table import context
from game.table_signals import MAX_PER_MATCH, SignalRefused, send_signal
from tests.game.conftest import (
    FRAME_TIMEOUT,
    FakeClock,
    SocketTime,
    bot_seats,
    guest_cookie,
    human_seats,
    open_table_socket,
    seed_with_marshal_at,
    start,
)


def five_seat_match(mode: str = "classic", name: str = "") -> Match:
    """Seats 0-3 are guests (seat 0 the Marshal), seat 4 is a bot."""
    humans = human_seats(4)
    if name:
        humans[1] = SeatSpec(kind="human", name=name, guest_key="guest-key-2")
    return start([*humans, *bot_seats(1)], seed=seed_with_marshal_at(0, 5, mode), mode=mode)


def table_of(match: Match, viewer: int | None) -> str:
    match.refresh_from_db()
    seats = list(match.seats.select_related("user"))
    return broadcast.render_table(match, seats, match.game(), viewer, now=services.clock())


def seat_html(html: str, seat: int) -> str:
    """One seat's <li> of the rendered table."""
    found = re.search(rf'<li class="seat[^"]*"[^>]*data-seat="{seat}".*?\n</li>', html, re.S)
    assert found, f"seat {seat} not on the table"
    return found.group(0)


def log_lines(page: str) -> list[str]:
    log = re.search(r"<ol class=\"log__lines\".*?</ol>", page, re.S).group(0)
    lines = re.findall(r"<li>(.*?)</li>", log, re.S)
    text = [re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", line)) for line in lines]
    return [html.unescape(line).strip() for line in text]


def eliminate(match: Match, seat: int) -> None:
    """Test setup: the seat is out (as after its last HP), nothing else changes."""
    match.refresh_from_db()
    state = match.game().to_dict()
    state["players"][seat]["alive"] = False
    state["players"][seat]["hp"] = 0
    match.state, match.tail = state, []
    match.save(update_fields=["state", "tail"])


def refused(code: str, *args: Any, **kwargs: Any) -> None:
    with pytest.raises(SignalRefused) as caught:
        send_signal(*args, **kwargs)
    assert caught.value.code == code


# --- rules ----------------------------------------------------------------------------------


@pytest.mark.django_db
def test_r123_a_claim_shows_by_the_claimants_portrait_for_every_human_and_only_the_latest(
    clock: FakeClock, job_queue
):
    match = five_seat_match()
    send_signal(match.pk, 1, "claim", "deputy")
    clock.advance(2)
    send_signal(match.pk, 1, "claim", "bandit")

    for viewer in (2, None):  # another player and a watcher
        claimant = seat_html(table_of(match, viewer), 1)
        assert "claim-tag" in claimant
        assert "Bandit" in claimant
        assert "Deputy" not in re.search(r'<li class="claim-tag.*?</li>', claimant, re.S).group(0)
    lines = log_lines(table_of(match, 3))
    assert lines[-2:] == ["Player 2 claims: Deputy.", "Player 2 claims: Bandit."]


@pytest.mark.django_db
def test_r123_q53_the_marshal_cannot_claim_and_sees_no_claim_buttons(clock, job_queue):
    match = five_seat_match()
    refused("marshal", match.pk, 0, "claim", "deputy")
    assert not TableSignal.objects.exists()
    assert 'name="signal" value="claim"' not in table_of(match, 0)
    assert 'name="signal" value="claim"' in table_of(match, 1)


@pytest.mark.django_db
def test_r123_only_deputy_bandit_and_loner_may_be_claimed(clock, job_queue):
    match = five_seat_match("double_agent")
    for value in ("marshal", "double_agent", "sheriff", ""):
        refused("unknown", match.pk, 1, "claim", value)
    assert not TableSignal.objects.exists()


@pytest.mark.django_db
def test_r124_one_guess_per_marker_and_target_a_new_one_replaces_it_and_clear_removes_it(
    clock: FakeClock, job_queue
):
    match = five_seat_match()
    send_signal(match.pk, 1, "mark", "bandit", target=2)
    clock.advance(1.2)
    send_signal(match.pk, 1, "mark", "loner", target=2)

    target = seat_html(table_of(match, 3), 2)
    guesses = re.findall(r'<li class="guess-tag[^"]*".*?</li>', target, re.S)
    assert len(guesses) == 1
    assert "Loner?" in guesses[0]
    assert "Bandit?" not in guesses[0]

    clock.advance(1.2)
    send_signal(match.pk, 1, "mark", "", target=2)
    assert "guess-tag" not in seat_html(table_of(match, 3), 2)
    assert log_lines(table_of(match, 3))[-1] == "Player 2 clears the mark on Player 3."


@pytest.mark.django_db
def test_r124_r136_every_markers_guess_shows_above_the_target_with_who_made_it(
    clock: FakeClock, job_queue
):
    match = five_seat_match()
    send_signal(match.pk, 1, "mark", "bandit", target=3)
    send_signal(match.pk, 2, "mark", "bandit", target=3)
    send_signal(match.pk, 0, "mark", "loner", target=3)

    html = table_of(match, None)  # a watcher sees them too (R122)
    target = seat_html(html, 3)
    bandit = re.search(r'<li class="guess-tag role-tag--bandit.*?</li>', target, re.S).group(0)
    assert 'title="Player 2, Player 3: Bandit?"' in bandit
    assert re.findall(r'guess-tag__n" aria-hidden="true">(\w+)<', bandit) == ["P2", "P3"]
    loner = re.search(r'<li class="guess-tag role-tag--loner.*?</li>', target, re.S).group(0)
    assert "Player 1" in loner
    # The guesses sit by the portrait, above the seat's health and cards.
    assert target.index("seat__signals") < target.index("seat__hp")
    # The viewer's own guess is pressed in their own mark menu, on their screen only.
    assert 'aria-pressed="true" data-signal-key="mark-3-bandit"' in seat_html(table_of(match, 1), 3)
    assert "mark-3-bandit" not in seat_html(table_of(match, None), 3)


@pytest.mark.django_db
def test_q54_double_agent_guess_only_in_double_agent_mode_with_five_seats(clock, job_queue):
    classic = five_seat_match("classic")
    refused("unknown", classic.pk, 1, "mark", "double_agent", target=2)
    assert 'value="double_agent"' not in table_of(classic, 1)

    agent = five_seat_match("double_agent")
    send_signal(agent.pk, 1, "mark", "double_agent", target=2)
    assert "Double Agent?" in seat_html(table_of(agent, 3), 2)
    assert 'value="double_agent"' in table_of(agent, 1)

    # R134: Double Agent with 4 seats plays without the Double Agent.
    four = start(
        human_seats(4), seed=seed_with_marshal_at(0, 4, "double_agent"), mode="double_agent"
    )
    refused("unknown", four.pk, 1, "mark", "double_agent", target=2)


@pytest.mark.django_db
def test_q54_nobody_marks_themselves_the_marshal_the_eliminated_or_an_empty_seat(clock, job_queue):
    match = five_seat_match()
    eliminate(match, 3)
    refused("target", match.pk, 1, "mark", "bandit", target=1)  # oneself
    refused("target", match.pk, 1, "mark", "bandit", target=0)  # the Marshal
    refused("target", match.pk, 1, "mark", "bandit", target=3)  # out of the game
    refused("target", match.pk, 1, "mark", "bandit", target=9)  # no such seat
    refused("target", match.pk, 1, "mark", "bandit", target=None)
    assert not TableSignal.objects.exists()
    # Only markable seats get the mark menu on the marker's screen.
    html = table_of(match, 1)
    assert [s for s in range(5) if "data-markmenu" in seat_html(html, s)] == [2, 4]


@pytest.mark.django_db
def test_r125_each_of_the_seven_reactions_shows_briefly_by_the_portrait_and_stays_in_the_log(
    clock: FakeClock, job_queue
):
    match = five_seat_match()
    expected = []
    for value, reaction in table_signals.catalogue.REACTIONS.items():
        send_signal(match.pk, 2, "reaction", value)
        expected.append(f"Player 3: {reaction.emoji} {reaction.name}")
        bubble = seat_html(table_of(match, 1), 2)
        assert f'<span aria-hidden="true">{reaction.emoji}</span>' in bubble
        assert 'data-reaction-left-ms="4000"' in bubble
        clock.advance(1.2)
    assert log_lines(table_of(match, 1))[-7:] == expected
    assert [o.value for o in _controls(match, 1).reactions] == list(
        table_signals.catalogue.REACTIONS
    )

    clock.advance(table_signals.REACTION_SHOWN.total_seconds())
    assert "reaction-bubble" not in table_of(match, 1)  # gone from the portrait ...
    assert log_lines(table_of(match, 1))[-1] == expected[-1]  # ... still in the log


def _controls(match: Match, viewer: int) -> table_signals.SignalControls:
    match.refresh_from_db()
    game = match.game()
    seats = list(match.seats.all())
    built = table_signals.board(
        context.load_signals(match.pk),
        game.view(viewer),
        viewer,
        {s.seat: s.name for s in seats},
        {s.seat: s.kind for s in seats},
        running=True,
        now=table_signals.services.clock(),
    )
    assert built.controls is not None
    return built.controls


@pytest.mark.django_db
def test_r125_unknown_reactions_and_kinds_are_refused(clock, job_queue):
    match = five_seat_match()
    for kind, value in (("reaction", "wave"), ("reaction", ""), ("chat", "hello"), ("", "")):
        refused("unknown", match.pk, 1, kind, value)
    refused("unknown", match.pk, 1, "reaction", "nice", target=2)
    assert not TableSignal.objects.exists()


@pytest.mark.django_db
def test_r127_an_eliminated_player_may_only_react(clock: FakeClock, job_queue):
    match = five_seat_match()
    eliminate(match, 2)
    refused("out", match.pk, 2, "claim", "deputy")
    refused("out", match.pk, 2, "mark", "bandit", target=1)
    send_signal(match.pk, 2, "reaction", "scared")
    html = table_of(match, 2)
    assert 'name="signal" value="reaction"' in html
    assert 'name="signal" value="claim"' not in html
    assert "data-markmenu" not in html


@pytest.mark.django_db
def test_r127_r128_spectators_bots_and_ai_seats_send_nothing_and_get_no_controls(clock, job_queue):
    match = start(
        [*human_seats(2), *bot_seats(1), SeatSpec(kind="ai", name="AI 1")],
        seed=seed_with_marshal_at(0, 4),
    )
    refused("no_seat", match.pk, None, "reaction", "nice")
    refused("no_seat", match.pk, 2, "reaction", "nice")  # the bot's seat
    refused("no_seat", match.pk, 3, "reaction", "nice")  # the AI seat
    refused("no_seat", match.pk, 7, "reaction", "nice")  # no such seat
    assert not TableSignal.objects.exists()
    assert "signalbar" not in table_of(match, None)
    assert "data-markmenu" not in table_of(match, None)
    # Once a human has signalled, the bot's and the AI seat's own screens still show nothing
    # of it (an AI's developer may open the AI seat's table), while humans see it.
    send_signal(match.pk, 1, "claim", "loner")
    for seat in (2, 3):
        screen = table_of(match, seat)
        assert "claims: Loner" not in screen
        assert "claim-tag" not in screen
    assert "claims: Loner" in table_of(match, None)


@pytest.mark.django_db
def test_r126_one_signal_per_sender_every_1_2_seconds_of_any_kind(clock: FakeClock, job_queue):
    match = five_seat_match()
    send_signal(match.pk, 1, "reaction", "nice")
    clock.advance(1.1)
    refused("too_fast", match.pk, 1, "claim", "deputy")
    refused("too_fast", match.pk, 1, "mark", "bandit", target=2)
    send_signal(match.pk, 2, "reaction", "nice")  # the limit is per sender
    clock.advance(0.1)
    send_signal(match.pk, 1, "claim", "deputy")
    assert TableSignal.objects.filter(seat=1).count() == 2


@pytest.mark.django_db
def test_r126_sixty_signals_per_sender_per_match_all_kinds_together(clock: FakeClock, job_queue):
    match = five_seat_match()
    sends = [("reaction", "nice", None), ("claim", "loner", None), ("mark", "bandit", 2)]
    for index in range(MAX_PER_MATCH):
        kind, value, target = sends[index % 3]
        send_signal(match.pk, 1, kind, value, target=target)
        clock.advance(1.2)
    clock.advance(3600)
    refused("too_many", match.pk, 1, "reaction", "gg")
    assert TableSignal.objects.filter(seat=1).count() == MAX_PER_MATCH
    send_signal(match.pk, 2, "reaction", "gg")  # others are not affected
    assert "(0 left)" in table_of(match, 1)


@pytest.mark.django_db
def test_after_the_end_only_reactions_such_as_gg(clock, job_queue):
    """Decision (docs/signals.md): once the match is over, claims and marks mean nothing, a
    "GG" is still welcome; the limits still apply."""
    match = five_seat_match()
    Match.objects.filter(pk=match.pk).update(status=Match.Status.FINISHED)
    refused("finished", match.pk, 1, "claim", "deputy")
    refused("finished", match.pk, 1, "mark", "bandit", target=2)
    send_signal(match.pk, 1, "reaction", "gg")
    assert TableSignal.objects.get().value == "gg"


@pytest.mark.django_db
def test_names_in_signals_are_escaped(clock, job_queue):
    match = five_seat_match(name="<b>Evil</b>")
    send_signal(match.pk, 1, "reaction", "funny")
    clock.advance(2)
    send_signal(match.pk, 1, "mark", "bandit", target=2)
    html = table_of(match, 3)
    assert "<b>Evil</b>" not in html
    assert "&lt;b&gt;Evil&lt;/b&gt;: " in html
    assert "&lt;b&gt;Evil&lt;/b&gt; marks Player 3: Bandit?" in html


@pytest.mark.django_db
def test_a_signal_is_logged_after_the_move_it_answered(clock: FakeClock, job_queue):
    """A reaction follows the event that was newest when it was sent, and later moves follow
    the reaction."""
    match = five_seat_match()
    send_signal(match.pk, 1, "reaction", "scared")
    before = log_lines(table_of(match, 1))
    assert before[-1] == "Player 2: 😱 Scared"

    match.refresh_from_db()
    seat = match.awaited_seat
    services.submit(match.pk, seat, match.game().legal_actions(seat)[0], match.version)
    after = log_lines(table_of(match, 1))
    assert after[: len(before)] == before
    assert len(after) > len(before)


@pytest.mark.django_db
def test_signals_are_kept_with_the_match(clock, job_queue):
    match = five_seat_match()
    signal = send_signal(match.pk, 1, "mark", "bandit", target=2)
    stored = TableSignal.objects.get()
    assert (stored.match_id, stored.seat, stored.kind, stored.value, stored.target) == (
        match.pk,
        1,
        "mark",
        "bandit",
        2,
    )
    assert stored.created_at == clock.now
    assert signal.pk == stored.pk


# --- admin ----------------------------------------------------------------------------------


@pytest.mark.django_db
def test_moderators_read_signals_by_match_and_cannot_change_them(clock, job_queue):
    match = five_seat_match()
    other = five_seat_match()
    send_signal(match.pk, 1, "reaction", "angry")
    send_signal(other.pk, 2, "claim", "loner")
    user = get_user_model().objects.create_superuser("mod", "m@example.com", "pw-8s-long!")
    client = Client()
    client.force_login(user)

    listing = client.get(reverse("admin:game_tablesignal_changelist"), {"q": str(match.pk)})
    assert listing.status_code == 200
    html = listing.content.decode()
    assert re.findall(r'<td class="field-value">(.*?)</td>', html) == ["angry"]
    assert re.findall(r'<td class="field-sender">(.*?)</td>', html) == ["Player 2"]
    assert client.get(reverse("admin:game_tablesignal_add")).status_code == 403
    signal = TableSignal.objects.get(match=match)
    url = reverse("admin:game_tablesignal_change", args=[signal.pk])
    assert client.post(url, {"value": "gg"}).status_code == 403
    assert (
        client.post(
            reverse("admin:game_tablesignal_delete", args=[signal.pk]), {"post": "yes"}
        ).status_code
        == 403
    )
    assert TableSignal.objects.get(pk=signal.pk).value == "angry"


# --- the socket -----------------------------------------------------------------------------


def signal_frame(kind: str, value: str, target: int | None = None) -> dict[str, str]:
    """What htmx ws-send sends for a signal form."""
    frame = {"signal": kind, "value": value}
    if target is not None:
        frame["target"] = str(target)
    return frame


async def connect(sockets: list, match_id: int, cookie: str | None = None):
    socket = await open_table_socket(sockets, match_id, cookie)
    await socket.receive_from(FRAME_TIMEOUT)  # the whole table at once
    return socket


@pytest.mark.django_db(transaction=True)
async def test_r126_two_tabs_of_one_player_share_the_limits_and_only_that_player_hears_no(
    socket_time: SocketTime, sockets: list
):
    key, cookie = await database_sync_to_async(guest_cookie)()
    other_key, other_cookie = await database_sync_to_async(guest_cookie)()
    match = await database_sync_to_async(start)(
        [
            SeatSpec(kind="human", name="Tabs", guest_key=key),
            SeatSpec(kind="human", name="Other", guest_key=other_key),
            *bot_seats(2),
        ],
        seed=seed_with_marshal_at(2, seats=4),
        move_time=90,
    )
    first_tab = await connect(sockets, match.pk, cookie)
    second_tab = await connect(sockets, match.pk, cookie)
    other = await connect(sockets, match.pk, other_cookie)
    watcher = await connect(sockets, match.pk)

    await first_tab.send_json_to(signal_frame("reaction", "nice"))
    # Everyone at the table sees it: both tabs, the other player and the watcher.
    for socket in (first_tab, second_tab, other, watcher):
        frame = await socket.receive_from(FRAME_TIMEOUT)
        assert 'id="table-state"' in frame
        assert "Tabs: " in frame

    # The second tab at once: the same player, so the same 1.2 s limit.
    await second_tab.send_json_to(signal_frame("claim", "deputy"))
    toast = await second_tab.receive_from(FRAME_TIMEOUT)
    assert 'id="toasts"' in toast
    assert str(table_signals.MESSAGES["too_fast"]) in toast
    for socket in (first_tab, other, watcher):
        assert await socket.receive_nothing()

    await socket_time.advance(1.2)
    await second_tab.send_json_to(signal_frame("claim", "deputy"))
    assert "claims: Deputy" in await other.receive_from(FRAME_TIMEOUT)
    count = await database_sync_to_async(TableSignal.objects.filter(seat=0).count)()
    assert count == 2


@pytest.mark.django_db(transaction=True)
async def test_r127_a_watcher_and_a_bad_signal_frame_get_a_refusal_and_change_nothing(
    socket_time: SocketTime, sockets: list
):
    key, cookie = await database_sync_to_async(guest_cookie)()
    match = await database_sync_to_async(start)(
        [SeatSpec(kind="human", name="P", guest_key=key), *bot_seats(3)],
        seed=seed_with_marshal_at(1, seats=4),
        move_time=90,
    )
    watcher = await connect(sockets, match.pk)
    player = await connect(sockets, match.pk, cookie)

    await watcher.send_json_to(signal_frame("reaction", "nice"))
    assert 'id="toasts"' in await watcher.receive_from(FRAME_TIMEOUT)
    await player.send_json_to(signal_frame("mark", "bandit", target=0))  # oneself
    assert str(table_signals.MESSAGES["target"]) in await player.receive_from(FRAME_TIMEOUT)
    await player.send_json_to({"signal": "mark", "value": "bandit", "target": "x"})
    assert str(table_signals.MESSAGES["target"]) in await player.receive_from(FRAME_TIMEOUT)
    await player.send_json_to({"signal": "reaction", "value": "<script>"})
    assert str(table_signals.MESSAGES["unknown"]) in await player.receive_from(FRAME_TIMEOUT)
    assert await watcher.receive_nothing()
    assert not await database_sync_to_async(TableSignal.objects.exists)()
    assert (await database_sync_to_async(Match.objects.get)(pk=match.pk)).version == 0
    seat = await database_sync_to_async(MatchSeat.objects.get)(match=match, seat=0)
    assert seat.kind == "human"

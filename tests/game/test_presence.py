"""Presence by heartbeats (Q48), away timing (R119, R120) and the autopilot (R121).

Everything runs on the hand-moved clock: a screen "beats" when the test says so, and the
presence sweep (the periodic job ``game.presence``) runs when the test calls it.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest

from game import broadcast, presence, services, tasks
from game.models import Match, MatchAction, MatchSeat, TableScreen, TableSignal
from game.services import SeatSpec
from tests.game.conftest import (
    FakeClock,
    JobQueue,
    bot_seats,
    human_seats,
    seed_with_marshal_at,
    start,
)

pytestmark = pytest.mark.django_db(transaction=True)

WINDOW = presence.PRESENCE_WINDOW.total_seconds()
BEAT = presence.HEARTBEAT_SECONDS


@pytest.fixture
def presence_frames(monkeypatch: pytest.MonkeyPatch) -> list[tuple[int, list[int]]]:
    """(match id, seats) of every presence frame sent, while still sending it for real."""
    record: list[tuple[int, list[int]]] = []
    real = broadcast.publish_presence

    def spy(match_id: int, seats: Any) -> None:
        record.append((match_id, sorted(seats)))
        real(match_id, seats)

    monkeypatch.setattr(broadcast, "publish_presence", spy)
    return record


@pytest.fixture
def table_frames(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Match ids of every whole-change broadcast (a table diff drawn for every screen)."""
    record: list[int] = []
    real = broadcast.publish

    def spy(match, seats, before, after, **kwargs) -> None:  # type: ignore[no-untyped-def]
        record.append(match.pk)
        real(match, seats, before, after, **kwargs)

    monkeypatch.setattr(broadcast, "publish", spy)
    return record


def seat(match_id: int, index: int) -> MatchSeat:
    return MatchSeat.objects.get(match_id=match_id, seat=index)


def away_marshal_table(clock: FakeClock, *, move_time: int = 60, present: bool = True) -> Match:
    """A human Marshal at seat 0 (he decides first, R20) and three bots."""
    return start(
        [*human_seats(1), *bot_seats(3)],
        seed=seed_with_marshal_at(0, seats=4),
        move_time=move_time,
        present=present,
    )


# --- Q48: who is here --------------------------------------------------------------------


def test_q48_a_seat_nobody_ever_opened_is_away_from_the_start(clock: FakeClock, job_queue):
    """A player still on another page when the match starts is away at once, and his first
    decision has min(8 s, move time) (R119), not the full 60 s."""
    match = away_marshal_table(clock, present=False)

    assert seat(match.pk, 0).connected is False
    assert seat(match.pk, 0).away_since == clock.now
    assert match.deadline == clock.now + timedelta(seconds=8)


def test_q48_opening_the_table_for_the_first_time_gives_the_full_move_time(
    clock: FakeClock, job_queue: JobQueue, presence_frames
):
    """The first screen of a seat makes it present; a decision his absence had cut gets the
    move time it would have had (he was never there to lose it)."""
    match = away_marshal_table(clock, present=False)
    clock.advance(3)

    presence.open_screen(match.pk, 0, "en", "screen-1")

    match.refresh_from_db()
    assert seat(match.pk, 0).connected
    assert match.deadline == match.awaited_since + timedelta(seconds=60)


def test_q48_heartbeats_keep_a_seat_present_and_their_end_makes_it_away(
    clock: FakeClock, job_queue: JobQueue
):
    """Present while a screen beats within the window; away once the beats stop (a closed
    laptop sends no close frame), from the last beat on."""
    match = away_marshal_table(clock)
    presence.open_screen(match.pk, 0, "en", "laptop")
    for _ in range(10):  # 20 s of beats, a sweep every second in between
        clock.advance(BEAT)
        presence.beat(match.pk, 0, "en", "laptop")
        assert tasks.watch_presence() == 0
    assert seat(match.pk, 0).connected
    last_beat = clock.now

    clock.advance(WINDOW - 0.5)
    assert tasks.watch_presence() == 0, "within the window: still here"
    clock.advance(1)
    assert tasks.watch_presence() == 1

    player = seat(match.pk, 0)
    assert player.connected is False
    assert player.away_since == last_beat


def test_q48_one_of_two_screens_still_beating_keeps_the_seat_present(
    clock: FakeClock, job_queue: JobQueue
):
    match = away_marshal_table(clock)
    presence.open_screen(match.pk, 0, "en", "phone")
    presence.open_screen(match.pk, 0, "en", "laptop")
    for _ in range(6):
        clock.advance(BEAT)
        presence.beat(match.pk, 0, "en", "laptop")  # the phone went to sleep
        tasks.watch_presence()
    assert seat(match.pk, 0).connected


def test_q48_a_heartbeat_brings_an_away_seat_back(clock: FakeClock, job_queue: JobQueue):
    match = away_marshal_table(clock)
    presence.open_screen(match.pk, 0, "en", "wifi")
    clock.advance(WINDOW + 1)
    tasks.watch_presence()
    assert not seat(match.pk, 0).connected

    presence.beat(match.pk, 0, "en", "wifi")  # the Wi-Fi came back

    assert seat(match.pk, 0).connected
    assert seat(match.pk, 0).away_since is None


def test_q48_presence_lives_in_the_database_not_in_a_process(clock: FakeClock, job_queue):
    """Two web processes see one truth: a screen written by one keeps the seat present for a
    sweep run by another, and a crashed process's screens simply go stale (no reset)."""
    match = away_marshal_table(clock)
    presence.open_screen(match.pk, 0, "en", "process-a.socket-1")  # on web process A
    presence.open_screen(match.pk, None, "de", "process-b.socket-7")  # a watcher on B
    clock.advance(WINDOW + 1)  # process A died: its socket beats no more
    presence.open_screen(match.pk, 0, "en", "process-b.socket-8")  # the page reconnects to B

    assert tasks.watch_presence() == 0
    assert seat(match.pk, 0).connected
    assert presence.listeners(match.pk) == ({0}, {"de"})


def test_q48_a_presence_change_sends_only_the_presence_regions_coalesced(
    clock: FakeClock, job_queue: JobQueue, presence_frames, table_frames
):
    """Three players losing the connection at once cost one small frame of three presence
    regions, not three table renders and broadcasts."""
    match = start([*bot_seats(1), *human_seats(3)], seed=seed_with_marshal_at(0, seats=4))
    for index in (1, 2, 3):
        presence.open_screen(match.pk, index, "en", f"screen-{index}")
    presence_frames.clear()
    clock.advance(WINDOW + 1)

    assert tasks.watch_presence() == 3

    assert presence_frames == [(match.pk, [1, 2, 3])]
    assert table_frames == []


def test_q48_a_clean_close_is_away_at_once(clock: FakeClock, job_queue: JobQueue):
    """A closed tab says goodbye: no need to wait for the window."""
    match = away_marshal_table(clock)
    presence.open_screen(match.pk, 0, "en", "tab")
    clock.advance(10)

    presence.close_screen(match.pk, 0, "tab")

    match.refresh_from_db()
    assert not seat(match.pk, 0).connected
    assert match.deadline == clock.now + timedelta(seconds=8)
    assert not TableScreen.objects.filter(match=match).exists()


# --- R119: away timing ---------------------------------------------------------------------


def test_r119_the_away_limit_counts_from_the_last_beat(clock: FakeClock, job_queue: JobQueue):
    """The player who closed his laptop at 10 s (his last beat) has until 18 s, although the
    table noticed only at 16 s: the table goes on within 8 s of him leaving."""
    match = away_marshal_table(clock, move_time=60)
    presence.open_screen(match.pk, 0, "en", "laptop")
    clock.advance(10)
    presence.beat(match.pk, 0, "en", "laptop")
    last_beat = clock.now
    clock.advance(WINDOW + 0.5)

    tasks.watch_presence()

    match.refresh_from_db()
    assert match.deadline == last_beat + timedelta(seconds=8)
    job_queue.run_next()
    assert clock.now == last_beat + timedelta(seconds=8)
    assert MatchAction.objects.filter(match=match, cause="timeout").exists()


def test_r119_the_away_limit_is_never_longer_than_the_move_time(clock: FakeClock, job_queue):
    match = away_marshal_table(clock, move_time=15, present=False)
    assert match.deadline == clock.now + timedelta(seconds=8)  # min(8 s, 15 s)


# --- R120: an away player's whole turn in one go -------------------------------------------


def test_r120_an_away_players_whole_turn_costs_one_limit(clock: FakeClock, job_queue: JobQueue):
    """The Marshal is away: after 8 s his turn is ended and his hand discarded down to the
    limit in one go (he drew 2 over his HP, R21), not one 8 s timer per card."""
    match = away_marshal_table(clock, present=False)
    hand = len(match.game().view(0)["hand"])
    hp = match.game().view(None)["players"][0]["hp"]
    assert hand > hp, "the Marshal holds more cards than he may keep"

    job_queue.run_next()  # one timer, at 8 s, makes every move of the turn

    assert clock.seconds() == 8
    moves = list(MatchAction.objects.filter(match=match).order_by("seq"))
    assert [m.cause for m in moves] == ["timeout"] * len(moves)
    kinds = [m.action["type"] for m in moves]
    assert kinds == ["end_turn"] + ["discard"] * (hand - hp)
    match.refresh_from_db()
    assert match.game().view(None)["turn"] != 0
    assert match.awaited_seat != 0


def test_r120_a_present_players_timeout_makes_one_move(clock: FakeClock, job_queue: JobQueue):
    """A player at the table who lets the clock run out gets only the simplest move; the
    discards are his own decisions again, each with its timer."""
    match = away_marshal_table(clock, move_time=15)
    presence.open_screen(match.pk, 0, "en", "here")

    job_queue.run_next()

    assert [m.action["type"] for m in MatchAction.objects.filter(match=match)] == ["end_turn"]
    match.refresh_from_db()
    assert match.awaited_seat == 0  # now the discard, with a fresh full timer
    assert match.deadline == clock.now + timedelta(seconds=15)


# --- R121: autopilot -----------------------------------------------------------------------


def test_r121_two_timeouts_in_a_row_hand_the_seat_to_the_bot(clock: FakeClock, job_queue: JobQueue):
    """After two timed-out decisions the bot plays the seat, everyone reads it in the log,
    and from then on the seat's moves are the bot's real moves, not timeout moves."""
    match = start(human_seats(1) + bot_seats(3), seed=seed_with_marshal_at(0, seats=4))
    presence.open_screen(match.pk, 0, "en", "asleep")  # at the table, but not answering
    while seat(match.pk, 0).timeouts < 1 and Match.objects.get(pk=match.pk).is_running:
        job_queue.run_next()
    assert not seat(match.pk, 0).autopilot, "one timeout is not enough"
    while not seat(match.pk, 0).autopilot:
        assert Match.objects.get(pk=match.pk).is_running
        job_queue.run_next()

    notice = TableSignal.objects.get(match=match, kind="notice")
    assert (notice.seat, notice.value) == (0, "autopilot")
    timeouts = MatchAction.objects.filter(match=match, seat=0, cause="timeout").count()
    for _ in range(200):
        if not Match.objects.get(pk=match.pk).is_running:
            break
        job_queue.run_next()
    assert MatchAction.objects.filter(match=match, seat=0, cause="timeout").count() == timeouts
    assert MatchAction.objects.filter(match=match, seat=0, cause="bot").exists()


def test_r121_a_move_of_his_own_starts_the_count_over(clock: FakeClock, job_queue: JobQueue):
    match = away_marshal_table(clock, move_time=15)
    presence.open_screen(match.pk, 0, "en", "here")
    job_queue.run_next()  # his play step timed out: the discard is his now
    assert seat(match.pk, 0).timeouts == 1
    match.refresh_from_db()
    discard = match.game().legal_actions(0)[0]

    services.submit(match.pk, 0, discard, match.version)

    assert seat(match.pk, 0).timeouts == 0


def test_r121_twenty_seconds_away_in_his_own_turn_hands_the_seat_to_the_bot(
    clock: FakeClock, job_queue: JobQueue
):
    """Even when no timer fires (lost with a crashed worker), 20 s away in his own turn is
    enough: the presence job hands the seat over and the bot moves after the tempo pause."""
    match = away_marshal_table(clock, present=False)
    job_queue.lose_all()
    clock.advance(19)
    tasks.watch_presence()
    assert not seat(match.pk, 0).autopilot
    clock.advance(1)

    tasks.watch_presence()

    assert seat(match.pk, 0).autopilot
    assert TableSignal.objects.filter(match=match, kind="notice", value="autopilot").exists()
    job_queue.run_next()
    assert MatchAction.objects.filter(match=match, seat=0, cause="bot").exists()


def test_r121_im_back_takes_the_seat_back_with_a_fresh_timer(clock: FakeClock, job_queue: JobQueue):
    match = away_marshal_table(clock, move_time=30)
    services.hand_to_bot(match.pk, 0)
    assert TableSignal.objects.get(match=match, kind="notice").value == "handed"

    services.return_to_player(match.pk, 0)

    match.refresh_from_db()
    player = seat(match.pk, 0)
    assert not player.autopilot
    assert player.timeouts == 0
    assert match.deadline == clock.now + timedelta(seconds=30)
    values = list(TableSignal.objects.filter(match=match).values_list("value", flat=True))
    assert values == ["handed", "back"]


def test_r121_an_ai_seat_that_does_not_answer_goes_to_the_bot(
    clock: FakeClock, job_queue: JobQueue, settings
):
    """An AI seat whose model or program keeps timing out is covered by the bot (R121),
    and no more decisions are asked of it."""
    settings.BANGARENA_AI_ENABLED = False
    match = start(
        [SeatSpec(kind="ai", name="Model"), *bot_seats(3)], seed=seed_with_marshal_at(0, seats=4)
    )
    while not seat(match.pk, 0).autopilot:
        assert Match.objects.get(pk=match.pk).is_running
        job_queue.run_next()
    assert seat(match.pk, 0).timeouts == 0
    assert MatchAction.objects.filter(match=match, seat=0, cause="timeout").exists()
    for _ in range(100):
        if not Match.objects.get(pk=match.pk).is_running:
            break
        job_queue.run_next()
    assert MatchAction.objects.filter(match=match, seat=0, cause="bot").exists()


def test_q48_a_heartbeat_and_a_quiet_sweep_cost_a_few_queries_whatever_the_site_holds(
    clock: FakeClock, job_queue: JobQueue, django_assert_max_num_queries
):
    """Heartbeats come every 2 s from every screen and the sweep runs every second: neither
    may grow with the number of tables (one UPDATE and one EXISTS per beat; the sweep one
    DELETE and one query when nobody left)."""
    matches = [away_marshal_table(clock) for _ in range(5)]
    for match in matches:
        presence.open_screen(match.pk, 0, "en", f"screen-{match.pk}")
    clock.advance(WINDOW + 1)
    for match in matches:
        presence.beat(match.pk, 0, "en", f"screen-{match.pk}")

    with django_assert_max_num_queries(2):
        presence.beat(matches[0].pk, 0, "en", f"screen-{matches[0].pk}")
    # The DELETE runs in a transaction of its own: SQLite's BEGIN and COMMIT are counted too.
    with django_assert_max_num_queries(4):
        assert presence.sweep() == 0

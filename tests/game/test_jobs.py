"""The table's delayed jobs: bot moves after the tempo pause, timeouts, autopilot, the sweeper.

Jobs are run by hand from a queue (tests.game.conftest.JobQueue) and the services' clock is
moved to each job's due time: nothing sleeps, and every pause is checked as a number.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.db import transaction

from game import presence, services, tasks
from game.models import Match, MatchAction
from game.signals import match_finished
from machines.bots import BotMemory, choose
from tests.game.conftest import (
    FakeClock,
    JobQueue,
    bot_seats,
    human_seats,
    seed_with_marshal_at,
    start,
)

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def finished_signals() -> list[dict[str, Any]]:
    received: list[dict[str, Any]] = []

    def receiver(sender: Any, **kwargs: Any) -> None:
        received.append({"sender": sender, **kwargs})

    match_finished.connect(receiver, dispatch_uid="tests.game.finished")
    yield received
    match_finished.disconnect(dispatch_uid="tests.game.finished")


def awaited(match_id: int) -> int:
    return Match.objects.get(pk=match_id).awaited_seat


# --- bots ----------------------------------------------------------------------------------


@pytest.mark.parametrize(("seats", "mode", "seed"), [(4, "classic", 3), (7, "double_agent", 21)])
def test_bots_play_an_all_bot_match_to_the_end_by_running_the_jobs(
    job_queue: JobQueue, finished_signals: list, seats: int, mode: str, seed: int
):
    """R141: Bot N plays every decision; the match ends with the engine's result (R91-R98)."""
    match = start(bot_seats(seats), seed=seed, mode=mode, tempo="fast")

    jobs_run = job_queue.run_until_finished(match.pk)

    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED
    assert match.version == jobs_run == match.actions.count()
    assert set(match.actions.values_list("cause", flat=True)) == {"bot"}
    replayed = match.replay()
    assert match.result == replayed.result is not None
    assert match.finished_at is not None
    assert match.deadline is None
    assert job_queue.jobs == [], "nothing stays armed after the end"
    assert [signal["match"].pk for signal in finished_signals] == [match.pk]


def test_each_bot_move_is_the_bots_choice_from_its_own_view(job_queue: JobQueue):
    """R141/Q63: the backend asks machines.bots with that seat's view and legal moves only."""
    match = start(bot_seats(5), seed=9, tempo="fast")
    for _ in range(25):
        match.refresh_from_db()
        game, seat = match.game(), match.awaited_seat
        view = game.view(seat)
        expected = choose(
            view,
            game.legal_actions(seat),
            BotMemory.from_log(seat, view["log"]),
            seed=services.bot_seed(match),
        )
        job_queue.run_next()
        last = MatchAction.objects.get(match=match, seq=match.version + 1)
        assert (last.seat, last.action) == (seat, expected)


@pytest.mark.parametrize(("tempo", "pause"), [("slow", 1.5), ("normal", 0.8), ("fast", 0.3)])
def test_bots_wait_the_tempo_pause_and_twice_that_when_the_turn_changes(
    job_queue: JobQueue, tempo: str, pause: float
):
    """Q57: pauses between bot moves; between turns about twice as long."""
    match = start(bot_seats(4), seed=4, tempo=tempo)
    assert job_queue.delays() == [pause * 2]  # the Marshal's first turn has just begun
    seen: set[float] = set()
    for _ in range(40):
        [delay] = job_queue.delays()
        seen.add(delay)
        before = Match.objects.get(pk=match.pk).game().view(None)["turn"]
        job_queue.run_next()
        after = Match.objects.get(pk=match.pk).game().view(None)["turn"]
        [next_delay] = job_queue.delays()
        assert next_delay == (pause * 2 if after != before else pause)
    assert seen == {pause, pause * 2}


def test_host_changes_the_tempo_live(job_queue: JobQueue):
    """R132: the next bot move already waits the new pause."""
    match = start(bot_seats(4), seed=4, tempo="slow")
    job_queue.run_next()
    services.set_tempo(match.pk, "fast")
    job_queue.run_next()  # the move armed before the change still waits its old pause
    assert job_queue.delays()[0] in (0.3, 0.6)
    with pytest.raises(services.MatchError):
        services.set_tempo(match.pk, "ludicrous")
    assert Match.objects.get(pk=match.pk).tempo == "fast"


# --- timeouts ------------------------------------------------------------------------------


def test_a_human_who_does_not_decide_gets_the_default_action_at_the_deadline(
    clock: FakeClock, job_queue: JobQueue
):
    """R118/R120: after the move time the engine's simplest move is made for the seat."""
    match = start(human_seats(4), seed=5, move_time=15)
    seat = match.awaited_seat
    default = match.game().default_action(seat)
    assert job_queue.delays() == [15]

    # A job that fires early (or a sweep) before the deadline does nothing.
    clock.advance(10)
    tasks.advance(match.pk, 0)
    assert Match.objects.get(pk=match.pk).version == 0

    job_queue.run_next()

    match.refresh_from_db()
    assert clock.seconds() == 15
    assert match.version == 1
    [timeout] = match.actions.all()
    assert (timeout.seat, timeout.action, timeout.cause) == (seat, default, "timeout")
    # The next decision gets its own full limit from now.
    assert match.deadline == clock.now + timedelta(seconds=15)
    assert job_queue.delays() == [15]


def test_a_stale_timer_does_nothing(clock: FakeClock, job_queue: JobQueue):
    """A move made in time makes the old timer stale: it must not move for the next seat."""
    match = start(human_seats(4), seed=5, move_time=15)
    seat = match.awaited_seat
    services.submit(match.pk, seat, match.game().legal_actions(seat)[0], 0)
    clock.advance(60)  # far past every deadline

    tasks.advance(match.pk, 0)

    assert Match.objects.get(pk=match.pk).version == 1


def test_a_disconnected_human_gets_eight_seconds_per_decision(
    clock: FakeClock, job_queue: JobQueue
):
    """R119/Q48: while away, each decision has min(8 s, move time); coming back restores the
    table limit for the next decisions."""
    match = start(human_seats(4), seed=5, move_time=60)
    seat = match.awaited_seat
    clock.advance(5)
    services.mark_away(match.pk, {seat: clock.now})

    match.refresh_from_db()
    assert match.deadline == clock.now + timedelta(seconds=8)
    assert job_queue.delays() == [8, 55]  # the cut timer, and the old one (it will be stale)

    job_queue.run_next()
    match.refresh_from_db()
    # R120 for an away player: the one timeout finishes his whole turn (end it, discard).
    assert match.version >= 1
    assert set(match.actions.values_list("seat", "cause")) == {(seat, "timeout")}
    assert match.game().view(None)["turn"] != seat

    # Later decisions of this seat, while still away, get 8 s from their start.
    while awaited(match.pk) != seat:
        other = awaited(match.pk)
        game = Match.objects.get(pk=match.pk).game()
        version = Match.objects.get(pk=match.pk).version
        services.submit(match.pk, other, game.default_action(other), version)
    match.refresh_from_db()
    assert match.deadline == clock.now + timedelta(seconds=8)

    services.mark_present(match.pk, seat)
    match.refresh_from_db()
    assert match.deadline == clock.now + timedelta(seconds=8), "a running decision is not reset"


def test_a_second_tab_keeps_the_player_present(clock: FakeClock, job_queue: JobQueue):
    """Closing one of two open tables is not leaving the table (R119 is for the absent)."""
    match = start(human_seats(4), seed=5, move_time=60, present=False)
    seat = match.awaited_seat
    presence.open_screen(match.pk, seat, "en", "tab-1")
    presence.open_screen(match.pk, seat, "en", "tab-2")
    presence.close_screen(match.pk, seat, "tab-1")

    match.refresh_from_db()
    assert match.seats.get(seat=seat).connected
    assert match.deadline == clock.now + timedelta(seconds=60)


# --- hand to bot ---------------------------------------------------------------------------


def test_hand_to_bot_lets_the_bot_play_the_seat_until_it_is_returned(
    clock: FakeClock, job_queue: JobQueue
):
    """R121/R132: autopilot plays real moves (not the timeout move) until Return to player."""
    seat = 2
    seats = [*bot_seats(2), *human_seats(1), *bot_seats(2)]
    match = start(seats, seed=seed_with_marshal_at(seat), tempo="normal", move_time=90)
    assert match.awaited_seat == seat

    services.hand_to_bot(match.pk, seat)
    assert job_queue.delays() == [0.8, 90]  # the bot moves after the pause

    job_queue.run_next()
    first = MatchAction.objects.get(match=match, seq=1)
    assert (first.seat, first.cause) == (seat, "bot")

    # The autopilot keeps playing the whole turn and later turns of that seat.
    while Match.objects.get(pk=match.pk).version < 40:
        job_queue.run_next()
    assert MatchAction.objects.filter(match=match, seat=seat, cause="timeout").count() == 0
    assert MatchAction.objects.filter(match=match, seat=seat, cause="bot").count() > 1

    services.return_to_player(match.pk, seat)
    while awaited(match.pk) != seat:
        job_queue.run_next()
    match.refresh_from_db()
    assert match.status == Match.Status.RUNNING
    version, deadline = match.version, match.deadline
    assert deadline == clock.now + timedelta(seconds=90)
    # Back in the player's hands: nothing moves for them before the full move time.
    while Match.objects.get(pk=match.pk).version == version:
        job_queue.run_next()
    assert clock.now == deadline
    assert match.actions.get(seq=version + 1).cause == "timeout"


def test_returning_the_seat_gives_the_pending_decision_a_fresh_timer(
    clock: FakeClock, job_queue: JobQueue
):
    seat = 1
    seats = [*bot_seats(1), *human_seats(1), *bot_seats(2)]
    match = start(seats, seed=seed_with_marshal_at(seat, seats=4), move_time=30)
    services.hand_to_bot(match.pk, seat)
    services.return_to_player(match.pk, seat)

    match.refresh_from_db()
    assert match.deadline == clock.now + timedelta(seconds=30)
    # The bot job armed by the hand-over runs, finds a human again and does nothing.
    job_queue.run_next()
    assert Match.objects.get(pk=match.pk).version == 0


def test_only_human_and_ai_seats_can_be_handed_to_the_bot(job_queue: JobQueue):
    """R121: a bot's seat is the bot's already."""
    match = start([*human_seats(1), *bot_seats(3)])
    with pytest.raises(services.MatchError) as refused:
        services.hand_to_bot(match.pk, 1)
    assert refused.value.code == "no_seat"


# --- the sweeper ---------------------------------------------------------------------------


def test_the_sweeper_unfreezes_a_bot_table_whose_job_was_lost(
    clock: FakeClock, job_queue: JobQueue
):
    """DESIGN.md section 4: a lost task never freezes a table."""
    match = start(bot_seats(4), seed=3, tempo="fast")
    job_queue.lose_all()

    clock.advance(2)
    assert tasks.sweep() == 0, "a bot's job is not overdue yet within its pause"
    clock.advance(4)
    assert tasks.sweep() == 1

    match.refresh_from_db()
    assert match.version == 1
    assert job_queue.jobs, "the next move is armed again"
    job_queue.run_until_finished(match.pk)


def test_the_sweeper_applies_an_overdue_human_decision(clock: FakeClock, job_queue: JobQueue):
    """R120 via the sweeper: the timer was lost, the deadline in the database still counts."""
    match = start(human_seats(4), seed=5, move_time=15)
    seat = match.awaited_seat
    default = match.game().default_action(seat)
    job_queue.lose_all()

    clock.advance(14)
    assert tasks.sweep() == 0
    clock.advance(1)
    assert tasks.sweep() == 1

    assert match.actions.get().action == default
    assert tasks.sweep() == 0, "the new decision has its own fresh deadline"


def test_a_failing_match_does_not_stop_the_sweep_of_the_others(
    clock: FakeClock, job_queue: JobQueue, monkeypatch: pytest.MonkeyPatch, caplog
):
    broken = start(human_seats(4), seed=5, move_time=15)
    healthy = start(human_seats(4), seed=6, move_time=15)
    real = services.play_due

    def play_due(match_id: int, version: int):
        if match_id == broken.pk:
            raise RuntimeError("corrupt snapshot")
        return real(match_id, version)

    monkeypatch.setattr(services, "play_due", play_due)
    clock.advance(15)

    assert tasks.sweep() == 1
    assert Match.objects.get(pk=healthy.pk).version == 1
    assert "Sweeper could not advance match" in caplog.text
    caplog.clear()  # the logged error is expected here


# --- finishing -----------------------------------------------------------------------------


def test_match_finished_is_sent_once_and_only_after_the_commit(
    job_queue: JobQueue, finished_signals: list
):
    """Lobby and stats must never see a result that could still roll back."""
    match = start(bot_seats(4), seed=3, tempo="fast")
    while True:
        with transaction.atomic():
            job_queue.run_next()
            status = Match.objects.get(pk=match.pk).status
            assert finished_signals == [], "nothing is sent inside the transaction"
        if status == Match.Status.FINISHED:
            break
    assert len(finished_signals) == 1
    assert finished_signals[0]["sender"] is Match
    assert finished_signals[0]["match"].result == Match.objects.get(pk=match.pk).result

    # A late duplicate job after the end changes nothing and sends nothing again.
    tasks.advance(match.pk, Match.objects.get(pk=match.pk).version - 1)
    tasks.sweep()
    assert len(finished_signals) == 1

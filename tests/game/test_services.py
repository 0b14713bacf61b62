"""game.services: starting a match and applying moves (DESIGN.md section 3, step 2).

A refused move must change nothing: not the state, the version, the log, the deadline, and no
broadcast or job may go out.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest

from bangarena_engine import Game, GameConfig
from game import broadcast, services
from game.models import Match, MatchAction
from game.services import MatchError, SeatSpec
from tests.game.conftest import FakeClock, JobQueue, bot_seats, human_seats, start

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def broadcasts(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Match ids of the moves broadcast (after commit), still rendered and sent for real."""
    sent: list[int] = []
    real = broadcast.publish_move

    def recording(match, seats, before, game, **kwargs) -> None:
        sent.append(match.pk)
        real(match, seats, before, game, **kwargs)

    monkeypatch.setattr(broadcast, "publish_move", recording)
    return sent


def snapshot(match_id: int) -> dict[str, Any]:
    """Everything a refused move must leave alone."""
    match = Match.objects.get(pk=match_id)
    return {
        "game": match.game().to_dict(),
        "version": match.version,
        "deadline": match.deadline,
        "awaited_seat": match.awaited_seat,
        "actions": list(MatchAction.objects.filter(match=match).values_list("seq", "action")),
    }


def test_start_match_deals_a_running_game_from_its_seed(clock: FakeClock, job_queue: JobQueue):
    """R4-R20: roles, characters and hands are dealt by the engine; the Marshal acts first."""
    seats = [
        SeatSpec(kind="human", name="Calamity", guest_key="k1"),
        SeatSpec(kind="bot", name="Bot"),
        SeatSpec(kind="ai", name="Model"),
        SeatSpec(kind="bot", name="Bot"),
        SeatSpec(kind="human", name="Wyatt", guest_key="k2"),
    ]
    match = start(seats, seed=1234, move_time=60, tempo="slow")

    expected = Game.new(GameConfig(seats=5, mode="classic", seed=1234))
    assert match.status == Match.Status.RUNNING
    assert match.version == 0
    assert match.state == expected.to_dict()
    assert match.game().view(None) == expected.view(None)
    [marshal] = expected.awaiting()
    assert expected.view(None)["players"][marshal]["role"] == "marshal"
    assert match.awaited_seat == marshal
    assert match.deadline == clock.now + timedelta(seconds=60)  # R118
    labels = list(match.seats.values_list("kind", "name", "label"))
    assert labels == [
        ("human", "Calamity", ""),
        ("bot", "Bot", "Bot 1"),
        ("ai", "Model", "AI 1"),
        ("bot", "Bot", "Bot 2"),
        ("human", "Wyatt", ""),
    ]
    # One job armed: the Marshal's timeout (a human's or an AI's, R142) or the bot's first
    # move after the turn pause.
    if seats[marshal].kind in ("human", "ai"):
        assert job_queue.delays() == [60]
    else:
        assert job_queue.delays() == [1.5 * 2]  # Q57: slow, and a new turn pauses twice


def test_start_match_without_a_seed_draws_a_fresh_one(job_queue: JobQueue):
    first = services.start_match(seats=bot_seats(4), mode="classic", move_time=15, tempo="fast")
    second = services.start_match(seats=bot_seats(4), mode="classic", move_time=15, tempo="fast")
    assert first.seed != second.seed
    assert first.config["seed"] == first.seed


def test_start_match_refuses_settings_outside_the_rules(job_queue: JobQueue):
    """R118/R129: move time is 15, 30, 60 or 90 s; seats 4-8 (R1)."""
    with pytest.raises(ValueError, match="move_time"):
        start(bot_seats(4), move_time=20)
    with pytest.raises(ValueError, match="seats"):
        start(bot_seats(3))
    assert not Match.objects.exists()


def test_submit_applies_a_legal_move_once_and_logs_it(
    clock: FakeClock, job_queue: JobQueue, broadcasts: list[int]
):
    match = start(human_seats(4), seed=5)
    seat = match.awaited_seat
    game = match.game()
    action = game.legal_actions(seat)[0]
    clock.advance(3)

    result = services.submit(match.pk, seat, action, version=0)

    events = game.apply(seat, action)
    match.refresh_from_db()
    assert result.version == match.version == 1
    assert result.events == events
    assert match.game().to_dict() == game.to_dict()
    assert list(match.actions.values_list("seq", "seat", "action", "cause")) == [
        (1, seat, action, "player")
    ]
    assert broadcasts == [match.pk]
    # The next decision has a fresh full timer from the moment of the move (R118).
    [awaited] = game.awaiting()
    assert match.awaited_seat == awaited
    assert match.deadline == clock.now + timedelta(seconds=30)


def test_repeated_submit_of_the_same_version_applies_once(
    job_queue: JobQueue, broadcasts: list[int]
):
    """A double click or a ws re-send after reconnect carries the old version: refused."""
    match = start(human_seats(4), seed=5)
    seat = match.awaited_seat
    action = match.game().legal_actions(seat)[0]
    services.submit(match.pk, seat, action, version=0)
    before = snapshot(match.pk)
    jobs_before = list(job_queue.jobs)

    with pytest.raises(MatchError) as refused:
        services.submit(match.pk, seat, action, version=0)

    assert refused.value.code == "stale"
    assert snapshot(match.pk) == before
    assert job_queue.jobs == jobs_before
    assert broadcasts == [match.pk]


@pytest.mark.parametrize(
    ("who", "version", "make_action", "code"),
    [
        ("awaited", 3, "legal", "stale"),
        ("other", 0, "legal", "not_your_turn"),
        ("awaited", 0, "nonsense", "illegal"),
        ("awaited", 0, "foreign card", "illegal"),
    ],
)
def test_refused_moves_change_nothing(
    job_queue: JobQueue, broadcasts: list[int], who, version, make_action, code
):
    """Only the awaited seat decides, only legal moves apply (engine contract, R118)."""
    match = start(human_seats(5), seed=8)
    game = match.game()
    awaited = match.awaited_seat
    seat = awaited if who == "awaited" else (awaited + 1) % 5
    action = {
        "legal": game.legal_actions(awaited)[0],
        "nonsense": {"type": "fly"},
        "foreign card": {"type": "play", "card": game.view((awaited + 1) % 5)["hand"][0]["id"]},
    }[make_action]
    before = snapshot(match.pk)
    armed = list(job_queue.jobs)

    with pytest.raises(MatchError) as refused:
        services.submit(match.pk, seat, action, version=version)

    assert refused.value.code == code
    assert str(refused.value.message)
    assert snapshot(match.pk) == before
    assert job_queue.jobs == armed
    assert broadcasts == []


def test_no_move_is_accepted_once_the_match_is_over(job_queue: JobQueue):
    """R97-R98: the game is over; late clicks get "finished" and change nothing."""
    match = start(bot_seats(4), seed=2, tempo="fast")
    job_queue.run_until_finished(match.pk)
    match.refresh_from_db()
    before = snapshot(match.pk)

    with pytest.raises(MatchError) as refused:
        services.submit(match.pk, 0, {"type": "end_turn"}, version=match.version)

    assert refused.value.code == "finished"
    assert snapshot(match.pk) == before


def test_seat_of_finds_players_by_account_or_guest_session(job_queue: JobQueue):
    from django.contrib.auth.models import AnonymousUser

    from tests.live.conftest import make_user

    alice = make_user("alice")
    stranger = make_user("stranger")
    seats = [
        SeatSpec(kind="human", name="Alice", user_id=alice.pk),
        SeatSpec(kind="human", name="Guest", guest_key="guest-session"),
        *bot_seats(2),
    ]
    match = start(seats)

    assert services.seat_of(match, alice, None) == 0
    assert services.seat_of(match, AnonymousUser(), "guest-session") == 1
    assert services.seat_of(match, AnonymousUser(), "another-session") is None
    assert services.seat_of(match, AnonymousUser(), None) is None
    assert services.seat_of(match, stranger, "") is None


def test_replaying_the_action_log_rebuilds_the_snapshot_exactly(job_queue: JobQueue):
    """Restart safety (DESIGN.md section 2): config + MatchAction log == the saved state."""
    match = start(bot_seats(6), seed=77, tempo="fast", mode="partners")
    for _ in range(60):
        job_queue.run_next()
    match.refresh_from_db()
    assert match.version == 60

    assert match.replay().to_dict() == match.game().to_dict()


def test_start_match_records_the_room_link_and_the_host(job_queue: JobQueue):
    """The table links back to its room, and the host seat gets the host controls (R132)."""
    seats = [*bot_seats(2), *human_seats(2)]
    match = services.start_match(
        seats=seats,
        mode="classic",
        move_time=30,
        tempo="normal",
        room_url="/r/ABC234/",
        host_seat=3,
    )
    assert (match.room_url, match.host_seat) == ("/r/ABC234/", 3)
    with pytest.raises(ValueError, match="host_seat"):
        services.start_match(seats=seats, mode="classic", move_time=30, tempo="normal", host_seat=0)
    with pytest.raises(services.MatchError) as refused:
        services.set_host(match.pk, 1)
    assert refused.value.code == "no_seat"
    assert Match.objects.get(pk=match.pk).host_seat == 3


def test_players_see_the_final_table_before_the_end_of_match_work_runs(
    job_queue: JobQueue, monkeypatch: pytest.MonkeyPatch
):
    """R140: the last table (with the way to the summary) reaches the players first; the
    statistics that listen for the end of the match run after it, not in front of it."""
    from game import broadcast
    from game.signals import match_finished

    order: list[str] = []
    monkeypatch.setattr(
        broadcast,
        "publish_move",
        lambda match, seats, before, game, **kwargs: order.append(
            "finished table" if game.result else "table"
        ),
    )

    def receiver(sender, match, **kwargs) -> None:  # noqa: ANN001 (a signal receiver)
        order.append("match_finished")

    match_finished.connect(receiver, dispatch_uid="test-order")
    try:
        match = start(bot_seats(4), tempo="fast")
        job_queue.run_until_finished(match.pk)
    finally:
        match_finished.disconnect(dispatch_uid="test-order")

    assert order[-2:] == ["finished table", "match_finished"]

"""An AI seat decides through its controller, under the same timer as a human (R142, R143).

The services only promise the seam: when an AI seat's decision becomes current they announce
it (``ai_decision_requested``) after the commit, they take its answer through ``submit`` with
the "ai" cause, and if no answer comes before the deadline the timeout makes the automatic
move of R120. The server's rule bot never plays an AI seat.
"""

from __future__ import annotations

import pytest

from game import services
from game.models import Match, MatchAction
from game.services import SeatSpec
from game.signals import ai_decision_requested, match_started
from tests.game.conftest import bot_seats, seed_with_marshal_at, start

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def requests() -> list[dict]:
    received: list[dict] = []

    def receiver(sender, **kwargs) -> None:  # noqa: ANN001 (a signal receiver)
        received.append(kwargs)

    ai_decision_requested.connect(receiver, dispatch_uid="test-ai-requests")
    yield received
    ai_decision_requested.disconnect(dispatch_uid="test-ai-requests")


def _ai_first_match() -> Match:
    """Seat 0 is an AI and holds the Marshal, so its decision is the first one (R20)."""
    seats = [SeatSpec(kind="ai", name="Model"), *bot_seats(3)]
    return start(seats, seed=seed_with_marshal_at(0, seats=4), move_time=15)


def test_an_ai_decision_is_announced_after_commit_with_its_version_and_deadline(
    job_queue, clock, requests
):
    """R142: the controller learns which decision (version) it answers and by when."""
    match = _ai_first_match()

    assert requests == [
        {
            "signal": ai_decision_requested,
            "match_id": match.pk,
            "seat": 0,
            "version": 0,
            "deadline": match.deadline,
        }
    ]
    assert (match.deadline - clock.now).total_seconds() == match.move_time


def test_the_rule_bot_never_plays_an_ai_seat_and_the_timeout_makes_the_automatic_move(
    job_queue, clock, requests
):
    """R142/R120: no answer in time -> the simplest move, recorded as a timeout."""
    match = _ai_first_match()
    game = match.game()
    expected = game.default_action(0)

    # The only job armed for the AI's decision is its timeout, at the full move time.
    assert job_queue.delays() == [match.move_time]
    assert services.play_due(match.pk, match.version) is None  # early: nothing happens
    assert services.overdue_matches(clock.now) == []  # not mistaken for a stuck bot

    job_queue.run_next()

    move = MatchAction.objects.get(match=match, seq=1)
    assert (move.seat, move.action, move.cause) == (0, expected, MatchAction.Cause.TIMEOUT)


def test_an_ai_answer_in_time_is_applied_with_the_ai_cause(job_queue, clock, requests):
    """R142: a legal answer before the deadline is the move; a stale one changes nothing."""
    match = _ai_first_match()
    action = match.game().legal_actions(0)[-1]

    services.submit(match.pk, 0, action, 0, cause=MatchAction.Cause.AI)

    move = MatchAction.objects.get(match=match, seq=1)
    assert (move.action, move.cause) == (action, MatchAction.Cause.AI)
    with pytest.raises(services.MatchError) as refused:
        services.submit(match.pk, 0, action, 0, cause=MatchAction.Cause.AI)
    assert refused.value.code == "stale"
    assert MatchAction.objects.filter(match=match).count() == 1


def test_a_restarted_server_asks_the_ai_again(job_queue, clock, requests):
    """After a restart the pending AI decision is announced again (its job died with the
    process), so a model call or an agent's socket can pick it up."""
    match = _ai_first_match()
    requests.clear()
    job_queue.lose_all()

    assert services.rearm_running_matches() == 1

    assert [(r["match_id"], r["seat"], r["version"]) for r in requests] == [(match.pk, 0, 0)]
    assert job_queue.delays() == [match.move_time]


def test_a_new_match_is_announced_once_after_commit(job_queue, clock):
    started: list[Match] = []

    def receiver(sender, match, **kwargs) -> None:  # noqa: ANN001
        started.append(match)

    match_started.connect(receiver, dispatch_uid="test-started")
    try:
        match = start(bot_seats(4))
    finally:
        match_started.disconnect(dispatch_uid="test-started")
    assert [m.pk for m in started] == [match.pk]

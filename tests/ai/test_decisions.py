"""A language-model seat answers over real HTTP (a local OpenAI-compatible server started by the
test). Whatever the model does, exactly one move is made for the decision: the model's, or on
any failure the automatic move of R120 at once (R142), and the outcome is logged."""

from __future__ import annotations

from datetime import timedelta

import pytest

from game import broadcast, services
from game.models import Match, MatchAction
from game.services import TEMPO_PAUSE
from machines.ai import llm
from machines.ai.models import AIDecisionLog, MatchSeatModel
from machines.ai.prompt import SYSTEM_PROMPT
from machines.ai.tasks import DEADLINE_MARGIN_SECONDS, decide
from tests.ai.conftest import KEY, ai_first, ai_seats
from tests.ai.fake_openai import Reply, good
from tests.game.conftest import bot_seats, seed_with_marshal_at

pytestmark = pytest.mark.django_db(transaction=True)

AI, TIMEOUT = MatchAction.Cause.AI, MatchAction.Cause.TIMEOUT


def moves(match: Match) -> list[tuple[int, dict, str]]:
    actions = MatchAction.objects.filter(match=match).order_by("seq")
    return list(actions.values_list("seat", "action", "cause"))


def logs(match: Match) -> list[tuple[int, int, str]]:
    entries = AIDecisionLog.objects.filter(match=match).order_by("pk")
    return list(entries.values_list("seat", "version", "outcome"))


def test_the_decision_waits_the_tempo_pause_then_the_models_move_is_made_r142(
    job_queue, model_match, fake_openai
):
    match = ai_first(model_match)
    legal = match.game().legal_actions(0)
    fake_openai.answer(good(len(legal), reason="I know everything"))

    # The decision job waits the tempo pause (a turn pause), the timeout the full move time.
    assert job_queue.delays() == [TEMPO_PAUSE["normal"], match.move_time]
    job_queue.run_next()

    assert moves(match) == [(0, legal[-1], AI)]
    assert logs(match) == [(0, 0, "ok")]
    entry = AIDecisionLog.objects.get(match=match)
    assert (entry.action, entry.reason, entry.tokens) == (legal[-1], "I know everything", 10)
    assert MatchSeatModel.objects.get().tokens_used == 10
    assert fake_openai.authorization == [f"Bearer {KEY}"]
    body = fake_openai.requests[0]
    assert body["model"] == "fake-1"
    assert body["response_format"] == {"type": "json_object"}
    assert body["messages"][0]["content"] == SYSTEM_PROMPT
    # The model's reason is for the admin's log only: no table shows it (R142).
    match.refresh_from_db()
    table = broadcast.render_table(match, list(match.seats.all()), match.game(), None)
    assert "I know everything" not in table
    # The timeout armed for that decision finds it played and does nothing.
    assert services.play_due(match.pk, 0) is None
    assert len(moves(match)) == 1


def test_one_retry_explains_the_error_and_takes_the_second_answer(
    job_queue, model_match, fake_openai
):
    match = ai_first(model_match)
    legal = match.game().legal_actions(0)
    fake_openai.answer(Reply(text="I shoot the sheriff!"), good(1))

    decide(match.pk, 0, 0)

    assert moves(match) == [(0, legal[0], AI)]
    assert logs(match) == [(0, 0, "retry_ok")]
    retry = fake_openai.requests[1]["messages"]
    assert retry[-2] == {"role": "assistant", "content": "I shoot the sheriff!"}
    assert "not valid JSON" in retry[-1]["content"]
    assert MatchSeatModel.objects.get().tokens_used == 20


@pytest.mark.parametrize(
    ("script", "outcome", "requests"),
    [
        ([Reply(text="not json"), Reply(text='{"move": "one"}')], "malformed", 2),
        ([good(99), good(0)], "illegal", 2),
        ([Reply(status=500)], "http_error", 1),
        ([Reply(text=""), Reply(text="{}")], "malformed", 2),
    ],
    ids=["malformed", "illegal", "http-500", "empty"],
)
def test_a_failed_decision_makes_the_automatic_move_at_once_r120(
    job_queue, clock, model_match, fake_openai, script, outcome, requests
):
    match = ai_first(model_match)
    automatic = match.game().default_action(0)
    fake_openai.answer(*script)
    started = clock.now

    decide(match.pk, 0, 0)

    assert moves(match) == [(0, automatic, TIMEOUT)]
    assert logs(match) == [(0, 0, outcome)]
    assert len(fake_openai.requests) == requests
    # At once: the table did not wait for the deadline.
    assert clock.now == started
    assert Match.objects.get(pk=match.pk).version == 1


def test_a_slow_model_is_cut_off_before_the_deadline_r118(
    job_queue, clock, model_match, fake_openai
):
    """The hard limit is the table's move time: here 0.3 s are left before the deadline's
    margin, and the server would take 30 s."""
    match = ai_first(model_match)
    automatic = match.game().default_action(0)
    clock.now = match.deadline - timedelta(seconds=DEADLINE_MARGIN_SECONDS + 0.3)
    fake_openai.answer(Reply(move=1, delay=30))

    decide(match.pk, 0, 0)

    assert moves(match) == [(0, automatic, TIMEOUT)]
    entry = AIDecisionLog.objects.get(match=match)
    assert entry.outcome == "timeout"
    assert entry.latency_ms < 5000


def test_a_decision_past_the_deadline_makes_no_call(job_queue, clock, model_match, fake_openai):
    match = ai_first(model_match)
    clock.now = match.deadline
    decide(match.pk, 0, 0)
    assert fake_openai.requests == []
    assert logs(match) == [(0, 0, "timeout")]
    assert moves(match)[0][2] == TIMEOUT


def test_the_token_budget_stops_the_calls_and_the_automatic_move_follows(
    job_queue, model_match, model, fake_openai
):
    """The answer whose usage crosses the budget still counts; after it no call is made."""
    model.token_budget = 1000
    model.save()
    match = ai_first(model_match)
    fake_openai.answer(good(1, tokens=1500))

    decide(match.pk, 0, 0)
    assert MatchSeatModel.objects.get().tokens_used == 1500
    assert moves(match)[0][2] == AI

    # Drive the match until the model seat decides again.
    while Match.objects.get(pk=match.pk).awaited_seat != 0 or not _decide_queued(job_queue):
        job_queue.run_next()
    while AIDecisionLog.objects.filter(match=match).count() < 2:
        job_queue.run_next()

    assert logs(match)[1][2] == "budget"
    assert len(fake_openai.requests) == 1
    second = MatchAction.objects.get(match=match, seq=logs(match)[1][1] + 1)
    assert (second.seat, second.cause) == (0, TIMEOUT)


def _decide_queued(job_queue) -> bool:
    return any(job.name == "ai.decide" for job in job_queue.jobs)


def test_a_missing_api_key_is_a_logged_failure_without_a_call(
    job_queue, model_match, fake_openai, monkeypatch
):
    match = ai_first(model_match)
    monkeypatch.delenv("BANGARENA_TEST_MODEL_KEY")
    decide(match.pk, 0, 0)
    assert fake_openai.requests == []
    assert logs(match) == [(0, 0, "no_key")]
    entry = AIDecisionLog.objects.get()
    assert "BANGARENA_TEST_MODEL_KEY" in entry.detail
    assert KEY not in entry.detail
    assert moves(match)[0][2] == TIMEOUT


def test_a_disabled_model_makes_only_automatic_moves(job_queue, model_match, model, fake_openai):
    match = ai_first(model_match)
    model.enabled = False
    model.save()
    decide(match.pk, 0, 0)
    assert fake_openai.requests == []
    assert logs(match) == [(0, 0, "disabled")]
    assert moves(match)[0][2] == TIMEOUT


def test_a_decision_is_made_once_however_often_its_job_runs(job_queue, model_match, fake_openai):
    """Jobs may run twice or late (Celery redelivery, a restart's re-request)."""
    match = ai_first(model_match)
    decide(match.pk, 0, 0)
    decide(match.pk, 0, 0)
    assert len(moves(match)) == 1
    assert len(fake_openai.requests) == 1
    assert logs(match) == [(0, 0, "ok")]


def test_an_answer_that_comes_after_the_timeout_changes_nothing(
    job_queue, clock, model_match, fake_openai, monkeypatch
):
    """The deadline's own timeout moved the table on while the model was thinking."""
    match = ai_first(model_match)
    automatic = match.game().default_action(0)

    def timeout_first(*args, **kwargs):
        clock.now = match.deadline
        services.play_due(match.pk, 0)
        return real_chat(*args, **kwargs)

    real_chat = llm.chat
    monkeypatch.setattr(llm, "chat", timeout_first)
    decide(match.pk, 0, 0)

    assert moves(match) == [(0, automatic, TIMEOUT)]
    assert logs(match) == [(0, 0, "stale")]


def test_an_agent_seat_is_left_to_its_program(job_queue, model_match, fake_openai):
    """An AI seat without a model (an agent program's, machines.agents) gets no model call: only
    its timeout is armed."""
    seats = [*ai_seats(2), *bot_seats(2)]
    match = model_match(seats, seed=seed_with_marshal_at(0, seats=4), bound=[1])

    assert [job.name for job in job_queue.jobs] == ["game.advance"]
    decide(match.pk, 0, 0)
    assert fake_openai.requests == []
    assert logs(match) == []
    assert moves(match) == []


def test_a_whole_match_with_two_model_seats_finishes_r143(job_queue, model_match, fake_openai):
    """Two model seats and two bots play a match to its end over real HTTP; every decision
    of a model seat is logged once, and every model move is legal (the server replays)."""
    fake_openai.default = good("random")
    match = model_match([*ai_seats(2), *bot_seats(2)], seed=21)

    job_queue.run_until_finished(match.pk, limit=20000)

    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED
    model_moves = MatchAction.objects.filter(match=match, seat__in=[0, 1])
    assert model_moves.exists()
    assert set(model_moves.values_list("cause", flat=True)) == {AI}
    assert AIDecisionLog.objects.filter(match=match).count() == model_moves.count()
    assert match.replay().to_dict() == match.game().to_dict()

"""The decision job of a language-model seat (R142, R143).

``ai_decision_requested`` (sent by game.services after the commit that made an AI seat's
decision current) is heard by ``on_decision_requested``: for a seat bound to a model it
schedules ``ai.decide`` after the tempo pause, so a model never answers faster than a bot.
The job runs apart from the table's own job thread / queue (``jobs.run_apart``): a model call
may take the whole move time. It re-reads the match, calls the model outside any transaction
and answers through ``services.submit``. Whatever goes wrong is logged and the automatic move
of R120 is made at once, so the table never waits for a broken model until its deadline.
"""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, cast

from django.db.models import F

from bangarena_engine import Game
from bangarena_engine.types import Action
from bangarena_site import jobs
from bangarena_site.jobs import job
from game import services
from game.models import Match, MatchAction
from machines.ai import llm, prompt
from machines.ai.models import AIDecisionLog, AIModel, MatchSeatModel

logger = logging.getLogger(__name__)

Outcome = AIDecisionLog.Outcome

QUEUE = "ai"
# Embedded stack: model calls of this many seats can be waited on at once.
THREADS = 4
# The answer must be in before the deadline: the submit after the call needs a moment, and the
# timeout job fires at the deadline anyway.
DEADLINE_MARGIN_SECONDS = 1.0


def on_decision_requested(
    sender: Any, *, match_id: int, seat: int, version: int, deadline: datetime, **kwargs: Any
) -> None:
    """Schedule the decision of a model seat (agent seats are machines.agents' business)."""
    binding = (
        MatchSeatModel.objects.filter(match_seat__match_id=match_id, match_seat__seat=seat)
        .values("match_seat__match__tempo")
        .first()
    )
    if binding is None:
        return
    pause = services.TEMPO_PAUSE.get(binding["match_seat__match__tempo"], 0.0)
    jobs.schedule(pause, decide, match_id, seat, version)


@dataclass
class Decision:
    """What the model did for one decision, for the log."""

    outcome: str
    index: int | None = None
    detail: str = ""
    reason: str = ""
    tokens: int = 0
    started: float = field(default_factory=time.monotonic)

    @property
    def latency_ms(self) -> int:
        return int((time.monotonic() - self.started) * 1000)


@job("ai.decide")
def decide(match_id: int, seat: int, version: int) -> None:
    """Let the bound model choose the move of ``seat`` at ``version``; on any failure make
    the automatic move now. Does nothing for a decision already made or already logged."""
    binding = (
        MatchSeatModel.objects.select_related("model", "match_seat")
        .filter(match_seat__match_id=match_id, match_seat__seat=seat)
        .first()
    )
    if binding is None:
        return
    match = Match.objects.filter(pk=match_id).first()
    if (
        match is None
        or not match.is_running
        or match.version != version
        or match.awaited_seat != seat
        or AIDecisionLog.objects.filter(match=match, seat=seat, version=version).exists()
    ):
        return
    game = match.game()
    legal = game.legal_actions(seat)
    messages = messages_for(match, game, seat)
    # No transaction or lock is held during the call: the table stays free to move.
    decision = _ask(binding, messages, len(legal), match.deadline)
    if decision.tokens:
        MatchSeatModel.objects.filter(pk=binding.pk).update(
            tokens_used=F("tokens_used") + decision.tokens
        )
    action: Action | None  # None once the table moved on without it
    if decision.index is not None:
        action, cause = legal[decision.index], MatchAction.Cause.AI
    else:
        action, cause = services.automatic_move(game, seat), MatchAction.Cause.TIMEOUT
    try:
        services.submit(match_id, seat, action, version, cause=cause)
    except services.MatchError as error:
        # The deadline's own timeout (or anything else) moved the table on first.
        decision.detail = f"{decision.outcome}; not applied: {error.code}"[:300]
        decision.outcome = Outcome.STALE
        action = None
    _log(match, seat, version, binding.model, decision, action)


def messages_for(match: Match, game: Game, seat: int) -> list[dict[str, str]]:
    """The prompt of ``seat``: its own view, its legal moves and the seats' names, nothing
    else of the match (no signals, R128; no other seat's view)."""
    names = dict(match.seats.values_list("seat", "name"))
    # The prompt shows the view and the moves as the JSON they are.
    view = cast(dict[str, Any], game.view(seat))
    legal = cast(list[dict[str, Any]], game.legal_actions(seat))
    return prompt.build_messages(view, legal, names)


def _ask(
    binding: MatchSeatModel, messages: list[dict[str, str]], count: int, deadline: datetime | None
) -> Decision:
    """Call the model (with one retry after an unusable answer) within the time left."""
    model: AIModel = binding.model
    decision = Decision(outcome=Outcome.OK)
    if not model.enabled:
        decision.outcome = Outcome.DISABLED
        return decision
    give_up_at = decision.started + _seconds_left(model, deadline)
    for attempt in range(2):
        if binding.tokens_used + decision.tokens >= model.token_budget:
            decision.outcome, decision.detail = Outcome.BUDGET, "token budget used up"
            return decision
        try:
            reply = llm.chat(model, messages, timeout=give_up_at - time.monotonic())
        except llm.LLMError as error:
            decision.tokens += error.tokens
            decision.outcome, decision.detail = error.outcome, error.detail
            return decision
        decision.tokens += reply.tokens
        try:
            answer = prompt.parse_answer(reply.content, count)
        except prompt.BadAnswer as error:
            decision.outcome, decision.detail = error.kind, str(error)
            if attempt == 0:
                messages = [
                    *messages,
                    {"role": "assistant", "content": reply.content[:2000]},
                    prompt.retry_message(error, count),
                ]
            continue
        decision.index, decision.reason = answer.index, answer.reason[:2000]
        decision.outcome = Outcome.OK if attempt == 0 else Outcome.RETRY_OK
        decision.detail = "" if attempt == 0 else f"first answer: {decision.detail}"
        return decision
    return decision


def _seconds_left(model: AIModel, deadline: datetime | None) -> float:
    """The model's own timeout, cut to the table's deadline minus a margin (R118)."""
    limit = float(model.timeout_seconds)
    if deadline is not None:
        left = (deadline - services.clock()).total_seconds() - DEADLINE_MARGIN_SECONDS
        limit = min(limit, left)
    return limit


def _log(
    match: Match,
    seat: int,
    version: int,
    model: AIModel,
    decision: Decision,
    action: Action | None,
) -> None:
    AIDecisionLog.objects.create(
        match=match,
        seat=seat,
        version=version,
        model=model,
        outcome=decision.outcome,
        action=action,
        detail=decision.detail[:300],
        reason=decision.reason,
        tokens=decision.tokens,
        latency_ms=decision.latency_ms,
    )
    if decision.outcome not in (Outcome.OK, Outcome.RETRY_OK):
        logger.warning(
            "AI seat %s of match %s (model %s) at version %s: %s %s; automatic move",
            seat,
            match.pk,
            model.pk,
            version,
            decision.outcome,
            decision.detail,
        )


jobs.run_apart(jobs.job_name(decide), queue=QUEUE, threads=THREADS)

"""R128: bots and AI seats never receive signals, and signals never influence a decision.

The same match (same seed, same seats) is played twice by the server's bots on the job queue:
once in silence, once with the two human seats (handed to the bot, R121) sending claims, marks
and reactions between every move. Every decision, every view a bot was given and the final
state must be identical.
"""

from __future__ import annotations

import ast
import itertools
import json
from pathlib import Path
from typing import Any

import pytest

from game import services, table_signals
from game.models import Match, TableSignal
from game.services import SeatSpec
from machines import bots
from tests.game import conftest as table_fixtures
from tests.game.conftest import FakeClock, JobQueue, bot_seats, start

# The table tests' hand-driven clock and job queue, shared rather than copied.
clock = table_fixtures.clock
job_queue = table_fixtures.job_queue

pytestmark = pytest.mark.django_db(transaction=True)

ROOT = Path(__file__).resolve().parents[2]
SEED = 404
HUMANS = (0, 2)
REACTIONS = itertools.cycle(table_signals.catalogue.REACTIONS)
CLAIMS = itertools.cycle(table_signals.CLAIM_ROLES)


def seats() -> list[SeatSpec]:
    bots_ = bot_seats(3)
    return [
        SeatSpec(kind="human", name="Ana", guest_key="ana"),
        bots_[0],
        SeatSpec(kind="human", name="Ben", guest_key="ben"),
        bots_[1],
        bots_[2],
    ]


def chatter(match_id: int, step: int) -> int:
    """Every kind of signal the two humans may send now; returns how many were stored."""
    sent = 0
    for seat in HUMANS:
        kind = ("reaction", "claim", "mark")[(step + seat) % 3]
        value = next(REACTIONS) if kind == "reaction" else next(CLAIMS)
        target = (seat + 1 + step) % 5 if kind == "mark" else None
        try:
            table_signals.send_signal(match_id, seat, kind, value, target)
            sent += 1
        except table_signals.SignalRefused:
            pass  # too soon, out of the game, the Marshal claiming: all fine here
    return sent


def play(job_queue: JobQueue, clock: FakeClock, *, signals: bool) -> dict[str, Any]:
    """Play a whole match; returns its decisions, the bots' views and the final state."""
    match = start(seats(), seed=SEED, tempo="fast")
    for seat in HUMANS:
        services.hand_to_bot(match.pk, seat)
    for step in itertools.count():
        if Match.objects.get(pk=match.pk).status == Match.Status.FINISHED:
            break
        assert step < 5000, "the match did not finish"
        if signals:
            chatter(match.pk, step)
        job_queue.run_next()
    match.refresh_from_db()
    moves = list(match.actions.order_by("seq").values_list("seat", "action", "cause"))
    return {"moves": moves, "state": match.state, "match": match}


def test_r128_bot_decisions_are_identical_with_and_without_signals(
    job_queue: JobQueue, clock: FakeClock, monkeypatch: pytest.MonkeyPatch
):
    seen: list[list[str]] = []
    real_choose = bots.choose

    def spy(view, legal, memory, seed, *, strength):  # type: ignore[no-untyped-def]
        seen[-1].append(json.dumps([view, legal, seed, strength], sort_keys=True))
        return real_choose(view, legal, memory, seed=seed, strength=strength)

    monkeypatch.setattr(bots, "choose", spy)

    seen.append([])
    quiet = play(job_queue, clock, signals=False)
    seen.append([])
    noisy = play(job_queue, clock, signals=True)

    # The table's own notices (R121: "the bot plays this seat") are not signals anyone sent.
    sent = TableSignal.objects.filter(match=noisy["match"]).exclude(kind="notice")
    assert sent.count() >= 30, "the humans hardly signalled: the test proves little"
    assert {s.kind for s in sent} == {"claim", "mark", "reaction"}
    assert seen[0], "no bot decided anything"

    assert noisy["moves"] == quiet["moves"]
    assert noisy["state"] == quiet["state"]
    # Every view a bot saw, with its legal actions and seed, is the same in both matches ...
    assert seen[1] == seen[0]
    # ... and nothing of a signal is in any of them.
    for text in seen[1]:
        assert '"signal' not in text
        assert "claims:" not in text


def test_r128_engine_views_carry_nothing_of_signals(job_queue: JobQueue, clock: FakeClock):
    match = start(seats(), seed=SEED)
    before = {seat: match.game().view(seat) for seat in (None, *range(5))}
    table_signals.send_signal(match.pk, 2, "reaction", "deal")
    clock.advance(2)
    table_signals.send_signal(match.pk, 2, "mark", "bandit", target=1)
    match.refresh_from_db()
    after = {seat: match.game().view(seat) for seat in (None, *range(5))}
    assert after == before
    assert match.version == 0


def test_r128_bots_and_ai_code_never_reads_signals():
    """A guard on the code paths: the engine, the bots and the AI seats never import or name
    the signal service or the TableSignal rows (in code; a docstring may say so)."""
    for package in ("engine/bangarena_engine", "machines/bots", "machines/ai"):
        for source in (ROOT / package).rglob("*.py"):
            used: set[str] = set()
            for node in ast.walk(ast.parse(source.read_text())):
                if isinstance(node, ast.Import | ast.ImportFrom):
                    used.update(alias.name for alias in node.names)
                    used.add(getattr(node, "module", None) or "")
                elif isinstance(node, ast.Name):
                    used.add(node.id)
                elif isinstance(node, ast.Attribute):
                    used.add(node.attr)
            assert not {n for n in used if "table_signals" in n or n == "TableSignal"}, source

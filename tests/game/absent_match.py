"""A whole match with one human who never opens the table, on the hand-moved clock.

Shared by tests/game/test_absent_player_match.py (the issue's bar, for one seed) and
bench/absent_player.py (the figure over many seeds). The present humans answer every decision
after ``think`` seconds with the server bot's choice; the absent one never opens the table:
he is away from the start (Q48), each of his decisions gets min(8 s, move time) (R119), a
timeout finishes his whole turn (R120), and after two timeouts in a row the bot plays his seat
(R121). Jobs run in due order on the fake clock, as the embedded scheduler would run them.
"""

from __future__ import annotations

from dataclasses import dataclass

from game import services
from game.models import Match, MatchAction
from game.services import SeatSpec
from machines.bots import BotMemory, choose

ABSENT = 3


@dataclass(frozen=True)
class Outcome:
    seconds: float
    moves: int
    #: Seconds the table waited for the absent seat's decisions, in all.
    waited_on_absent: float
    timeouts_of_absent: int
    autopilot_after: float | None


def play(queue, clock, *, seed: int, think: float, move_time: int = 15) -> Outcome:  # noqa: ANN001
    """Play one match to its end; ``queue`` and ``clock`` are tests.game.conftest's JobQueue
    and FakeClock, installed as the services' seam and clock."""
    started = clock.now
    seats = [SeatSpec(kind="human", name=f"P{n}", guest_key=f"absent-{seed}-{n}") for n in range(4)]
    match = services.start_match(
        seats=seats,
        mode="classic",
        move_time=move_time,
        tempo="fast",
        seed=seed,
        present=[s for s in range(4) if s != ABSENT],
    )
    waited = 0.0
    autopilot_after = None
    for _ in range(20_000):
        current = Match.objects.get(pk=match.pk)
        if not current.is_running:
            break
        seat = current.awaited_seat
        player = current.seats.get(seat=seat)
        if autopilot_after is None and current.seats.get(seat=ABSENT).autopilot:
            autopilot_after = (clock.now - started).total_seconds()
        if seat != ABSENT and not player.autopilot:
            clock.advance(think)
            game = current.game()
            view = game.view(seat)
            memory = BotMemory.from_log(seat, view["log"])
            action = choose(view, game.legal_actions(seat), memory, seed=current.version)
            services.submit(match.pk, seat, action, current.version)
            continue
        before = clock.now
        queue.run_next()
        if seat == ABSENT:
            waited += (clock.now - before).total_seconds()
    else:
        raise AssertionError("the match did not finish")
    timeouts = MatchAction.objects.filter(match=match, seat=ABSENT, cause="timeout")
    return Outcome(
        seconds=(clock.now - started).total_seconds(),
        moves=Match.objects.get(pk=match.pk).version,
        waited_on_absent=waited,
        timeouts_of_absent=timeouts.count(),
        autopilot_after=autopilot_after,
    )

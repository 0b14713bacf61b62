"""Frames: the pending-decision stack.

A frame is a plain JSON-able dict with a ``kind``. Two sorts exist:

* decision frames (``play``, ``respond_hit``, ``duel``, ``raid``, ``discard``, ``draw_choice``,
  ``keep_two``, ``upgrade``, ``bounty``) await their ``seat``; each kind has a small handler
  giving its legal actions, applying one, naming the R120 default and its public part;
* procedure frames (``turn``, ``buckshot``, ``raid_seq``) are the remaining work of an effect;
  ``advance`` runs them until a decision is needed or the game is over.

Because the rest of an effect waits underneath as a frame, a decision in the middle of it
(a Buckshot target's response, an upgrade choice after an elimination) simply resumes it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from bangarena_engine.frames import attack, choices, play, turn
from bangarena_engine.state import State
from bangarena_engine.types import Action, DecisionFrame, PendingView


@dataclass(frozen=True)
class Handler[FrameT: DecisionFrame]:
    """What the engine needs of one kind of decision frame."""

    legal: Callable[[State, FrameT], list[Action]]
    apply: Callable[[State, FrameT, Action], None]
    default: Callable[[State, FrameT], Action]  # the R120 automatic move
    public: Callable[[State, FrameT], PendingView | None]  # ``view["pending"]``


#: Handlers by frame kind; a frame reaches only its own kind's handler (hence ``Any``).
HANDLERS: dict[str, Handler[Any]] = {
    "play": Handler(play.legal, play.apply, play.default, play.public),
    "respond_hit": Handler(attack.hit_legal, attack.hit_apply, attack.pass_default, attack.public),
    "duel": Handler(attack.round_legal, attack.duel_apply, attack.pass_default, attack.public),
    "raid": Handler(attack.round_legal, attack.raid_apply, attack.pass_default, attack.public),
    "discard": Handler(
        choices.discard_legal,
        choices.discard_apply,
        choices.discard_default,
        choices.discard_public,
    ),
    "draw_choice": Handler(
        choices.draw_legal, choices.draw_apply, choices.draw_default, choices.draw_public
    ),
    "keep_two": Handler(
        choices.keep_legal, choices.keep_apply, choices.keep_default, choices.keep_public
    ),
    "upgrade": Handler(
        choices.upgrade_legal,
        choices.upgrade_apply,
        choices.upgrade_default,
        choices.upgrade_public,
    ),
    "bounty": Handler(
        choices.bounty_legal,
        choices.bounty_apply,
        choices.bounty_default,
        choices.bounty_public,
    ),
}

#: kind -> step(state, frame) -> True when the frame now awaits a decision.
PROCEDURES: dict[str, Callable[[State, Any], bool]] = {
    "turn": turn.step,
    "buckshot": attack.buckshot_step,
    "raid_seq": attack.raid_seq_step,
    "discard": choices.discard_check,
    "bounty": choices.bounty_check,
}


def advance(state: State) -> None:
    """Run procedure frames until a decision is awaited or the game is over."""
    stack = state.stack
    procedures = PROCEDURES
    while state.result is None and stack:
        frame = stack[-1]
        step = procedures.get(frame["kind"])
        if step is None or step(state, frame):
            return

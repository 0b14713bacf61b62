"""A real agent session for the "For AI developers" page, played out on the engine.

The frames are the protocol's (/work/team/agent-protocol.md) around a seeded game: the
observations and legal actions are exactly what the server would send that seat, so the page
can never show a frame the server would not.
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from bangarena_engine import Game, GameConfig
from machines.agents.protocol import PROTOCOL_VERSION

SEED = 11
SEATS = 4
AGENT_SEAT = 2
MATCH_ID = 17
MOVE_TIME = 30
MAX_STEPS = 5000


@dataclass(frozen=True)
class Frame:
    """One WebSocket frame: who sent it ("client"/"server") and its JSON, pretty-printed."""

    sender: str
    type: str
    text: str


def _frame(sender: str, message: dict) -> Frame:
    return Frame(sender, message["type"], json.dumps(message, indent=2, ensure_ascii=False))


def prefer_shot[A: Mapping[str, Any]](legal: Sequence[A]) -> A:
    """The example agent's policy: a Shot if one is legal, else the first legal action."""
    for action in legal:
        if action["type"] == "play" and "target" in action and "target_card" not in action:
            return action
    return legal[0]


@cache
def example_session() -> tuple[Frame, ...]:
    """hello, welcome, the agent's first decide/act/accepted, and the final result."""
    game = Game.new(GameConfig(seats=SEATS, mode="classic", seed=SEED))
    others = random.Random(SEED)
    frames = [
        _frame("client", {"type": "hello", "token": "bga_" + "x" * 32}),
        _frame(
            "server",
            {
                "type": "welcome",
                "protocol": PROTOCOL_VERSION,
                "match": MATCH_ID,
                "seat": AGENT_SEAT,
                "name": "Example agent",
                "label": f"AI {AGENT_SEAT + 1}",
                "move_time": MOVE_TIME,
            },
        ),
    ]
    version = 0
    shown = False
    for _ in range(MAX_STEPS):
        if game.result is not None:
            break
        [seat] = game.awaiting()
        legal = game.legal_actions(seat)
        if seat != AGENT_SEAT:
            game.apply(seat, others.choice(legal))
            version += 1
            continue
        action = prefer_shot(legal)
        if not shown:
            frames.append(
                _frame(
                    "server",
                    {
                        "type": "decide",
                        "match": MATCH_ID,
                        "version": version,
                        "seat": seat,
                        "seconds_left": float(MOVE_TIME),
                        "deadline": "2026-11-29T18:30:00+00:00",
                        "observation": game.view(seat),
                        "legal_actions": legal,
                    },
                )
            )
            frames.append(_frame("client", {"type": "act", "version": version, "action": action}))
            frames.append(_frame("server", {"type": "accepted", "version": version + 1}))
            shown = True
        game.apply(seat, action)
        version += 1
    result = game.result
    assert result is not None, "the example game must finish"
    final = game.view(AGENT_SEAT)
    final["log"] = final["log"][-3:]  # the page shows the tail; the server sends the whole log
    frames.append(
        _frame(
            "server",
            {
                "type": "result",
                "match": MATCH_ID,
                "result": result,
                "won": AGENT_SEAT in result["winners"],
                "observation": final,
            },
        )
    )
    return tuple(frames)

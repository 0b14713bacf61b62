"""How a match's game is kept in its row: a snapshot of the whole game plus the moves since.

The whole game (``Game.to_dict``) holds the event log, so it grows with every move: about 5 KB
at the deal and 30-40 KB by the end of a 5-seat match. Written on every move, what a match
stored grew with the square of its length (issue 22). Here a move appends only its own action
to the *tail*; the whole game is written every ``SNAPSHOT_EVERY`` moves and at the end, and
loading replays the tail on the snapshot (the engine is deterministic: the same actions on the
same game give the same game byte for byte). Django-free, so the benches can count the bytes.
"""

from __future__ import annotations

import json
from typing import Any

from bangarena_engine import Game

#: The whole game is written every this many moves (and when it ends). Loading replays at most
#: this many moves: 32 cost about 0.3 ms, against ~1 ms to write a late-game snapshot.
SNAPSHOT_EVERY = 32

#: One move since the snapshot: ``[seat, action]``.
Tail = list[list[Any]]


def restore(state: dict[str, Any], tail: Tail) -> Game:
    """The game the snapshot ``state`` and its ``tail`` stand for."""
    game = Game.from_dict(state)
    for seat, action in tail:
        game.apply(seat, action)
    return game


def record(
    game: Game, tail: Tail, seat: int, action: dict[str, Any]
) -> tuple[dict[str, Any] | None, Tail]:
    """What to store after ``seat`` made ``action`` on ``game`` (already applied): a new
    snapshot and an empty tail once the tail is full or the game is over, else no snapshot
    (None: keep the old one) and the tail with this move appended."""
    if game.result is not None or len(tail) + 1 >= SNAPSHOT_EVERY:
        return game.to_dict(), []
    return None, [*tail, [seat, action]]


def bytes_written(snapshot: dict[str, Any] | None, tail: Tail, action: dict[str, Any]) -> int:
    """The JSON a move writes to the database: its action row, the tail, and the snapshot when
    one is due (for the benches; the other columns of a move are a few fixed-size values)."""
    written = len(json.dumps(action)) + len(json.dumps(tail))
    if snapshot is not None:
        written += len(json.dumps(snapshot))
    return written

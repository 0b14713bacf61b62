"""A finished match's positions, rebuilt with the engine from config + action log (issue 18).

Position ``n`` is the game after the first ``n`` actions of the stored log (0: the deal and
the Marshal's opening, up to the first decision). Nothing is stored besides the log: the
timeline replays it once, notes where each turn and round begins and how long the public log
is at every position, and keeps the engine state every ``CHECKPOINT_EVERY`` actions in memory
so that any position is at most that many ``apply`` calls away. Pure Python (no Django).
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Sequence
from dataclasses import dataclass, field

from bangarena_engine import Game, GameConfig
from bangarena_engine.types import Event

#: Actions between two kept engine states. A state is ~0.3 ms to restore and an action
#: ~0.01 ms to apply on this machine, so 50 keeps a position under 1 ms (bench/replay.py).
CHECKPOINT_EVERY = 50


@dataclass(frozen=True)
class Move:
    """One stored action: the seat that took it and the action as legal_actions listed it."""

    seat: int
    action: dict


@dataclass
class Timeline:
    """Every position of one match and the marks the viewer steps by."""

    config: GameConfig
    moves: tuple[Move, ...]
    #: Length of the public log at each position (index 0..len(moves)).
    log_end: list[int] = field(default_factory=list)
    #: The public log of the whole match (the final game's ``view(None)["log"]``).
    events: list[Event] = field(default_factory=list)
    #: The positions where a turn begins (its "turn" event was emitted), oldest first.
    turn_starts: list[int] = field(default_factory=list)
    #: The seat and round of each turn in ``turn_starts``.
    turn_seats: list[int] = field(default_factory=list)
    turn_rounds: list[int] = field(default_factory=list)
    #: The positions where a round begins.
    round_starts: list[int] = field(default_factory=list)
    _checkpoints: dict[int, dict] = field(default_factory=dict, repr=False)
    #: What callers derive once per match and keep with it (the log's sentences per language).
    memo: dict = field(default_factory=dict, repr=False)

    @classmethod
    def build(
        cls, config: GameConfig, moves: Sequence[Move], *, every: int = CHECKPOINT_EVERY
    ) -> Timeline:
        """Replay the whole log once. Raises ``IllegalAction`` if the log does not replay."""
        timeline = cls(config=config, moves=tuple(moves))
        game = Game.new(config)
        timeline._checkpoints[0] = game.to_dict()
        opening = game.view(None)["log"]
        events = list(opening)
        timeline.log_end.append(len(events))
        for n, move in enumerate(timeline.moves, start=1):
            events.extend(game.apply(move.seat, move.action))
            timeline.log_end.append(len(events))
            if n % every == 0:
                timeline._checkpoints[n] = game.to_dict()
        timeline.events = events
        for index, event in enumerate(events):
            if event["type"] == "turn":
                timeline.turn_starts.append(timeline.position_of_event(index))
                timeline.turn_seats.append(event["seat"])
                timeline.turn_rounds.append(event["round"])
            elif event["type"] == "round":
                timeline.round_starts.append(timeline.position_of_event(index))
        return timeline

    # --- positions -------------------------------------------------------------------------

    @property
    def last(self) -> int:
        """The final position (the game over)."""
        return len(self.moves)

    def clamp(self, at: int) -> int:
        return max(0, min(self.last, at))

    def game_at(self, at: int) -> Game:
        """The game after the first ``at`` actions: a fresh Game the caller may keep."""
        at = self.clamp(at)
        start = max(n for n in self._checkpoints if n <= at)
        game = Game.from_dict(self._checkpoints[start])
        for move in self.moves[start:at]:
            game.apply(move.seat, move.action)
        return game

    def position_of_event(self, index: int) -> int:
        """The first position whose public log holds event ``index``."""
        return bisect_right(self.log_end, index)

    def position_of_log_length(self, length: int) -> int:
        """The first position whose public log is at least ``length`` events long (where a
        signal sent after that many events first shows)."""
        return min(self.last, bisect_left(self.log_end, length))

    def new_events(self, at: int) -> range:
        """The public events that position ``at`` added (the deal's events at 0)."""
        at = self.clamp(at)
        return range(self.log_end[at - 1] if at else 0, self.log_end[at])

    # --- turns and rounds ------------------------------------------------------------------

    def turn_index(self, at: int) -> int:
        """0-based index of the turn position ``at`` is in (-1 before the first turn)."""
        return bisect_right(self.turn_starts, self.clamp(at)) - 1

    def round_at(self, at: int) -> int:
        index = self.turn_index(at)
        return self.turn_rounds[index] if index >= 0 else self.config.start_round

    def turn_count(self) -> int:
        return len(self.turn_starts)

    @staticmethod
    def _after(marks: list[int], at: int, last: int) -> int:
        index = bisect_right(marks, at)
        return marks[index] if index < len(marks) else last

    @staticmethod
    def _before(marks: list[int], at: int) -> int:
        index = bisect_left(marks, at) - 1
        return marks[index] if index >= 0 else 0

    def next_turn(self, at: int) -> int:
        """The first turn start after ``at`` (the end if none)."""
        return self._after(self.turn_starts, at, self.last)

    def previous_turn(self, at: int) -> int:
        """The last turn start before ``at`` (the deal if none)."""
        return self._before(self.turn_starts, at)

    def next_round(self, at: int) -> int:
        return self._after(self.round_starts, at, self.last)

    def previous_round(self, at: int) -> int:
        return self._before(self.round_starts, at)

    def turn_start(self, number: int) -> int:
        """Where turn ``number`` (1-based, as the viewer lists them) begins."""
        if not self.turn_starts:
            return 0
        return self.turn_starts[max(1, min(number, len(self.turn_starts))) - 1]

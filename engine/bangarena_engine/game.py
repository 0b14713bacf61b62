"""Game: the facade every caller uses (live table, bots, AI seats, replays, tests).

It validates each action against ``legal_actions`` before anything changes, so an illegal
action leaves the state exactly as it was; then the frame on top of the stack applies it and
``advance`` runs the game on to the next decision.
"""

from __future__ import annotations

from typing import Any

from bangarena_engine.config import GameConfig
from bangarena_engine.errors import IllegalAction
from bangarena_engine.frames import HANDLERS, advance
from bangarena_engine.serialize import state_from_dict, state_to_dict
from bangarena_engine.setup import new_state
from bangarena_engine.state import State, copy_event
from bangarena_engine.types import Action, DecisionFrame, Event, GameResult, View
from bangarena_engine.views import build_view


def normalise(action: object) -> Action | None:
    """The action in the form legal_actions lists it, or None if it cannot be legal.

    Key order never matters (dict equality); a card pair and a ``cards`` list are compared
    sorted; only exact ``str`` and ``int`` values are accepted, so ``True`` (which equals 1)
    never passes for seat 1.
    """
    if not isinstance(action, dict):
        return None
    out: dict[str, Any] = {}
    for key, value in action.items():
        kind = type(value)
        if kind is str or kind is int:
            out[key] = value
        elif (
            key == "cards"
            and (kind is list or kind is tuple)
            and all(type(v) is str for v in value)
        ):
            out[key] = sorted(value)
        else:
            return None
    if "card2" in out:
        first, second = out.get("card"), out["card2"]
        if type(first) is not str or type(second) is not str:
            return None
        if second < first:
            out["card"], out["card2"] = second, first
    return out  # type: ignore[return-value]  # checked against legal_actions by the caller


class Game:
    """One game of BangArena. Create with ``Game.new(config)`` or ``Game.from_dict(data)``."""

    __slots__ = ("_state", "_cache")

    def __init__(self, state: State) -> None:
        self._state = state
        self._cache: tuple[int, list[Action]] | None = None

    # --- construction -----------------------------------------------------------------

    @classmethod
    def new(cls, config: GameConfig) -> Game:
        """Deal and play the Marshal's opening up to the first decision (R20-R23)."""
        state = new_state(config)
        advance(state)
        return cls(state)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Game:
        """The game ``to_dict`` stored, exactly as it was."""
        return cls(state_from_dict(data))

    def to_dict(self) -> dict[str, Any]:
        """The whole game as plain JSON data (config, state, generator position)."""
        return state_to_dict(self._state)

    # --- queries ----------------------------------------------------------------------

    @property
    def config(self) -> GameConfig:
        return self._state.config

    @property
    def result(self) -> GameResult | None:
        result = self._state.result
        if result is None:
            return None
        return {"winners": list(result["winners"]), "team": result["team"]}

    @property
    def turn(self) -> int:
        """The seat whose turn it is (public: every view shows it)."""
        return self._state.turn

    @property
    def log_length(self) -> int:
        """How many events the public log holds (what ``len(view["log"])`` would say, without
        building a view)."""
        return len(self._state.log)

    def awaiting(self) -> list[int]:
        state = self._state
        if state.result is not None or not state.stack:
            return []
        top: DecisionFrame = state.stack[-1]  # type: ignore[assignment]  # procedures have run
        return [top["seat"]]

    def _legal(self, seat: int) -> list[Action]:
        """Legal actions, cached until the next apply (the only way the state changes)."""
        cache = self._cache
        if cache is not None and cache[0] == seat:
            return cache[1]
        state = self._state
        if state.result is not None or not state.stack or state.stack[-1].get("seat") != seat:
            actions: list[Action] = []
        else:
            frame = state.stack[-1]
            actions = HANDLERS[frame["kind"]].legal(state, frame)
            player = state.players[seat]
            character = player.character
            if character.has_ability and character.can_use_ability(state, player):  # R111
                actions.extend(character.ability_actions(player))
        self._cache = (seat, actions)
        return actions

    def legal_actions(self, seat: int) -> list[Action]:
        """Every complete action the seat may take now; [] for a seat that is not awaited."""
        return [
            {**action, "cards": list(action["cards"])} if "cards" in action else action.copy()
            for action in self._legal(seat)
        ]  # copies: a caller changing them must not change what apply accepts

    def default_action(self, seat: int) -> Action | None:
        """R120's automatic move for the awaited seat (None for a seat not awaited)."""
        state = self._state
        if seat not in self.awaiting():
            return None
        frame = state.stack[-1]
        return HANDLERS[frame["kind"]].default(state, frame)

    def view(self, seat: int | None) -> View:
        """All that ``seat`` may know; ``view(None)`` is the public (spectator) view."""
        if seat is not None and not (
            isinstance(seat, int) and 0 <= seat < len(self._state.players)
        ):
            raise ValueError(f"no seat {seat!r} at this table")
        return build_view(self._state, seat, self.awaiting())

    # --- the one way to change a game ----------------------------------------------------

    def apply(self, seat: int, action: object) -> list[Event]:
        """Apply one legal action and run on to the next decision; returns public events.

        ``action`` may be anything a client sent: whatever is not one of
        ``legal_actions(seat)`` raises IllegalAction and changes nothing."""
        legal = normalise(action)
        if legal is None or legal not in self._legal(seat):
            raise IllegalAction(self._why_illegal(seat, action))
        state = self._state
        self._cache = None
        start = len(state.log)
        if legal["type"] == "ability":
            player = state.players[seat]
            player.character.use_ability(state, player, legal)
        else:
            frame = state.stack[-1]
            HANDLERS[frame["kind"]].apply(state, frame, legal)
        advance(state)
        return [copy_event(event) for event in state.log[start:]]

    def _why_illegal(self, seat: int, action: object) -> str:
        """A readable reason; only computed once the action is known to be illegal."""
        state = self._state
        if state.result is not None:
            return "the game is over"
        if seat not in self.awaiting():
            return f"not your decision (awaiting seat {self.awaiting()})"
        if not isinstance(action, dict):
            return "an action must be a dict"
        if normalise(action) is None:
            return "malformed action: values must be strings, seat numbers or lists of card ids"
        actions = self._legal(seat)
        kind = action.get("type")
        types = sorted({a["type"] for a in actions})
        if kind not in types:
            return f"action type {kind!r} is not possible now (possible: {', '.join(types)})"
        player = state.players[seat]
        hand_ids = {c.id for c in player.hand}
        frame = state.stack[-1]
        for key in ("card", "card2"):
            card = action.get(key)
            looked_at = frame["cards"] if frame["kind"] == "keep_two" else ()
            if card is not None and card not in hand_ids and card not in looked_at:
                return "card not in hand"
        for card in action.get("cards") or ():
            if card not in hand_ids:
                return "card not in hand"
        target = action.get("target")
        if target is not None:
            if (
                not isinstance(target, int)
                or isinstance(target, bool)
                or not (0 <= target < len(state.players))
            ):
                return f"no seat {target!r}"
            if target == seat:
                return "you cannot target yourself"
            if not state.players[target].alive:
                return "target is not alive"
            same_card = [a for a in actions if a.get("card") == action.get("card")]
            if (
                kind == "play"
                and same_card
                and not any(a.get("target") == target for a in same_card)
            ):
                return "target out of range or not a valid target for this card"
        if (
            kind == "play"
            and action.get("card") in hand_ids
            and not any(a.get("card") == action.get("card") for a in actions)
        ):
            return "this card cannot be played now"
        return "action not legal here"

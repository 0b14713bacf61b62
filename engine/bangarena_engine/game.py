"""Game: the facade every caller uses (live table, bots, AI seats, replays, tests).

It validates each action against ``legal_actions`` before anything changes, so an illegal
action leaves the state exactly as it was; then the frame on top of the stack applies it and
``advance`` runs the game on to the next decision.
"""

from __future__ import annotations

from bangarena_engine.config import GameConfig
from bangarena_engine.errors import IllegalAction
from bangarena_engine.frames import HANDLERS, advance
from bangarena_engine.serialize import state_from_dict, state_to_dict
from bangarena_engine.setup import new_state
from bangarena_engine.state import State, copy_event
from bangarena_engine.views import build_view


def normalise(action) -> dict | None:
    """The action in the form legal_actions lists it, or None if it cannot be legal.

    Key order never matters (dict equality); a card pair and a ``cards`` list are compared
    sorted; only exact ``str`` and ``int`` values are accepted, so ``True`` (which equals 1)
    never passes for seat 1.
    """
    if not isinstance(action, dict):
        return None
    out = {}
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
    return out


class Game:
    """One game of BangArena. Create with ``Game.new(config)`` or ``Game.from_dict(data)``."""

    __slots__ = ("_state", "_cache")

    def __init__(self, state: State) -> None:
        self._state = state
        self._cache: tuple[int, list[dict]] | None = None

    # --- construction -----------------------------------------------------------------

    @classmethod
    def new(cls, config: GameConfig) -> Game:
        """Deal and play the Marshal's opening up to the first decision (R20-R23)."""
        state = new_state(config)
        advance(state)
        return cls(state)

    @classmethod
    def from_dict(cls, data: dict) -> Game:
        return cls(state_from_dict(data))

    def to_dict(self) -> dict:
        return state_to_dict(self._state)

    # --- queries ----------------------------------------------------------------------

    @property
    def config(self) -> GameConfig:
        return self._state.config

    @property
    def result(self) -> dict | None:
        r = self._state.result
        return None if r is None else {"winners": list(r["winners"]), "team": r["team"]}

    def awaiting(self) -> list[int]:
        s = self._state
        if s.result is not None or not s.stack:
            return []
        return [s.stack[-1]["seat"]]

    def _legal(self, seat: int) -> list[dict]:
        """Legal actions, cached until the next apply (the only way the state changes)."""
        cache = self._cache
        if cache is not None and cache[0] == seat:
            return cache[1]
        s = self._state
        if s.result is not None or not s.stack or s.stack[-1].get("seat") != seat:
            actions: list[dict] = []
        else:
            frame = s.stack[-1]
            actions = HANDLERS[frame["kind"]].legal(s, frame)
            player = s.players[seat]
            if player.character.can_use_ability(s, player):  # R111: at any decision of his
                actions.extend(player.character.ability_actions(player))
        self._cache = (seat, actions)
        return actions

    def legal_actions(self, seat: int) -> list[dict]:
        """Every complete action the seat may take now; [] for a seat that is not awaited."""
        return [
            {**a, "cards": list(a["cards"])} if "cards" in a else dict(a) for a in self._legal(seat)
        ]  # copies: a caller changing them must not change what apply accepts

    def default_action(self, seat: int) -> dict | None:
        """R120's automatic move for the awaited seat (None for a seat not awaited)."""
        s = self._state
        if seat not in self.awaiting():
            return None
        frame = s.stack[-1]
        return HANDLERS[frame["kind"]].default(s, frame)

    def view(self, seat: int | None) -> dict:
        """All that ``seat`` may know; ``view(None)`` is the public (spectator) view."""
        if seat is not None and not (
            isinstance(seat, int) and 0 <= seat < len(self._state.players)
        ):
            raise ValueError(f"no seat {seat!r} at this table")
        return build_view(self._state, seat, self.awaiting())

    # --- the one way to change a game ----------------------------------------------------

    def apply(self, seat: int, action: dict) -> list[dict]:
        """Apply one legal action and run on to the next decision; returns public events."""
        legal = normalise(action)
        if legal is None or legal not in self._legal(seat):
            raise IllegalAction(self._why_illegal(seat, action))
        s = self._state
        self._cache = None
        start = len(s.log)
        if legal["type"] == "ability":
            player = s.players[seat]
            player.character.use_ability(s, player, legal)
        else:
            frame = s.stack[-1]
            HANDLERS[frame["kind"]].apply(s, frame, legal)
        advance(s)
        return [copy_event(e) for e in s.log[start:]]

    def _why_illegal(self, seat: int, action) -> str:
        """A readable reason; only computed once the action is known to be illegal."""
        s = self._state
        if s.result is not None:
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
        p = s.players[seat]
        hand_ids = {c.id for c in p.hand}
        frame = s.stack[-1]
        for key in ("card", "card2"):
            card = action.get(key)
            if card is not None and card not in hand_ids and card not in frame.get("cards", ()):
                return "card not in hand"
        for card in action.get("cards") or ():
            if card not in hand_ids:
                return "card not in hand"
        target = action.get("target")
        if target is not None:
            if (
                not isinstance(target, int)
                or isinstance(target, bool)
                or not (0 <= target < len(s.players))
            ):
                return f"no seat {target!r}"
            if target == seat:
                return "you cannot target yourself"
            if not s.players[target].alive:
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

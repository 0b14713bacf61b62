"""Plain data for a game in progress: cards, players, piles and the pending-decision stack.

Nothing here knows the rules; the rule modules read and change these objects in place (no
copies per action, which keeps random play fast).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from bangarena_engine.types import CardView, Event, Frame, GameResult, LastCheck, PublicCard

if TYPE_CHECKING:  # types only: the rule modules import this one, and the roster imports them
    from bangarena_engine.characters import Character
    from bangarena_engine.config import GameConfig
    from bangarena_engine.rng import Chance


def copy_json[JsonT](value: JsonT) -> JsonT:
    """A deep copy of plain JSON data (much cheaper than copy.deepcopy)."""
    return _copy_json(value)  # type: ignore[no-any-return]  # the same shape, copied


def _copy_json(value: Any) -> Any:
    kind = type(value)
    if kind is dict:
        return {key: _copy_json(item) for key, item in value.items()}
    if kind is list:
        return [_copy_json(item) for item in value]
    return value


def copy_event(event: Event) -> Event:
    """Copy of one event; events nest at most a list of flat card dicts (hot path of apply)."""
    # Annotations, not typing.cast: cast is a function call, and this runs for every event.
    fields: Any = event
    out: Any = dict(fields)
    for key, value in fields.items():
        kind = type(value)
        if kind is dict:
            out[key] = dict(value)
        elif kind is list:
            out[key] = [dict(item) if type(item) is dict else item for item in value]
    return out  # type: ignore[no-any-return]  # a copy of an Event is that Event


@dataclass(slots=True)
class Card:
    """One physical card. ``id`` is opaque: drawn from a stream of its own (bangarena_engine.rng),
    it says nothing about the card's kind, its place in the deck or any other id."""

    id: str
    kind: str
    suit: str
    rank: str

    def public(self) -> PublicCard:
        """How a face-up card appears in events: what it is, never which physical id."""
        return {"kind": self.kind, "suit": self.suit, "rank": self.rank}

    def full(self) -> CardView:
        """How a card appears in a view where the viewer may act on it."""
        return {"id": self.id, "kind": self.kind, "suit": self.suit, "rank": self.rank}


@dataclass(slots=True)
class Player:
    seat: int
    role: str
    character: Character  # the rules object from the roster; ``character.id`` names it
    hp: int
    max_hp: int
    hand: list[Card] = field(default_factory=list)  # in the order received (R120 discard)
    in_play: list[Card] = field(default_factory=list)  # blue cards in front of the player
    weapon: Card | None = None
    alive: bool = True
    upgrades: list[str] = field(default_factory=list)  # one per Glory star, in order gained

    def has_in_play(self, kind: str) -> bool:
        return any(c.kind == kind for c in self.in_play)


@dataclass(slots=True)
class State:
    """The whole game. ``stack`` holds frames (plain JSON-able dicts); stack[0] is the turn."""

    config: GameConfig
    mode: str
    players: list[Player]
    deck: list[Card]  # top of the deck is the END of the list (pop() draws)
    discard: list[Card]  # top of the pile is the END of the list
    rng: Chance
    round: int = 0
    turn: int = 0
    shots: int = 0  # Shots played this turn (R49)
    high_noon: bool = False
    stack: list[Frame] = field(default_factory=list)
    log: list[Event] = field(default_factory=list)
    result: GameResult | None = None
    deputy_candidates: list[int] | None = None
    started_with_deputy: bool = False
    last_check: LastCheck | None = None

    @property
    def arena(self) -> bool:
        """True in the house-rule modes (classic, partners, double_agent), R117."""
        return self.mode != "old_classic"

    def emit(self, event: Event) -> None:
        """Record a public event; apply() returns the events recorded during the action.

        Once emitted an event is immutable: nothing in the engine changes it again, and every
        view, ``to_dict`` and ``from_dict`` share the same event objects instead of copying the
        whole log each time (issue 22). Readers of ``view()["log"]`` must not change its events
        either (``apply`` returns copies for callers that want to own them)."""
        self.log.append(event)

    def alive_seats(self) -> list[int]:
        return [player.seat for player in self.players if player.alive]

    def alive_count(self) -> int:
        return sum(1 for player in self.players if player.alive)

    def next_alive(self, seat: int) -> int:
        """Next alive seat clockwise after ``seat`` (R2); ``seat`` itself may be dead."""
        n = len(self.players)
        for step in range(1, n + 1):
            other = (seat + step) % n
            if self.players[other].alive:
                return other
        return seat

    def clockwise_others(self, seat: int) -> list[int]:
        """Every other alive seat, clockwise starting after ``seat`` (R55, R60)."""
        n = len(self.players)
        return [(seat + step) % n for step in range(1, n) if self.players[(seat + step) % n].alive]

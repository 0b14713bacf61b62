"""Helpers for stacked engine scenarios: build a game from knobs and act by card kind.

Tests talk to the engine only through its public contract (Game, GameConfig, IllegalAction),
finding card ids in the acting seat's own view, exactly as a client would.
"""

from __future__ import annotations

from typing import Any

from game.engine import Game, GameConfig

# Default roles by seat count: seat 0 is the Marshal, so the game opens on seat 0's turn.
DEFAULT_ROLES: dict[int, list[str]] = {
    4: ["marshal", "bandit", "bandit", "loner"],
    5: ["marshal", "deputy", "bandit", "bandit", "loner"],
    6: ["marshal", "deputy", "bandit", "bandit", "bandit", "loner"],
    7: ["marshal", "deputy", "bandit", "bandit", "bandit", "deputy", "loner"],
    8: ["marshal", "deputy", "bandit", "bandit", "bandit", "deputy", "loner", "loner"],
}

# Characters whose abilities rarely interfere with a scenario (none of them changes distance,
# the draw step or the shot rules). A test about any of these passes `characters` explicitly.
QUIET_CHARACTERS = [
    "lucky",  # checks are made twice
    "scavenger",  # takes an eliminated player's cards
    "bonesetter",  # 5 HP; offers a heal ability only when he has 2+ cards and is hurt
    "empty_hands",  # draws when the hand empties
    "toll_collector",  # 3 HP; steals when damaged by a player
    "stone_leopard",  # 3 HP; draws after damage
    "red_suit",  # may draw a third card in the draw step
    "mad_dog",  # no shot limit, built-in scope (only in 8-seat games by default)
]


def new_game(seats: int = 5, mode: str = "classic", seed: int = 1, **knobs: Any) -> Game:
    """A game with seat 0 as Marshal and quiet characters unless the test says otherwise."""
    knobs.setdefault("roles", list(DEFAULT_ROLES[seats]))
    knobs.setdefault("characters", QUIET_CHARACTERS[:seats])
    return Game.new(GameConfig(seats=seats, mode=mode, seed=seed, **knobs))


def hand(game: Game, seat: int) -> list[dict[str, Any]]:
    """The seat's own hand as it sees it."""
    return game.view(seat)["hand"]


def hand_kinds(game: Game, seat: int) -> list[str]:
    return sorted(card["kind"] for card in hand(game, seat))


def card_in_hand(game: Game, seat: int, kind: str, nth: int = 0) -> str:
    """Id of the nth card of this kind in the seat's hand."""
    ids = [card["id"] for card in hand(game, seat) if card["kind"] == kind]
    if len(ids) <= nth:
        raise AssertionError(f"seat {seat} holds no {kind} #{nth}: {hand_kinds(game, seat)}")
    return ids[nth]


def player(game: Game, seat: int, viewer: int | None = None) -> dict[str, Any]:
    """The public row of `seat` as seen by `viewer` (spectator by default)."""
    return game.view(viewer)["players"][seat]


def in_play_card(game: Game, seat: int, kind: str) -> str:
    """Id of a blue card or weapon of this kind in front of the seat."""
    row = player(game, seat)
    cards = list(row["in_play"]) + ([row["weapon"]] if row["weapon"] else [])
    for card in cards:
        if card["kind"] == kind:
            return card["id"]
    raise AssertionError(f"seat {seat} has no {kind} in play")


def legal(game: Game, seat: int, **fields: Any) -> list[dict[str, Any]]:
    """Legal actions of the seat whose fields include all the given ones."""
    return [
        action
        for action in game.legal_actions(seat)
        if all(action.get(key) == value for key, value in fields.items())
    ]


def act(game: Game, seat: int, **fields: Any) -> list[dict[str, Any]]:
    """Apply the single legal action matching the fields (fails if none or several match)."""
    matches = legal(game, seat, **fields)
    if len(matches) != 1:
        raise AssertionError(
            f"expected one legal action matching {fields} for seat {seat}, found {matches}; "
            f"legal: {game.legal_actions(seat)}"
        )
    return game.apply(seat, matches[0])


def play(
    game: Game,
    seat: int,
    kind: str,
    target: int | None = None,
    target_card: str | None = None,
) -> list[dict[str, Any]]:
    """Play the first card of `kind` from the seat's hand, with its target and target card."""
    fields: dict[str, Any] = {"type": "play", "card": card_in_hand(game, seat, kind)}
    if target is not None:
        fields["target"] = target
    if target_card is not None:
        fields["target_card"] = target_card
    return act(game, seat, **fields)


def respond(game: Game, seat: int, kind: str) -> list[dict[str, Any]]:
    """Respond with the first card of `kind` in hand."""
    return act(game, seat, type="respond", card=card_in_hand(game, seat, kind))


def take(game: Game, seat: int) -> list[dict[str, Any]]:
    """Decline to respond: take the hit, lose the duel round."""
    return act(game, seat, type="pass")


def end_turn(game: Game, seat: int) -> list[dict[str, Any]]:
    return act(game, seat, type="end_turn")


def can_play(game: Game, seat: int, kind: str, **fields: Any) -> bool:
    """Whether any legal play of a card of this kind (with these fields) exists."""
    ids = {card["id"] for card in hand(game, seat) if card["kind"] == kind}
    return any(a["card"] in ids for a in legal(game, seat, type="play", **fields))


def events_of(events: list[dict[str, Any]], kind: str) -> list[dict[str, Any]]:
    return [event for event in events if event["type"] == kind]

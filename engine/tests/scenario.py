"""Helpers for stacked engine scenarios: build a game from knobs and act by card kind.

Tests talk to the engine only through its public contract (Game, GameConfig, IllegalAction),
finding card ids in the acting seat's own view, exactly as a client would.
"""

from __future__ import annotations

from typing import Any

from bangarena_engine import Game, GameConfig

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


# --- Stacked scenarios with a calm cast -----------------------------------------------------

# A cast whose abilities stay out of the way of rule-by-rule card tests: nobody here changes the
# draw step, and only `mad_dog` (seat 4, built-in Scope) changes a distance — and then only the
# distances *he* sees. Damage to toll_collector/stone_leopard (seats 5, 6) has side effects.
CALM_CAST = [
    "scavenger",  # seat 0: takes an eliminated player's cards
    "bonesetter",  # seat 1: 5 HP; heal ability only when hurt with 2+ cards
    "double_barrel",  # seat 2: matters only for his own Shots at distance 1
    "lucky",  # seat 3: matters only for his own checks
    "mad_dog",  # seat 4: built-in Scope, no Shot limit in his own turn
    "toll_collector",  # seat 5: 3 HP
    "stone_leopard",  # seat 6: 3 HP
    "iron_brow",  # seat 7: built-in Cover
]

# Arena HP of every character (R1.4); old_classic differs only for stone_leopard (R117.8).
CHARACTER_HP = {
    "stone_leopard": 3,
    "red_suit": 4,
    "two_face": 4,
    "toll_collector": 3,
    "grip": 4,
    "iron_brow": 4,
    "three_eyes": 4,
    "lucky": 4,
    "pass_shadow": 3,
    "vulture_jr": 4,
    "eagle_eye": 4,
    "bonesetter": 5,
    "double_barrel": 4,
    "empty_hands": 4,
    "scavenger": 4,
    "mad_dog": 4,
}

# Marshal bonus HP by seat count (R19); old_classic gives +1 everywhere (R117.7).
MARSHAL_BONUS = {4: 2, 5: 0, 6: 2, 7: 1, 8: 1}

# Cards that are never a response and never decide a check (no Hearts, no Spades 2-9): drawn
# into any hand they change nothing a scenario looks at.
FILLER = [
    "toss:9:diamonds",
    "duel:Q:diamonds",
    "raid:K:diamonds",
    "grab:8:diamonds",
    "toss:10:diamonds",
    "bazaar:9:clubs",
    "toss:J:diamonds",
    "duel:8:clubs",
    "raid:A:diamonds",
    "sawed_off:J:clubs",
    "rifle:K:clubs",
    "carbine:A:clubs",
]


def filler(count: int) -> list[str]:
    """`count` inert card specs (see FILLER), repeating the list if needed."""
    return [FILLER[i % len(FILLER)] for i in range(count)]


def max_hp(seats: int, mode: str, character: str, role: str) -> int:
    """Starting (= max) HP of a seat, R17 and R19."""
    base = CHARACTER_HP[character]
    if mode == "old_classic" and character == "stone_leopard":
        base = 4
    if role == "marshal":
        base += 1 if mode == "old_classic" else MARSHAL_BONUS[seats]
    return base


def stacked(
    seats: int = 5,
    hands: dict[int, list[str]] | None = None,
    deck: list[str] | None = None,
    health: dict[int, int] | None = None,
    mode: str = "classic",
    seed: int = 1,
    **knobs: Any,
) -> Game:
    """A fully stacked game: hands by seat (others empty), the draw pile top first (inert
    filler by default), current HP overrides by seat, seat 0 Marshal and the calm cast."""
    roles = knobs.setdefault("roles", list(DEFAULT_ROLES[seats]))
    characters = knobs.setdefault("characters", CALM_CAST[:seats])
    if health is not None:
        knobs["health"] = [
            health.get(seat, max_hp(seats, mode, characters[seat], roles[seat]))
            for seat in range(seats)
        ]
    return Game.new(
        GameConfig(
            seats=seats,
            mode=mode,
            seed=seed,
            hands=[list((hands or {}).get(seat, [])) for seat in range(seats)],
            deck=list(filler(12) if deck is None else deck),
            **knobs,
        )
    )


def turn(game: Game) -> int:
    return game.view(None)["turn"]


def hp(game: Game, seat: int) -> int:
    return player(game, seat)["hp"]


def pending(game: Game) -> dict[str, Any] | None:
    return game.view(None)["pending"]


def in_play_kinds(game: Game, seat: int) -> list[str]:
    return sorted(card["kind"] for card in player(game, seat)["in_play"])


def settle(game: Game, seat: int) -> list[dict[str, Any]]:
    """Let the seat make its automatic (R120) move while it has a non-play decision pending,
    e.g. the upgrade choice after an elimination. Returns the events."""
    events: list[dict[str, Any]] = []
    while (now := pending(game)) and now.get("seat") == seat and now.get("kind") != "play":
        events += game.apply(seat, game.default_action(seat))
    return events


def finish_turn(game: Game) -> list[dict[str, Any]]:
    """End the current player's turn, discarding automatically (R120) if over the limit."""
    seat = turn(game)
    events = act(game, seat, type="end_turn")
    while seat in game.awaiting() and (pending(game) or {}).get("kind") == "discard":
        events += game.apply(seat, game.default_action(seat))
    return events


def advance_to(game: Game, seat: int) -> None:
    """End turns until it is `seat`'s turn (at most one full round)."""
    for _ in range(len(game.view(None)["players"]) + 1):
        if turn(game) == seat:
            return
        finish_turn(game)
    raise AssertionError(f"turn never reached seat {seat}")


def choose(game: Game, seat: int, option: str, **fields: Any) -> list[dict[str, Any]]:
    """Make a choice (upgrade, Bounty star, draw method, keep-2-of-3)."""
    return act(game, seat, type="choose", option=option, **fields)


def checked_cards(view: dict[str, Any]) -> list[tuple[str, str]]:
    """(rank, suit) of every card shown in the view's last_check, in order."""
    found: list[tuple[str, str]] = []

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            if "suit" in node and "rank" in node:
                found.append((node["rank"], node["suit"]))
                return
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    walk(view["last_check"])
    return found

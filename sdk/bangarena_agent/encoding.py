"""Fixed-size encodings of a seat's view and of the legal actions (used by the env).

Card ids are random per game, so actions are enumerated by card *kind*: several physical cards
of one kind map to the same index, and decoding an index picks any legal action with that key.
Seats in actions and in the observation are *relative* to the acting seat (offset 1 = the next
seat clockwise), so one policy can play every seat.

Everything is computed from ``Game.view(seat)`` and ``Game.legal_actions(seat)`` only: the
encoding cannot leak what the seat may not know.
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import combinations_with_replacement
from typing import Any

import numpy as np

from bangarena_engine.cards import CARD_TYPES, REVOLVER_RANGE, WEAPON_RANGE
from bangarena_engine.characters import CHARACTERS
from bangarena_engine.roles import MODES, ROLE_ORDER
from bangarena_engine.upgrades import UPGRADES

KINDS: tuple[str, ...] = tuple(CARD_TYPES)
KIND_INDEX = {kind: i for i, kind in enumerate(KINDS)}
PENDING_KINDS = (
    None,
    "respond_hit",
    "duel",
    "raid",
    "discard",
    "draw_choice",
    "keep_two",
    "upgrade",
    "bounty",
)
DRAW_OPTIONS = ("deck", "discard_pile")
#: Cap for counters in the observation (rounds, piles): keeps the Box bounded.
OBS_HIGH = 255.0

ActionKey = tuple[Any, ...]


def action_keys(seats: int) -> list[ActionKey]:
    """Every action key a table of ``seats`` can ever produce, in a fixed order."""
    offsets = range(1, seats)
    pairs = [tuple(sorted(pair)) for pair in combinations_with_replacement(KINDS, 2)]
    keys: list[ActionKey] = [("end_turn",), ("pass",)]
    keys += [("play", kind) for kind in KINDS]
    keys += [("play", kind, off) for kind in KINDS for off in offsets]
    keys += [
        ("play", kind, off, target)
        for kind in ("grab", "toss")
        for off in offsets
        for target in (*KINDS, "hand")
    ]
    keys += [("respond", kind) for kind in KINDS]
    keys += [("respond", *pair) for pair in pairs]
    keys += [("discard", kind) for kind in KINDS]
    keys += [("choose", option) for option in (*UPGRADES, *DRAW_OPTIONS)]
    keys += [("choose", "player", off) for off in offsets]
    keys += [("choose", "return", kind) for kind in KINDS]
    keys += [("ability", "bonesetter", *pair) for pair in pairs]
    return keys


def _kinds_by_id(view: dict) -> dict[str, str]:
    """Card id -> kind for every card this seat can name: its hand, cards in play, and the
    cards it is looking at (keep 2 of 3)."""
    known = {card["id"]: card["kind"] for card in view["hand"]}
    for player in view["players"]:
        for card in player["in_play"]:
            known[card["id"]] = card["kind"]
        if player["weapon"]:
            known[player["weapon"]["id"]] = player["weapon"]["kind"]
    pending = view.get("pending") or {}
    for card in pending.get("looking_at", ()):
        known[card["id"]] = card["kind"]
    return known


def key_of(action: dict, seat: int, seats: int, kinds: dict[str, str]) -> ActionKey:
    """The key of one legal action of ``seat`` (card ids replaced by kinds, seats by offsets)."""

    def offset(target: int) -> int:
        return (target - seat) % seats

    kind = action["type"]
    if kind in ("end_turn", "pass"):
        return (kind,)
    if kind == "play":
        key: ActionKey = ("play", kinds[action["card"]])
        if "target" in action:
            key += (offset(action["target"]),)
        if "target_card" in action:
            target_card = action["target_card"]
            key += ("hand" if target_card == "hand" else kinds[target_card],)
        return key
    if kind == "respond":
        if "card2" in action:
            return ("respond", *sorted((kinds[action["card"]], kinds[action["card2"]])))
        return ("respond", kinds[action["card"]])
    if kind == "discard":
        return ("discard", kinds[action["card"]])
    if kind == "choose":
        option = action["option"]
        if option == "player":
            return ("choose", "player", offset(action["target"]))
        if option == "return":
            return ("choose", "return", kinds[action["card"]])
        return ("choose", option)
    if kind == "ability":
        return ("ability", action["ability"], *sorted(kinds[c] for c in action["cards"]))
    raise ValueError(f"unknown action type {kind!r}")


def legal_by_index(
    view: dict, legal: Iterable[dict], index_of: dict[ActionKey, int], seats: int
) -> dict[int, dict]:
    """Index -> one legal action with that key (the first one listed)."""
    kinds = _kinds_by_id(view)
    seat = view["seat"]
    out: dict[int, dict] = {}
    for action in legal:
        out.setdefault(index_of[key_of(action, seat, seats, kinds)], action)
    return out


# --- observation --------------------------------------------------------------------------------

_GLOBAL = 6 + len(MODES) + len(ROLE_ORDER) + len(PENDING_KINDS) + 2 * len(KINDS)
_PER_PLAYER = 9 + (len(ROLE_ORDER) + 1) + len(CHARACTERS) + len(KINDS) + len(UPGRADES) + 2


def observation_size(seats: int) -> int:
    return _GLOBAL + len(KINDS) + seats * _PER_PLAYER


def _one_hot(values: tuple, value: Any) -> list[float]:
    return [1.0 if v == value else 0.0 for v in values]


def _counts(cards: Iterable[dict]) -> list[float]:
    out = [0.0] * len(KINDS)
    for card in cards:
        out[KIND_INDEX[card["kind"]]] += 1.0
    return out


def encode_view(view: dict, seats: int) -> np.ndarray:
    """A float32 vector of ``observation_size(seats)``, every entry in [0, OBS_HIGH].

    Layout: round, High Noon, deck and discard counts, "my turn", "awaited"; mode, own role and
    pending-decision one-hots; the discard top's kind; the kinds of the cards being looked at
    (keep 2 of 3); own hand counts by kind; then each player from the viewer clockwise
    (alive, hp, max hp, hand count, stars, distance, weapon range, is turn, is awaited, visible
    role one-hot + unknown, character one-hot, kinds in play, upgrade counts, pending source and
    pending target flags).
    """
    seat = view["seat"]
    pending = view["pending"] or {}
    out: list[float] = [
        float(view["round"]),
        float(view["high_noon"]),
        float(view["deck_count"]),
        float(view["discard_count"]),
        float(view["turn"] == seat),
        float(seat in view["awaiting"]),
    ]
    out += _one_hot(MODES, view["mode"])
    out += _one_hot(ROLE_ORDER, view["role"])
    out += _one_hot(PENDING_KINDS, pending.get("kind"))
    out += _counts([view["discard_top"]] if view["discard_top"] else [])
    out += _counts(pending.get("looking_at", ()))
    out += _counts(view["hand"])
    players = view["players"]
    for offset in range(seats):
        p = players[(seat + offset) % seats]
        weapon = p["weapon"]
        out += [
            float(p["alive"]),
            float(p["hp"]),
            float(p["max_hp"]),
            float(p["hand_count"]),
            float(p["stars"]),
            float(p["distance"] or 0),
            float(WEAPON_RANGE[weapon["kind"]] if weapon else REVOLVER_RANGE),
            float(view["turn"] == p["seat"]),
            float(p["seat"] in view["awaiting"]),
        ]
        out += _one_hot(ROLE_ORDER, p["role"]) + [float(p["role"] is None)]
        out += _one_hot(CHARACTERS, p["character"])
        out += _counts(p["in_play"])
        out += [float(p["upgrades"].count(u)) for u in UPGRADES]
        out += [float(pending.get("source") == p["seat"]), float(pending.get("seat") == p["seat"])]
    return np.clip(np.asarray(out, dtype=np.float32), 0.0, OBS_HIGH)

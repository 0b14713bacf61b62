"""The machine-readable rules served at /ai/rules.json (issue 9, part 3).

Every number comes from the engine or the catalogue (card counts, suits and ranks, ranges, HP,
role sets, the Marshal's bonus, move times), so the document cannot drift from the game that is
actually played. What the code cannot state by itself -- the shape of an effect, the R-numbers a
card follows, the JSON Schemas -- is written here once, next to the data it describes, and the
tests in tests/ai_docs/ check it against real games (every legal action and every view of
seeded games must validate).

The document is in English: ids are the stable keys, names are for reading.
"""

from __future__ import annotations

import hashlib
import json
from functools import cache
from typing import Any

from django.utils import translation

from bangarena_engine import Game, GameConfig
from bangarena_engine.cards import (
    APPENDIX_A,
    CARD_TYPES,
    DYNAMITE_RANKS,
    RANKS,
    RED_SUITS,
    REVOLVER_RANGE,
    SUITS,
    UNLIMITED_SHOT_WEAPONS,
    WEAPON_RANGE,
)
from bangarena_engine.characters import BUILT_IN_SCOPE, CHARACTER_HP, OLD_CLASSIC_HP
from bangarena_engine.roles import MODES, ROLE_ORDER, ROLE_TEAM, marshal_bonus, role_set
from bangarena_engine.types import Action, View
from bangarena_site.live import frames
from game import catalogue
from game.models import MoveTime, Tempo
from game.services import DISCONNECTED_LIMIT_SECONDS
from machines.agents import consumer as agent_consumer
from machines.agents import throttle as agent_throttle
from machines.agents.protocol import ERRORS, PROTOCOL_VERSION

#: Bump when the document's structure changes in a way a program must notice.
RULES_VERSION = 1
#: Seed of the game the example observation is taken from (any seed gives a valid example).
EXAMPLE_SEED = 2026
EXAMPLE_STEPS = 24
SEAT_COUNTS = range(4, 9)
#: R30; the engine keeps it as a literal, tests/ai_docs checks it by dealing games at rounds 7/8.
HIGH_NOON_ROUND = 8

#: RULES.md sections and the R-numbers each holds, so a program can cite and look rules up.
RULE_SECTIONS: list[tuple[str, int, int]] = [
    ("Table and seats", 1, 3),
    ("Roles and goals", 4, 10),
    ("Role sets by seat count and mode", 11, 15),
    ("Setup", 16, 20),
    ("Turn structure", 21, 28),
    ("Rounds and High Noon", 29, 32),
    ("Distance, range and weapons", 33, 40),
    ("Cards", 41, 66),
    ("Responding to attacks", 67, 71),
    ("Checks", 72, 77),
    ("Damage, healing and elimination", 78, 82),
    ("Glory, Bounty, Last Bullet, Penalty", 83, 90),
    ("Winning", 91, 98),
    ("Characters", 99, 116),
    ("Old Classic: complete list of differences", 117, 117),
    ("Timers and automatic moves", 118, 121),
    ("Signals", 122, 128),
    ("Start screen, rooms and settings", 129, 134),
    ("Table screen", 135, 139),
    ("Match summary", 140, 140),
    ("Bots and AI seats", 141, 143),
]


def _rule_sections() -> list[dict[str, Any]]:
    return [
        {"title": title, "first": f"R{first}", "last": f"R{last}"}
        for title, first, last in RULE_SECTIONS
    ]


# --- cards ---------------------------------------------------------------------------------

#: What each card does, as data a program can reason with (section 9).
CARD_EFFECTS: dict[str, dict[str, Any]] = {
    "shot": {
        "timing": ["play_step"],
        "target": "one_player_in_range",
        "effect": "hit",
        "damage": 1,
        "limit_per_turn": 1,
        "limit_lifted_by": ["volcanic_in_play", "mad_dog", "high_noon"],
        "cancelled_by": ["cover_check", "ricochet", "flask_at_1_hp"],
        "also_discarded_in": ["duel", "raid"],
    },
    "ricochet": {
        "timing": ["response"],
        "answers": ["shot", "buckshot"],
        "effect": "cancel_hit",
        "playable_in_play_step": False,
    },
    "flask": {
        "timing": ["play_step", "response"],
        "target": "self",
        "effect": "heal",
        "heal": 1,
        "response_condition": {"hp": 1, "min_alive": 3, "answers": ["shot", "buckshot"]},
        "no_effect_in_high_noon": True,
        "illegal_at_max_hp": True,
    },
    "grab": {
        "timing": ["play_step"],
        "target": "one_player_at_distance_1",
        "effect": "take_card",
        "target_card": ["card_in_play", "random_hand_card"],
    },
    "toss": {
        "timing": ["play_step"],
        "target": "any_other_player",
        "effect": "discard_card",
        "target_card": ["card_in_play", "random_hand_card"],
    },
    "duel": {
        "timing": ["play_step"],
        "target": "any_other_player",
        "effect": "duel",
        "discard_each_round": "shot",
        "first_to_discard": "target",
        "damage_to_loser": 1,
    },
    "raid": {
        "timing": ["play_step"],
        "target": "every_other_player",
        "order": "clockwise_from_next",
        "effect": "discard_shot_or_take_damage",
        "damage": 1,
        "not_cancelled_by": ["cover_check", "ricochet", "flask"],
    },
    "wagon": {"timing": ["play_step"], "target": "self", "effect": "draw", "draw": 2},
    "bazaar": {
        "timing": ["play_step"],
        "target": "every_player",
        "order": "clockwise_from_self",
        "effect": "draw",
        "draw": 1,
    },
    "saloon": {
        "timing": ["play_step"],
        "target": "every_player",
        "effect": "heal",
        "heal": 1,
        "no_effect_in_high_noon": True,
        "illegal_when_everyone_at_max_hp": True,
    },
    "caravan": {"timing": ["play_step"], "target": "self", "effect": "draw", "draw": 3},
    "buckshot": {
        "timing": ["play_step"],
        "target": "every_other_player",
        "order": "clockwise_from_next",
        "effect": "hit",
        "damage": 1,
        "counts_toward_shot_limit": False,
        "cancelled_by": ["cover_check", "ricochet", "flask_at_1_hp"],
    },
    "jail": {
        "timing": ["play_step"],
        "target": "any_other_player",
        "not_on": ["marshal", "player_with_jail"],
        "placed_in_front_of": "target",
        "effect": "jail_check_next_turn",
        "check": {"escape_suits": ["hearts"]},
        "discarded_after_check": True,
    },
    "cover": {
        "timing": ["play_step"],
        "placed_in_front_of": "self",
        "effect": "cover_check_per_hit",
        "check": {"arena": "coin_50_50", "old_classic": {"cancel_suits": ["hearts"]}},
        "no_effect_in_high_noon": True,
        "answers": ["shot", "buckshot"],
    },
    "horse": {
        "timing": ["play_step"],
        "placed_in_front_of": "self",
        "effect": "distance_modifier",
        "others_see_you": 1,
    },
    "scope": {
        "timing": ["play_step"],
        "placed_in_front_of": "self",
        "effect": "distance_modifier",
        "you_see_others": -1,
        "minimum_distance": 1,
    },
    "dynamite": {
        "timing": ["play_step"],
        "placed_in_front_of": "self",
        "effect": "dynamite_check_each_turn",
        "explodes_on": {"suits": ["spades"], "ranks": sorted(DYNAMITE_RANKS, key=RANKS.index)},
        "damage": 3,
        "source": None,
        "otherwise": "passes_to_next_alive_player_clockwise",
    },
}

CARD_RULES: dict[str, list[str]] = {
    "shot": ["R36", "R48", "R49"],
    "ricochet": ["R50", "R68", "R69"],
    "flask": ["R45", "R51", "R68"],
    "grab": ["R37", "R45", "R52"],
    "toss": ["R45", "R53"],
    "duel": ["R54", "R71", "R81"],
    "raid": ["R55", "R70"],
    "wagon": ["R56"],
    "bazaar": ["R57"],
    "saloon": ["R45", "R58"],
    "caravan": ["R59"],
    "buckshot": ["R60", "R70"],
    "jail": ["R43", "R45", "R61", "R74"],
    "cover": ["R43", "R62", "R73"],
    "horse": ["R34", "R43", "R63"],
    "scope": ["R34", "R43", "R64"],
    "dynamite": ["R43", "R65", "R75"],
}
WEAPON_RULES = ["R35", "R38", "R39", "R40", "R66"]


def _weapon_effect(kind: str) -> dict[str, Any]:
    return {
        "timing": ["play_step"],
        "placed_in_front_of": "self",
        "effect": "weapon",
        "range": WEAPON_RANGE[kind],
        "unlimited_shots": kind in UNLIMITED_SHOT_WEAPONS,
        "replaces_weapon_in_play": True,
    }


def _cards() -> list[dict[str, Any]]:
    out = []
    for kind, (card_type, count) in CARD_TYPES.items():
        copies = [{"suit": suit, "rank": rank} for k, rank, suit in APPENDIX_A if k == kind]
        text = catalogue.CARDS[kind]
        entry: dict[str, Any] = {
            "id": kind,
            "name": str(text.name),
            "type": card_type,
            "count": count,
            "copies": copies,
            "text": str(text.rule),
            "tip": str(text.tip),
        }
        if card_type == "weapon":
            entry["range"] = WEAPON_RANGE[kind]
            entry["effect"] = _weapon_effect(kind)
            entry["rules"] = WEAPON_RULES
        else:
            entry["effect"] = CARD_EFFECTS[kind]
            entry["rules"] = CARD_RULES[kind]
        out.append(entry)
    return out


# --- characters ------------------------------------------------------------------------------

#: Each character's ability as a tag plus its parameters (section 15).
CHARACTER_ABILITIES: dict[str, tuple[str, dict[str, Any], str]] = {
    "stone_leopard": ("draw_after_damage", {"draw": 1, "draw_at_2_hp_or_less": 2}, "R100"),
    "red_suit": ("draw_step_reveal_second", {"extra_draw_if_suit": sorted(RED_SUITS)}, "R101"),
    "two_face": ("shot_ricochet_interchangeable", {}, "R102"),
    "toll_collector": ("take_random_card_from_damager", {"cards": 1}, "R103"),
    "grip": ("draw_step_first_from_player_hand", {"optional": True}, "R104"),
    "iron_brow": ("built_in_cover", {}, "R105"),
    "three_eyes": ("draw_step_keep_two_of_three", {}, "R106"),
    "lucky": ("two_tries_every_check", {}, "R107"),
    "pass_shadow": ("built_in_horse", {"others_see_him": 1}, "R108"),
    "vulture_jr": (
        "draw_step_first_from_discard",
        {"optional": True, "draw_on_any_elimination": 2},
        "R109",
    ),
    "eagle_eye": ("built_in_scope", {"he_sees_others": -1}, "R110"),
    "bonesetter": (
        "discard_two_heal_one",
        {"discard": 2, "heal": 1, "whenever_awaited": True, "no_effect_in_high_noon": True},
        "R111",
    ),
    "double_barrel": ("shots_at_distance_1_need_two_ricochets", {"required": 2}, "R112"),
    "empty_hands": ("draw_when_hand_empty", {"draw": 1}, "R113"),
    "scavenger": ("takes_cards_of_eliminated", {}, "R114"),
    "mad_dog": ("no_shot_limit_and_built_in_scope", {"he_sees_others": -1}, "R115"),
}


def _characters() -> list[dict[str, Any]]:
    out = []
    for character, hp in CHARACTER_HP.items():
        tag, params, rule = CHARACTER_ABILITIES[character]
        entry: dict[str, Any] = {
            "id": character,
            "name": str(catalogue.CHARACTERS[character].name),
            "health": hp,
            "ability": str(catalogue.CHARACTERS[character].ability),
            "ability_tag": tag,
            "ability_params": params,
            "built_in_scope": character in BUILT_IN_SCOPE,
            "rules": [rule],
        }
        if character in OLD_CLASSIC_HP:
            entry["old_classic_health"] = OLD_CLASSIC_HP[character]
        out.append(entry)
    return out


# --- roles, teams, modes, upgrades ----------------------------------------------------------

ROLE_RULES = {
    "marshal": ["R5", "R19", "R89", "R93"],
    "deputy": ["R6", "R93"],
    "bandit": ["R7", "R92", "R94"],
    "loner": ["R8", "R92", "R95", "R96"],
    "double_agent": ["R9", "R10", "R97"],
}


def _roles() -> list[dict[str, Any]]:
    out = []
    for role in ROLE_ORDER:
        text = catalogue.ROLES[role]
        entry: dict[str, Any] = {
            "id": role,
            "name": str(text.name),
            "team": ROLE_TEAM[role],
            "goal": str(text.goal),
            "public": role == "marshal",
            "rules": ROLE_RULES[role],
        }
        if role == "marshal":
            entry["goal_in_modes"] = {"double_agent": str(catalogue.MARSHAL_GOAL_DOUBLE_AGENT)}
        elif role == "loner":
            entry["goal_in_modes"] = {"partners": str(catalogue.LONER_GOAL_PARTNERS)}
        out.append(entry)
    return out


def _teams() -> list[dict[str, Any]]:
    return [
        {
            "id": team,
            "name": str(name),
            "roles": [role for role in ROLE_ORDER if ROLE_TEAM[role] == team],
        }
        for team, name in catalogue.TEAMS.items()
    ]


#: How each mode differs from Classic (sections 4 and 16).
MODE_DIFFERENCES: dict[str, list[dict[str, str]]] = {
    "classic": [
        {"rule": "R12", "text": "Each Loner plays alone; two Loners only at 8 seats."},
    ],
    "partners": [
        {"rule": "R13", "text": "The Loners form one team; at 4-7 seats it plays like Classic."},
        {"rule": "R96", "text": "When every alive player is a Loner, all Loners win."},
    ],
    "double_agent": [
        {"rule": "R9", "text": "From 5 seats, a Double Agent (team bandits) replaces one Bandit."},
        {
            "rule": "R10",
            "text": "The Marshal sees two 'Deputy' candidates (the Double Agent and one real "
            "Deputy); the bandits team see each other's roles.",
        },
        {"rule": "R14", "text": "At 4 seats the table plays Classic."},
        {"rule": "R97", "text": "Law wins only once the Double Agent is eliminated too."},
    ],
    "old_classic": [
        {"rule": "R117.1", "text": "The role set is the Classic one."},
        {"rule": "R117.2", "text": "There is no High Noon."},
        {"rule": "R117.3", "text": "No Glory: no stars, upgrades, Bounty or Last Bullet."},
        {
            "rule": "R117.4",
            "text": "Cover flips the top card of the deck; Hearts cancels the hit.",
        },
        {"rule": "R117.5", "text": "A failed Jail check skips the whole turn."},
        {"rule": "R117.6", "text": "Flask does not heal when only 2 players are alive."},
        {"rule": "R117.7", "text": "The Marshal gets +1 HP at every seat count; hand = HP."},
        {"rule": "R117.8", "text": "Stone Leopard has 4 HP."},
        {"rule": "R117.9", "text": "Whoever eliminates a Bandit draws 3 cards."},
    ],
}


def _modes() -> list[dict[str, Any]]:
    out = []
    for mode in MODES:
        arena = mode != "old_classic"
        bonus = {str(n): marshal_bonus(n, mode) for n in SEAT_COUNTS}
        out.append(
            {
                "id": mode,
                "name": str(catalogue.MODES[mode]),
                "arena": arena,
                "beta": mode == "double_agent",
                "role_sets": {str(n): role_set(n, mode) for n in SEAT_COUNTS},
                "marshal_bonus": {
                    n: {"hp": hp, "hand_adjustment": hand} for n, (hp, hand) in bonus.items()
                },
                "high_noon_round": HIGH_NOON_ROUND if arena else None,
                "glory": arena,
                "cover_check": "coin_50_50" if arena else "hearts_card",
                "differences": MODE_DIFFERENCES[mode],
                "rules": ["R11", "R19"] + ([] if arena else ["R117"]),
            }
        )
    return out


UPGRADE_RULES = {"accuracy": "R84", "fortitude": "R85", "instinct": "R86"}


def _upgrades() -> list[dict[str, Any]]:
    return [
        {
            "id": upgrade,
            "name": str(text.name),
            "description": str(text.description),
            "stackable": upgrade != "instinct",
            "rules": [UPGRADE_RULES[upgrade], "R83"],
        }
        for upgrade, text in catalogue.UPGRADES.items()
    ]


def _glory() -> dict[str, Any]:
    return {
        "modes": [m for m in MODES if m != "old_classic"],
        "star": {"when": "you eliminate a player (any source but Dynamite)", "rule": "R83"},
        "bounty": {"when": "your victim had stars", "rule": "R87"},
        "last_bullet": {"when": "the last real Deputy falls (not by the Marshal)", "rule": "R88"},
        "penalty": {"when": "the Marshal eliminates a real Deputy", "rule": "R89"},
        "old_classic_reward": {"when": "you eliminate a Bandit: draw 3", "rule": "R90"},
    }


# --- schemas ---------------------------------------------------------------------------------

CARD_ID = {"type": "string", "pattern": "^[0-9a-f]{10}$", "description": "opaque per game"}
SEAT = {"type": "integer", "minimum": 0, "maximum": 7}
CARD_KINDS = list(CARD_TYPES)


def _obj(properties: dict[str, Any], required: list[str] | None = None) -> dict[str, Any]:
    return {
        "type": "object",
        "properties": properties,
        "required": list(properties) if required is None else required,
        "additionalProperties": False,
    }


def _action(kind: str, **fields: Any) -> dict[str, Any]:
    return _obj({"type": {"const": kind}, **fields})


#: One entry per action variant of engine/README.md: (name, schema, example, when).
def _action_variants() -> list[tuple[str, dict[str, Any], dict[str, Any], str]]:
    card, card2, target = "5f0c2a91d3", "a17e44b2c0", 2
    return [
        (
            "play",
            _action("play", card=CARD_ID),
            {"type": "play", "card": card},
            "play step: wagon, caravan, bazaar, saloon, raid, buckshot, flask, cover, horse, "
            "scope, dynamite, weapons",
        ),
        (
            "play_at_player",
            _action("play", card=CARD_ID, target=SEAT),
            {"type": "play", "card": card, "target": target},
            "shot, duel, jail (and a Ricochet that two_face plays as a Shot)",
        ),
        (
            "play_at_card",
            _action(
                "play",
                card=CARD_ID,
                target=SEAT,
                target_card={"anyOf": [CARD_ID, {"const": "hand"}]},
            ),
            {"type": "play", "card": card, "target": target, "target_card": "hand"},
            "grab, toss: a card in play of the target, or 'hand' = a random hand card",
        ),
        (
            "respond",
            _action("respond", card=CARD_ID),
            {"type": "respond", "card": card},
            "Ricochet or Flask against a hit; Shot in a Duel or Raid (two_face swaps them)",
        ),
        (
            "respond_two",
            _action("respond", card=CARD_ID, card2=CARD_ID),
            {"type": "respond", "card": card, "card2": card2},
            "two Ricochet-equivalents against a Double Barrel hit (R69)",
        ),
        ("pass", _action("pass"), {"type": "pass"}, "take the hit / lose the Duel or Raid round"),
        ("end_turn", _action("end_turn"), {"type": "end_turn"}, "end the play step"),
        (
            "discard",
            _action("discard", card=CARD_ID),
            {"type": "discard", "card": card},
            "end-of-turn discard, one card per action",
        ),
        (
            "choose_upgrade",
            _action("choose", option={"enum": list(catalogue.UPGRADES)}),
            {"type": "choose", "option": "accuracy"},
            "upgrade choice (R83, R88) or Bounty star choice (R87); Instinct as a draw method",
        ),
        (
            "choose_draw",
            _action("choose", option={"enum": ["deck", "discard_pile", "instinct"]}),
            {"type": "choose", "option": "deck"},
            "draw step: normal draw, vulture_jr's discard top, or Instinct (R109, R116)",
        ),
        (
            "choose_player",
            _action("choose", option={"const": "player"}, target=SEAT),
            {"type": "choose", "option": "player", "target": target},
            "grip takes his first card at random from that hand (R104)",
        ),
        (
            "choose_return",
            _action("choose", option={"const": "return"}, card=CARD_ID),
            {"type": "choose", "option": "return", "card": card},
            "keep 2 of 3 (three_eyes, Instinct): the card put back on top of the deck",
        ),
        (
            "ability",
            _action(
                "ability",
                ability={"const": "bonesetter"},
                cards={"type": "array", "items": CARD_ID, "minItems": 2, "maxItems": 2},
            ),
            {"type": "ability", "ability": "bonesetter", "cards": [card, card2]},
            "Bonesetter: discard 2 cards to heal 1 (R111)",
        ),
    ]


def action_schema() -> dict[str, Any]:
    """JSON Schema (draft 2020-12) accepting exactly the shapes legal_actions produces."""
    variants = _action_variants()
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": "BangArena action",
        "anyOf": [{"$ref": f"#/$defs/{name}"} for name, *_ in variants],
        "$defs": {name: schema for name, schema, *_ in variants},
    }


PUBLIC_CARD = _obj(
    {
        "kind": {"enum": CARD_KINDS},
        "suit": {"enum": list(SUITS)},
        "rank": {"enum": list(RANKS)},
    }
)
FULL_CARD = _obj({"id": CARD_ID, **PUBLIC_CARD["properties"]})
ROLE = {"enum": list(ROLE_ORDER)}
NULLABLE_ROLE = {"anyOf": [ROLE, {"type": "null"}]}
SEATS = {"type": "array", "items": SEAT}

_DRAW_OPTION = {
    "anyOf": [
        {"enum": ["deck", "discard_pile", "instinct"]},
        _obj({"option": {"const": "player"}, "target": SEAT}),
    ]
}
PENDING_KINDS: dict[str, dict[str, Any]] = {
    "respond_hit": _obj(
        {
            "kind": {"const": "respond_hit"},
            "seat": SEAT,
            "source": SEAT,
            "card": {"enum": ["shot", "buckshot"]},
            "required": {"enum": [1, 2]},
        }
    ),
    "duel": _obj({"kind": {"const": "duel"}, "seat": SEAT, "source": SEAT, "opponent": SEAT}),
    "raid": _obj({"kind": {"const": "raid"}, "seat": SEAT, "source": SEAT}),
    "discard": _obj(
        {"kind": {"const": "discard"}, "seat": SEAT, "count": {"type": "integer", "minimum": 1}}
    ),
    "draw_choice": _obj(
        {
            "kind": {"const": "draw_choice"},
            "seat": SEAT,
            "options": {"type": "array", "items": _DRAW_OPTION},
        }
    ),
    "keep_two": _obj(
        {
            "kind": {"const": "keep_two"},
            "seat": SEAT,
            "cause": {"enum": ["three_eyes", "instinct"]},
            "looking_at": {"type": "array", "items": FULL_CARD, "maxItems": 3},
        },
        required=["kind", "seat", "cause"],
    ),
    "upgrade": _obj(
        {
            "kind": {"const": "upgrade"},
            "seat": SEAT,
            "cause": {"enum": ["glory", "last_bullet"]},
            "options": {"type": "array", "items": {"enum": list(catalogue.UPGRADES)}},
        }
    ),
    "bounty": _obj(
        {
            "kind": {"const": "bounty"},
            "seat": SEAT,
            "victim": SEAT,
            "stars": {"type": "array", "items": {"enum": list(catalogue.UPGRADES)}},
            "options": {"type": "array", "items": {"enum": list(catalogue.UPGRADES)}},
        }
    ),
}

#: Event type -> its fields besides "type" (engine/README.md, "Events").
EVENTS: dict[str, list[str]] = {
    "round": ["round"],
    "high_noon": ["round"],
    "turn": ["seat", "round"],
    "turn_ended": ["seat"],
    "check": ["seat", "check", "result", "cards|coins"],
    "dynamite_passed": ["from", "to"],
    "drew": ["seat", "count", "cause", "card?"],
    "revealed": ["seat", "card"],
    "reshuffled": ["count"],
    "played": ["seat", "card", "target?", "target_card?"],
    "took": ["seat", "from", "card", "cause"],
    "discarded": ["seat", "card|cards", "cause"],
    "hit_cancelled": ["seat", "by"],
    "passed": ["seat"],
    "damage": ["seat", "amount", "source", "cause"],
    "healed": ["seat", "amount", "cause"],
    "eliminated": ["seat", "role", "by"],
    "scavenged": ["seat", "from", "count"],
    "penalty": ["seat", "cards"],
    "star": ["seat", "upgrade", "cause"],
    "game_over": ["winners", "team"],
}

RESULT = {
    "anyOf": [
        {"type": "null"},
        _obj({"winners": SEATS, "team": {"enum": list(catalogue.TEAMS)}}),
    ]
}


def observation_schema() -> dict[str, Any]:
    """JSON Schema of Game.view(seat) (engine/README.md, "Views")."""
    player = _obj(
        {
            "seat": SEAT,
            "character": {"enum": list(CHARACTER_HP)},
            "hp": {"type": "integer", "minimum": 0},
            "max_hp": {"type": "integer", "minimum": 1},
            "hand_count": {"type": "integer", "minimum": 0},
            "role": NULLABLE_ROLE,
            "alive": {"type": "boolean"},
            "in_play": {"type": "array", "items": FULL_CARD},
            "weapon": {"anyOf": [FULL_CARD, {"type": "null"}]},
            "stars": {"type": "integer", "minimum": 0},
            "upgrades": {"type": "array", "items": {"enum": list(catalogue.UPGRADES)}},
            "distance": {"anyOf": [{"type": "integer", "minimum": 1}, {"type": "null"}]},
        }
    )
    event = {
        "type": "object",
        "properties": {"type": {"enum": list(EVENTS)}},
        "required": ["type"],
        "additionalProperties": True,
    }
    properties = {
        "seat": {"anyOf": [SEAT, {"type": "null"}]},
        "mode": {"enum": list(MODES)},
        "round": {"type": "integer", "minimum": 0},
        "high_noon": {"type": "boolean"},
        "turn": {"anyOf": [SEAT, {"type": "null"}]},
        "awaiting": SEATS,
        "pending": {
            "anyOf": [{"type": "null"}, *({"$ref": f"#/$defs/{k}"} for k in PENDING_KINDS)]
        },
        "hand": {"type": "array", "items": FULL_CARD},
        "role": NULLABLE_ROLE,
        "players": {"type": "array", "items": player, "minItems": 4, "maxItems": 8},
        "roles_at_table": {"type": "array", "items": ROLE},
        "deck_count": {"type": "integer", "minimum": 0},
        "discard_count": {"type": "integer", "minimum": 0},
        "discard_top": {"anyOf": [FULL_CARD, {"type": "null"}]},
        "last_check": {
            "anyOf": [
                {"type": "null"},
                {
                    "type": "object",
                    "properties": {
                        "seat": SEAT,
                        "check": {"enum": ["jail", "dynamite", "cover"]},
                        "result": {"type": "string"},
                        "cards": {"type": "array", "items": PUBLIC_CARD},
                        "coins": {"type": "array", "items": {"type": "boolean"}},
                    },
                    "required": ["seat", "check", "result"],
                    "additionalProperties": False,
                },
            ]
        },
        "log": {"type": "array", "items": event},
        "result": RESULT,
        "deputy_candidates": {"type": "array", "items": SEAT},
    }
    schema = _obj(properties, required=[k for k in properties if k != "deputy_candidates"])
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": "BangArena observation (Game.view of one seat)",
        **schema,
        "$defs": PENDING_KINDS,
    }


def example_game() -> tuple[View, list[Action]]:
    """A real view and its legal actions: a seeded game played a few first-legal steps on."""
    game = Game.new(GameConfig(seats=5, mode="classic", seed=EXAMPLE_SEED))
    for _ in range(EXAMPLE_STEPS):
        [seat] = game.awaiting()
        game.apply(seat, game.legal_actions(seat)[-1])
    [seat] = game.awaiting()
    return game.view(seat), game.legal_actions(seat)


# --- timers and the agent protocol -------------------------------------------------------------

DEFAULT_MOVES = [
    {"decision": "play step", "pending": None, "automatic_move": {"type": "end_turn"}},
    {
        "decision": "end-of-turn discard",
        "pending": "discard",
        "automatic_move": "discard the most recently received card",
    },
    {"decision": "response to a hit", "pending": "respond_hit", "automatic_move": {"type": "pass"}},
    {"decision": "Duel round", "pending": "duel", "automatic_move": {"type": "pass"}},
    {"decision": "Raid round", "pending": "raid", "automatic_move": {"type": "pass"}},
    {
        "decision": "optional draw / character method vs Instinct",
        "pending": "draw_choice",
        "automatic_move": {"type": "choose", "option": "deck"},
    },
    {"decision": "keep 2 of 3", "pending": "keep_two", "automatic_move": "return the third card"},
    {
        "decision": "upgrade choice",
        "pending": "upgrade",
        "automatic_move": "first offered of accuracy, fortitude, instinct",
    },
    {"decision": "Bounty star", "pending": "bounty", "automatic_move": "earliest-gained star"},
    {"decision": "Bonesetter ability", "pending": None, "automatic_move": "never used"},
]


def _timers() -> dict[str, Any]:
    return {
        "move_time_seconds": list(MoveTime.values),
        "tempos": list(Tempo.values),
        "disconnected_human_limit_seconds": DISCONNECTED_LIMIT_SECONDS,
        "same_for_humans_bots_and_ai": True,
        "automatic_moves": DEFAULT_MOVES,
        "rules": ["R118", "R119", "R120"],
    }


def agent_protocol(example_view: dict[str, Any], example_legal: list[dict]) -> dict[str, Any]:
    """The WebSocket protocol of /work/team/agent-protocol.md, with example frames."""
    action = example_legal[0]
    return {
        "version": PROTOCOL_VERSION,
        "url": "/ws/agent/",
        "encoding": "JSON text frames",
        "auth": "first frame {type: hello, token}; the token never goes in the URL",
        "hello_timeout_seconds": agent_consumer.HELLO_SECONDS,
        "token_format": "bga_ followed by 32 URL-safe characters",
        "client_messages": {
            "hello": {"type": "hello", "token": "bga_<32 characters>"},
            "act": {"type": "act", "version": 42, "action": action},
            "ping": {"type": "ping"},
        },
        "server_messages": {
            "welcome": {
                "type": "welcome",
                "protocol": PROTOCOL_VERSION,
                "match": 17,
                "seat": example_view["seat"],
                "name": "My agent",
                "label": "AI 1",
                "move_time": 30,
            },
            "match_started": {"type": "match_started", "match": 17, "seat": 0, "move_time": 30},
            "decide": {
                "type": "decide",
                "match": 17,
                "version": 42,
                "seat": example_view["seat"],
                "seconds_left": 29.8,
                "deadline": "2026-11-29T18:30:00+00:00",
                "observation": example_view,
                "legal_actions": example_legal,
            },
            "accepted": {"type": "accepted", "version": 43},
            "result": {
                "type": "result",
                "match": 17,
                "result": {"winners": [0, 1], "team": "law"},
                "won": True,
                "observation": "<final Game.view(seat)>",
            },
            "error": {"type": "error", "code": "stale", "message": ERRORS["stale"]},
            "pong": {"type": "pong"},
        },
        # The server's own tables (machines.agents), so the document cannot disagree with it.
        "error_codes": dict(ERRORS),
        "close_codes": {
            str(agent_consumer.CLOSE_UNKNOWN_TOKEN): "unknown or revoked token",
            str(agent_consumer.CLOSE_RATE_LIMITED): "rate limit abuse",
            str(agent_consumer.CLOSE_NO_HELLO): "the first frame was not a hello",
            str(agent_consumer.CLOSE_BANNED): "the token's maker was banned; the token is revoked",
            str(frames.CLOSE_TOO_BIG): f"a frame over {frames.MAX_FRAME_SIZE} characters",
        },
        "limits": {
            "frames_per_second_per_token": agent_throttle.FRAMES_PER_SECOND,
            "frames_per_minute_per_token": agent_throttle.FRAMES_PER_MINUTE,
            "unknown_token_hellos_per_minute_per_address": agent_throttle.UNKNOWN_HELLOS_PER_MINUTE,
            "max_frame_characters": frames.MAX_FRAME_SIZE,
            "answer_within": "the table's move time, else the automatic move (R120)",
        },
        "forward_compatibility": "ignore message types you do not know",
        "signals": "never sent to agents (R128)",
    }


# --- the document ------------------------------------------------------------------------------


def _content() -> dict[str, Any]:
    view, legal = example_game()
    variants = _action_variants()
    return {
        "game": "BangArena",
        "language": "en",
        "rules_reference": "RULES.md R-numbers (R1-R143); ids are stable snake_case",
        "rule_sections": _rule_sections(),
        "seats": {"min": min(SEAT_COUNTS), "max": max(SEAT_COUNTS), "numbering": "0-based"},
        "deck": {
            "total": sum(count for _type, count in CARD_TYPES.values()),
            "suits": list(SUITS),
            "ranks": list(RANKS),
            "revolver": {"name": str(catalogue.REVOLVER), "range": REVOLVER_RANGE, "card": False},
            "rules": ["R20", "R41", "R42"],
        },
        "cards": _cards(),
        "characters": _characters(),
        "roles": _roles(),
        "teams": _teams(),
        "modes": _modes(),
        "upgrades": _upgrades(),
        "glory": _glory(),
        "high_noon": {
            "round": HIGH_NOON_ROUND,
            "modes": [m for m in MODES if m != "old_classic"],
            "effects": ["no Shot limit", "Cover has no effect", "healing has no effect"],
            "rules": ["R30", "R31", "R32"],
        },
        "actions": {
            "schema": action_schema(),
            "variants": [
                {"name": name, "when": when, "example": example}
                for name, _schema, example, when in variants
            ],
            "notes": [
                "Pick one action from legal_actions exactly as listed; key order does not matter.",
                "Only the awaited seat acts; pass is offered even when it is the only move.",
            ],
        },
        "observation": {
            "schema": observation_schema(),
            "example": view,
            "example_legal_actions": legal,
            "hidden": ["other hands", "hidden roles", "deck order", "generator state"],
        },
        "events": [{"type": kind, "fields": fields} for kind, fields in EVENTS.items()],
        "timers": _timers(),
        "signals": {"sent_to_bots_and_ai": False, "rules": ["R128", "R143"]},
        "ai_seats": {
            "observation": "exactly the seat's view, no signals",
            "rules": ["R141", "R142", "R143"],
        },
        "agent_protocol": agent_protocol(dict(view), [dict(action) for action in legal]),
    }


@cache
def rules_document() -> dict[str, Any]:
    """The whole document; ``version.hash`` changes whenever any content changes."""
    with translation.override("en"):
        content = _content()
    digest = hashlib.sha256(
        json.dumps(content, sort_keys=True, separators=(",", ":")).encode()
    ).hexdigest()[:16]
    return {"version": {"rules_version": RULES_VERSION, "hash": digest}, **content}


@cache
def rules_json_bytes() -> bytes:
    """The served body, encoded once per process (the document never changes at run time)."""
    return json.dumps(rules_document(), ensure_ascii=False, indent=1).encode()

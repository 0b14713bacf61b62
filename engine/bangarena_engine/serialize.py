"""to_dict / from_dict: the whole state as plain JSON data, generator state included.

The round trip is exact: from_dict(to_dict()) plays on identically to the original.
"""

from __future__ import annotations

from typing import Any

from bangarena_engine.characters import CHARACTER_BY_ID
from bangarena_engine.config import GameConfig
from bangarena_engine.rng import game_chance
from bangarena_engine.state import Card, Player, State, copy_json

FORMAT = 1


def _cards(cards: list[Card]) -> list[list[str]]:
    return [[c.id, c.kind, c.suit, c.rank] for c in cards]


def _uncards(data: list[list[str]]) -> list[Card]:
    return [Card(*row) for row in data]


def state_to_dict(state: State) -> dict[str, Any]:
    """The whole state as plain JSON data."""
    return {
        "format": FORMAT,
        "config": state.config.to_dict(),
        "mode": state.mode,
        "players": [
            {
                "seat": player.seat,
                "role": player.role,
                "character": player.character.id,
                "hp": player.hp,
                "max_hp": player.max_hp,
                "hand": _cards(player.hand),
                "in_play": _cards(player.in_play),
                "weapon": _cards([player.weapon])[0] if player.weapon is not None else None,
                "alive": player.alive,
                "upgrades": list(player.upgrades),
            }
            for player in state.players
        ],
        "deck": _cards(state.deck),
        "discard": _cards(state.discard),
        "rng": state.rng.position,
        "round": state.round,
        "turn": state.turn,
        "shots": state.shots,
        "high_noon": state.high_noon,
        "stack": copy_json(state.stack),
        "log": list(state.log),  # events are immutable once logged (State.emit): shared
        "result": copy_json(state.result),
        "deputy_candidates": copy_json(state.deputy_candidates),
        "started_with_deputy": state.started_with_deputy,
        "last_check": copy_json(state.last_check),
    }


def state_from_dict(data: dict[str, Any]) -> State:
    """The state ``state_to_dict`` stored, exactly."""
    if data.get("format") != FORMAT:
        raise ValueError(f"unsupported game format {data.get('format')!r}")
    players = [
        Player(
            seat=stored["seat"],
            role=stored["role"],
            character=CHARACTER_BY_ID[stored["character"]],
            hp=stored["hp"],
            max_hp=stored["max_hp"],
            hand=_uncards(stored["hand"]),
            in_play=_uncards(stored["in_play"]),
            weapon=Card(*stored["weapon"]) if stored["weapon"] is not None else None,
            alive=stored["alive"],
            upgrades=list(stored["upgrades"]),
        )
        for stored in data["players"]
    ]
    config = GameConfig.from_dict(copy_json(data["config"]))
    return State(
        config=config,
        mode=data["mode"],
        players=players,
        deck=_uncards(data["deck"]),
        discard=_uncards(data["discard"]),
        rng=game_chance(config.generator, config.seed, data["rng"]),
        round=data["round"],
        turn=data["turn"],
        shots=data["shots"],
        high_noon=data["high_noon"],
        stack=copy_json(data["stack"]),
        log=list(data["log"]),  # shared with ``data``: logged events are never changed
        result=copy_json(data["result"]),
        deputy_candidates=copy_json(data["deputy_candidates"]),
        started_with_deputy=data["started_with_deputy"],
        last_check=copy_json(data["last_check"]),
    )

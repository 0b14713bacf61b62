"""to_dict / from_dict: the whole state as plain JSON data, generator state included.

The round trip is exact: from_dict(to_dict()) plays on identically to the original.
"""

from __future__ import annotations

from bangarena_engine.characters import CHARACTER_BY_ID
from bangarena_engine.config import GameConfig
from bangarena_engine.rng import game_chance
from bangarena_engine.state import Card, Player, State, copy_json

FORMAT = 1


def _cards(cards: list[Card]) -> list[list[str]]:
    return [[c.id, c.kind, c.suit, c.rank] for c in cards]


def _uncards(data: list[list[str]]) -> list[Card]:
    return [Card(*row) for row in data]


def state_to_dict(s: State) -> dict:
    return {
        "format": FORMAT,
        "config": s.config.to_dict(),
        "mode": s.mode,
        "players": [
            {
                "seat": p.seat,
                "role": p.role,
                "character": p.character.id,
                "hp": p.hp,
                "max_hp": p.max_hp,
                "hand": _cards(p.hand),
                "in_play": _cards(p.in_play),
                "weapon": _cards([p.weapon])[0] if p.weapon is not None else None,
                "alive": p.alive,
                "upgrades": list(p.upgrades),
            }
            for p in s.players
        ],
        "deck": _cards(s.deck),
        "discard": _cards(s.discard),
        "rng": s.rng.position,
        "round": s.round,
        "turn": s.turn,
        "shots": s.shots,
        "high_noon": s.high_noon,
        "stack": copy_json(s.stack),
        "log": copy_json(s.log),
        "result": copy_json(s.result),
        "deputy_candidates": copy_json(s.deputy_candidates),
        "started_with_deputy": s.started_with_deputy,
        "last_check": copy_json(s.last_check),
    }


def state_from_dict(d: dict) -> State:
    if d.get("format") != FORMAT:
        raise ValueError(f"unsupported game format {d.get('format')!r}")
    players = [
        Player(
            seat=p["seat"],
            role=p["role"],
            character=CHARACTER_BY_ID[p["character"]],
            hp=p["hp"],
            max_hp=p["max_hp"],
            hand=_uncards(p["hand"]),
            in_play=_uncards(p["in_play"]),
            weapon=Card(*p["weapon"]) if p["weapon"] is not None else None,
            alive=p["alive"],
            upgrades=list(p["upgrades"]),
        )
        for p in d["players"]
    ]
    config = GameConfig.from_dict(copy_json(d["config"]))
    return State(
        config=config,
        mode=d["mode"],
        players=players,
        deck=_uncards(d["deck"]),
        discard=_uncards(d["discard"]),
        rng=game_chance(config.generator, config.seed, d["rng"]),
        round=d["round"],
        turn=d["turn"],
        shots=d["shots"],
        high_noon=d["high_noon"],
        stack=copy_json(d["stack"]),
        log=copy_json(d["log"]),
        result=copy_json(d["result"]),
        deputy_candidates=copy_json(d["deputy_candidates"]),
        started_with_deputy=d["started_with_deputy"],
        last_check=copy_json(d["last_check"]),
    )

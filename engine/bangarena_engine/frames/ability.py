"""Bonesetter's ability (R111): offered only while he is the awaited seat, never automatic."""

from __future__ import annotations

from bangarena_engine.damage import heal
from bangarena_engine.piles import discard_from_hand
from bangarena_engine.state import Player, State


def bonesetter_can_heal(s: State, p: Player) -> bool:
    return (
        p.character == "bonesetter"
        and p.alive
        and 1 <= p.hp < p.max_hp
        and not s.high_noon
        and len(p.hand) >= 2
    )


def bonesetter_actions(p: Player) -> list[dict]:
    hand = p.hand
    return [
        {"type": "ability", "ability": "bonesetter", "cards": sorted((hand[i].id, hand[j].id))}
        for i in range(len(hand))
        for j in range(i + 1, len(hand))
    ]


def bonesetter_apply(s: State, p: Player, action: dict) -> None:
    """Discard the two named hand cards and heal 1; the awaited decision stays open."""
    for card_id in action["cards"]:
        discard_from_hand(s, p, card_id, cause="bonesetter")
    heal(s, p, "bonesetter")

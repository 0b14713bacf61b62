"""The play step (R24, section 9): which cards may be played, and what each one does."""

from __future__ import annotations

from bangarena_engine.cards import BROWN, CARD_TYPES, SELF_BLUE, UNLIMITED_SHOT_WEAPONS, WEAPON
from bangarena_engine.damage import heal
from bangarena_engine.distance import distances_from, weapon_range
from bangarena_engine.frames.attack import start_hit
from bangarena_engine.piles import (
    after_hand_loss,
    draw_into_hand,
    find_in_front,
    remove_from_front,
    take_random_from_hand,
)
from bangarena_engine.roles import MARSHAL
from bangarena_engine.state import Card, Player, State

_NO_TARGET = frozenset(
    (
        "raid",
        "buckshot",
        "wagon",
        "caravan",
        "bazaar",
        "volcanic",
        "sawed_off",
        "rifle",
        "carbine",
        "long_rifle",
    )
)


def can_shoot(s: State, p: Player) -> bool:
    """R49: one Shot per turn unless Volcanic, Mad Dog or High Noon."""
    return (
        s.shots == 0
        or s.high_noon
        or p.character.unlimited_shots
        or (p.weapon is not None and p.weapon.kind in UNLIMITED_SHOT_WEAPONS)
    )


def _card_targets(q: Player) -> list[str]:
    """What Grab or Toss may take from ``q``: each card in front, or "hand" (R52, R53)."""
    options = [c.id for c in q.in_play]
    if q.weapon is not None:
        options.append(q.weapon.id)
    if q.hand:
        options.append("hand")
    return options


def legal(s: State, f: dict) -> list[dict]:
    p = s.players[f["seat"]]
    actions: list[dict] = []
    if not f.get("jailed"):
        _card_plays(s, p, actions)
    actions.append({"type": "end_turn"})
    return actions


def _card_plays(s: State, p: Player, actions: list[dict]) -> None:
    players = s.players
    dists = distances_from(s, p.seat)
    shooter = can_shoot(s, p)
    reach = weapon_range(p)
    shot_kinds = p.character.shot_kinds
    high_noon = s.high_noon
    for card in p.hand:
        kind = card.kind
        cid = card.id
        if kind in shot_kinds:
            if shooter:
                for t, d in dists.items():
                    if d <= reach:
                        actions.append({"type": "play", "card": cid, "target": t})
        elif kind == "ricochet":
            continue  # R50: a reaction only
        elif kind in _NO_TARGET:
            actions.append({"type": "play", "card": cid})
        elif kind in SELF_BLUE:
            if not p.has_in_play(kind):
                actions.append({"type": "play", "card": cid})
        elif kind == "grab" or kind == "toss":
            for t, d in dists.items():
                if kind == "grab" and d > 1:
                    continue
                for option in _card_targets(players[t]):
                    actions.append(
                        {"type": "play", "card": cid, "target": t, "target_card": option}
                    )
        elif kind == "duel":
            for t in dists:
                actions.append({"type": "play", "card": cid, "target": t})
        elif kind == "jail":
            for t in dists:
                q = players[t]
                if q.role != MARSHAL and not q.has_in_play("jail"):
                    actions.append({"type": "play", "card": cid, "target": t})
        elif kind == "flask":
            if not high_noon and p.hp < p.max_hp and (s.arena or len(dists) >= 2):
                actions.append({"type": "play", "card": cid})
        elif (
            kind == "saloon" and not high_noon and any(q.alive and q.hp < q.max_hp for q in players)
        ):
            actions.append({"type": "play", "card": cid})


def apply(s: State, f: dict, action: dict) -> None:
    p = s.players[f["seat"]]
    if action["type"] == "end_turn":
        s.stack.pop()
        return
    card = next(c for c in p.hand if c.id == action["card"])
    _play_card(s, p, card, action)


def _play_card(s: State, p: Player, card: Card, action: dict) -> None:
    """Put the card where it goes, announce it, fire Empty Hands (→Q44), then resolve."""
    kind = card.kind
    target = action.get("target")
    p.hand.remove(card)
    event = {"type": "played", "seat": p.seat, "card": card.public()}
    if target is not None:
        event["target"] = target
    target_card = action.get("target_card")
    if target_card is not None:
        taken = None if target_card == "hand" else find_in_front(s.players[target], target_card)
        event["target_card"] = "hand" if taken is None else taken.public()
    card_type = CARD_TYPES[kind][0]
    if card_type == BROWN:
        s.discard.append(card)
    elif kind == "jail":
        s.players[target].in_play.append(card)
    elif kind in SELF_BLUE:
        p.in_play.append(card)
    s.emit(event)
    if card_type == WEAPON:  # a weapon replaces the old one (R39)
        old = p.weapon
        p.weapon = card
        if old is not None:
            s.discard.append(old)
            s.emit({"type": "discarded", "seat": p.seat, "card": old.public(), "cause": "replaced"})
    after_hand_loss(s, p)
    _resolve(s, p, kind, target, target_card)


def _resolve(s: State, p: Player, kind: str, target: int | None, target_card: str | None) -> None:
    seat = p.seat
    if kind == "shot" or kind == "ricochet":  # a Ricochet here is Two-Face's Shot (R102)
        s.shots += 1
        start_hit(s, seat, target, "shot")
    elif kind == "flask":
        heal(s, p, "flask")
    elif kind == "grab" or kind == "toss":
        _take(s, p, kind, s.players[target], target_card)
    elif kind == "duel":
        s.stack.append({"kind": "duel", "seat": target, "source": seat, "opponent": target})
    elif kind == "raid":
        s.stack.append({"kind": "raid_seq", "source": seat, "targets": s.clockwise_others(seat)})
    elif kind == "buckshot":
        s.stack.append({"kind": "buckshot", "source": seat, "targets": s.clockwise_others(seat)})
    elif kind == "wagon":
        draw_into_hand(s, p, 2, cause="wagon")
    elif kind == "caravan":
        draw_into_hand(s, p, 3, cause="caravan")
    elif kind == "bazaar":
        for other in [seat, *s.clockwise_others(seat)]:
            draw_into_hand(s, s.players[other], 1, cause="bazaar")
    elif kind == "saloon":
        for other in [seat, *s.clockwise_others(seat)]:
            heal(s, s.players[other], "saloon")


def _take(s: State, p: Player, kind: str, q: Player, target_card: str) -> None:
    """Grab takes the card into the hand; Toss discards it face up (→Q3)."""
    if target_card == "hand":
        card = take_random_from_hand(s, q)
        if kind == "grab":
            p.hand.append(card)
            s.emit({"type": "took", "seat": p.seat, "from": q.seat, "card": None, "cause": "grab"})
        else:
            s.discard.append(card)
            s.emit({"type": "discarded", "seat": q.seat, "card": card.public(), "cause": "toss"})
        return
    card = find_in_front(q, target_card)
    remove_from_front(q, card)
    if kind == "grab":
        p.hand.append(card)
        s.emit(
            {"type": "took", "seat": p.seat, "from": q.seat, "card": card.public(), "cause": "grab"}
        )
    else:
        s.discard.append(card)
        s.emit({"type": "discarded", "seat": q.seat, "card": card.public(), "cause": "toss"})


def default(s: State, f: dict) -> dict:
    """R120: the play step times out into End turn."""
    return {"type": "end_turn"}


def public(s: State, f: dict) -> dict | None:
    """The contract shows no pending part while only the play step awaits."""
    return None

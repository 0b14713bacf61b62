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
    steal_random_card,
    take_random_from_hand,
)
from bangarena_engine.roles import MARSHAL
from bangarena_engine.state import Card, Player, State
from bangarena_engine.types import Action, PlayedEvent, PlayFrame

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


def can_shoot(state: State, player: Player) -> bool:
    """R49: one Shot per turn unless Volcanic, Mad Dog or High Noon."""
    return (
        state.shots == 0
        or state.high_noon
        or player.character.unlimited_shots
        or (player.weapon is not None and player.weapon.kind in UNLIMITED_SHOT_WEAPONS)
    )


def _card_targets(target_player: Player) -> list[str]:
    """What Grab or Toss may take from ``target_player``: each card in front, or "hand"
    (R52, R53)."""
    options = [c.id for c in target_player.in_play]
    if target_player.weapon is not None:
        options.append(target_player.weapon.id)
    if target_player.hand:
        options.append("hand")
    return options


def legal(state: State, frame: PlayFrame) -> list[Action]:
    player = state.players[frame["seat"]]
    actions: list[Action] = []
    if not frame.get("jailed"):
        _card_plays(state, player, actions)
    actions.append({"type": "end_turn"})
    return actions


def _card_plays(state: State, player: Player, actions: list[Action]) -> None:
    players = state.players
    dists = distances_from(state, player.seat)
    shooter = can_shoot(state, player)
    reach = weapon_range(player)
    shot_kinds = player.character.shot_kinds
    high_noon = state.high_noon
    for card in player.hand:
        kind = card.kind
        cid = card.id
        if kind in shot_kinds:
            if shooter:
                for target, dist in dists.items():
                    if dist <= reach:
                        actions.append({"type": "play", "card": cid, "target": target})
        elif kind == "ricochet":
            continue  # R50: a reaction only
        elif kind in _NO_TARGET:
            actions.append({"type": "play", "card": cid})
        elif kind in SELF_BLUE:
            if not player.has_in_play(kind):
                actions.append({"type": "play", "card": cid})
        elif kind == "grab" or kind == "toss":
            for target, dist in dists.items():
                if kind == "grab" and dist > 1:
                    continue
                for option in _card_targets(players[target]):
                    actions.append(
                        {"type": "play", "card": cid, "target": target, "target_card": option}
                    )
        elif kind == "duel":
            for target in dists:
                actions.append({"type": "play", "card": cid, "target": target})
        elif kind == "jail":
            for target in dists:
                target_player = players[target]
                if target_player.role != MARSHAL and not target_player.has_in_play("jail"):
                    actions.append({"type": "play", "card": cid, "target": target})
        elif kind == "flask":
            if not high_noon and player.hp < player.max_hp and (state.arena or len(dists) >= 2):
                actions.append({"type": "play", "card": cid})
        elif (
            kind == "saloon"
            and not high_noon
            and any(anyone.alive and anyone.hp < anyone.max_hp for anyone in players)
        ):
            actions.append({"type": "play", "card": cid})


def apply(state: State, frame: PlayFrame, action: Action) -> None:
    player = state.players[frame["seat"]]
    if action["type"] == "end_turn":
        state.stack.pop()
        return
    card = next(c for c in player.hand if c.id == action["card"])
    _play_card(state, player, card, action)


def _play_card(state: State, player: Player, card: Card, action: Action) -> None:
    """Put the card where it goes, announce it, fire Empty Hands (→Q44), then resolve."""
    kind = card.kind
    player.hand.remove(card)
    event: PlayedEvent = {"type": "played", "seat": player.seat, "card": card.public()}
    if "target" in action:
        event["target"] = action["target"]
    if "target_card" in action:
        target_card = action["target_card"]
        taken = (
            None
            if target_card == "hand"
            else find_in_front(state.players[action["target"]], target_card)
        )
        event["target_card"] = "hand" if taken is None else taken.public()
    card_type = CARD_TYPES[kind][0]
    if card_type == BROWN:
        state.discard.append(card)
    elif kind == "jail":
        state.players[action["target"]].in_play.append(card)
    elif kind in SELF_BLUE:
        player.in_play.append(card)
    state.emit(event)
    if card_type == WEAPON:  # a weapon replaces the old one (R39)
        old = player.weapon
        player.weapon = card
        if old is not None:
            state.discard.append(old)
            state.emit(
                {
                    "type": "discarded",
                    "seat": player.seat,
                    "card": old.public(),
                    "cause": "replaced",
                }
            )
    after_hand_loss(state, player)
    _resolve(state, player, kind, action)


def _resolve(state: State, player: Player, kind: str, action: Action) -> None:
    """What the card does, once played (section 9); ``action`` names its target."""
    seat = player.seat
    if kind == "shot" or kind == "ricochet":  # a Ricochet here is Two-Face's Shot (R102)
        state.shots += 1
        start_hit(state, seat, action["target"], "shot")
    elif kind == "flask":
        heal(state, player, "flask")
    elif kind == "grab" or kind == "toss":
        _take(state, player, kind, state.players[action["target"]], action["target_card"])
    elif kind == "duel":
        target = action["target"]
        state.stack.append({"kind": "duel", "seat": target, "source": seat, "opponent": target})
    elif kind == "raid":
        state.stack.append(
            {"kind": "raid_seq", "source": seat, "targets": state.clockwise_others(seat)}
        )
    elif kind == "buckshot":
        state.stack.append(
            {"kind": "buckshot", "source": seat, "targets": state.clockwise_others(seat)}
        )
    elif kind == "wagon":
        draw_into_hand(state, player, 2, cause="wagon")
    elif kind == "caravan":
        draw_into_hand(state, player, 3, cause="caravan")
    elif kind == "bazaar":
        for other in [seat, *state.clockwise_others(seat)]:
            draw_into_hand(state, state.players[other], 1, cause="bazaar")
    elif kind == "saloon":
        for other in [seat, *state.clockwise_others(seat)]:
            heal(state, state.players[other], "saloon")


def _take(state: State, player: Player, kind: str, target_player: Player, target_card: str) -> None:
    """Grab takes the card into the hand; Toss discards it face up (→Q3)."""
    if target_card == "hand":
        if kind == "grab":
            steal_random_card(state, player, target_player, cause="grab")
            return
        card = take_random_from_hand(state, target_player)
        assert card is not None  # legal_actions offers "hand" only for a hand with a card
    else:
        in_front = find_in_front(target_player, target_card)
        assert in_front is not None  # legal_actions offers only cards in front of the target
        card = in_front
        remove_from_front(target_player, card)
        if kind == "grab":
            player.hand.append(card)
            state.emit(
                {
                    "type": "took",
                    "seat": player.seat,
                    "from": target_player.seat,
                    "card": card.public(),
                    "cause": "grab",
                }
            )
            return
    state.discard.append(card)
    state.emit(
        {"type": "discarded", "seat": target_player.seat, "card": card.public(), "cause": "toss"}
    )


def default(state: State, frame: PlayFrame) -> Action:
    """R120: the play step times out into End turn."""
    return {"type": "end_turn"}


def public(state: State, frame: PlayFrame) -> None:
    """The contract shows no pending part while only the play step awaits."""
    return None

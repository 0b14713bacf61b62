"""Attacks and their responses: hits (Shot, Buckshot), Duel and Raid (RULES.md section 10)."""

from __future__ import annotations

from bangarena_engine.checks import cover_check, has_cover
from bangarena_engine.damage import damage
from bangarena_engine.piles import discard_from_hand
from bangarena_engine.state import Card, Player, State
from bangarena_engine.types import (
    Action,
    DecisionFrame,
    DuelFrame,
    HitFrame,
    RaidFrame,
    TargetQueueFrame,
)


def start_hit(state: State, source: int, target: int, card: str) -> None:
    """R68 step 1 and R69: Cover is checked automatically, then the target is awaited."""
    target_player = state.players[target]
    required = 1
    if card == "shot":
        shooter = state.players[source]
        required = shooter.character.dodges_needed(state, shooter, target_player)
    if not state.high_noon and has_cover(target_player) and cover_check(state, target_player):
        required -= 1
        if required == 0:
            state.emit({"type": "hit_cancelled", "seat": target, "by": "cover"})
            return
    state.stack.append(
        {
            "kind": "respond_hit",
            "seat": target,
            "source": source,
            "card": card,
            "required": required,
        }
    )


def _dodge_cards(player: Player) -> list[Card]:
    """Ricochet-equivalents: Ricochets, plus Shots for Two-Face (R102)."""
    kinds = player.character.dodge_kinds
    return [c for c in player.hand if c.kind in kinds]


def _duel_cards(player: Player) -> list[Card]:
    """Shots, plus Ricochets for Two-Face (R54, R55, R102)."""
    kinds = player.character.duel_kinds
    return [c for c in player.hand if c.kind in kinds]


def hit_legal(state: State, frame: HitFrame) -> list[Action]:
    player = state.players[frame["seat"]]
    dodge = _dodge_cards(player)
    if frame["required"] == 1:
        actions: list[Action] = [{"type": "respond", "card": c.id} for c in dodge]
    else:
        pairs = (
            sorted((dodge[i].id, dodge[j].id))
            for i in range(len(dodge))
            for j in range(i + 1, len(dodge))
        )
        actions = [{"type": "respond", "card": a, "card2": b} for a, b in pairs]
    if player.hp == 1 and not state.high_noon and state.alive_count() >= 3:
        actions.extend({"type": "respond", "card": c.id} for c in player.hand if c.kind == "flask")
    actions.append({"type": "pass"})
    return actions


def hit_apply(state: State, frame: HitFrame, action: Action) -> None:
    state.stack.pop()
    seat = frame["seat"]
    if action["type"] == "pass":
        state.emit({"type": "passed", "seat": seat})
        damage(state, seat, 1, frame["source"], frame["card"])
        return
    player = state.players[seat]
    cards = [action["card"]] + ([action["card2"]] if "card2" in action else [])
    used = [discard_from_hand(state, player, cid, cause="respond") for cid in cards]
    by = "flask" if used[0].kind == "flask" else "ricochet"
    state.emit({"type": "hit_cancelled", "seat": seat, "by": by})


def duel_apply(state: State, frame: DuelFrame, action: Action) -> None:
    seat = frame["seat"]
    other = frame["source"] if seat == frame["opponent"] else frame["opponent"]
    if action["type"] == "pass":
        state.stack.pop()
        state.emit({"type": "passed", "seat": seat})
        damage(state, seat, 1, other, "duel")  # R81: the other duellist is the source
        return
    discard_from_hand(state, state.players[seat], action["card"], cause="duel")
    if state.players[other].alive:
        frame["seat"] = other
    else:  # cannot happen by the rules; keeps the stack sane if it ever did
        state.stack.pop()


def round_legal(state: State, frame: DuelFrame | RaidFrame) -> list[Action]:
    """A Duel or Raid round: discard one Shot-equivalent, or pass (R54, R55)."""
    player = state.players[frame["seat"]]
    actions: list[Action] = [{"type": "respond", "card": c.id} for c in _duel_cards(player)]
    actions.append({"type": "pass"})
    return actions


def raid_apply(state: State, frame: RaidFrame, action: Action) -> None:
    state.stack.pop()
    seat = frame["seat"]
    if action["type"] == "pass":
        state.emit({"type": "passed", "seat": seat})
        damage(state, seat, 1, frame["source"], "raid")
        return
    discard_from_hand(state, state.players[seat], action["card"], cause="raid")


def pass_default(state: State, frame: DecisionFrame) -> Action:
    """R120: accept the hit, lose the Duel or Raid round."""
    return {"type": "pass"}


def public(
    state: State, frame: HitFrame | DuelFrame | RaidFrame
) -> HitFrame | DuelFrame | RaidFrame:
    """An attack's public part is its whole frame."""
    return frame.copy()


def buckshot_step(state: State, frame: TargetQueueFrame) -> bool:
    """R60/R70: one target at a time, clockwise; dead targets are skipped."""
    targets = frame["targets"]
    while targets:
        target = targets.pop(0)
        if state.players[target].alive:
            start_hit(state, frame["source"], target, "buckshot")
            return False
    state.stack.pop()
    return False


def raid_seq_step(state: State, frame: TargetQueueFrame) -> bool:
    """R55/R70: each target answers in turn, clockwise from the player after the raider."""
    targets = frame["targets"]
    while targets:
        target = targets.pop(0)
        if state.players[target].alive:
            state.stack.append({"kind": "raid", "seat": target, "source": frame["source"]})
            return False
    state.stack.pop()
    return False

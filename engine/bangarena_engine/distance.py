"""Distance and range (RULES.md section 8)."""

from __future__ import annotations

from bangarena_engine.cards import REVOLVER_RANGE, WEAPON_RANGE
from bangarena_engine.state import Player, State
from bangarena_engine.upgrades import range_bonus


def horse_bonus(player: Player) -> int:
    """H(Y) of R34: Horse card plus Pass Shadow's built-in Horse (they stack, →Q39)."""
    return (1 if player.has_in_play("horse") else 0) + player.character.horse_bonus


def scope_bonus(player: Player) -> int:
    """S(X) of R34: Scope card plus the built-in Scope of Eagle Eye and Mad Dog (→Q40)."""
    return (1 if player.has_in_play("scope") else 0) + player.character.scope_bonus


def distance(state: State, source: int, target: int) -> int:
    """Effective distance from source to target among alive players (R33, R34); never below 1."""
    alive = state.alive_seats()
    n = len(alive)
    steps = (alive.index(target) - alive.index(source)) % n
    base = min(steps, n - steps)
    return max(1, base + horse_bonus(state.players[target]) - scope_bonus(state.players[source]))


def distances_from(state: State, source: int) -> dict[int, int]:
    """Effective distance from source to every other alive player, in one pass (hot path)."""
    alive = [player for player in state.players if player.alive]
    n = len(alive)
    me = state.players[source]
    ia = alive.index(me)
    scope = scope_bonus(me)
    out = {}
    for ib in range(n):
        if ib == ia:
            continue
        other = alive[ib]
        steps = (ib - ia) % n
        dist = min(steps, n - steps) - scope
        if other.in_play or other.character.horse_bonus:
            dist += horse_bonus(other)
        out[other.seat] = dist if dist > 1 else 1
    return out


def weapon_range(player: Player) -> int:
    """R35: weapon range (Revolver 1) plus what the upgrades add (one per Accuracy)."""
    base = WEAPON_RANGE[player.weapon.kind] if player.weapon is not None else REVOLVER_RANGE
    return base + range_bonus(player.upgrades) if player.upgrades else base

"""Distance and range (RULES.md section 8)."""

from __future__ import annotations

from bangarena_engine.cards import REVOLVER_RANGE, WEAPON_RANGE
from bangarena_engine.state import Player, State
from bangarena_engine.upgrades import range_bonus


def horse_bonus(p: Player) -> int:
    """H(Y) of R34: Horse card plus Pass Shadow's built-in Horse (they stack, →Q39)."""
    return (1 if p.has_in_play("horse") else 0) + p.character.horse_bonus


def scope_bonus(p: Player) -> int:
    """S(X) of R34: Scope card plus the built-in Scope of Eagle Eye and Mad Dog (→Q40)."""
    return (1 if p.has_in_play("scope") else 0) + p.character.scope_bonus


def distance(s: State, a: int, b: int) -> int:
    """Effective distance from a to b among alive players (R33, R34); never below 1."""
    alive = s.alive_seats()
    n = len(alive)
    k = (alive.index(b) - alive.index(a)) % n
    base = min(k, n - k)
    return max(1, base + horse_bonus(s.players[b]) - scope_bonus(s.players[a]))


def distances_from(s: State, a: int) -> dict[int, int]:
    """Effective distance from a to every other alive player, in one pass (hot path)."""
    alive = [p for p in s.players if p.alive]
    n = len(alive)
    me = s.players[a]
    ia = alive.index(me)
    scope = scope_bonus(me)
    out = {}
    for ib in range(n):
        if ib == ia:
            continue
        q = alive[ib]
        k = (ib - ia) % n
        d = min(k, n - k) - scope
        if q.in_play or q.character.horse_bonus:
            d += horse_bonus(q)
        out[q.seat] = d if d > 1 else 1
    return out


def weapon_range(p: Player) -> int:
    """R35: weapon range (Revolver 1) plus what the upgrades add (one per Accuracy)."""
    base = WEAPON_RANGE[p.weapon.kind] if p.weapon is not None else REVOLVER_RANGE
    return base + range_bonus(p.upgrades) if p.upgrades else base

"""Attacks and their responses: hits (Shot, Buckshot), Duel and Raid (RULES.md section 10)."""

from __future__ import annotations

from bangarena_engine.checks import cover_check, has_cover
from bangarena_engine.damage import damage
from bangarena_engine.piles import discard_from_hand
from bangarena_engine.state import Card, Player, State

_PASS = {"type": "pass"}


def start_hit(s: State, source: int, target: int, card: str) -> None:
    """R68 step 1 and R69: Cover is checked automatically, then the target is awaited."""
    t = s.players[target]
    required = 1
    if card == "shot":
        shooter = s.players[source]
        required = shooter.character.dodges_needed(s, shooter, t)
    if not s.high_noon and has_cover(t) and cover_check(s, t):
        required -= 1
        if required == 0:
            s.emit({"type": "hit_cancelled", "seat": target, "by": "cover"})
            return
    s.stack.append(
        {
            "kind": "respond_hit",
            "seat": target,
            "source": source,
            "card": card,
            "required": required,
        }
    )


def _dodge_cards(p: Player) -> list[Card]:
    """Ricochet-equivalents: Ricochets, plus Shots for Two-Face (R102)."""
    kinds = p.character.dodge_kinds
    return [c for c in p.hand if c.kind in kinds]


def _duel_cards(p: Player) -> list[Card]:
    """Shots, plus Ricochets for Two-Face (R54, R55, R102)."""
    kinds = p.character.duel_kinds
    return [c for c in p.hand if c.kind in kinds]


def hit_legal(s: State, f: dict) -> list[dict]:
    p = s.players[f["seat"]]
    dodge = _dodge_cards(p)
    if f["required"] == 1:
        actions = [{"type": "respond", "card": c.id} for c in dodge]
    else:
        pairs = (
            sorted((dodge[i].id, dodge[j].id))
            for i in range(len(dodge))
            for j in range(i + 1, len(dodge))
        )
        actions = [{"type": "respond", "card": a, "card2": b} for a, b in pairs]
    if p.hp == 1 and not s.high_noon and s.alive_count() >= 3:
        actions.extend({"type": "respond", "card": c.id} for c in p.hand if c.kind == "flask")
    actions.append(dict(_PASS))
    return actions


def hit_apply(s: State, f: dict, action: dict) -> None:
    s.stack.pop()
    seat = f["seat"]
    if action["type"] == "pass":
        s.emit({"type": "passed", "seat": seat})
        damage(s, seat, 1, f["source"], f["card"])
        return
    p = s.players[seat]
    cards = [action["card"]] + ([action["card2"]] if "card2" in action else [])
    used = [discard_from_hand(s, p, cid, cause="respond") for cid in cards]
    by = "flask" if used[0].kind == "flask" else "ricochet"
    s.emit({"type": "hit_cancelled", "seat": seat, "by": by})


def duel_apply(s: State, f: dict, action: dict) -> None:
    seat = f["seat"]
    other = f["source"] if seat == f["opponent"] else f["opponent"]
    if action["type"] == "pass":
        s.stack.pop()
        s.emit({"type": "passed", "seat": seat})
        damage(s, seat, 1, other, "duel")  # R81: the other duellist is the source
        return
    discard_from_hand(s, s.players[seat], action["card"], cause="duel")
    if s.players[other].alive:
        f["seat"] = other
    else:  # cannot happen by the rules; keeps the stack sane if it ever did
        s.stack.pop()


def round_legal(s: State, f: dict) -> list[dict]:
    """A Duel or Raid round: discard one Shot-equivalent, or pass (R54, R55)."""
    p = s.players[f["seat"]]
    actions = [{"type": "respond", "card": c.id} for c in _duel_cards(p)]
    actions.append(dict(_PASS))
    return actions


def raid_apply(s: State, f: dict, action: dict) -> None:
    s.stack.pop()
    seat = f["seat"]
    if action["type"] == "pass":
        s.emit({"type": "passed", "seat": seat})
        damage(s, seat, 1, f["source"], "raid")
        return
    discard_from_hand(s, s.players[seat], action["card"], cause="raid")


def pass_default(s: State, f: dict) -> dict:
    """R120: accept the hit, lose the Duel or Raid round."""
    return dict(_PASS)


def public(s: State, f: dict) -> dict:
    return dict(f)


def buckshot_step(s: State, f: dict) -> bool:
    """R60/R70: one target at a time, clockwise; dead targets are skipped."""
    targets = f["targets"]
    while targets:
        target = targets.pop(0)
        if s.players[target].alive:
            start_hit(s, f["source"], target, "buckshot")
            return False
    s.stack.pop()
    return False


def raid_seq_step(s: State, f: dict) -> bool:
    """R55/R70: each target answers in turn, clockwise from the player after the raider."""
    targets = f["targets"]
    while targets:
        target = targets.pop(0)
        if s.players[target].alive:
            s.stack.append({"kind": "raid", "seat": target, "source": f["source"]})
            return False
    s.stack.pop()
    return False

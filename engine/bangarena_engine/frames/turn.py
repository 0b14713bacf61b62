"""The turn procedure (R22): round update, checks, draw, play, end and discard, next turn.

One ``turn`` frame sits at the bottom of the stack and walks through its steps; the steps
that need a decision push a frame above it. An elimination of the player whose turn it is
sets the step to ``next`` (R80 step 8).
"""

from __future__ import annotations

from bangarena_engine.checks import dynamite_check, jail_check
from bangarena_engine.damage import damage
from bangarena_engine.drawstep import start_draw
from bangarena_engine.roles import MARSHAL
from bangarena_engine.state import State


def step(s: State, f: dict) -> bool:
    p = s.players[f["seat"]]
    where = f["step"]
    if where == "begin":
        _begin(s, f)
    elif where == "dynamite":
        f["step"] = "jail"
        dynamite = next((c for c in p.in_play if c.kind == "dynamite"), None)
        if dynamite is not None:
            if dynamite_check(s, p):
                p.in_play.remove(dynamite)
                s.discard.append(dynamite)
                damage(s, p.seat, 3, None, "dynamite")
            else:
                _pass_dynamite(s, p.seat, dynamite)
    elif where == "jail":
        f["step"] = "draw"
        jail = next((c for c in p.in_play if c.kind == "jail"), None)
        if jail is not None:
            p.in_play.remove(jail)
            escaped = jail_check(s, p)
            s.discard.append(jail)
            if not escaped:
                if s.arena:
                    f["jailed"] = True
                else:
                    f["step"] = "next"  # R74 Old Classic: the whole turn is skipped (→Q24)
    elif where == "draw":
        f["step"] = "play"
        start_draw(s, p)
    elif where == "play":
        f["step"] = "end"
        if not f.get("jailed"):
            s.stack.append({"kind": "play", "seat": p.seat})
        elif p.character.can_use_ability(s, p):
            # →Q23: a jailed Bonesetter may still heal, so he is asked (play nothing else).
            s.stack.append({"kind": "play", "seat": p.seat, "jailed": True})
    elif where == "end":
        f["step"] = "next"
        if len(p.hand) > p.hp:
            s.stack.append({"kind": "discard", "seat": p.seat})
    else:  # "next"
        s.emit({"type": "turn_ended", "seat": p.seat})
        s.stack[0] = {"kind": "turn", "seat": s.next_alive(p.seat), "step": "begin"}
    return False


def _begin(s: State, f: dict) -> None:
    p = s.players[f["seat"]]
    f["step"] = "dynamite"
    s.turn = p.seat
    s.shots = 0
    if p.role == MARSHAL:
        s.round += 1
        s.emit({"type": "round", "round": s.round})
        if s.arena and s.round >= 8 and not s.high_noon:
            s.high_noon = True
            s.emit({"type": "high_noon", "round": s.round})
    s.emit({"type": "turn", "seat": p.seat, "round": s.round})


def _pass_dynamite(s: State, holder: int, dynamite) -> None:
    """R75/R65: it moves to the next alive player clockwise who holds none (→Q7)."""
    s.players[holder].in_play.remove(dynamite)
    seat = holder
    for _ in range(len(s.players)):
        seat = s.next_alive(seat)
        if seat == holder or not s.players[seat].has_in_play("dynamite"):
            break
    s.players[seat].in_play.append(dynamite)
    s.emit({"type": "dynamite_passed", "from": holder, "to": seat})

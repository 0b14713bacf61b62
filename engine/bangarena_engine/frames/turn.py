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
from bangarena_engine.state import Card, State
from bangarena_engine.types import TurnFrame


def step(state: State, frame: TurnFrame) -> bool:
    player = state.players[frame["seat"]]
    where = frame["step"]
    if where == "begin":
        _begin(state, frame)
    elif where == "dynamite":
        frame["step"] = "jail"
        dynamite = next((c for c in player.in_play if c.kind == "dynamite"), None)
        if dynamite is not None:
            if dynamite_check(state, player):
                player.in_play.remove(dynamite)
                state.discard.append(dynamite)
                damage(state, player.seat, 3, None, "dynamite")
            else:
                _pass_dynamite(state, player.seat, dynamite)
    elif where == "jail":
        frame["step"] = "draw"
        jail = next((c for c in player.in_play if c.kind == "jail"), None)
        if jail is not None:
            player.in_play.remove(jail)
            escaped = jail_check(state, player)
            state.discard.append(jail)
            if not escaped:
                if state.arena:
                    frame["jailed"] = True
                else:
                    frame["step"] = "next"  # R74 Old Classic: the whole turn is skipped (→Q24)
    elif where == "draw":
        frame["step"] = "play"
        start_draw(state, player)
    elif where == "play":
        frame["step"] = "end"
        if not frame.get("jailed"):
            state.stack.append({"kind": "play", "seat": player.seat})
        elif player.character.has_ability and player.character.can_use_ability(state, player):
            # →Q23: a jailed Bonesetter may still heal, so he is asked (play nothing else).
            state.stack.append({"kind": "play", "seat": player.seat, "jailed": True})
    elif where == "end":
        frame["step"] = "next"
        if len(player.hand) > player.hp:
            state.stack.append({"kind": "discard", "seat": player.seat})
    else:  # "next"
        state.emit({"type": "turn_ended", "seat": player.seat})
        state.stack[0] = {"kind": "turn", "seat": state.next_alive(player.seat), "step": "begin"}
    return False


def _begin(state: State, frame: TurnFrame) -> None:
    player = state.players[frame["seat"]]
    frame["step"] = "dynamite"
    state.turn = player.seat
    state.shots = 0
    if player.role == MARSHAL:
        state.round += 1
        state.emit({"type": "round", "round": state.round})
        if state.arena and state.round >= 8 and not state.high_noon:
            state.high_noon = True
            state.emit({"type": "high_noon", "round": state.round})
    state.emit({"type": "turn", "seat": player.seat, "round": state.round})


def _pass_dynamite(state: State, holder: int, dynamite: Card) -> None:
    """R75/R65: it moves to the next alive player clockwise who holds none (→Q7)."""
    state.players[holder].in_play.remove(dynamite)
    seat = holder
    for _ in range(len(state.players)):
        seat = state.next_alive(seat)
        if seat == holder or not state.players[seat].has_in_play("dynamite"):
            break
    state.players[seat].in_play.append(dynamite)
    state.emit({"type": "dynamite_passed", "from": holder, "to": seat})

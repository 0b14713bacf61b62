"""Choice frames: end-of-turn discard, draw choices, keep-2-of-3, upgrade and Bounty."""

from __future__ import annotations

from bangarena_engine.damage import bounty_options, gain_upgrade, take_bounty, upgrade_options
from bangarena_engine.drawstep import DECK, draw_by, draw_options
from bangarena_engine.keep_two import finish_keep_two
from bangarena_engine.piles import discard_from_hand
from bangarena_engine.state import State

# --- end-of-turn discard (R25, R26) -------------------------------------------------------


def discard_check(s: State, f: dict) -> bool:
    """Awaited only while the hand still exceeds current HP (Bonesetter may fix it)."""
    p = s.players[f["seat"]]
    if len(p.hand) > p.hp:
        return True
    s.stack.pop()
    return False


def discard_legal(s: State, f: dict) -> list[dict]:
    return [{"type": "discard", "card": c.id} for c in s.players[f["seat"]].hand]


def discard_apply(s: State, f: dict, action: dict) -> None:
    p = s.players[f["seat"]]
    discard_from_hand(s, p, action["card"], cause="end_turn")
    if len(p.hand) <= p.hp:
        s.stack.pop()


def discard_default(s: State, f: dict) -> dict:
    """R120/→Q49: the most recently received card goes first."""
    return {"type": "discard", "card": s.players[f["seat"]].hand[-1].id}


def discard_public(s: State, f: dict) -> dict:
    p = s.players[f["seat"]]
    return {"kind": "discard", "seat": p.seat, "count": len(p.hand) - p.hp}


# --- draw step choice (R104, R109, R116) --------------------------------------------------


def draw_legal(s: State, f: dict) -> list[dict]:
    return draw_options(s, s.players[f["seat"]])


def draw_apply(s: State, f: dict, action: dict) -> None:
    s.stack.pop()
    draw_by(s, s.players[f["seat"]], action)


def draw_default(s: State, f: dict) -> dict:
    """R120: decline the optional draw / keep the character method: a deck draw."""
    return {"type": "choose", "option": DECK}


def draw_public(s: State, f: dict) -> dict:
    options = [
        o["option"] if "target" not in o else {"option": o["option"], "target": o["target"]}
        for o in draw_options(s, s.players[f["seat"]])
    ]
    return {"kind": "draw_choice", "seat": f["seat"], "options": options}


# --- keep two of three (R86, R106) --------------------------------------------------------


def keep_legal(s: State, f: dict) -> list[dict]:
    return [{"type": "choose", "option": "return", "card": cid} for cid in f["cards"]]


def keep_apply(s: State, f: dict, action: dict) -> None:
    s.stack.pop()
    finish_keep_two(s, s.players[f["seat"]], f, action["card"])


def keep_default(s: State, f: dict) -> dict:
    """R120: keep the first two cards looked at, put back the third."""
    return {"type": "choose", "option": "return", "card": f["cards"][2]}


def keep_public(s: State, f: dict) -> dict:
    return {"kind": "keep_two", "seat": f["seat"], "cause": f["cause"]}


# --- upgrade choice (R83, R88) ------------------------------------------------------------


def upgrade_legal(s: State, f: dict) -> list[dict]:
    return [{"type": "choose", "option": o} for o in upgrade_options(s.players[f["seat"]])]


def upgrade_apply(s: State, f: dict, action: dict) -> None:
    s.stack.pop()
    gain_upgrade(s, s.players[f["seat"]], action["option"], f["cause"])


def upgrade_default(s: State, f: dict) -> dict:
    """R120/→Q50: the first option in the order accuracy, fortitude, instinct."""
    return {"type": "choose", "option": upgrade_options(s.players[f["seat"]])[0]}


def upgrade_public(s: State, f: dict) -> dict:
    return {
        "kind": "upgrade",
        "seat": f["seat"],
        "cause": f["cause"],
        "options": upgrade_options(s.players[f["seat"]]),
    }


# --- Bounty (R87) -------------------------------------------------------------------------


def bounty_check(s: State, f: dict) -> bool:
    """With only one kind of star to take there is nothing to decide."""
    options = bounty_options(f)
    if len(options) > 1:
        return True
    s.stack.pop()
    take_bounty(s, f, options[0])
    return False


def bounty_legal(s: State, f: dict) -> list[dict]:
    return [{"type": "choose", "option": o} for o in bounty_options(f)]


def bounty_apply(s: State, f: dict, action: dict) -> None:
    s.stack.pop()
    take_bounty(s, f, action["option"])


def bounty_default(s: State, f: dict) -> dict:
    """R120/→Q35: the victim's earliest-gained star."""
    return {"type": "choose", "option": f["stars"][0]}


def bounty_public(s: State, f: dict) -> dict:
    return {
        "kind": "bounty",
        "seat": f["seat"],
        "victim": f["victim"],
        "stars": list(f["stars"]),
        "options": bounty_options(f),
    }

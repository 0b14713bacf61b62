"""Choice frames: end-of-turn discard, draw choices, keep-2-of-3, upgrade and Bounty."""

from __future__ import annotations

from bangarena_engine.damage import bounty_options, gain_upgrade, take_bounty, upgrade_options
from bangarena_engine.drawstep import DECK, draw_by, draw_options
from bangarena_engine.keep_two import finish_keep_two
from bangarena_engine.piles import discard_from_hand
from bangarena_engine.state import State
from bangarena_engine.types import (
    Action,
    BountyFrame,
    BountyPending,
    DiscardFrame,
    DiscardPending,
    DrawChoiceFrame,
    DrawChoicePending,
    KeepTwoFrame,
    KeepTwoPending,
    PlayerOption,
    UpgradeFrame,
    UpgradePending,
)

# --- end-of-turn discard (R25, R26) -------------------------------------------------------


def discard_check(state: State, frame: DiscardFrame) -> bool:
    """Awaited only while the hand still exceeds current HP (Bonesetter may fix it)."""
    player = state.players[frame["seat"]]
    if len(player.hand) > player.hp:
        return True
    state.stack.pop()
    return False


def discard_legal(state: State, frame: DiscardFrame) -> list[Action]:
    return [{"type": "discard", "card": c.id} for c in state.players[frame["seat"]].hand]


def discard_apply(state: State, frame: DiscardFrame, action: Action) -> None:
    player = state.players[frame["seat"]]
    discard_from_hand(state, player, action["card"], cause="end_turn")
    if len(player.hand) <= player.hp:
        state.stack.pop()


def discard_default(state: State, frame: DiscardFrame) -> Action:
    """R120/→Q49: the most recently received card goes first."""
    return {"type": "discard", "card": state.players[frame["seat"]].hand[-1].id}


def discard_public(state: State, frame: DiscardFrame) -> DiscardPending:
    player = state.players[frame["seat"]]
    return {"kind": "discard", "seat": player.seat, "count": len(player.hand) - player.hp}


# --- draw step choice (R104, R109, R116) --------------------------------------------------


def draw_legal(state: State, frame: DrawChoiceFrame) -> list[Action]:
    return draw_options(state, state.players[frame["seat"]])


def draw_apply(state: State, frame: DrawChoiceFrame, action: Action) -> None:
    state.stack.pop()
    draw_by(state, state.players[frame["seat"]], action)


def draw_default(state: State, frame: DrawChoiceFrame) -> Action:
    """R120: decline the optional draw / keep the character method: a deck draw."""
    return {"type": "choose", "option": DECK}


def draw_public(state: State, frame: DrawChoiceFrame) -> DrawChoicePending:
    """The options by name; Grip's name their target too."""
    options: list[str | PlayerOption] = []
    for option in draw_options(state, state.players[frame["seat"]]):
        if "target" in option:
            options.append({"option": option["option"], "target": option["target"]})
        else:
            options.append(option["option"])
    return {"kind": "draw_choice", "seat": frame["seat"], "options": options}


# --- keep two of three (R86, R106) --------------------------------------------------------


def keep_legal(state: State, frame: KeepTwoFrame) -> list[Action]:
    return [{"type": "choose", "option": "return", "card": cid} for cid in frame["cards"]]


def keep_apply(state: State, frame: KeepTwoFrame, action: Action) -> None:
    state.stack.pop()
    finish_keep_two(state, state.players[frame["seat"]], frame, action["card"])


def keep_default(state: State, frame: KeepTwoFrame) -> Action:
    """R120: keep the first two cards looked at, put back the third."""
    return {"type": "choose", "option": "return", "card": frame["cards"][2]}


def keep_public(state: State, frame: KeepTwoFrame) -> KeepTwoPending:
    return {"kind": "keep_two", "seat": frame["seat"], "cause": frame["cause"]}


# --- upgrade choice (R83, R88) ------------------------------------------------------------


def upgrade_legal(state: State, frame: UpgradeFrame) -> list[Action]:
    return [{"type": "choose", "option": o} for o in upgrade_options(state.players[frame["seat"]])]


def upgrade_apply(state: State, frame: UpgradeFrame, action: Action) -> None:
    state.stack.pop()
    gain_upgrade(state, state.players[frame["seat"]], action["option"], frame["cause"])


def upgrade_default(state: State, frame: UpgradeFrame) -> Action:
    """R120/→Q50: the first option in the order accuracy, fortitude, instinct."""
    return {"type": "choose", "option": upgrade_options(state.players[frame["seat"]])[0]}


def upgrade_public(state: State, frame: UpgradeFrame) -> UpgradePending:
    return {
        "kind": "upgrade",
        "seat": frame["seat"],
        "cause": frame["cause"],
        "options": upgrade_options(state.players[frame["seat"]]),
    }


# --- Bounty (R87) -------------------------------------------------------------------------


def bounty_check(state: State, frame: BountyFrame) -> bool:
    """With only one kind of star to take there is nothing to decide."""
    options = bounty_options(frame)
    if len(options) > 1:
        return True
    state.stack.pop()
    take_bounty(state, frame, options[0])
    return False


def bounty_legal(state: State, frame: BountyFrame) -> list[Action]:
    return [{"type": "choose", "option": o} for o in bounty_options(frame)]


def bounty_apply(state: State, frame: BountyFrame, action: Action) -> None:
    state.stack.pop()
    take_bounty(state, frame, action["option"])


def bounty_default(state: State, frame: BountyFrame) -> Action:
    """R120/→Q35: the victim's earliest-gained star."""
    return {"type": "choose", "option": frame["stars"][0]}


def bounty_public(state: State, frame: BountyFrame) -> BountyPending:
    return {
        "kind": "bounty",
        "seat": frame["seat"],
        "victim": frame["victim"],
        "stars": list(frame["stars"]),
        "options": bounty_options(frame),
    }

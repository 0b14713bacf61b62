"""Choices outside attacks: the end-of-turn discard (R25), draw methods (R104, R109, R116),
keep-2-of-3 (R86, R106), the Glory upgrade (R83-R86, R88) and the Bounty star (R87)."""

from __future__ import annotations

from bangarena_engine.characters import CHARACTER_BY_ID
from machines.bots.bonesetter import bonesetter_choice
from machines.bots.cards import keep_value, shot_range
from machines.bots.context import Decision

#: A discard-pile top worth taking instead of a blind draw (R109) is at least this good.
GOOD_CARD = 5.0


def discard(d: Decision) -> dict:
    """Throw away the card least worth keeping; Bonesetter turns the excess into HP first."""
    heal = bonesetter_choice(d, "discard")
    if heal is not None:
        return heal
    return {"type": "discard", "card": d.cheapest()[0]["id"]}


def draw_choice(d: Decision) -> dict:
    options = [a for a in d.legal if a["type"] == "choose"]
    by_option = {a["option"]: a for a in options if a["option"] != "player"}
    grip = _grip_target(d, [a for a in options if a["option"] == "player"])
    if grip is not None:
        return grip
    if "discard_pile" in by_option and _discard_top_value(d) >= GOOD_CARD:
        return by_option["discard_pile"]
    if "instinct" in by_option and d.me["character"] != "red_suit":
        return by_option["instinct"]  # see three, keep the best two (R86)
    return by_option.get("deck", options[0])


def _grip_target(d: Decision, options: list[dict]) -> dict | None:
    """R104: take from the richest hand, preferring an enemy's (it hurts them as well)."""
    o = d.outlook
    best = None
    best_key = None
    for action in options:
        seat = action["target"]
        harm = o.harm.get(seat, 0.0)
        cards = o.player(seat)["hand_count"]
        if harm < 0 and cards < 4:
            continue  # do not thin a friend's short hand
        key = (cards + 2 * harm, -seat)
        if best_key is None or key > best_key:
            best, best_key = action, key
    return best


def _discard_top_value(d: Decision) -> float:
    top = d.view["discard_top"]
    if top is None:
        return 0.0
    kinds = [c["kind"] for c in d.hand] + [top["kind"]]
    return keep_value(top["kind"], d.me, kinds, d.high_noon)


def keep_two(d: Decision) -> dict:
    """Put back the card least worth keeping among the three looked at."""
    looking = d.view["pending"].get("looking_at") or []
    kinds = [c["kind"] for c in d.hand] + [c["kind"] for c in looking]
    options = [a for a in d.legal if a["type"] == "choose"]
    by_card = {c["id"]: c for c in looking}

    def value(action: dict) -> float:
        card = by_card.get(action["card"])
        if card is None:
            return 0.0
        return keep_value(card["kind"], d.me, kinds, d.high_noon)

    return min(options, key=value)


def upgrade(d: Decision) -> dict:
    options = [a for a in d.legal if a["type"] == "choose"]
    return _prefer(d, options)


def bounty(d: Decision) -> dict:
    options = [a for a in d.legal if a["type"] == "choose"]
    return _prefer(d, options)


def _prefer(d: Decision, options: list[dict]) -> dict:
    """Fortitude when life is short, for the Marshal and for the Loner (``_FORTITUDE_FIRST``);
    Accuracy when a wanted target is out of range; else Instinct, then Fortitude."""
    offered = {a["option"]: a for a in options}
    me = d.me
    order = ["fortitude", "accuracy", "instinct"]
    if me["hp"] > 2 and d.outlook.role not in _FORTITUDE_FIRST:
        if _wanted_out_of_range(d):
            order = ["accuracy", "fortitude", "instinct"]
        elif CHARACTER_BY_ID[me["character"]].instinct_useful:
            order = ["instinct", "fortitude", "accuracy"]
    for option in order:
        if option in offered:
            return offered[option]
    return options[0]


#: Roles that take Fortitude first: the Marshal, whom everything depends on (R5), and the Loner,
#: who must outlast everyone and ends facing the Marshal's bonus HP alone (R8, R19).
_FORTITUDE_FIRST = ("marshal", "loner")


def _wanted_out_of_range(d: Decision) -> bool:
    o = d.outlook
    reach = shot_range(d.me)
    for seat in o.others:
        distance = o.player(seat)["distance"]
        if o.harm.get(seat, 0.0) > 0.3 and distance is not None and distance > reach:
            return True
    return False

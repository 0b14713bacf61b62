"""The play step (R24): score every legal play, make the best one, end the turn when none helps.

Scores put plays in a sensible order inside one turn: draw cards first (Wagon, Caravan), then
equipment (a better gun, Scope, Horse, Cover), then Jail, Grab and Toss, attacks, and finally
healing or Dynamite. The step is asked again after each play, so a turn is a sequence of
greedy choices; a play worth nothing scores below End turn (0) and is never made.
"""

from __future__ import annotations

from bangarena_engine.cards import SELF_BLUE, WEAPON_RANGE
from bangarena_engine.characters import BUILT_IN_COVER, CHARACTER_BY_ID, TWO_TRIES
from bangarena_engine.roles import ROLE_TEAM
from machines.bots.bonesetter import bonesetter_choice
from machines.bots.cards import (
    in_play_kinds,
    is_better_weapon,
    keep_value,
    weapon_rank,
)
from machines.bots.context import Decision

#: What cancels a Shot from hand (R50): a Ricochet, and for Two-Face a Shot as well (R102).
_DODGES = {"two_face": ("ricochet", "shot")}
#: How much the Marshal fears finishing off a player who might be his Deputy (R89 Penalty).
PENALTY_FEAR = 3.0


def play_step(d: Decision) -> dict:
    scored: list[tuple[float, dict]] = []
    for action in d.legal:
        if action["type"] == "play":
            score = _score_play(d, action)
            if score > 0:
                scored.append((score, action))
    heal = bonesetter_choice(d, "play")
    if heal is not None:
        scored.append((45.0, heal))
    best = d.best(scored)
    if best is None:
        return {"type": "end_turn"}
    return best[1]


def _score_play(d: Decision, action: dict) -> float:
    kind = d.kind(action["card"])
    target = action.get("target")
    if kind == "shot" or (kind == "ricochet" and target is not None):
        assert target is not None  # a Shot always names its target
        return _shot(d, target, kind)
    scorer = _SCORERS.get(kind)
    return scorer(d, action) if scorer else 0.0


# --- drawing and equipment ----------------------------------------------------------------


def _draw_cards(d: Decision, action: dict) -> float:
    return 100.0 if d.kind(action["card"]) == "caravan" else 98.0


def _weapon(d: Decision, action: dict) -> float:
    """R39: a new gun replaces the old one, so only ever trade up (never a worse gun)."""
    kind = d.kind(action["card"])
    current = d.me["weapon"]["kind"] if d.me["weapon"] else None
    if not is_better_weapon(kind, current):
        return 0.0
    # Prefer the best gun in hand: the others would each replace it.
    best_held = max(weapon_rank(c["kind"]) for c in d.hand if c["kind"] in WEAPON_RANGE)
    return 90.0 if weapon_rank(kind) == best_held else 0.0


def _self_blue(d: Decision, action: dict) -> float:
    kind = d.kind(action["card"])
    if kind == "dynamite":
        return _dynamite(d)
    if kind in in_play_kinds(d.me):
        return 0.0
    if kind == "cover" and d.me["character"] in BUILT_IN_COVER:
        return 0.0  # built-in Cover already (R105)
    return {"scope": 88.0, "horse": 87.0, "cover": 86.0}[kind]


def _dynamite(d: Decision) -> float:
    """R75: worth passing on only when I can take a blast and an enemy holds it next. Never
    for the law: once in play it goes round the table and may blow up on the Marshal, the
    one player the law cannot lose (R92), while the Bandits gain from any blast that hits
    him (measured in docs/bots.md: the law wins more without it)."""
    o = d.outlook
    if ROLE_TEAM[o.role] == "law":
        return 0.0
    tough = d.me["hp"] >= 4 or (d.me["character"] in TWO_TRIES and d.me["hp"] >= 2)
    nxt = o.next_clockwise()
    if not tough or nxt is None or o.alive_count() < 3 or d.high_noon:
        return 0.0
    return 40.0 if o.harm.get(nxt, 0.0) > 0.3 else 0.0


# --- attacks ------------------------------------------------------------------------------


def _target_worth(d: Decision, seat: int) -> float:
    """How much hurting ``seat`` helps: the harm wish, more when they are close to falling."""
    return d.once(("worth", seat), lambda: _worth(d, seat))


def _worth(d: Decision, seat: int) -> float:
    o = d.outlook
    harm = o.harm.get(seat, 0.0)
    hp = o.player(seat)["hp"]
    if hp <= 1 and o.role == "marshal":
        harm -= PENALTY_FEAR * o.p(seat, "deputy")  # R89: killing a Deputy costs every card
    if harm <= o.attack_threshold:
        return 0.0
    return harm * (1.0 + 0.6 / max(1, hp))


def _shot(d: Decision, target: int, kind: str) -> float:
    return d.once(("shot", target, kind), lambda: _shot_score(d, target, kind))


def _shot_score(d: Decision, target: int, kind: str) -> float:
    worth = _target_worth(d, target)
    if worth <= 0:
        return 0.0
    q = d.outlook.player(target)
    covered = "cover" in in_play_kinds(q) or q["character"] in BUILT_IN_COVER
    # Card counting: the chance the target holds a Ricochet, from the unseen cards.
    dodge = d.outlook.cards.holds(target, *_DODGES.get(q["character"], ("ricochet",)))
    odds = (0.6 if covered and not d.high_noon else 1.0) * (1.0 - 0.6 * dodge)
    spare = 0.0 if kind == "shot" else -1.0  # Two-Face fires Shots before his Ricochets
    return 60.0 + 10.0 * worth * odds + spare


def _duel(d: Decision, action: dict) -> float:
    """R54: the challenged player answers first, so I win when I hold at least as many
    Shots as they do; their count is expected from the unseen cards (counting.py)."""
    target = action["target"]
    worth = _target_worth(d, target)
    if worth <= 0:
        return 0.0
    mine = d.count(*CHARACTER_BY_ID[d.me["character"]].duel_kinds)
    q = d.outlook.player(target)
    # Card counting: their expected Shots, from the Shots not yet seen (R42: 25 in 80).
    theirs = d.outlook.cards.expected(target, *CHARACTER_BY_ID[q["character"]].duel_kinds)
    # The Loner wins only as the last one standing (R95), alone against every side: each
    # player he can take out without waiting for a spare Shot is worth an even Duel.
    margin = 0.0 if d.outlook.role == "loner" else 1.0
    if q["hand_count"] > 0 and mine < theirs + margin:
        return 0.0
    return 58.0 + 10.0 * worth


def _jail(d: Decision, action: dict) -> float:
    """R61, R74: a Jail costs a turn about three times in four; put it on a dangerous enemy."""
    target = action["target"]
    worth = _target_worth(d, target)
    if worth <= 0.25:
        return 0.0
    q = d.outlook.player(target)
    gun = weapon_rank(q["weapon"]["kind"] if q["weapon"] else None)
    danger = 1.0 + 0.1 * q["hand_count"] + 0.1 * gun
    return 72.0 + 5.0 * worth * danger


def _take(d: Decision, action: dict) -> float:
    """Grab (R52) and Toss (R53): strip an enemy or free a friend of Jail or Dynamite."""
    kind = d.kind(action["card"])
    target = action["target"]
    o = d.outlook
    harm = o.harm.get(target, 0.0)
    q = o.player(target)
    taken = action["target_card"]
    if taken == "hand":
        loss = 3.5 + (1.0 if q["hand_count"] <= 2 else 0.0)  # few cards: maybe their Ricochet
        gain = 3.0 if kind == "grab" else 0.0
        if harm <= o.attack_threshold:
            return 0.0
        value = harm * loss + gain
    else:
        card = next((c for c in [*q["in_play"], q["weapon"]] if c and c["id"] == taken), None)
        if card is None:
            return 0.0
        if card["kind"] in ("jail", "dynamite"):
            value = -harm * 4.0  # removing it is a favour to its holder
            if kind == "grab" and card["kind"] == "jail":
                value += 2.0
        else:
            if harm <= o.attack_threshold:
                return 0.0
            value = harm * _asset_loss(card["kind"], q)
            if kind == "grab":
                kinds = [c["kind"] for c in d.hand] + [card["kind"]]
                value += 0.4 * keep_value(card["kind"], d.me, kinds, d.high_noon)
    return 64.0 + 2.0 * value if value > 1.5 else 0.0


def _asset_loss(kind: str, owner: dict) -> float:
    """What a card in play is worth to its owner."""
    if kind in WEAPON_RANGE:
        return 1.5 + weapon_rank(kind)
    if kind == "cover" and owner["character"] in BUILT_IN_COVER:
        return 0.5
    return 4.5


def _everyone(d: Decision, action: dict) -> float:
    """Raid (R55) and Buckshot (R60) hit every other player: worth it when the enemies hit
    outweigh the friends, and never when a friend (above all the Marshal) could fall."""
    o = d.outlook
    total = 0.0
    for seat in o.others:
        harm = o.harm.get(seat, 0.0)
        q = o.player(seat)
        if q["hp"] <= 1 and o.role == "marshal" and o.p(seat, "deputy") > 0.15:
            return 0.0  # R89: the blast might finish a Deputy
        if harm < 0:
            if q["hp"] <= 1 or (seat == o.marshal and q["hp"] <= 2):
                return 0.0
            total += harm * (2.0 if seat == o.marshal else 1.2)
        else:
            total += harm * (1.0 + 0.4 / max(1, q["hp"]))
    return 62.0 + 3.0 * total if total >= 0.8 else 0.0


def _bazaar(d: Decision, action: dict) -> float:
    """R57: one card for everyone; good when the table is mostly on my side."""
    o = d.outlook
    value = 1.5 - 0.6 * sum(o.harm.get(s, 0.0) for s in o.others)
    return 80.0 if value > 0 else 0.0


def _saloon(d: Decision, action: dict) -> float:
    """R58: heals everyone, so count whose wounds it closes."""
    o = d.outlook
    value = 1.2 if d.me["hp"] < d.me["max_hp"] else 0.0
    for seat in o.others:
        q = o.player(seat)
        if q["hp"] < q["max_hp"]:
            value -= 0.8 * o.harm.get(seat, 0.0) * (1.5 if q["hp"] <= 1 else 1.0)
    return 50.0 if value > 0.3 else 0.0


def _flask(d: Decision, action: dict) -> float:
    """R51: a Flask in hand also saves me from a hit at 1 HP, so keep it for defence unless
    the wound is deep, the card would be discarded anyway, or it will soon stop working."""
    me = d.me
    o = d.outlook
    excess = len(d.hand) - me["hp"]
    soon_useless = d.view["mode"] != "old_classic" and d.view["round"] >= 7
    if (
        me["hp"] <= 1
        or me["hp"] <= me["max_hp"] - 2
        or excess > 0
        or o.alive_count() == 2
        or soon_useless
    ):
        return 55.0
    return 0.0


_SCORERS = {
    "caravan": _draw_cards,
    "wagon": _draw_cards,
    "duel": _duel,
    "jail": _jail,
    "grab": _take,
    "toss": _take,
    "raid": _everyone,
    "buckshot": _everyone,
    "bazaar": _bazaar,
    "saloon": _saloon,
    "flask": _flask,
    **dict.fromkeys(WEAPON_RANGE, _weapon),
    **dict.fromkeys(SELF_BLUE, _self_blue),
}

"""Answers to attacks: a hit (R68, R69), a Duel round (R54) and a Raid round (R55)."""

from __future__ import annotations

from machines.bots.bonesetter import bonesetter_choice
from machines.bots.context import Decision

_PASS = {"type": "pass"}


def respond_hit(d: Decision) -> dict:
    """Cancel a hit whenever possible: HP is worth more than a Ricochet, and a Flask at 1 HP
    (R51 b) is the last line of defence. Real Ricochets go before Two-Face's Shots, and a
    Ricochet before a Flask."""
    answers = [a for a in d.legal if a["type"] == "respond"]
    if not answers:
        heal = bonesetter_choice(d, "respond", doomed=True)
        return heal or _PASS

    def cost(action: dict) -> float:
        cards = [action["card"]] + ([action["card2"]] if "card2" in action else [])
        return sum(_answer_cost(d, c) for c in cards)

    return min(answers, key=cost)


def _answer_cost(d: Decision, card_id: str) -> float:
    kind = d.kind(card_id)
    if kind == "flask":
        return 20.0  # keep the Flask while a Ricochet can do the job
    return d.value(card_id) + (1.0 if kind == "shot" else 0.0)


def duel_round(d: Decision) -> dict:
    """R54: keep discarding Shots; HP is dearer than a card. Against a friend at healthy HP
    the bot lets the Duel end at once instead of burning its hand."""
    answers = [a for a in d.legal if a["type"] == "respond"]
    pending = d.view["pending"]
    other = pending["source"] if pending["seat"] != pending["source"] else pending["opponent"]
    if not answers:
        return bonesetter_choice(d, "respond", doomed=True) or _PASS
    if d.outlook.harm.get(other, 0.0) < 0 and d.me["hp"] >= 3:
        return _PASS
    return min(answers, key=lambda a: _answer_cost(d, a["card"]))


def raid_round(d: Decision) -> dict:
    """R55: a Shot (or Two-Face's Ricochet) saves 1 HP."""
    answers = [a for a in d.legal if a["type"] == "respond"]
    if not answers:
        return bonesetter_choice(d, "respond", doomed=True) or _PASS
    return min(answers, key=lambda a: _answer_cost(d, a["card"]))

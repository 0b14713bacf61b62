"""Bonesetter's ability (R111): discard two cards to heal 1, whenever he is asked to decide.

The server never uses it for him (R120), so the bot decides: pay with the two cards least
worth keeping, when the cards would be lost anyway (the end-of-turn discard), when the hit
coming would otherwise be the last one, or when the cards are junk.
"""

from __future__ import annotations

from machines.bots.context import Decision

JUNK = 3.5


def bonesetter_choice(d: Decision, situation: str, *, doomed: bool = False) -> dict | None:
    """The ability action to take now, or None.

    ``situation`` is "play", "discard" or "respond"; ``doomed`` says that the bot is about to
    take damage it cannot stop.
    """
    options = [a for a in d.legal if a["type"] == "ability"]
    if not options:
        return None
    cheapest = d.cheapest()
    pair = {cheapest[0]["id"], cheapest[1]["id"]}
    action = next((a for a in options if set(a["cards"]) == pair), None)
    if action is None:
        return None
    hp = d.me["hp"]
    if situation == "discard":
        excess = len(d.hand) - hp
        use = excess >= 2 or hp <= 3
    elif situation == "respond":
        use = doomed and hp <= 2
    else:
        use = d.value(cheapest[1]["id"]) <= JUNK or (hp <= 2 and len(d.hand) >= 4)
    return action if use else None

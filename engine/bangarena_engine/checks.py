"""Checks: Jail, Dynamite and Cover (RULES.md section 11), with Lucky's two tries (R76)."""

from __future__ import annotations

from bangarena_engine.cards import DYNAMITE_RANKS
from bangarena_engine.piles import draw_card
from bangarena_engine.state import Card, Player, State


def _flip(s: State, p: Player) -> list[Card]:
    """Turn over the top card (two for Lucky); each goes to the discard pile (→Q8)."""
    flipped = []
    for _ in range(p.character.check_tries):
        card = draw_card(s)
        if card is not None:
            s.discard.append(card)
            flipped.append(card)
    return flipped


def _record(s: State, p: Player, check: str, result: str, **details) -> None:
    event = {"type": "check", "seat": p.seat, "check": check, "result": result, **details}
    s.last_check = {k: v for k, v in event.items() if k != "type"}
    s.emit(event)


def jail_check(s: State, p: Player) -> bool:
    """R74: Hearts escapes; Lucky escapes if either card is Hearts. No card: no escape (→Q9)."""
    cards = _flip(s, p)
    escaped = any(c.suit == "hearts" for c in cards)
    _record(s, p, "jail", "escaped" if escaped else "jailed", cards=[c.public() for c in cards])
    return escaped


def _explodes(card: Card) -> bool:
    return card.suit == "spades" and card.rank in DYNAMITE_RANKS


def dynamite_check(s: State, p: Player) -> bool:
    """R75: Spades 2-9 explodes; for Lucky only if both cards do. No card: it passes on."""
    cards = _flip(s, p)
    exploded = bool(cards) and all(_explodes(c) for c in cards)
    _record(
        s,
        p,
        "dynamite",
        "exploded" if exploded else "passed",
        cards=[c.public() for c in cards],
    )
    return exploded


def cover_check(s: State, p: Player) -> bool:
    """R73: a fair coin in the Arena modes, a Hearts flip in Old Classic; Lucky tries twice."""
    if s.arena:
        coins = [s.rng.coin() for _ in range(p.character.check_tries)]
        cancelled = any(coins)
        _record(s, p, "cover", "cancelled" if cancelled else "failed", coins=coins)
        return cancelled
    cards = _flip(s, p)
    cancelled = any(c.suit == "hearts" for c in cards)
    _record(
        s, p, "cover", "cancelled" if cancelled else "failed", cards=[c.public() for c in cards]
    )
    return cancelled


def has_cover(p: Player) -> bool:
    """A Cover card or Iron Brow's built-in Cover; never two checks (R105)."""
    return p.character.built_in_cover or p.has_in_play("cover")

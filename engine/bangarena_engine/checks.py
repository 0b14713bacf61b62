"""Checks: Jail, Dynamite and Cover (RULES.md section 11), with Lucky's two tries (R76)."""

from __future__ import annotations

from bangarena_engine.cards import DYNAMITE_RANKS
from bangarena_engine.piles import draw_card
from bangarena_engine.state import Card, Player, State
from bangarena_engine.types import CheckEvent, LastCheck, PublicCard


def _flip(state: State, player: Player) -> list[Card]:
    """Turn over the top card (two for Lucky); each goes to the discard pile (→Q8)."""
    flipped = []
    for _ in range(player.character.check_tries):
        card = draw_card(state)
        if card is not None:
            state.discard.append(card)
            flipped.append(card)
    return flipped


def _record(
    state: State,
    player: Player,
    check: str,
    result: str,
    *,
    cards: list[PublicCard] | None = None,
    coins: list[bool] | None = None,
) -> None:
    """Announce the check and keep it as the table's last check (the same fields)."""
    event: CheckEvent = {"type": "check", "seat": player.seat, "check": check, "result": result}
    last: LastCheck = {"seat": player.seat, "check": check, "result": result}
    if cards is not None:
        event["cards"] = last["cards"] = cards
    if coins is not None:
        event["coins"] = last["coins"] = coins
    state.last_check = last
    state.emit(event)


def jail_check(state: State, player: Player) -> bool:
    """R74: Hearts escapes; Lucky escapes if either card is Hearts. No card: no escape (→Q9)."""
    cards = _flip(state, player)
    escaped = any(c.suit == "hearts" for c in cards)
    _record(
        state, player, "jail", "escaped" if escaped else "jailed", cards=[c.public() for c in cards]
    )
    return escaped


def _explodes(card: Card) -> bool:
    return card.suit == "spades" and card.rank in DYNAMITE_RANKS


def dynamite_check(state: State, player: Player) -> bool:
    """R75: Spades 2-9 explodes; for Lucky only if both cards do. No card: it passes on."""
    cards = _flip(state, player)
    exploded = bool(cards) and all(_explodes(c) for c in cards)
    _record(
        state,
        player,
        "dynamite",
        "exploded" if exploded else "passed",
        cards=[c.public() for c in cards],
    )
    return exploded


def cover_check(state: State, player: Player) -> bool:
    """R73: a fair coin in the Arena modes, a Hearts flip in Old Classic; Lucky tries twice."""
    if state.arena:
        coins = [state.rng.coin() for _ in range(player.character.check_tries)]
        cancelled = any(coins)
        _record(state, player, "cover", "cancelled" if cancelled else "failed", coins=coins)
        return cancelled
    cards = _flip(state, player)
    cancelled = any(c.suit == "hearts" for c in cards)
    _record(
        state,
        player,
        "cover",
        "cancelled" if cancelled else "failed",
        cards=[c.public() for c in cards],
    )
    return cancelled


def has_cover(player: Player) -> bool:
    """A Cover card or Iron Brow's built-in Cover; never two checks (R105)."""
    return player.character.built_in_cover or player.has_in_play("cover")

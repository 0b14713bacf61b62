"""The draw step (R23) and the abilities that change it (R101, R104, R106, R109, R86, R116).

These methods apply only in the draw step (→Q26); card effects draw with ``draw_into_hand``.
"""

from __future__ import annotations

from bangarena_engine.cards import RED_SUITS
from bangarena_engine.piles import draw_card, draw_into_hand, reshuffle, take_random_from_hand
from bangarena_engine.state import Player, State

#: Characters whose own draw method competes with Instinct (R116); Three Eyes has no choice.
CHARACTER_METHODS = frozenset(("red_suit", "grip", "vulture_jr"))


def draw_options(s: State, p: Player) -> list[dict]:
    """The choose-actions of a draw step; a single option means no decision is awaited."""
    options = [{"type": "choose", "option": "deck"}]
    if p.character == "grip":
        for q in s.players:
            if q.alive and q is not p and q.hand:
                options.append({"type": "choose", "option": "player", "target": q.seat})
    elif p.character == "vulture_jr" and s.discard:
        options.append({"type": "choose", "option": "discard_pile"})
    if p.character in CHARACTER_METHODS and has_instinct(s, p):
        options.append({"type": "choose", "option": "instinct"})
    return options


def has_instinct(s: State, p: Player) -> bool:
    return s.arena and "instinct" in p.upgrades


def start_draw(s: State, p: Player) -> None:
    """Begin the draw step: automatic unless the player has a method to choose."""
    if p.character == "three_eyes":
        begin_keep_two(s, p, "three_eyes")
    elif p.character not in CHARACTER_METHODS and has_instinct(s, p):
        begin_keep_two(s, p, "instinct")  # R86: Instinct is then the draw method, no choice
    elif len(draw_options(s, p)) > 1:
        s.stack.append({"kind": "draw_choice", "seat": p.seat})
    else:
        deck_draw(s, p)


def deck_draw(s: State, p: Player) -> None:
    """The normal draw of 2, or Red Suit's method (R101), which is his deck draw."""
    if p.character != "red_suit":
        draw_into_hand(s, p, 2)
        return
    first = draw_card(s)
    second = draw_card(s)
    drawn = [c for c in (first, second) if c is not None]
    p.hand.extend(drawn)
    if drawn:
        s.emit({"type": "drew", "seat": p.seat, "count": len(drawn), "cause": "draw"})
    if second is not None:
        s.emit({"type": "revealed", "seat": p.seat, "card": second.public()})
        if second.suit in RED_SUITS:
            draw_into_hand(s, p, 1, cause="red_suit")


def draw_from_discard(s: State, p: Player) -> None:
    """Vulture Jr.'s first card: the top of the discard pile, seen by everyone (R109)."""
    card = s.discard.pop()
    p.hand.append(card)
    s.emit(
        {"type": "drew", "seat": p.seat, "count": 1, "cause": "discard_pile", "card": card.public()}
    )
    draw_into_hand(s, p, 1)


def draw_from_player(s: State, p: Player, target: int) -> None:
    """Grip's first card: a random card from the chosen hand, then one from the deck (R104)."""
    victim = s.players[target]
    card = take_random_from_hand(s, victim)
    if card is not None:
        p.hand.append(card)
        s.emit({"type": "took", "seat": p.seat, "from": target, "card": None, "cause": "grip"})
    draw_into_hand(s, p, 1)


def begin_keep_two(s: State, p: Player, cause: str) -> None:
    """Look at the top 3, keep 2 (R86, R106). The cards stay on the deck while he decides."""
    if len(s.deck) < 3:
        reshuffle(s)
    if len(s.deck) < 3:
        draw_into_hand(s, p, len(s.deck), cause=cause)
        return
    deck = s.deck
    s.stack.append(
        {
            "kind": "keep_two",
            "seat": p.seat,
            "cause": cause,
            "cards": [deck[-1].id, deck[-2].id, deck[-3].id],
        }
    )


def finish_keep_two(s: State, p: Player, frame: dict, returned: str) -> None:
    """Keep the two cards not returned; the returned one stays on top of the deck."""
    kept = [cid for cid in frame["cards"] if cid != returned]
    deck = s.deck
    for cid in kept:
        for i in range(len(deck) - 1, -1, -1):
            if deck[i].id == cid:
                p.hand.append(deck.pop(i))
                break
    s.emit({"type": "drew", "seat": p.seat, "count": len(kept), "cause": frame["cause"]})

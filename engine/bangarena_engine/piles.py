"""Moving cards: drawing (with the R27 reshuffle), hands, and the Empty Hands trigger.

Every card that leaves a hand is followed by ``after_hand_loss`` so that Empty Hands (R113)
draws the moment his hand becomes empty, whatever emptied it.
"""

from __future__ import annotations

from bangarena_engine.state import Card, Player, State


def reshuffle(s: State) -> None:
    """R27: the whole discard pile is shuffled into a new deck."""
    if not s.discard:
        return
    pile = s.discard
    s.discard = []
    s.rng.shuffle(pile)
    s.deck = pile + s.deck  # below whatever is left, so a peeked top stays on top
    s.emit({"type": "reshuffled", "count": len(pile)})


def draw_card(s: State) -> Card | None:
    """Top card of the deck, reshuffling first if it is empty; None when both piles are empty."""
    if not s.deck:
        reshuffle(s)
        if not s.deck:
            return None
    return s.deck.pop()


def draw_into_hand(s: State, p: Player, count: int, cause: str = "draw") -> int:
    """Draw ``count`` cards face down into a hand; the event names only how many."""
    drawn = 0
    for _ in range(count):
        card = draw_card(s)
        if card is None:
            break
        p.hand.append(card)
        drawn += 1
    if drawn:
        s.emit({"type": "drew", "seat": p.seat, "count": drawn, "cause": cause})
    return drawn


def after_hand_loss(s: State, p: Player) -> None:
    """A character who acts on an empty hand does so at once (Empty Hands, R113, →Q44)."""
    if not p.hand and p.alive:
        p.character.on_hand_empty(s, p)


def take_random_from_hand(s: State, p: Player) -> Card | None:
    """A uniformly random card from a hand (Grab, Toss, Grip, Toll Collector; →Q3)."""
    if not p.hand:
        return None
    card = p.hand.pop(s.rng.below(len(p.hand)))
    after_hand_loss(s, p)
    return card


def discard_from_hand(s: State, p: Player, card_id: str, cause: str) -> Card:
    """A hand card goes face up to the discard pile and everyone sees it."""
    card = next(c for c in p.hand if c.id == card_id)
    p.hand.remove(card)
    s.discard.append(card)
    s.emit({"type": "discarded", "seat": p.seat, "card": card.public(), "cause": cause})
    after_hand_loss(s, p)  # after the discard is announced, so the log reads in order
    return card


def find_in_front(p: Player, card_id: str) -> Card | None:
    """A card in play in front of ``p`` (blue card or weapon) by id."""
    if p.weapon is not None and p.weapon.id == card_id:
        return p.weapon
    for card in p.in_play:
        if card.id == card_id:
            return card
    return None


def remove_from_front(p: Player, card: Card) -> None:
    if p.weapon is card:
        p.weapon = None
    else:
        p.in_play.remove(card)


def all_cards_of(p: Player) -> list[Card]:
    """Hand, blue cards and weapon, in that order (elimination, Penalty)."""
    cards = list(p.hand) + list(p.in_play)
    if p.weapon is not None:
        cards.append(p.weapon)
    return cards


def strip_player(p: Player) -> list[Card]:
    """Take every card a player has, leaving them with nothing."""
    cards = all_cards_of(p)
    p.hand = []
    p.in_play = []
    p.weapon = None
    return cards

"""Moving cards: drawing (with the R27 reshuffle), hands, and the Empty Hands trigger.

Every card that leaves a hand is followed by ``after_hand_loss`` so that Empty Hands (R113)
draws the moment his hand becomes empty, whatever emptied it.
"""

from __future__ import annotations

from bangarena_engine.state import Card, Player, State


def reshuffle(state: State) -> None:
    """R27: the whole discard pile is shuffled into a new deck."""
    if not state.discard:
        return
    pile = state.discard
    state.discard = []
    state.rng.shuffle(pile)
    state.deck = pile + state.deck  # below whatever is left, so a peeked top stays on top
    state.emit({"type": "reshuffled", "count": len(pile)})


def draw_card(state: State) -> Card | None:
    """Top card of the deck, reshuffling first if it is empty; None when both piles are empty."""
    if not state.deck:
        reshuffle(state)
        if not state.deck:
            return None
    return state.deck.pop()


def draw_into_hand(state: State, player: Player, count: int, cause: str = "draw") -> int:
    """Draw ``count`` cards face down into a hand; the event names only how many."""
    drawn = 0
    for _ in range(count):
        card = draw_card(state)
        if card is None:
            break
        player.hand.append(card)
        drawn += 1
    if drawn:
        state.emit({"type": "drew", "seat": player.seat, "count": drawn, "cause": cause})
    return drawn


def after_hand_loss(state: State, player: Player) -> None:
    """A character who acts on an empty hand does so at once (Empty Hands, R113, →Q44)."""
    if not player.hand and player.alive:
        player.character.on_hand_empty(state, player)


def take_random_from_hand(state: State, player: Player) -> Card | None:
    """A uniformly random card from a hand (Grab, Toss, Grip, Toll Collector; →Q3)."""
    if not player.hand:
        return None
    card = player.hand.pop(state.rng.below(len(player.hand)))
    after_hand_loss(state, player)
    return card


def steal_random_card(state: State, taker: Player, victim: Player, cause: str) -> None:
    """A random card of ``victim``'s hand goes face down into ``taker``'s, if there is one
    (Grab from a hand, Grip, Toll Collector); the event names nobody's card."""
    card = take_random_from_hand(state, victim)
    if card is not None:
        taker.hand.append(card)
        state.emit(
            {"type": "took", "seat": taker.seat, "from": victim.seat, "card": None, "cause": cause}
        )


def discard_from_hand(state: State, player: Player, card_id: str, cause: str) -> Card:
    """A hand card goes face up to the discard pile and everyone sees it."""
    card = next(c for c in player.hand if c.id == card_id)
    player.hand.remove(card)
    state.discard.append(card)
    state.emit({"type": "discarded", "seat": player.seat, "card": card.public(), "cause": cause})
    after_hand_loss(state, player)  # after the discard is announced, so the log reads in order
    return card


def find_in_front(player: Player, card_id: str) -> Card | None:
    """A card in play in front of ``player`` (blue card or weapon) by id."""
    if player.weapon is not None and player.weapon.id == card_id:
        return player.weapon
    for card in player.in_play:
        if card.id == card_id:
            return card
    return None


def remove_from_front(player: Player, card: Card) -> None:
    if player.weapon is card:
        player.weapon = None
    else:
        player.in_play.remove(card)


def all_cards_of(player: Player) -> list[Card]:
    """Hand, blue cards and weapon, in that order (elimination, Penalty)."""
    cards = list(player.hand) + list(player.in_play)
    if player.weapon is not None:
        cards.append(player.weapon)
    return cards


def strip_player(player: Player) -> list[Card]:
    """Take every card a player has, leaving them with nothing."""
    cards = all_cards_of(player)
    player.hand = []
    player.in_play = []
    player.weapon = None
    return cards

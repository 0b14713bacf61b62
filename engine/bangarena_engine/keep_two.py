"""Look at the top 3 cards, keep 2, put 1 back (Instinct R86, Three Eyes R106).

Its own module because a character (Three Eyes) and an upgrade (Instinct) both draw this way,
and the draw step calls both of them.
"""

from __future__ import annotations

from bangarena_engine.piles import draw_into_hand, reshuffle
from bangarena_engine.state import Player, State
from bangarena_engine.types import KeepTwoFrame


def begin_keep_two(state: State, player: Player, cause: str) -> None:
    """Look at the top 3, keep 2 (R86, R106). The cards stay on the deck while he decides."""
    if len(state.deck) < 3:
        reshuffle(state)
    if len(state.deck) < 3:
        draw_into_hand(state, player, len(state.deck), cause=cause)
        return
    deck = state.deck
    state.stack.append(
        {
            "kind": "keep_two",
            "seat": player.seat,
            "cause": cause,
            "cards": [deck[-1].id, deck[-2].id, deck[-3].id],
        }
    )


def finish_keep_two(state: State, player: Player, frame: KeepTwoFrame, returned: str) -> None:
    """Keep the two cards not returned; the returned one stays on top of the deck."""
    kept = [card_id for card_id in frame["cards"] if card_id != returned]
    deck = state.deck
    for card_id in kept:
        for index in range(len(deck) - 1, -1, -1):
            if deck[index].id == card_id:
                player.hand.append(deck.pop(index))
                break
    state.emit({"type": "drew", "seat": player.seat, "count": len(kept), "cause": frame["cause"]})

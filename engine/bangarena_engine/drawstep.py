"""The draw step (R23) and how the draw methods combine (R116).

A character's own method comes from its hooks (``Character.own_draw_step``,
``add_draw_options``, ``deck_draw``, ``draw_by_option``), Instinct's from its upgrade; this
module only orders them. These methods apply only in the draw step (→Q26); card effects draw
with ``draw_into_hand``.
"""

from __future__ import annotations

from bangarena_engine.state import Player, State
from bangarena_engine.types import Action
from bangarena_engine.upgrades import UPGRADE_BY_ID, draw_upgrade

#: The option every draw step has: the deck draw (the character's own deck method, if any).
DECK = "deck"


def draw_options(state: State, player: Player) -> list[Action]:
    """The choose-actions of a draw step; a single option means no decision is awaited."""
    options: list[Action] = [{"type": "choose", "option": DECK}]
    character = player.character
    character.add_draw_options(state, player, options)
    if character.has_draw_method:
        upgrade = draw_upgrade(state, player)
        if upgrade is not None:
            options.append({"type": "choose", "option": upgrade.id})
    return options


def start_draw(state: State, player: Player) -> None:
    """Begin the draw step: automatic unless the player has a method to choose."""
    character = player.character
    if character.own_draw_step(state, player):
        return
    upgrade = None if character.has_draw_method else draw_upgrade(state, player)
    if upgrade is not None:
        upgrade.draw(state, player)  # R86: the upgrade is then the draw method, no choice
    elif len(draw_options(state, player)) > 1:
        state.stack.append({"kind": "draw_choice", "seat": player.seat})
    else:
        character.deck_draw(state, player)


def draw_by(state: State, player: Player, action: Action) -> None:
    """Carry out the draw-step option the player chose."""
    option = action["option"]
    if option == DECK:
        player.character.deck_draw(state, player)
    elif option in UPGRADE_BY_ID:
        UPGRADE_BY_ID[option].draw(state, player)
    else:
        player.character.draw_by_option(state, player, action)

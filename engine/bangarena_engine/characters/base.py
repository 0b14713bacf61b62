"""What every character is: the defaults of a character without an ability (R99-R116).

A character is one subclass of ``Character`` in its own module of this package. It sets the
class attributes its ability changes and overrides the hooks the engine calls where the rules
let a character change something; everything else is inherited from here. One stateless
instance per character sits in the roster (``bangarena_engine.characters``) and a player holds
it as ``player.character``, so a hook is a plain method call, with no lookup by name.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from bangarena_engine.piles import draw_into_hand

if TYPE_CHECKING:
    from bangarena_engine.state import Card, Player, State
    from bangarena_engine.types import Action


class Character:
    """The rules of one character; subclasses override only what their ability changes."""

    __slots__ = ()

    #: The id used in configs, views, events and the catalogue (``stone_leopard``).
    id: ClassVar[str]
    #: Max HP in the Arena modes (R99).
    hp: ClassVar[int]
    #: Max HP in Old Classic where it differs (R117 item 8); None: the same as ``hp``.
    old_classic_hp: ClassVar[int | None] = None

    # --- facts the rules read (class attributes, so the hot paths only read them) --------

    #: Cards flipped (or coins tossed) per check; the better one counts (Lucky, R76, R107).
    check_tries: ClassVar[int] = 1
    #: Has Cover without the card (Iron Brow, R105).
    built_in_cover: ClassVar[bool] = False
    #: Built-in Horse: others see him this much further (Pass Shadow, R108).
    horse_bonus: ClassVar[int] = 0
    #: Built-in Scope: he sees others this much closer (Eagle Eye, Mad Dog, R110, R115).
    scope_bonus: ClassVar[int] = 0
    #: No Shot limit in his own turn (Mad Dog, R115).
    unlimited_shots: ClassVar[bool] = False
    #: Card kinds he may play as a Shot (R48; Two-Face also a Ricochet, R102).
    shot_kinds: ClassVar[tuple[str, ...]] = ("shot",)
    #: Card kinds that cancel a hit aimed at him (R50; Two-Face also a Shot, R102).
    dodge_kinds: ClassVar[tuple[str, ...]] = ("ricochet",)
    #: Card kinds he discards in a Duel or Raid round (R54, R55; Two-Face also a Ricochet).
    duel_kinds: ClassVar[tuple[str, ...]] = ("shot",)
    #: Has a draw method of his own that competes with Instinct (R116).
    has_draw_method: ClassVar[bool] = False
    #: Whether he has an ability he uses by choice (Bonesetter): the engine asks
    #: can_use_ability only then, since it asks at every decision.
    has_ability: ClassVar[bool] = False
    #: Whether Instinct can help him at all; it is never offered otherwise (R116).
    instinct_useful: ClassVar[bool] = True

    def max_hp(self, old_classic: bool) -> int:
        """His max HP before the Marshal's bonus (R19, R117 item 8)."""
        if old_classic and self.old_classic_hp is not None:
            return self.old_classic_hp
        return self.hp

    # --- the draw step (R23) -------------------------------------------------------------

    def own_draw_step(self, state: State, player: Player) -> bool:
        """Play the whole draw step his own way and return True (Three Eyes, R106); False
        lets the usual draw step run (a normal draw, or a choice of methods)."""
        return False

    def add_draw_options(self, state: State, player: Player, options: list[Action]) -> None:
        """Append the choose-actions of his own optional draw method (Grip, Vulture Jr.)."""

    def deck_draw(self, state: State, player: Player) -> None:
        """The draw step's deck draw: 2 cards (Red Suit shows his second one, R101)."""
        draw_into_hand(state, player, 2)

    def draw_by_option(self, state: State, player: Player, action: Action) -> None:
        """Carry out one of the options ``add_draw_options`` offered."""
        raise AssertionError(f"{self.id} offers no draw option {action['option']!r}")

    # --- attacks and damage --------------------------------------------------------------

    def dodges_needed(self, state: State, shooter: Player, target: Player) -> int:
        """Ricochet-equivalents his Shot at ``target`` needs to be cancelled (R69, R112)."""
        return 1

    def on_damaged(self, state: State, player: Player, source: int | None) -> None:
        """After a damage event he took and survived (Stone Leopard R100, Toll Collector
        R103); ``source`` is the seat that caused it, or None (Dynamite)."""

    # --- eliminations (R80, in the order of →Q38) ----------------------------------------

    def takes_eliminated_cards(
        self, state: State, player: Player, victim: Player, cards: list[Card]
    ) -> bool:
        """Step 3: take the eliminated player's cards instead of the discard pile and return
        True (Scavenger, R114)."""
        return False

    def on_elimination(self, state: State, player: Player, victim: Player) -> None:
        """Step 4: another player was eliminated, whoever the eliminator (Vulture Jr., R109)."""

    # --- hands ----------------------------------------------------------------------------

    def on_hand_empty(self, state: State, player: Player) -> None:
        """His hand just became empty, at any time (Empty Hands, R113, →Q44)."""

    # --- an ability used at will (Bonesetter, R111) --------------------------------------

    def can_use_ability(self, state: State, player: Player) -> bool:
        """Whether his ability may be used now; the engine asks only while he is awaited,
        and a jailed turn still awaits him for it (→Q23)."""
        return False

    def ability_actions(self, player: Player) -> list[Action]:
        """The ability's actions, added to the legal actions of whatever he is asked."""
        return []

    def use_ability(self, state: State, player: Player, action: Action) -> None:
        """Carry out one of ``ability_actions``; the decision he was asked stays open."""
        raise AssertionError(f"{self.id} has no ability")

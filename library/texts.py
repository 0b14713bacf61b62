"""The library's long texts for every card and character (issue 8).

The catalogue (game/catalogue.py) holds the names and the one-line texts shown on the table;
the library shows the full entry of the product owner's rules page instead: the whole effect,
a tip, and for characters what changes in Old Classic (RULES.md R117). The English is a
translation of the seed pages' entries, corrected where RULES.md sections 23-24 adopt another
reading (docs/library-content.md lists each correction). Names inside the texts are the
catalogue's English names.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from game.catalogue import CARDS, CHARACTERS


@dataclass(frozen=True)
class CardEntry:
    """A card's library entry: the full effect (R48-R66) and a tip (tips are not rules)."""

    effect: Promise
    tip: Promise


@dataclass(frozen=True)
class CharacterEntry:
    """A character's library entry (R99-R116) and its Old Classic difference, if any (R117)."""

    ability: Promise
    tip: Promise
    old_classic: Promise | None


CARD_ENTRIES: dict[str, CardEntry] = {
    "shot": CardEntry(
        _(
            "Deal 1 damage to a player within your weapon's range (once per turn). "
            "Cover and Ricochet stop it."
        ),
        # TD10/IC8: players with empty hands, not the character Empty Hands.
        _("Aim at players with empty hands: no cards, no Ricochet."),
    ),
    "ricochet": CardEntry(
        _("Reaction: cancels a Shot or Buckshot hit aimed at you."),
        _("Always keep one in hand, especially when your HP runs low."),
    ),
    "flask": CardEntry(
        _(
            "Heal 1 HP. Outside your turn only at 1 HP, against a Shot or Buckshot, "
            "and only with 3+ players alive."
        ),
        _("Save it for the other players' turns: at 1 HP it stops a Shot or Buckshot."),
    ),
    "grab": CardEntry(
        _(
            "Take a card from a player at distance 1: one of their cards in play of your "
            "choice, or a random one from their hand."
        ),
        _("Take Cover or a weapon straight off the table: that hurts more than a hand card."),
    ),
    "toss": CardEntry(
        _(
            "Discard a card of any player: one of their cards in play of your choice, "
            "or a random one from their hand."
        ),
        _("Distance doesn't matter: knock the weapon out of the most dangerous shooter's hands."),
    ),
    "duel": CardEntry(
        # IC9: a player may also choose not to discard.
        _(
            "Challenge any player: you take turns discarding a Shot, the challenged player "
            "first; whoever cannot or will not discard one loses 1 HP."
        ),
        _("Challenge the player who holds the fewest cards."),
    ),
    "raid": CardEntry(
        _("Every other player discards a Shot or loses 1 HP."),
        _("Play it when your opponents' hands are thin: not everyone has a Shot."),
    ),
    "wagon": CardEntry(
        _("Draw 2 cards from the deck."),
        _("Play it first: you can use the cards you draw in the same turn."),
    ),
    "bazaar": CardEntry(
        _("Every living player draws 1 card from the deck, clockwise, starting with you."),
        _("Your opponents get a card too: play it when you need one more than they do."),
    ),
    "saloon": CardEntry(
        _("Every living player heals 1 HP."),
        _("It heals your enemies too: play it when you need HP more than they do."),
    ),
    "caravan": CardEntry(
        _("Draw 3 cards from the deck."),
        _("Caravan first, decisions later: more cards, more options."),
    ),
    "buckshot": CardEntry(
        _(
            "Every other player takes 1 damage; Cover and Ricochet stop it. "
            "It does not count toward your Shot limit."
        ),
        _("Play it, then fire a normal Shot: your limit is untouched."),
    ),
    "jail": CardEntry(
        _(
            "Lock up a player (not the Marshal). At the start of their turn: Hearts, and they "
            "play normally; otherwise they draw cards but may play nothing. "
            "The Jail is then discarded."
        ),
        _("One check, at most one turn without playing, and then the Jail is gone."),
    ),
    "cover": CardEntry(
        _(
            "Hit by a Shot or Buckshot? A 50/50 coin: if you are lucky, the hit is cancelled. "
            "If not, you can still play a Ricochet."
        ),
        _("A 50/50 dodge that costs no card: luck saves your Ricochets for later."),
    ),
    "horse": CardEntry(
        _("Others see you at distance +1."),
        _("Play it early: short weapons lose you out of range."),
    ),
    "scope": CardEntry(
        _("You see others at distance −1 (never closer than 1)."),
        _("With a Revolver or a Sawed-Off, the Scope brings distant targets into range."),
    ),
    "dynamite": CardEntry(
        _(
            "Put it in front of you. At the start of your turn, before Jail: Spades 2–9 "
            "deals 3 damage, otherwise it moves on to the next player."
        ),
        _("Play it with 4+ HP: you survive the blast, your neighbours may not."),
    ),
    "volcanic": CardEntry(
        _("Weapon: range 1, unlimited Shots."),
        _("Collect Shots and unload them all on a neighbour in a single turn."),
    ),
    "sawed_off": CardEntry(
        _("Weapon: range 2."),
        # TD10: PL said "two seats further"; the range is 2.
        _("A solid early choice: it reaches two seats away."),
    ),
    "rifle": CardEntry(
        _("Weapon: range 3."),
        _("Pair it with a Scope: range 3 hits like 4."),
    ),
    "carbine": CardEntry(
        _("Weapon: range 4."),
        _("A Horse rarely saves its targets: range 4 usually shrugs off a +1."),
    ),
    "long_rifle": CardEntry(
        _("Weapon: range 5."),
        _("Most of the table is in range: pick targets, not seats."),
    ),
}

CHARACTER_ENTRIES: dict[str, CharacterEntry] = {
    "stone_leopard": CharacterEntry(
        # R100, Q41: any damage event he survives, Duel and Raid included; Dynamite is one.
        _(
            "After each hit he takes and survives (Dynamite, Duel and Raid included), he draws "
            "1 card from the deck, or 2 cards if the hit leaves him at 2 HP or less."
        ),
        _("Don't stop every Shot with a Ricochet: a wound is also a card."),
        _("Old Classic: 4 HP instead of 3."),
    ),
    "red_suit": CharacterEntry(
        _("In his draw step he shows his 2nd card: if it is red, he draws 1 more."),
        _("Watch the discard pile: when many red cards are gone, there are fewer bonus cards."),
        None,
    ),
    "two_face": CharacterEntry(
        _("Can play a Shot as a Ricochet and a Ricochet as a Shot."),
        _("Every Shot and every Ricochet works both ways: collect them."),
        None,
    ),
    "toll_collector": CharacterEntry(
        # TD3: any damage from another player (Shot, Buckshot, Duel, Raid), not Dynamite.
        _(
            "When another player hurts him (Shot, Buckshot, Duel or Raid), he takes a random "
            "card from that player's hand."
        ),
        _("Every hit on you costs the shooter a card: let them try."),
        None,
    ),
    "grip": CharacterEntry(
        # TD7: in the draw step only.
        _("In his draw step he may take his first card at random from another player's hand."),
        _("Draw from the biggest hand: you spoil that player's plan as well."),
        None,
    ),
    "iron_brow": CharacterEntry(
        _("Always has Cover, with or without the card; a Cover card does not give a second check."),
        _("Tougher than you look: short range is your comfort zone."),
        _(
            "Old Classic: his built-in Cover flips the top card of the deck; "
            "Hearts cancels the hit."
        ),
    ),
    "three_eyes": CharacterEntry(
        _(
            "In his draw step he looks at the top 3 cards of the deck: he keeps 2 and puts "
            "1 back on top."
        ),
        _("The card you put back goes to whoever draws next: don't hand out a gift."),
        None,
    ),
    "lucky": CharacterEntry(
        _("On every check: two tries, and the better one counts."),
        _("Jail, Dynamite and Cover: two tries, the better one counts."),
        _("Old Classic: Cover flips a card there, so he flips two; either Hearts cancels the hit."),
    ),
    "pass_shadow": CharacterEntry(
        # TD1/IC2: the built-in Horse is +1, so his neighbours are at distance 2.
        _(
            "Always on horseback: a built-in Horse, so others see him 1 further away "
            "(his neighbours are at distance 2)."
        ),
        _("Short weapons have a hard time reaching you: make them look for a Scope."),
        None,
    ),
    "vulture_jr": CharacterEntry(
        _(
            "In his draw step he may take his first card from the top of the discard pile. "
            "When anyone is eliminated, he draws 2 cards from the deck."
        ),
        _("Watch the discard pile: Shots and Ricochets often end up there."),
        None,
    ),
    "eagle_eye": CharacterEntry(
        _("Shoots further: a built-in Scope, he sees others 1 closer."),
        _("Even a Revolver reaches further: fewer useless Shots in your hand."),
        None,
    ),
    "bonesetter": CharacterEntry(
        # IC4, R111: "at any moment" = whenever he has a decision of his own.
        _(
            "At any moment when it is his move (in his turn or when he answers an attack): "
            "discard 2 cards to heal 1 HP. Not above his maximum, not from zero."
        ),
        _("Heal early, even outside your turn: before the hit, not after it."),
        None,
    ),
    "double_barrel": CharacterEntry(
        # IC1: the distance-1 condition of the character text wins.
        _(
            "At close range (distance 1) it takes 2 Ricochets to dodge his Shot (Cover counts "
            "as one). From further away, one is enough."
        ),
        # TD10: majority reading "only one Ricochet".
        _("Target players who hold only one Ricochet: it is not enough."),
        None,
    ),
    "empty_hands": CharacterEntry(
        _("Hand empty? He draws 1 card at once."),
        _("Empty your hand: the last card you play draws the next one."),
        None,
    ),
    "scavenger": CharacterEntry(
        _("When someone is eliminated, he takes their hand, their cards in play and weapon."),
        _("Stay alive: every elimination refills your hand."),
        None,
    ),
    "mad_dog": CharacterEntry(
        _(
            "No Shot limit: he plays as many Shots per turn as he likes. He also reaches 1 "
            "further: a built-in Scope."
        ),
        _("Find a longer-range weapon: no limit plus range beats a Volcanic."),
        None,
    ),
}

assert set(CARD_ENTRIES) == set(CARDS), "every card needs a library entry"
assert set(CHARACTER_ENTRIES) == set(CHARACTERS), "every character needs a library entry"

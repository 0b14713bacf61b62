"""The one catalogue of names and short texts a player reads (RULES.md section 1, 9, 13, 15).

Every card, character, role, team, mode and upgrade name shown anywhere on the site comes from
here, so a name is translated once and reads the same on the table, in the lobby and in the
statistics. Names are lazy translations with a message context ("card", "character", ...)
because some English words mean two things (the role and the mode "Double Agent").
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from bangarena_engine.cards import CARD_TYPES, REVOLVER_RANGE, WEAPON_RANGE


@dataclass(frozen=True)
class CardText:
    """What a card says: name, type (brown, blue or weapon), one-line rule and a tip."""

    name: Promise
    type: str
    rule: Promise
    tip: Promise


@dataclass(frozen=True)
class CharacterText:
    name: Promise
    ability: Promise


@dataclass(frozen=True)
class RoleText:
    name: Promise
    team: str
    goal: Promise


@dataclass(frozen=True)
class UpgradeText:
    name: Promise
    description: Promise


CARDS: dict[str, CardText] = {
    "shot": CardText(
        pgettext_lazy("card", "Shot"),
        "brown",
        _("Hit one player in range: 1 damage."),
        _("One Shot per turn, unless you hold a Volcanic."),
    ),
    "ricochet": CardText(
        pgettext_lazy("card", "Ricochet"),
        "brown",
        _("Cancel a Shot or Buckshot hit on you."),
        _("Only as an answer; keep one for a rainy day."),
    ),
    "flask": CardText(
        pgettext_lazy("card", "Flask"),
        "brown",
        _("Heal 1 HP; at 1 HP it also stops a hit."),
        _("Useless in High Noon."),
    ),
    "grab": CardText(
        pgettext_lazy("card", "Grab"),
        "brown",
        _("Take a card from a player at distance 1."),
        _("Pick a card in play, or one at random from the hand."),
    ),
    "toss": CardText(
        pgettext_lazy("card", "Toss"),
        "brown",
        _("Discard a card of any player."),
        _("Works at any distance: throw away their Cover or weapon."),
    ),
    "duel": CardText(
        pgettext_lazy("card", "Duel"),
        "brown",
        _("Take turns discarding Shots; who stops loses 1 HP."),
        _("Challenge someone with fewer Shots than you."),
    ),
    "raid": CardText(
        pgettext_lazy("card", "Raid"),
        "brown",
        _("Everyone else discards a Shot or loses 1 HP."),
        _("Cover and Ricochet do not help against it."),
    ),
    "wagon": CardText(
        pgettext_lazy("card", "Wagon"),
        "brown",
        _("Draw 2 cards."),
        _("Play it early: the new cards can be used at once."),
    ),
    "bazaar": CardText(
        pgettext_lazy("card", "Bazaar"),
        "brown",
        _("Every player draws 1 card, you first."),
        _("Everyone gains, so count who benefits."),
    ),
    "saloon": CardText(
        pgettext_lazy("card", "Saloon"),
        "brown",
        _("Every player heals 1 HP."),
        _("Useless in High Noon."),
    ),
    "caravan": CardText(
        pgettext_lazy("card", "Caravan"),
        "brown",
        _("Draw 3 cards."),
        _("Play it early: the new cards can be used at once."),
    ),
    "buckshot": CardText(
        pgettext_lazy("card", "Buckshot"),
        "brown",
        _("Hit every other player: 1 damage each."),
        _("Does not count as your Shot this turn."),
    ),
    "jail": CardText(
        pgettext_lazy("card", "Jail"),
        "blue",
        _("Put on a player: they may skip their next turn."),
        _("A Hearts check escapes. Never on the Marshal."),
    ),
    "cover": CardText(
        pgettext_lazy("card", "Cover"),
        "blue",
        _("Each hit on you: a 50/50 chance to cancel it."),
        _("No effect in High Noon."),
    ),
    "horse": CardText(
        pgettext_lazy("card", "Horse"),
        "blue",
        _("Others see you 1 further away."),
        _("Keeps short guns out of range."),
    ),
    "scope": CardText(
        pgettext_lazy("card", "Scope"),
        "blue",
        _("You see others 1 closer."),
        _("Brings more targets into range."),
    ),
    "dynamite": CardText(
        pgettext_lazy("card", "Dynamite"),
        "blue",
        _("Spades 2–9 at your turn: 3 damage; else it moves on."),
        _("It passes around the table until it explodes."),
    ),
    "volcanic": CardText(
        pgettext_lazy("card", "Volcanic"),
        "weapon",
        _("Range 1. Any number of Shots per turn."),
        _("Empty your hand of Shots at a neighbour."),
    ),
    "sawed_off": CardText(
        pgettext_lazy("card", "Sawed-Off"),
        "weapon",
        _("Weapon, range 2."),
        _("One weapon at a time: a new one replaces the old."),
    ),
    "rifle": CardText(
        pgettext_lazy("card", "Rifle"),
        "weapon",
        _("Weapon, range 3."),
        _("One weapon at a time: a new one replaces the old."),
    ),
    "carbine": CardText(
        pgettext_lazy("card", "Carbine"),
        "weapon",
        _("Weapon, range 4."),
        _("One weapon at a time: a new one replaces the old."),
    ),
    "long_rifle": CardText(
        pgettext_lazy("card", "Long Rifle"),
        "weapon",
        _("Weapon, range 5."),
        _("One weapon at a time: a new one replaces the old."),
    ),
}

#: The default weapon is not a card (R38), but it is named on every seat without a weapon.
REVOLVER = pgettext_lazy("card", "Revolver")

CHARACTERS: dict[str, CharacterText] = {
    "stone_leopard": CharacterText(
        pgettext_lazy("character", "Stone Leopard"),
        _("Draws 1 card after each damage he survives, 2 at 2 HP or less."),
    ),
    "red_suit": CharacterText(
        pgettext_lazy("character", "Red Suit"),
        _("Shows his second draw; if it is red, he draws 1 more."),
    ),
    "two_face": CharacterText(
        pgettext_lazy("character", "Two-Face"),
        _("Uses Shots as Ricochets and Ricochets as Shots."),
    ),
    "toll_collector": CharacterText(
        pgettext_lazy("character", "Toll Collector"),
        _("When a player hurts him, he takes a random card from their hand."),
    ),
    "grip": CharacterText(
        pgettext_lazy("character", "Grip"),
        _("May take his first draw at random from another player's hand."),
    ),
    "iron_brow": CharacterText(
        pgettext_lazy("character", "Iron Brow"),
        _("Always has a built-in Cover."),
    ),
    "three_eyes": CharacterText(
        pgettext_lazy("character", "Three Eyes"),
        _("Looks at the top 3 cards, keeps 2, puts 1 back."),
    ),
    "lucky": CharacterText(
        pgettext_lazy("character", "Lucky"),
        _("Every check is made twice; the better one counts."),
    ),
    "pass_shadow": CharacterText(
        pgettext_lazy("character", "Pass Shadow"),
        _("Built-in Horse: others see him 1 further away."),
    ),
    "vulture_jr": CharacterText(
        pgettext_lazy("character", "Vulture Jr."),
        _("May draw the top discard first; draws 2 when anyone is eliminated."),
    ),
    "eagle_eye": CharacterText(
        pgettext_lazy("character", "Eagle Eye"),
        _("Built-in Scope: sees others 1 closer."),
    ),
    "bonesetter": CharacterText(
        pgettext_lazy("character", "Bonesetter"),
        _("Any time he decides: discard 2 cards to heal 1 HP."),
    ),
    "double_barrel": CharacterText(
        pgettext_lazy("character", "Double Barrel"),
        _("His Shots at distance 1 need 2 Ricochets to cancel."),
    ),
    "empty_hands": CharacterText(
        pgettext_lazy("character", "Empty Hands"),
        _("Draws 1 card whenever his hand becomes empty."),
    ),
    "scavenger": CharacterText(
        pgettext_lazy("character", "Scavenger"),
        _("Takes all the cards of every eliminated player."),
    ),
    "mad_dog": CharacterText(
        pgettext_lazy("character", "Mad Dog"),
        _("No Shot limit; built-in Scope."),
    ),
}

ROLES: dict[str, RoleText] = {
    "marshal": RoleText(
        pgettext_lazy("role", "Marshal"),
        "law",
        _("Eliminate every Bandit and Loner."),
    ),
    "deputy": RoleText(
        pgettext_lazy("role", "Deputy"),
        "law",
        _("Protect the Marshal; win with the Law."),
    ),
    "bandit": RoleText(
        pgettext_lazy("role", "Bandit"),
        "bandits",
        _("Eliminate the Marshal."),
    ),
    "loner": RoleText(
        pgettext_lazy("role", "Loner"),
        "loner",
        _("Be the last player alive."),
    ),
    "double_agent": RoleText(
        pgettext_lazy("role", "Double Agent"),
        "bandits",
        _("Pose as a Deputy; win with the Bandits."),
    ),
}

#: The Double Agent mode's Marshal goal also names the Agent (R5).
MARSHAL_GOAL_DOUBLE_AGENT = _("Eliminate every Bandit, Loner and the Double Agent.")
#: Partners: the Loners win together (R96).
LONER_GOAL_PARTNERS = _("Outlast everyone else with the other Loner.")

TEAMS: dict[str, Promise] = {
    "law": pgettext_lazy("team", "Law"),
    "bandits": pgettext_lazy("team", "Bandits"),
    "loner": pgettext_lazy("team", "On Their Own"),
}

MODES: dict[str, Promise] = {
    "classic": pgettext_lazy("mode", "Classic"),
    "partners": pgettext_lazy("mode", "Partners"),
    "double_agent": pgettext_lazy("mode", "Double Agent"),
    "old_classic": pgettext_lazy("mode", "Old Classic"),
}

SUITS: dict[str, Promise] = {
    "hearts": pgettext_lazy("suit", "Hearts"),
    "diamonds": pgettext_lazy("suit", "Diamonds"),
    "clubs": pgettext_lazy("suit", "Clubs"),
    "spades": pgettext_lazy("suit", "Spades"),
}

UPGRADES: dict[str, UpgradeText] = {
    "accuracy": UpgradeText(
        pgettext_lazy("upgrade", "Accuracy"),
        _("+1 Shot range."),
    ),
    "fortitude": UpgradeText(
        pgettext_lazy("upgrade", "Fortitude"),
        _("+1 max HP and +1 HP at once."),
    ),
    "instinct": UpgradeText(
        pgettext_lazy("upgrade", "Instinct"),
        _("Draw step: look at 3 cards, keep 2."),
    ),
}

HIGH_NOON = _("High Noon")


@dataclass(frozen=True)
class ReactionText:
    """A preset reaction at the table (R125, RULES 1.7): what it shows and what it means."""

    emoji: str
    name: Promise


#: The seven reactions, in the order the table offers them (R125, RULES 1.7).
REACTIONS: dict[str, ReactionText] = {
    "nice": ReactionText("👍", pgettext_lazy("reaction", "Nice")),
    "funny": ReactionText("😂", pgettext_lazy("reaction", "Funny")),
    "angry": ReactionText("😠", pgettext_lazy("reaction", "Angry")),
    "scared": ReactionText("😱", pgettext_lazy("reaction", "Scared")),
    "deal": ReactionText("🤝", pgettext_lazy("reaction", "Let's make a deal")),
    "suspicious": ReactionText("🤔", pgettext_lazy("reaction", "Suspicious")),
    "gg": ReactionText("GG", pgettext_lazy("reaction", "Good game")),
}


def card_name(kind: str) -> Promise:
    return CARDS[kind].name


def character_name(character: str) -> Promise:
    return CHARACTERS[character].name


def role_name(role: str) -> Promise:
    return ROLES[role].name


def upgrade_name(upgrade: str) -> Promise:
    return UPGRADES[upgrade].name


def mode_name(mode: str) -> Promise:
    return MODES[mode]


def weapon_range(kind: str | None) -> int:
    """Range of a weapon in play, the Revolver's 1 without one (R35, R38)."""
    return WEAPON_RANGE.get(kind, REVOLVER_RANGE) if kind else REVOLVER_RANGE


# The catalogue must cover the engine's cards exactly: a new card without a name would show
# its id to players.
assert set(CARDS) == set(CARD_TYPES), "catalogue and engine disagree on the cards"
assert all(CARDS[kind].type == CARD_TYPES[kind][0] for kind in CARDS)

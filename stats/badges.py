"""Match badges (R140, Q62): small honours computed once, when the match is recorded.

Each badge has one rule over the seats' lines. "Most …" badges go to every seat tied for the
highest value, and only when that value is above zero (a table where nobody dodged has no
"Most dodges"). Badge ids are stored in ``PlayerResult.badges`` in the order of ``BADGES``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

if TYPE_CHECKING:
    from stats.recording import GameSummary, SeatLine


@dataclass(frozen=True)
class Badge:
    code: str
    name: Promise
    description: Promise
    icon: str


def _most(attribute: str) -> Callable[[list[SeatLine], GameSummary], set[int]]:
    """Seats tied for the highest positive value of ``attribute``."""

    def rule(lines: list[SeatLine], summary: GameSummary) -> set[int]:
        best = max(getattr(line, attribute) for line in lines)
        return {line.seat for line in lines if best > 0 and getattr(line, attribute) == best}

    return rule


def _each(test: Callable[[SeatLine], bool]) -> Callable[[list[SeatLine], GameSummary], set[int]]:
    """Every seat whose own line passes ``test``."""

    def rule(lines: list[SeatLine], summary: GameSummary) -> set[int]:
        return {line.seat for line in lines if test(line)}

    return rule


def _last_standing(lines: list[SeatLine], summary: GameSummary) -> set[int]:
    alive = [line.seat for line in lines if line.eliminated_place is None]
    return set(alive) if len(alive) == 1 else set()


BADGES: dict[str, Badge] = {
    badge.code: badge
    for badge in (
        Badge("top_damage", _("Top gun"), _("Dealt the most damage."), "🎯"),
        Badge("most_eliminations", _("Sharpshooter"), _("Made the most eliminations."), "💀"),
        Badge("last_standing", _("Last one standing"), _("The only player still alive."), "🏆"),
        Badge("first_blood", _("First blood"), _("Made the match's first elimination."), "🩸"),
        Badge("most_dodges", _("Slippery"), _("Dodged the most hits."), "💨"),
        Badge("duelist", _("Duelist"), _("Won the most Duels."), "⚔️"),
        Badge("bounty_taken", _("Bounty hunter"), _("Took a Bounty."), "💰"),
        Badge("survived_dynamite", _("Blast-proof"), _("Survived a Dynamite explosion."), "🧨"),
        Badge("untouched", _("Untouched"), _("Took no damage all match."), "🛡️"),
        Badge("medic", _("Medic"), _("Healed the most HP."), "🩹"),
        Badge("busy_hands", _("Busy hands"), _("Played the most cards."), "🃏"),
        Badge("fallen_hero", _("Fallen hero"), _("Won after being eliminated."), "🕯️"),
    )
}

RULES: dict[str, Callable[[list[SeatLine], GameSummary], set[int]]] = {
    "top_damage": _most("damage_dealt"),
    "most_eliminations": _most("eliminations"),
    "last_standing": _last_standing,
    "first_blood": _each(lambda line: line.first_elimination),
    "most_dodges": _most("shots_dodged"),
    "duelist": _most("duels_won"),
    "bounty_taken": _each(lambda line: line.bounties_taken > 0),
    "survived_dynamite": _each(lambda line: line.dynamite_survived > 0),
    "untouched": _each(lambda line: line.damage_taken == 0),
    "medic": _most("healed"),
    "busy_hands": _most("cards_played"),
    "fallen_hero": _each(lambda line: line.won and line.eliminated_place is not None),
}
assert set(RULES) == set(BADGES), "every badge needs a rule"


def award(lines: list[SeatLine], summary: GameSummary) -> dict[int, list[str]]:
    """Badge ids by seat, in the order of BADGES."""
    won: dict[int, list[str]] = {line.seat: [] for line in lines}
    for code, rule in RULES.items():
        for seat in sorted(rule(lines, summary)):
            won[seat].append(code)
    return won

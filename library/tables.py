"""The rules page's data tables (``@table <name>``), computed from the engine's own data so the
page can never disagree with the game: role sets (R11, R14), weapons (R40) and the deck's
composition by type and suit (R42, Appendix A)."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _

from bangarena_engine.cards import (
    APPENDIX_A,
    CARD_TYPES,
    DYNAMITE_RANKS,
    REVOLVER_RANGE,
    WEAPON_RANGE,
)
from bangarena_engine.roles import ROLE_ORDER, role_set
from game import catalogue
from game.table.cards import SUIT_SYMBOLS
from game.table.panels import roles_line
from library.content import SUIT_ORDER, TYPE_GROUPS, TYPE_ORDER

SEAT_COUNTS = range(4, 9)


@dataclass
class DataTable:
    """A table as the template draws it: header cells and rows of cells (all plain text)."""

    name: str
    caption: str
    header: list[str]
    rows: list[list[str]]
    #: Number of leading cells in each row that are row headers (<th scope="row">).
    row_headers: int = 1


def _seats(count: int) -> str:
    return ngettext("%(count)d seat", "%(count)d seats", count) % {"count": count}


def _roles(seats: int, mode: str) -> str:
    """The role set in the order of the table's "Roles at the table" line (R4)."""
    return roles_line(sorted(role_set(seats, mode), key=ROLE_ORDER.index))


def roles_by_seats(caption: str) -> DataTable:
    """R11: the role set per seat count in Classic, Partners and Old Classic."""
    rows = [[_seats(n), _roles(n, "classic")] for n in SEAT_COUNTS]
    return DataTable("roles_by_seats", caption, [gettext("Seats"), gettext("Roles")], rows)


def roles_double_agent(caption: str) -> DataTable:
    """R11, R14: the Double Agent replaces one Bandit from 5 seats; 4 seats play Classic."""
    rows = []
    for n in SEAT_COUNTS:
        roles = _roles(n, "double_agent")
        if "double_agent" not in role_set(n, "double_agent"):
            roles = gettext("%(roles)s (plays as Classic)") % {"roles": roles}
        rows.append([_seats(n), roles])
    return DataTable("roles_double_agent", caption, [gettext("Seats"), gettext("Roles")], rows)


WEAPON_NOTES = {
    "volcanic": _("Any number of Shots per turn"),
}


def weapons(caption: str) -> DataTable:
    """R40: every weapon's range and count, with the Revolver everyone has without one."""
    rows = [
        [
            str(catalogue.REVOLVER),
            str(REVOLVER_RANGE),
            "—",
            gettext("Everyone's weapon without a weapon card; not a card"),
        ]
    ]
    for kind, weapon_range in WEAPON_RANGE.items():
        note = WEAPON_NOTES.get(kind)
        rows.append(
            [
                str(catalogue.card_name(kind)),
                str(weapon_range),
                str(CARD_TYPES[kind][1]),
                str(note) if note else "",
            ]
        )
    header = [gettext("Weapon"), gettext("Range"), gettext("In the deck"), gettext("Notes")]
    return DataTable("weapons", caption, header, rows)


def deck(caption: str) -> DataTable:
    """R42 and Appendix A: how many cards of each type carry each suit, with the totals the
    checks depend on (Hearts escape Jail, Spades 2-9 explode the Dynamite)."""
    by_type_suit = Counter((CARD_TYPES[kind][0], suit) for kind, _rank, suit in APPENDIX_A)
    header = [gettext("Cards")]
    header += [f"{SUIT_SYMBOLS[s]} {catalogue.SUITS[s]}" for s in SUIT_ORDER]
    header.append(gettext("Total"))
    rows = []
    for card_type in TYPE_ORDER:
        counts = [by_type_suit[(card_type, suit)] for suit in SUIT_ORDER]
        rows.append([str(TYPE_GROUPS[card_type]), *map(str, counts), str(sum(counts))])
    totals = [sum(by_type_suit[(t, suit)] for t in TYPE_ORDER) for suit in SUIT_ORDER]
    rows.append([gettext("All cards"), *map(str, totals), str(sum(totals))])
    spades = sum(1 for _k, rank, suit in APPENDIX_A if suit == "spades" and rank in DYNAMITE_RANKS)
    rows.append([gettext("♠ Spades 2–9 (the Dynamite explodes)"), "", "", "", str(spades), ""])
    return DataTable("deck", caption, header, rows)


BUILDERS = {
    "roles_by_seats": roles_by_seats,
    "roles_double_agent": roles_double_agent,
    "weapons": weapons,
    "deck": deck,
}


def build(name: str, caption: str) -> DataTable:
    return BUILDERS[name](caption)

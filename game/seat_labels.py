"""The names of seats nobody owns: "Bot N" and "AI N" (R141, R142), and a bot's strength.

A label is stored in English ("Bot 3"), because it is also part of the agent protocol, the AI
prompt and the admin's records, which keep one language. Every screen a player reads shows it
in the reader's language through ``shown``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from game.models import BotStrength

BOT_LABEL = _("Bot %(number)s")
AI_LABEL = _("AI %(number)s")

# Stored in a human seat's name once the person behind it is gone: the account was deleted,
# or a guest's data was purged (bangarena_site.accounts.forget). Both start with U+2063, a
# format character no chosen name can hold (names refuse them), so a player who calls himself
# "Guest" keeps his name, and every screen shows the marker in the reader's language.
DELETED_PLAYER = "\u2063deleted"
PURGED_GUEST = "\u2063guest"
_GONE = {DELETED_PLAYER: _("Deleted player"), PURGED_GUEST: _("Guest")}

_STORED = re.compile(r"(Bot|AI) ([1-9]\d?)")


def stored(kind: str, number: int) -> str:
    """The label kept for the ``number``-th seat of ``kind`` ("bot" or "ai") at a table."""
    return f"Bot {number}" if kind == "bot" else f"AI {number}"


def numbered(seat: Any, seats: Iterable[Any]) -> str:
    """The stored label of ``seat`` among ``seats`` (room seats with ``kind``, ``index`` and
    ``is_human``): bots and AIs are counted per kind in table order (R1, R141, R142); '' for
    a human. The lobby labels its seats this way, and an agent's welcome before its match."""
    if seat.is_human:
        return ""
    number = sum(1 for other in seats if other.kind == seat.kind and other.index <= seat.index)
    return stored(seat.kind, number)


def shown(label: str) -> str:
    """A stored label in the active language; any other text (a player's name) as it is."""
    found = _STORED.fullmatch(label)
    if found is None:
        return label
    template = BOT_LABEL if found.group(1) == "Bot" else AI_LABEL
    return str(template) % {"number": found.group(2)}


def kind_badge(kind: str, shown_label: str, name: str) -> str:
    """What a bot's or AI's seat badge says, at the table and in the room: the kind ("Bot",
    "AI") where the seat is named by its label already, so "Bot 5" does not read the same
    words twice; the label where the seat has a name of its own (an agent's)."""
    if shown_label and shown_label != name:
        return shown_label
    return gettext("Bot") if kind == "bot" else gettext("AI")


def strength_name(kind: str, strength: str) -> str:
    """A bot seat's strength as players read it ("Hard", issue 22), in the active language;
    '' for any other seat, whose strength nobody chose (the bot plays a player's seat at
    Normal, R121), and for a strength a record does not hold."""
    if kind != "bot" or strength not in BotStrength.values:
        return ""
    return str(BotStrength(strength).label)


def with_strength(name: str, kind: str, strength: str) -> str:
    """A seat's name with its bot's strength, as lists of players read it: "Bot 2 · Hard"."""
    shown_strength = strength_name(kind, strength)
    return f"{name} · {shown_strength}" if shown_strength else name


def seat_name(kind: str, name: str) -> str:
    """What a player reads as a seat's name: a bot's or AI's stored label is translated,
    a human's chosen name never is (a player may be called "Bot 1"); a human who is gone reads
    "Deleted player" or "Guest"."""
    if kind == "human":
        gone = _GONE.get(name)
        return str(gone) if gone is not None else name
    return shown(name)

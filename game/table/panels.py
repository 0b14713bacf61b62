"""The table's words: the top line, the role bar, the centre's check, the decision panel.

Each function reads one viewer's engine view (or the public one) and returns plain records or
strings in the active language; the templates only print them.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext, ngettext

from game import catalogue
from game.table.cards import CardFace, card_face
from game.table.controls import Control, ControlBuilder


@dataclass
class CheckView:
    caption: str
    cards: list[CardFace]
    coins: list[bool]


@dataclass
class Prompt:
    """The decision panel above the hand: what is asked, and its buttons."""

    title: str
    text: str
    controls: list[Control]
    looking_at: list[CardFace] = field(default_factory=list)

    @property
    def main_controls(self) -> list[Control]:
        return [c for c in self.controls if c.group != "heal"]

    @property
    def heal_controls(self) -> list[Control]:
        """Bonesetter heals: one per pair of cards, so they fold away behind one summary."""
        return [c for c in self.controls if c.group == "heal"]


def roles_line(roles: list[str]) -> str:
    counts = Counter(roles)
    parts = []
    for role in dict.fromkeys(roles):
        name = str(catalogue.role_name(role))
        parts.append(name if counts[role] == 1 else f"{name} ×{counts[role]}")
    return ", ".join(parts)


def goal_of(view: dict[str, Any]) -> str:
    """The viewer's goal in words (R7-R11), with the mode's variants."""
    role = view.get("role")
    if not role:
        return ""
    if role == "marshal" and view["mode"] == "double_agent" and view.get("deputy_candidates"):
        return str(catalogue.MARSHAL_GOAL_DOUBLE_AGENT)
    if role == "loner" and view["mode"] == "partners" and view["roles_at_table"].count("loner") > 1:
        return str(catalogue.LONER_GOAL_PARTNERS)
    return str(catalogue.ROLES[role].goal)


def current_check(view: dict[str, Any]) -> dict[str, Any] | None:
    """The last check card, while the turn in which it was drawn still runs: the centre's
    "Jail check for X: stays in Jail" goes once the next turn begins (the log keeps it)."""
    check = view.get("last_check")
    if not check:
        return None
    for event in reversed(view.get("log") or []):
        if event["type"] == "check":
            return check
        if event["type"] == "turn":
            return None
    return check


def result_text(result: dict[str, Any], names: dict[int, str]) -> str:
    team = catalogue.TEAMS.get(result.get("team") or "", "")
    winners = ", ".join(names.get(s, str(s + 1)) for s in result.get("winners", []))
    return gettext("Winners: {team} — {winners}.").format(team=team, winners=winners)


def top_line(view: dict[str, Any], names: dict[int, str], viewer: int | None) -> str:
    """Whose turn it is and what is happening, or "Response · Name" (R137)."""
    if view.get("result"):
        return gettext("Game over.") + " " + result_text(view["result"], names)
    turn = names.get(view["turn"], "")
    pending = view.get("pending")
    if pending is None:
        if view["turn"] == viewer:
            return gettext("Your turn: play cards, then end your turn.")
        return gettext("Turn: {player} — playing cards").format(player=turn)
    deciding = names.get(pending["seat"], "")
    kind = pending["kind"]
    if kind in ("respond_hit", "duel", "raid"):
        source = names.get(pending.get("source"), "")
        if kind == "respond_hit":
            what = gettext("{source} fired {card}").format(
                source=source, card=catalogue.card_name(pending.get("card", "shot"))
            )
        elif kind == "duel":
            what = gettext("Duel: {source} against {target}").format(
                source=source, target=names.get(pending.get("opponent"), "")
            )
        else:
            what = gettext("Raid by {source}").format(source=source)
        if pending.get("source") == view["turn"]:
            # The attacker is the turn's player: "Bot 1 fired Shot", not "Turn: Bot 1 — Bot 1 …".
            return gettext("{what} · Response · {responder}").format(what=what, responder=deciding)
        return gettext("Turn: {player} — {what} · Response · {responder}").format(
            player=turn, what=what, responder=deciding
        )
    doing = {
        "discard": ngettext(
            "discarding %(count)d card", "discarding %(count)d cards", pending.get("count", 1)
        )
        % {"count": pending.get("count", 1)},
        "draw_choice": gettext("choosing how to draw"),
        "keep_two": gettext("keeping 2 of 3 cards"),
        "upgrade": gettext("{player} chooses an upgrade").format(player=deciding),
        "bounty": gettext("{player} chooses a star to take").format(player=deciding),
    }.get(kind, "")
    return gettext("Turn: {player} — {what}").format(player=turn, what=doing)


def check_view(check: dict[str, Any] | None, names: dict[int, str]) -> CheckView | None:
    if not check:
        return None
    kinds = {
        "jail": gettext("Jail check"),
        "dynamite": gettext("Dynamite check"),
        "cover": gettext("Cover check"),
    }
    results = {
        "escaped": gettext("escaped"),
        "jailed": gettext("stays in Jail"),
        "exploded": gettext("exploded!"),
        "passed": gettext("passes on"),
        "cancelled": gettext("hit cancelled"),
        "failed": gettext("no luck"),
    }
    caption = gettext("{check} for {player}: {result}").format(
        check=kinds.get(check["check"], check["check"]),
        player=names.get(check["seat"], ""),
        result=results.get(check["result"], check["result"]),
    )
    return CheckView(
        caption=caption,
        cards=[card_face(c) for c in check.get("cards") or []],
        coins=list(check.get("coins") or []),
    )


def prompt_for(view: dict[str, Any], controls: ControlBuilder, names: dict[int, str]) -> Prompt:
    """The decision panel: a title in words, a hint, and every button not drawn elsewhere."""
    # The engine's pending frame (an untyped dict of the view): read only once ``kind`` is set.
    pending: Any = view.get("pending")
    kind = pending["kind"] if pending else None
    panel = controls.panel
    if kind is None:
        return Prompt(
            gettext("Your turn"),
            gettext("Pick a card, then its target; or end your turn."),
            panel,
        )
    if kind == "respond_hit":
        text = gettext("{source} fired {card} at you.").format(
            source=names.get(pending.get("source"), ""),
            card=catalogue.card_name(pending.get("card", "shot")),
        )
        if pending.get("required", 1) == 2:
            text += " " + gettext("It takes two Ricochets to cancel.")
        elif controls.card_controls:
            text += " " + gettext("Tap a glowing card to cancel it, or take the hit.")
        return Prompt(gettext("Respond"), text, panel)
    if kind == "duel":
        return Prompt(
            gettext("Duel"),
            gettext("Discard a Shot to keep the Duel going, or lose 1 HP."),
            panel,
        )
    if kind == "raid":
        return Prompt(
            gettext("Raid"),
            gettext("{source} raids the table: discard a Shot or lose 1 HP.").format(
                source=names.get(pending.get("source"), "")
            ),
            panel,
        )
    if kind == "discard":
        count = pending.get("count", 1)
        return Prompt(
            gettext("Discard"),
            ngettext(
                "Too many cards: discard %(count)d more card (tap it).",
                "Too many cards: discard %(count)d more cards (tap them).",
                count,
            )
            % {"count": count},
            panel,
        )
    if kind == "draw_choice":
        return Prompt(gettext("Draw"), gettext("Choose how to draw your cards."), panel)
    if kind == "keep_two":
        return Prompt(
            gettext("Keep 2 of 3"),
            gettext("Choose the card to put back on top of the deck."),
            panel,
            looking_at=[card_face(c) for c in pending.get("looking_at", [])],
        )
    if kind == "upgrade":
        return Prompt(
            gettext("Glory star"), gettext("Choose an upgrade for the rest of the match."), panel
        )
    if kind == "bounty":
        return Prompt(
            gettext("Bounty"),
            gettext("Choose which star of {player} to take.").format(
                player=names.get(pending["victim"], "")
            ),
            panel,
        )
    return Prompt(gettext("Your decision"), "", panel)

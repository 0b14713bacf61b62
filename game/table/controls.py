"""The viewer's legal actions sorted into the places they are drawn, and why a card is dimmed.

Every legal action becomes exactly one control: a hand card that acts by itself, a target
button on a seat, or a button in the decision panel. Only ``Game.legal_actions`` of the viewer
goes in, so a control can never offer what the engine would refuse.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext, gettext_lazy, pgettext

from bangarena_engine.cards import SELF_BLUE, UNLIMITED_SHOT_WEAPONS
from bangarena_engine.characters import CHARACTER_BY_ID, UNLIMITED_SHOTS
from bangarena_engine.roles import ROLE_TEAM
from game import catalogue
from game.table.cards import card_label

#: R10/R11 sides: a player shooting someone of these at their own side is asked to confirm.
LAW = frozenset(role for role, team in ROLE_TEAM.items() if team == "law")
OUTLAWS = frozenset(role for role, team in ROLE_TEAM.items() if team == "bandits")


@dataclass
class Control:
    """One complete legal action, sent over the WebSocket when its button is pressed."""

    action: dict[str, Any]
    label: str
    confirm: str = ""
    hint: str = ""
    verb: str = ""
    #: "heal" for Bonesetter heals, which the panel folds away together.
    group: str = ""

    @property
    def json(self) -> str:
        return json.dumps(self.action, sort_keys=True, separators=(",", ":"))

    @property
    def attribute(self) -> SafeString:
        """The action for a single-quoted HTML attribute: JSON's double quotes stay as they
        are (as &quot; they were a third of a control's bytes); everything that could end the
        attribute or start markup is escaped."""
        escaped = (
            self.json.replace("&", "&amp;")
            .replace("<", "&lt;")
            .replace(">", "&gt;")
            .replace("'", "&#x27;")
        )
        return mark_safe(escaped)  # noqa: S308 (escaped just above)


def same_side(mine: str | None, theirs: str | None, view: dict[str, Any]) -> bool:
    """Whether a role the viewer can see belongs to the viewer's own side (R7-R11)."""
    if not mine or not theirs:
        return False
    if mine in LAW and theirs in LAW:
        return True
    if mine in OUTLAWS and theirs in OUTLAWS:
        return True
    # Partners mode: the two Loners play together.
    return mine == theirs == "loner" and view["roles_at_table"].count("loner") > 1


class ControlBuilder:
    """Sorts the viewer's legal actions into hand cards, seat targets and panel buttons."""

    def __init__(self, view: dict[str, Any], legal: list[dict[str, Any]], names: dict[int, str]):
        self.view = view
        self.names = names
        self.hand = {card["id"]: card for card in view["hand"]}
        self.in_play = {
            card["id"]: card
            for player in view["players"]
            for card in [*player["in_play"], *([player["weapon"]] if player["weapon"] else [])]
        }
        self.card_controls: dict[str, Control] = {}
        #: Per seat, its light-up targets: one per hand card aimed at it, shown while that card
        #: is picked (the card is the one in the control's action).
        self.targets: dict[int, list[Control]] = {}
        self.selectable: set[str] = set()
        self.panel: list[Control] = []
        self.end_turn: Control | None = None
        for action in legal:
            self._place(action)
        # A card that needs a target is picked first; any untargeted use moves to the panel.
        for card_id in self.selectable & set(self.card_controls):
            self.panel.append(self.card_controls.pop(card_id))

    def name(self, seat: int) -> str:
        return self.names.get(seat, str(seat + 1))

    def card_label(self, card_id: str) -> str:
        card = self.hand.get(card_id) or self.in_play.get(card_id)
        return card_label(card) if card is not None else ""

    def _place(self, action: dict[str, Any]) -> None:
        kind = action["type"]
        if kind == "end_turn":
            self.end_turn = Control(action, gettext("End turn"))
        elif kind == "play" and "target" in action:
            self._target(action)
        elif kind in ("play", "respond", "discard") and "card2" not in action:
            card_id = action["card"]
            if card_id in self.card_controls:
                self.panel.append(Control(action, self.card_label(card_id)))
                return
            label = {
                "play": gettext("Play {card}"),
                "respond": gettext("Answer with {card}"),
                "discard": gettext("Discard {card}"),
            }[kind].format(card=self.card_label(card_id))
            confirm = ""
            if kind == "play" and self.hand[card_id]["kind"] == "dynamite":
                confirm = gettext("Put the Dynamite in front of yourself?")
            verb = {
                "play": pgettext("card action", "Play"),
                "respond": pgettext("card action", "Answer"),
                "discard": pgettext("card action", "Discard"),
            }[kind]
            self.card_controls[card_id] = Control(action, label, confirm=confirm, verb=verb)
        elif kind == "respond":
            self.panel.append(
                Control(
                    action,
                    gettext("Answer with {card} and {card2}").format(
                        card=self.card_label(action["card"]),
                        card2=self.card_label(action["card2"]),
                    ),
                )
            )
        elif kind == "pass":
            self.panel.append(Control(action, self._pass_label()))
        elif kind == "ability":
            first, second = action["cards"]
            self.panel.append(
                Control(
                    action,
                    gettext("Heal 1 HP: discard {card} and {card2}").format(
                        card=self.card_label(first), card2=self.card_label(second)
                    ),
                    group="heal",
                )
            )
        elif kind == "choose":
            self.panel.append(self._choice(action))
        else:  # an action kind this screen does not know yet: still offer it, plainly
            self.panel.append(Control(action, json.dumps(action)))

    def _pass_label(self) -> str:
        pending = self.view.get("pending") or {}
        if pending.get("kind") == "respond_hit":
            return gettext("Take the hit")
        if pending.get("kind") == "duel":
            return gettext("Give up the Duel (lose 1 HP)")
        if pending.get("kind") == "raid":
            return gettext("Lose 1 HP")
        return gettext("Pass")

    def _target(self, action: dict[str, Any]) -> None:
        card_id = action["card"]
        self.selectable.add(card_id)
        target = action["target"]
        card = self.hand[card_id]
        target_card = action.get("target_card")
        player = self.name(target)
        if target_card == "hand":
            label = gettext("A random card from {player}'s hand").format(player=player)
        elif target_card and card["kind"] == "grab":
            label = gettext("Take {card} from {player}").format(
                card=self.card_label(target_card), player=player
            )
        elif target_card:
            label = gettext("Discard {player}'s {card}").format(
                card=self.card_label(target_card), player=player
            )
        elif card["kind"] == "jail":
            label = gettext("Jail {player}").format(player=player)
        elif card["kind"] == "duel":
            label = gettext("Duel {player}").format(player=player)
        else:
            label = gettext("Shoot {player}").format(player=player)
        confirm = ""
        hostile = card["kind"] in ("shot", "ricochet", "duel", "jail") and not target_card
        theirs = self._role_of(target) if hostile else None
        if theirs is not None and same_side(self.view.get("role"), theirs, self.view):
            # Pressing Enter twice picks the card and fires at the first lit target: a
            # teammate the viewer knows to be one is never shot without a question.
            confirm = gettext("{player} is on your side ({role}). Attack anyway?").format(
                player=player, role=catalogue.role_name(theirs)
            )
        control = Control(action, label, confirm=confirm)
        self.targets.setdefault(target, []).append(control)

    def _role_of(self, seat: int) -> str | None:
        return self.view["players"][seat]["role"]

    def _choice(self, action: dict[str, Any]) -> Control:
        option = action["option"]
        pending = self.view.get("pending") or {}
        if option == "deck":
            return Control(action, gettext("Draw from the deck"))
        if option == "discard_pile":
            top = self.view.get("discard_top")
            label = gettext("Take the top of the discard pile")
            if top:
                label += f" ({card_label(top)})"
            return Control(action, label)
        if option == "player":
            return Control(
                action,
                gettext("Take a random card from {player}'s hand").format(
                    player=self.name(action["target"])
                ),
            )
        if option == "return":
            looking = {c["id"]: c for c in pending.get("looking_at", [])}
            card = looking.get(action["card"])
            name = card_label(card) if card else ""
            return Control(action, gettext("Put back {card}").format(card=name))
        if option in catalogue.UPGRADES:
            upgrade = catalogue.UPGRADES[option]
            if pending.get("kind") == "bounty":
                label = gettext("Take ★ {upgrade}").format(upgrade=upgrade.name)
            elif pending.get("kind") == "draw_choice":
                label = gettext("Use Instinct: look at 3, keep 2")
            else:
                label = f"★ {upgrade.name}"
            return Control(action, label, hint=str(upgrade.description))
        return Control(action, str(option))


# --- why a card is dimmed ------------------------------------------------------------------


WAIT = gettext_lazy("Wait for your turn")


def why_not(card: dict[str, Any], view: dict[str, Any], deciding: bool) -> str:
    """Why the viewer cannot use ``card`` now, in words (R45-R50): shown on the dimmed card, as
    its tooltip and to screen readers. Only the viewer's own view is read. While the viewer is
    not deciding every card waits (``WAIT``, said once for the whole hand)."""
    me = view["seat"]
    pending = view.get("pending")
    if not deciding:
        return ""  # the hand says it once: every card waits for the player's turn
    if pending is not None:
        if pending["kind"] in ("respond_hit", "duel", "raid"):
            return gettext("Not an answer to this")
        return gettext("Not needed for this choice")
    if _jailed_this_turn(view):
        return gettext("No plays after a failed Jail check")
    player = view["players"][me]
    kind = card["kind"]
    if kind in CHARACTER_BY_ID[player["character"]].shot_kinds:  # R102: Two-Face's Ricochet
        if not _may_shoot_again(view):
            return gettext("One Shot per turn")
        return gettext("Nobody in range")
    if kind == "ricochet":
        return gettext("Only as an answer to a Shot")
    if kind in SELF_BLUE:
        return gettext("Already in front of you")
    if kind in ("flask", "saloon") and view["high_noon"]:
        return gettext("High Noon: no healing")
    if kind == "flask":
        if player["hp"] >= player["max_hp"]:
            return gettext("You are at full health")
        return gettext("Not with only two players left")
    if kind == "saloon":
        return gettext("Everyone is at full health")
    if kind == "grab":
        return gettext("Nobody at distance 1 has a card")
    if kind == "jail":
        return gettext("Nobody can be jailed")
    return gettext("Cannot be played now")


def _turn_events(view: dict[str, Any]) -> list[dict[str, Any]]:
    """The public events since the viewer's current turn began."""
    log = view.get("log") or []
    for index in range(len(log) - 1, -1, -1):
        if log[index]["type"] == "turn":
            return log[index + 1 :]
    return log


def _jailed_this_turn(view: dict[str, Any]) -> bool:
    me = view["seat"]
    return any(
        e["type"] == "check" and e["seat"] == me and e.get("result") == "jailed"
        for e in _turn_events(view)
    )


def _may_shoot_again(view: dict[str, Any]) -> bool:
    """R49: one Shot per turn unless Volcanic, Mad Dog or High Noon."""
    me = view["seat"]
    player = view["players"][me]
    weapon = player["weapon"]
    if view["high_noon"] or player["character"] in UNLIMITED_SHOTS:
        return True
    if weapon is not None and weapon["kind"] in UNLIMITED_SHOT_WEAPONS:
        return True
    return not any(
        e["type"] == "played" and e["seat"] == me and e["card"]["kind"] in ("shot", "ricochet")
        for e in _turn_events(view)
    )

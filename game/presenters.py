"""Turn one seat's engine view plus the seat metadata into plain template context.

The table template only loops and prints; every decision about what a seat shows, where it
sits and which control does what is made here, where it can be read and tested. Everything
comes from `view` (the engine's already-filtered view of this viewer), the viewer's own legal
actions and the public seat metadata, so nothing hidden can reach the HTML.
"""

from __future__ import annotations

import json
import math
from collections import Counter
from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING, Any, Protocol

from django.utils.html import format_html
from django.utils.safestring import SafeString
from django.utils.translation import gettext, ngettext, pgettext

from game import catalogue, seat_labels
from game.library.links import card_url

if TYPE_CHECKING:
    from collections.abc import Sequence

    from game.models import TableSignal
    from game.table_signals import SeatSignals, SignalBoard

SUIT_SYMBOLS = {"hearts": "♥", "diamonds": "♦", "clubs": "♣", "spades": "♠"}
RED_SUITS = frozenset(("hearts", "diamonds"))
#: How many log lines the table shows; older lines stay in the match log, not on screen.
LOG_LINES = 40


class SeatMeta(Protocol):
    """What the table reads of a MatchSeat (public data only)."""

    seat: int
    kind: str
    name: str
    label: str
    autopilot: bool
    connected: bool


#: Our own portrait recipe per character (drawn as inline SVG by game/portrait.html):
#: background, coat, hat colour, hat shape and one telling feature.
PORTRAITS: dict[str, dict[str, str]] = {
    "stone_leopard": {
        "bg": "#b98a3e",
        "coat": "#6b5a45",
        "hat": "#8d8d86",
        "shape": "stetson",
        "feature": "spots",
    },
    "red_suit": {
        "bg": "#7b1e1e",
        "coat": "#b3261e",
        "hat": "#2a1a12",
        "shape": "stetson",
        "feature": "heart",
    },
    "two_face": {
        "bg": "#4a4a5a",
        "coat": "#3b3b48",
        "hat": "#1d1d24",
        "shape": "bowler",
        "feature": "split",
    },
    "toll_collector": {
        "bg": "#5d6b3a",
        "coat": "#44502a",
        "hat": "#2b2b1a",
        "shape": "bowler",
        "feature": "coin",
    },
    "grip": {
        "bg": "#6d4c2f",
        "coat": "#4f3420",
        "hat": "#8a5a2b",
        "shape": "stetson",
        "feature": "glove",
    },
    "iron_brow": {
        "bg": "#55606b",
        "coat": "#3a424a",
        "hat": "#22282e",
        "shape": "none",
        "feature": "brow",
    },
    "three_eyes": {
        "bg": "#4b3a6b",
        "coat": "#35284d",
        "hat": "#5a3f86",
        "shape": "stetson",
        "feature": "eye",
    },
    "lucky": {
        "bg": "#2f6b45",
        "coat": "#245236",
        "hat": "#c9a227",
        "shape": "stetson",
        "feature": "horseshoe",
    },
    "pass_shadow": {
        "bg": "#2b2d3a",
        "coat": "#17181f",
        "hat": "#0d0e13",
        "shape": "wide",
        "feature": "shadow",
    },
    "vulture_jr": {
        "bg": "#6b5b4b",
        "coat": "#3e342a",
        "hat": "#241c15",
        "shape": "stetson",
        "feature": "feather",
    },
    "eagle_eye": {
        "bg": "#3e6f8f",
        "coat": "#2b4e66",
        "hat": "#a36b2c",
        "shape": "stetson",
        "feature": "monocle",
    },
    "bonesetter": {
        "bg": "#7d8a8a",
        "coat": "#e8e2d2",
        "hat": "#3a3a3a",
        "shape": "bowler",
        "feature": "cross",
    },
    "double_barrel": {
        "bg": "#7a3b18",
        "coat": "#4a2410",
        "hat": "#2b1609",
        "shape": "wide",
        "feature": "barrels",
    },
    "empty_hands": {
        "bg": "#b07a52",
        "coat": "#8a5a3a",
        "hat": "#d9c4a0",
        "shape": "stetson",
        "feature": "palms",
    },
    "scavenger": {
        "bg": "#5b5443",
        "coat": "#4a4235",
        "hat": "#6e6450",
        "shape": "tattered",
        "feature": "sack",
    },
    "mad_dog": {
        "bg": "#8f2d1b",
        "coat": "#5a1d12",
        "hat": "#1a1a1a",
        "shape": "none",
        "feature": "bandana",
    },
}
SKIN = {"default": "#e0b08a"}

# ---------------------------------------------------------------------------------------------
# Context records
# ---------------------------------------------------------------------------------------------


@dataclass
class Control:
    """One complete legal action, sent over the WebSocket when its button is pressed."""

    action: dict[str, Any]
    label: str
    confirm: str = ""
    card: CardFace | None = None
    hint: str = ""
    verb: str = ""
    #: "heal" for Bonesetter heals, which the panel folds away together.
    group: str = ""

    @property
    def json(self) -> str:
        return json.dumps(self.action, sort_keys=True, separators=(",", ":"))


@dataclass
class CardFace:
    """A card as it is drawn: name, type colour, suit symbol and rank, one-line rule."""

    id: str
    kind: str
    name: str
    type: str
    suit: str
    suit_symbol: str
    rank: str
    red: bool
    rule: str
    tip: str
    playable: bool = False
    selectable: bool = False
    control: Control | None = None

    @property
    def library_url(self) -> str:
        """This card's library entry with its own rank and suit (R139: tap a card for its
        text, tip, suit and rank)."""
        return card_url(self.kind, self.rank, self.suit)

    @property
    def suit_name(self) -> str:
        """The suit in words for screen readers ("Pik", "Черви"): the symbol is drawn only."""
        return str(catalogue.SUITS.get(self.suit, ""))


@dataclass
class TargetButton:
    """A light-up target on a seat for a selected hand card (shown only while it is picked)."""

    card_id: str
    control: Control


@dataclass
class SeatView:
    seat: int
    number: int
    name: str
    badge: str
    kind: str
    connected: bool
    autopilot: bool
    character: str
    character_name: str
    ability: str
    hp: int
    max_hp: int
    hearts: list[bool]
    hand_count: int
    distance: int | None
    in_play: list[CardFace]
    weapon: CardFace | None
    weapon_name: str
    weapon_range: int
    stars: int
    upgrades: list[str]
    role: str
    role_id: str
    alive: bool
    is_viewer: bool
    is_turn: bool
    is_deciding: bool
    deputy_candidate: bool
    x: float
    y: float
    portrait: dict[str, str] = field(default_factory=dict)
    targets: list[TargetButton] = field(default_factory=list)
    open_hand: list[CardFace] = field(default_factory=list)
    # The agent program's name on an agent seat (issue 9, game.agents); '' otherwise.
    agent_badge: str = ""
    # Claims, guesses and reactions by this seat's portrait (R123-R125; game.table_signals).
    signals: SeatSignals | None = None
    # The display name of the language model playing an AI seat (R136, R142); '' otherwise.
    model_badge: str = ""


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


@dataclass
class TableView:
    match_id: int
    version: int
    viewer: int | None
    spectator: bool
    eliminated: bool
    round: int
    high_noon: bool
    mode_name: str
    top_line: str
    you_are: str
    goal: str
    roles_at_table: str
    seats: list[SeatView]
    check: CheckView | None
    deck_count: int
    discard_top: CardFace | None
    log: list[SafeString]
    hand: list[CardFace]
    prompt: Prompt | None
    end_turn: Control | None
    my_decision: bool
    deadline: str
    seconds_left: int | None
    finished: bool
    result_line: str
    host: bool = False
    tempo: str = ""
    # The seated player's auto-pass opt-in, None where it cannot be set (watchers, the
    # eliminated, a finished match).
    auto_pass: bool | None = None
    # The signals at the table and the viewer's signal buttons (R122-R128); None where the
    # render does not carry signals.
    signals: SignalBoard | None = None

    @property
    def clock_left(self) -> str:
        """The countdown as the ticking script shows it (m:ss), so the first paint matches."""
        if self.seconds_left is None:
            return ""
        minutes, seconds = divmod(max(0, self.seconds_left), 60)
        return f"{minutes}:{seconds:02d}"


# ---------------------------------------------------------------------------------------------
# Small helpers
# ---------------------------------------------------------------------------------------------


def card_face(card: dict[str, Any]) -> CardFace:
    kind = card["kind"]
    text = catalogue.CARDS[kind]
    suit = card.get("suit") or ""
    return CardFace(
        id=card.get("id", ""),
        kind=kind,
        name=str(text.name),
        type=text.type,
        suit=suit,
        suit_symbol=SUIT_SYMBOLS.get(suit, ""),
        rank=card.get("rank") or "",
        red=suit in RED_SUITS,
        rule=str(text.rule),
        tip=str(text.tip),
    )


def card_ref(card: dict[str, Any]) -> SafeString:
    """A card named inside a log sentence: name plus rank and suit symbol, linked to its
    library entry, which the table opens in a dialog (R139)."""
    face = card_face(card)
    return format_html(
        '<a class="cardref cardref--{}" href="{}" data-library-link>{} '
        '<span class="pip{}">{}{}</span></a>',
        face.type,
        face.library_url,
        face.name,
        " pip--red" if face.red else "",
        face.rank,
        face.suit_symbol,
    )


def badge_for(meta: SeatMeta | None) -> str:
    if meta is None:
        return ""
    if meta.kind == "human":
        if meta.autopilot:
            return gettext("Player · bot plays")
        return gettext("Player")
    if meta.label:
        return seat_labels.shown(meta.label)
    return gettext("Bot") if meta.kind == "bot" else gettext("AI")


def model_badges(seats: Sequence[SeatMeta]) -> dict[int, str]:
    """The model name of each language-model seat (R136, R142), one query per seat list."""
    if not any(seat.kind == "ai" for seat in seats):
        return {}
    from game.ai.seating import model_names

    return model_names(seats)


def agent_badges(match: Any, seats: Sequence[SeatMeta]) -> dict[int, str]:
    """The agent name of each seat a program plays (issue 9), one query for all seats."""
    if getattr(match, "pk", None) is None or not any(seat.kind == "ai" for seat in seats):
        return {}
    from game.agents.services import agent_names

    return agent_names(match)


def ring_positions(count: int) -> list[tuple[float, float]]:
    """Points on the oval for ring index 0 (bottom, the viewer) onwards, clockwise (R135).

    Screen y grows downwards, so a growing angle turns clockwise: bottom, left, top, right.
    """
    points = []
    for index in range(count):
        angle = math.pi / 2 + index * 2 * math.pi / count
        points.append((round(50 + 40 * math.cos(angle), 2), round(50 + 46 * math.sin(angle), 2)))
    return points


def ring_order(seat_count: int, bottom: int) -> list[int]:
    """Seats clockwise starting after `bottom`, then `bottom` itself last (drawn at the bottom)."""
    return [(bottom + step) % seat_count for step in range(1, seat_count)] + [bottom]


def roles_line(roles: list[str]) -> str:
    counts = Counter(roles)
    parts = []
    for role in dict.fromkeys(roles):
        name = str(catalogue.role_name(role))
        parts.append(name if counts[role] == 1 else f"{name} ×{counts[role]}")
    return ", ".join(parts)


# ---------------------------------------------------------------------------------------------
# The event log
# ---------------------------------------------------------------------------------------------


class LogWriter:
    """Readable sentences for public events, with players and cards named."""

    def __init__(self, names: dict[int, str]):
        self.names = names

    def who(self, seat: int | None) -> str:
        if seat is None:
            return ""
        return self.names.get(seat, str(seat + 1))

    @staticmethod
    def counted(text: str, count: int, player: str) -> SafeString:
        """A plural sentence (%-style, as plural catalogues need) with the name escaped: the
        count goes in as a number, the name through format_html."""
        return format_html(text % {"count": count, "player": "{player}"}, player=player)

    def sentence(self, event: dict[str, Any]) -> SafeString | None:
        handler = getattr(self, "on_" + event["type"], None)
        return handler(event) if handler else None

    def on_round(self, e):
        return format_html("<strong>{}</strong>", gettext("Round {n}").format(n=e["round"]))

    def on_high_noon(self, e):
        return format_html(
            "<strong>☀ {}</strong>",
            gettext("High Noon! No Shot limit, no Cover, no healing."),
        )

    def on_turn(self, e):
        return format_html(gettext("{player}'s turn."), player=self.who(e["seat"]))

    def on_turn_ended(self, e):
        return format_html(gettext("{player} ended the turn."), player=self.who(e["seat"]))

    def on_check(self, e):
        results = {
            "escaped": gettext("escaped from Jail"),
            "jailed": gettext("stays in Jail"),
            "exploded": gettext("the Dynamite explodes"),
            "passed": gettext("the Dynamite does not explode"),
            "cancelled": gettext("Cover cancels the hit"),
            "failed": gettext("Cover fails"),
        }
        shown = [card_ref(c) for c in e.get("cards") or []]
        if e.get("coins") is not None:
            shown = [
                format_html("{}", gettext("coin: covered") if won else gettext("coin: not covered"))
                for won in e["coins"]
            ]
        return format_html(
            gettext("{player}'s check: {cards} — {result}."),
            player=self.who(e["seat"]),
            cards=SafeString(", ".join(shown)),
            result=results.get(e["result"], e["result"]),
        )

    def on_dynamite_passed(self, e):
        return format_html(
            gettext("The Dynamite passes from {player} to {target}."),
            player=self.who(e["from"]),
            target=self.who(e["to"]),
        )

    def on_drew(self, e):
        player = self.who(e["seat"])
        if e["cause"] == "discard_pile" and e.get("card"):
            return format_html(
                gettext("{player} took {card} from the discard pile."),
                player=player,
                card=card_ref(e["card"]),
            )
        text = ngettext(
            "%(player)s drew %(count)d card.", "%(player)s drew %(count)d cards.", e["count"]
        )
        return self.counted(text, e["count"], player)

    def on_revealed(self, e):
        return format_html(
            gettext("{player} shows the second card: {card}."),
            player=self.who(e["seat"]),
            card=card_ref(e["card"]),
        )

    def on_reshuffled(self, e):
        return format_html("{}", gettext("The discard pile is shuffled into a new deck."))

    def on_played(self, e):
        player = self.who(e["seat"])
        card = card_ref(e["card"])
        target = e.get("target")
        target_card = e.get("target_card")
        if target is None:
            return format_html(gettext("{player} played {card}."), player=player, card=card)
        if target_card == "hand":
            return format_html(
                gettext("{player} played {card} on {target}: a card from the hand."),
                player=player,
                card=card,
                target=self.who(target),
            )
        if isinstance(target_card, dict):
            return format_html(
                gettext("{player} played {card} on {target}'s {target_card}."),
                player=player,
                card=card,
                target=self.who(target),
                target_card=card_ref(target_card),
            )
        return format_html(
            gettext("{player} played {card} at {target}."),
            player=player,
            card=card,
            target=self.who(target),
        )

    def on_took(self, e):
        if e.get("card"):
            return format_html(
                gettext("{player} took {card} from {target}."),
                player=self.who(e["seat"]),
                card=card_ref(e["card"]),
                target=self.who(e["from"]),
            )
        return format_html(
            gettext("{player} took a card from {target}'s hand."),
            player=self.who(e["seat"]),
            target=self.who(e["from"]),
        )

    def on_discarded(self, e):
        cards = e.get("cards") or ([e["card"]] if e.get("card") else [])
        return format_html(
            gettext("{player} discarded {cards}."),
            player=self.who(e["seat"]),
            cards=SafeString(", ".join(card_ref(c) for c in cards)),
        )

    def on_hit_cancelled(self, e):
        by = {
            "cover": gettext("Cover"),
            "ricochet": pgettext("card", "Ricochet"),
            "flask": pgettext("card", "Flask"),
        }.get(e["by"], e["by"])
        return format_html(
            gettext("The hit on {player} is cancelled by {by}."),
            player=self.who(e["seat"]),
            by=by,
        )

    def on_passed(self, e):
        return format_html(gettext("{player} takes it."), player=self.who(e["seat"]))

    def on_damage(self, e):
        text = ngettext(
            "%(player)s loses %(count)d HP.", "%(player)s loses %(count)d HP.", e["amount"]
        )
        return self.counted(text, e["amount"], self.who(e["seat"]))

    def on_healed(self, e):
        return format_html(
            gettext("{player} heals {count} HP."), player=self.who(e["seat"]), count=e["amount"]
        )

    def on_eliminated(self, e):
        role = str(catalogue.role_name(e["role"])) if e.get("role") else ""
        if e.get("by") is not None and e["by"] != e["seat"]:
            return format_html(
                "<strong>{}</strong>",
                format_html(
                    gettext("{player} ({role}) is eliminated by {target}."),
                    player=self.who(e["seat"]),
                    role=role,
                    target=self.who(e["by"]),
                ),
            )
        return format_html(
            "<strong>{}</strong>",
            format_html(
                gettext("{player} ({role}) is eliminated."), player=self.who(e["seat"]), role=role
            ),
        )

    def on_scavenged(self, e):
        return format_html(
            gettext("{player} takes {count} cards of {target}."),
            player=self.who(e["seat"]),
            count=e["count"],
            target=self.who(e["from"]),
        )

    def on_penalty(self, e):
        return format_html(
            gettext("Penalty: {player} discards every card."), player=self.who(e["seat"])
        )

    def on_star(self, e):
        return format_html(
            gettext("{player} gains ★ {upgrade}."),
            player=self.who(e["seat"]),
            upgrade=str(catalogue.upgrade_name(e["upgrade"])),
        )

    def on_game_over(self, e):
        team = catalogue.TEAMS.get(e.get("team") or "", "")
        return format_html(
            "<strong>{}</strong>", gettext("Game over. Winners: {team}.").format(team=team)
        )


# ---------------------------------------------------------------------------------------------
# Controls
# ---------------------------------------------------------------------------------------------


def _card_ids(action: dict[str, Any]) -> list[str]:
    ids = [action[key] for key in ("card", "card2") if key in action]
    return ids + list(action.get("cards", []))


class ControlBuilder:
    """Sorts the viewer's legal actions into the places they are drawn.

    Every legal action becomes exactly one control: a hand card that acts by itself, a target
    button on a seat, or a button in the decision panel.
    """

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
        self.targets: dict[int, list[TargetButton]] = {}
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
        if card is None:
            return ""
        face = card_face(card)
        return f"{face.name} {face.rank}{face.suit_symbol}"

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
        if target_card == "hand":
            label = gettext("A random card from the hand")
        elif target_card:
            label = (
                gettext("Take {card}") if card["kind"] == "grab" else gettext("Discard {card}")
            ).format(card=self.card_label(target_card))
        elif card["kind"] == "jail":
            label = gettext("Jail {player}").format(player=self.name(target))
        elif card["kind"] == "duel":
            label = gettext("Duel {player}").format(player=self.name(target))
        else:
            label = gettext("Shoot {player}").format(player=self.name(target))
        control = Control(action, label)
        self.targets.setdefault(target, []).append(TargetButton(card_id, control))

    def _choice(self, action: dict[str, Any]) -> Control:
        option = action["option"]
        pending = self.view.get("pending") or {}
        if option == "deck":
            return Control(action, gettext("Draw from the deck"))
        if option == "discard_pile":
            top = self.view.get("discard_top")
            label = gettext("Take the top of the discard pile")
            if top:
                label += f" ({self.card_label_from(top)})"
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
            name = self.card_label_from(card) if card else ""
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

    @staticmethod
    def card_label_from(card: dict[str, Any]) -> str:
        face = card_face(card)
        return f"{face.name} {face.rank}{face.suit_symbol}"


# ---------------------------------------------------------------------------------------------
# The whole table
# ---------------------------------------------------------------------------------------------


def present_table(
    match: Any,
    seats: list[SeatMeta],
    view: dict[str, Any],
    viewer: int | None,
    *,
    legal: list[dict[str, Any]],
    all_knowing_hands: dict[int, list[dict[str, Any]]] | None = None,
    now: datetime | None = None,
    signals: Sequence[TableSignal] | None = None,
) -> TableView:
    """The table as ``viewer`` sees it. ``signals`` are the match's TableSignal rows (humans'
    screens only: signals never reach an engine view, a bot or an AI seat, R128)."""
    meta = {seat.seat: seat for seat in seats}
    players = view["players"]
    names = {
        p["seat"]: (
            seat_labels.seat_name(meta[p["seat"]].kind, meta[p["seat"]].name)
            if p["seat"] in meta
            else str(p["seat"] + 1)
        )
        for p in players
    }
    controls = ControlBuilder(view, legal if viewer is not None else [], names)
    awaiting = set(view.get("awaiting") or [])
    candidates = set(view.get("deputy_candidates") or [])
    bottom = viewer if viewer is not None else 0
    order = ring_order(len(players), bottom)
    positions = ring_positions(len(players))
    # ring_positions index 0 is the bottom; the order list ends with the bottom seat.
    placed = [(seat, positions[(index + 1) % len(players)]) for index, seat in enumerate(order)]
    agents = agent_badges(match, seats)

    models = model_badges(seats)
    seat_views = []
    for seat, (x, y) in placed:
        player = players[seat]
        seat_meta = meta.get(seat)
        character = catalogue.CHARACTERS[player["character"]]
        role_id = player["role"] or ""
        weapon = card_face(player["weapon"]) if player["weapon"] else None
        seat_views.append(
            SeatView(
                seat=seat,
                number=seat + 1,
                name=names[seat],
                badge=badge_for(seat_meta),
                agent_badge=agents.get(seat, ""),
                model_badge=models.get(seat, ""),
                kind=seat_meta.kind if seat_meta else "bot",
                connected=seat_meta.connected if seat_meta else True,
                autopilot=seat_meta.autopilot if seat_meta else False,
                character=player["character"],
                character_name=str(character.name),
                ability=str(character.ability),
                hp=player["hp"],
                max_hp=player["max_hp"],
                hearts=[i < player["hp"] for i in range(player["max_hp"])],
                hand_count=player["hand_count"],
                distance=player["distance"],
                in_play=[card_face(c) for c in player["in_play"]],
                weapon=weapon,
                weapon_name=weapon.name if weapon else str(catalogue.REVOLVER),
                weapon_range=catalogue.weapon_range(weapon.kind if weapon else None),
                stars=player["stars"],
                upgrades=[str(catalogue.upgrade_name(u)) for u in player["upgrades"]],
                role=str(catalogue.role_name(role_id)) if role_id else "",
                role_id=role_id,
                alive=player["alive"],
                is_viewer=seat == viewer,
                is_turn=seat == view.get("turn") and view.get("result") is None,
                is_deciding=seat in awaiting,
                deputy_candidate=seat in candidates and not role_id,
                x=x,
                y=y,
                portrait=PORTRAITS[player["character"]],
                targets=controls.targets.get(seat, []),
                open_hand=[card_face(c) for c in (all_knowing_hands or {}).get(seat, [])]
                if viewer is None
                else [],
            )
        )

    hand = []
    for card in view["hand"]:
        face = card_face(card)
        face.control = controls.card_controls.get(card["id"])
        face.selectable = card["id"] in controls.selectable
        face.playable = face.control is not None or face.selectable
        hand.append(face)

    writer = LogWriter(names)
    events = view.get("log", [])
    first_event = max(0, len(events) - LOG_LINES)
    lines = [writer.sentence(e) for e in events[first_event:]]

    my_decision = viewer is not None and viewer in awaiting
    deadline = getattr(match, "deadline", None)
    now = now or _now()
    board = None
    if signals is not None:
        from game import table_signals

        board = table_signals.board(
            signals,
            view,
            viewer,
            names,
            {seat.seat: seat.kind for seat in seats},
            running=view.get("result") is None,
            now=now,
        )
        for seat_view in seat_views:
            seat_view.signals = board.for_seat(seat_view.seat)
        lines = board.interleave(lines, first_event)[-LOG_LINES:]
    seconds_left = None
    if deadline is not None and awaiting:
        seconds_left = max(0, int((deadline - now).total_seconds()))

    role = view.get("role")
    goal = ""
    if role:
        goal = str(catalogue.ROLES[role].goal)
        if role == "marshal" and view["mode"] == "double_agent" and candidates:
            goal = str(catalogue.MARSHAL_GOAL_DOUBLE_AGENT)
        if (
            role == "loner"
            and view["mode"] == "partners"
            and view["roles_at_table"].count("loner") > 1
        ):
            goal = str(catalogue.LONER_GOAL_PARTNERS)

    result = view.get("result")
    return TableView(
        match_id=match.id,
        version=match.version,
        viewer=viewer,
        spectator=viewer is None,
        eliminated=viewer is not None and not players[viewer]["alive"],
        round=view["round"],
        high_noon=view["high_noon"],
        mode_name=str(catalogue.mode_name(view["mode"])),
        top_line=top_line(view, names, viewer),
        you_are=str(catalogue.role_name(role)) if role else "",
        goal=goal,
        roles_at_table=roles_line(view["roles_at_table"]),
        seats=seat_views,
        check=check_view(view.get("last_check"), names),
        deck_count=view["deck_count"],
        discard_top=card_face(view["discard_top"]) if view.get("discard_top") else None,
        log=[line for line in lines if line is not None],
        hand=hand,
        prompt=prompt_for(view, controls, names) if my_decision else None,
        end_turn=controls.end_turn,
        my_decision=my_decision,
        deadline=deadline.isoformat() if deadline is not None and awaiting else "",
        seconds_left=seconds_left,
        finished=result is not None,
        result_line=result_text(result, names) if result else "",
        # Host controls (R132) only on the host's own screen, and only while the match runs.
        host=viewer is not None and getattr(match, "host_seat", None) == viewer and not result,
        tempo=getattr(match, "tempo", ""),
        auto_pass=(
            bool(getattr(meta.get(viewer), "auto_pass", False))
            if viewer is not None and viewer in meta and players[viewer]["alive"] and not result
            else None
        ),
        signals=board,
    )


def _now() -> datetime:
    from django.utils import timezone

    return timezone.now()


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
    pending = view.get("pending")
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

"""The event log in words: one readable sentence per public event, players and cards named.

Sentences are built from the public events of ``Game.view`` only, with every name escaped
(``format_html``), so a log line is the same for every viewer and is rendered once per language.
"""

from __future__ import annotations

from typing import Any

from django.utils.html import format_html
from django.utils.safestring import SafeString
from django.utils.translation import gettext, ngettext, pgettext

from game import catalogue
from game.table.cards import card_ref


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

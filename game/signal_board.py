"""What the table's signals are and what a human's screen shows of them (R122-R128).

The kinds of signal, the roles a claim or mark may carry and who may be marked, and the boards
and log sentences drawn from stored ``TableSignal`` rows. Nothing here writes: signals are sent
through ``game.table_signals.send_signal``, which checks these rules and limits. The table's
presenters (game.table), the replay and the summary draw from this module, below the services.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any, Protocol

from django.utils.html import format_html
from django.utils.safestring import SafeString
from django.utils.translation import gettext

from game import catalogue, notices
from game.models import TableSignal

#: R126: at most one signal per sender every 1.2 s ...
MIN_SPACING = timedelta(seconds=1.2)
#: ... and at most 60 per sender per match, all kinds together.
MAX_PER_MATCH = 60
#: A reaction stays by the sender's portrait this long (it stays in the log for good).
REACTION_SHOWN = timedelta(seconds=4)

CLAIM = TableSignal.Kind.CLAIM
MARK = TableSignal.Kind.MARK
REACTION = TableSignal.Kind.REACTION
NOTICE = TableSignal.Kind.NOTICE
#: The kinds a player sends (R122); notices are the table's own lines.
SENT_KINDS = (CLAIM, MARK, REACTION)
#: R123: the roles a player may claim (the Marshal's role is public, so he cannot claim).
CLAIM_ROLES = ("deputy", "bandit", "loner")
#: The value of a mark that removes the marker's guess on a target (R124 "clear").
CLEAR = ""


def mark_roles(view: dict[str, Any]) -> tuple[str, ...]:
    """R124/Q54: the guesses a mark may carry at this table; the Double Agent only where that
    role is dealt (Double Agent mode at 5+ seats)."""
    if "double_agent" in view["roles_at_table"]:
        return (*CLAIM_ROLES, "double_agent")
    return CLAIM_ROLES


def markable(view: dict[str, Any], sender: int, target: int) -> bool:
    """Another player who is alive and not the Marshal (Q54: his role is public)."""
    players = view["players"]
    if target == sender or not 0 <= target < len(players):
        return False
    return players[target]["alive"] and players[target]["role"] != "marshal"


@dataclass
class Guess:
    """One role guessed on a target, with everyone who guessed it (R124, R136)."""

    role_id: str
    role: str
    markers: list[str]
    #: Each marker's initials ("Calamity Jane" -> "CJ", "Bot 2" -> "B2"), drawn on the tag;
    #: the full names are in its tooltip and read out to screen readers.
    initials: list[str]

    @property
    def who(self) -> str:
        return ", ".join(self.markers)


@dataclass
class ReactionShown:
    value: str
    emoji: str
    name: str
    #: How long it still shows, for the script that fades it out.
    left_ms: int


class SignalFacts(Protocol):
    """What the board and the log read of one signal: a stored ``TableSignal`` row, or the
    table's copy of one (``game.table.context.SignalRecord``)."""

    @property
    def seat(self) -> int: ...
    @property
    def kind(self) -> str: ...
    @property
    def value(self) -> str: ...
    @property
    def target(self) -> int | None: ...
    @property
    def created_at(self) -> datetime: ...


@dataclass
class SeatSignals:
    """What one seat shows: its latest claim, the guesses on it, its fresh reaction, and the
    viewer's own options for marking it."""

    claim_id: str = ""
    claim: str = ""
    guesses: list[Guess] = field(default_factory=list)
    reaction: ReactionShown | None = None
    #: The viewer may mark this seat; ``my_mark`` is the viewer's current guess ("" = none).
    markable: bool = False
    my_mark: str = ""


@dataclass
class Option:
    value: str
    label: str
    emoji: str = ""


@dataclass
class SignalControls:
    """The viewer's own signal buttons; an empty list means that kind cannot be sent now."""

    claims: list[Option]
    reactions: list[Option]
    marks: list[Option]
    my_claim: str = ""
    sent: int = 0
    limit: int = MAX_PER_MATCH

    @property
    def left(self) -> int:
        return max(0, self.limit - self.sent)


@dataclass
class SignalBoard:
    seats: dict[int, SeatSignals]
    controls: SignalControls | None

    def for_seat(self, seat: int) -> SeatSignals:
        return self.seats.get(seat) or SeatSignals()


def initials(name: str) -> str:
    """Two letters that tell the players at one table apart on a small tag."""
    words = name.split()
    if len(words) >= 2:
        return (words[0][0] + words[1][0]).upper()
    return name[:2].upper() or "?"


def signal_sentence(signal: SignalFacts, names: dict[int, str]) -> SafeString:
    """The log line of one signal, with names escaped."""
    who = names.get(signal.seat, str(signal.seat + 1))
    if signal.kind == NOTICE:
        text = {
            notices.AUTOPILOT: gettext("{player} is not answering: the bot plays this seat."),
            notices.HANDED: gettext("The bot plays {player}'s seat now."),
            notices.VOTED: gettext("The table voted: the bot plays for {player}, who is away."),
            notices.BACK: gettext("{player} is back and plays again."),
        }.get(signal.value, "")
        line = format_html(text, player=who)
        return format_html('<span class="logsignal logsignal--notice">{}</span>', line)
    if signal.kind == REACTION:
        reaction = catalogue.REACTIONS[signal.value]
        return format_html(
            '<span class="logsignal">{}: '
            '<span class="logsignal__emoji" aria-hidden="true">{}</span> {}</span>',
            who,
            reaction.emoji,
            reaction.name,
        )
    if signal.kind == CLAIM:
        return format_html(
            '<span class="logsignal">{}</span>',
            format_html(
                gettext("{player} claims: {role}."),
                player=who,
                role=catalogue.role_name(signal.value),
            ),
        )
    target = names.get(signal.target, "") if signal.target is not None else ""
    if signal.value == CLEAR:
        text = format_html(
            gettext("{player} clears the mark on {target}."), player=who, target=target
        )
    else:
        text = format_html(
            gettext("{player} marks {target}: {role}?"),
            player=who,
            target=target,
            role=catalogue.role_name(signal.value),
        )
    return format_html('<span class="logsignal">{}</span>', text)


def board(
    signals: Iterable[SignalFacts],
    view: dict[str, Any],
    viewer: int | None,
    names: dict[int, str],
    seat_kinds: dict[int, str],
    *,
    running: bool,
    now: datetime,
) -> SignalBoard:
    """What ``viewer``'s screen shows of the signals (every human sees the same signals; only
    the buttons differ). ``view`` is the viewer's own engine view, used for public facts only:
    who is alive, who is the Marshal, which roles are dealt."""
    signals = list(signals)
    seats: dict[int, SeatSignals] = {}
    claims: dict[int, str] = {}
    marks: dict[tuple[int, int], str] = {}
    reactions: dict[int, SignalFacts] = {}
    for signal in signals:
        if signal.kind == CLAIM:
            claims[signal.seat] = signal.value
        elif signal.kind == MARK and signal.target is not None:
            marks[(signal.seat, signal.target)] = signal.value
        elif signal.kind == REACTION:
            reactions[signal.seat] = signal

    def seat_view(seat: int) -> SeatSignals:
        return seats.setdefault(seat, SeatSignals())

    for seat, role in claims.items():
        seat_view(seat).claim_id = role
        seat_view(seat).claim = str(catalogue.role_name(role))
    for (marker, target), role in sorted(marks.items()):
        if role == CLEAR:
            continue
        guesses = seat_view(target).guesses
        guess = next((g for g in guesses if g.role_id == role), None)
        if guess is None:
            guess = Guess(role, str(catalogue.role_name(role)), [], [])
            guesses.append(guess)
        name = names.get(marker, str(marker + 1))
        guess.markers.append(name)
        guess.initials.append(initials(name))
    for seat, signal in reactions.items():
        left = REACTION_SHOWN - (now - signal.created_at)
        if left > timedelta(0):
            reaction = catalogue.REACTIONS[signal.value]
            seat_view(seat).reaction = ReactionShown(
                signal.value, reaction.emoji, str(reaction.name), int(left.total_seconds() * 1000)
            )

    controls = None
    if viewer is not None and seat_kinds.get(viewer) == "human":
        me = view["players"][viewer]
        can_claim_and_mark = running and me["alive"]
        options = mark_roles(view)
        controls = SignalControls(
            claims=[Option(r, str(catalogue.role_name(r))) for r in CLAIM_ROLES]
            if can_claim_and_mark and me["role"] != "marshal"
            else [],
            reactions=[
                Option(value, str(r.name), r.emoji) for value, r in catalogue.REACTIONS.items()
            ],
            marks=[Option(r, str(catalogue.role_name(r))) for r in options]
            if can_claim_and_mark
            else [],
            my_claim=claims.get(viewer, ""),
            sent=sum(1 for s in signals if s.seat == viewer and s.kind in SENT_KINDS),
        )
        if controls.marks:
            for target in range(len(view["players"])):
                if markable(view, viewer, target):
                    seat_view(target).markable = True
                    seat_view(target).my_mark = marks.get((viewer, target), CLEAR)

    return SignalBoard(seats=seats, controls=controls)

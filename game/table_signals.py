"""Preset signals at the table (R122-R128): claims, marks and reactions. No free chat.

One service, ``send_signal``, checks every rule and limit and stores a ``TableSignal`` row;
``game.signal_board`` turns those rows into what a human's screen shows (``SignalBoard``), and
its names are re-exported here, so this module is the whole of the signals to its callers.

Signals never enter the engine: they are not actions, ``Game.view`` knows nothing of them, and
nothing here is read by machines.bots or machines.ai, so bots and AI seats can neither see them
nor be swayed by them (R128). Humans see them because each signal is a change of the table that
every human seat and the watchers get as a delta (docs/signals.md).

Limits are counted from the sender seat's rows in the database, not per socket, so two tabs of
one player share them (R126); the match row is locked while a signal is checked and stored, so
two tabs sending at the same moment cannot both slip under a limit.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any, cast

from django.db import transaction
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from bangarena_site.live.frames import parse_object, whole_number
from game import catalogue, services
from game.models import Match, TableSignal
from game.signal_board import (
    CLAIM,
    CLAIM_ROLES,
    CLEAR,
    MARK,
    MAX_PER_MATCH,
    MIN_SPACING,
    NOTICE,
    REACTION,
    REACTION_SHOWN,
    SENT_KINDS,
    Guess,
    Option,
    ReactionShown,
    SeatSignals,
    SignalBoard,
    SignalControls,
    board,
    initials,
    mark_roles,
    markable,
    signal_sentence,
)

__all__ = [
    "CLAIM",
    "CLAIM_ROLES",
    "CLEAR",
    "MARK",
    "MAX_PER_MATCH",
    "MIN_SPACING",
    "NOTICE",
    "REACTION",
    "REACTION_SHOWN",
    "SENT_KINDS",
    "Guess",
    "Option",
    "ReactionShown",
    "SeatSignals",
    "SignalBoard",
    "SignalControls",
    "board",
    "initials",
    "mark_roles",
    "markable",
    "signal_sentence",
    "MESSAGES",
    "SignalRefused",
    "send_signal",
    "parse_signal_message",
]

MESSAGES: dict[str, Promise] = {
    "unknown": _("That signal does not exist."),
    "no_seat": _("Only players seated at this table can send signals."),
    "out": _("You are out: you can still send reactions, but no claims or marks."),
    "marshal": _("Everyone knows the Marshal, so the Marshal has nothing to claim."),
    "target": _("That player cannot be marked."),
    "finished": _("The match is over: only reactions can be sent now."),
    "too_fast": _("One signal at a time: wait a moment before the next."),
    "too_many": _("You have sent all 60 signals this match allows."),
}


class SignalRefused(services.MatchError):
    """A signal that breaks a rule or a limit; nothing was stored and only the sender is told.
    ``message`` is lazily translated, so each socket shows it in its own language."""

    def __init__(self, code: str) -> None:
        super().__init__(code, MESSAGES[code])


def send_signal(
    match_id: int,
    seat: int | None,
    kind: str,
    value: str,
    target: int | None = None,
    *,
    now: datetime | None = None,
) -> TableSignal:
    """Store one signal of ``seat`` and show it to every human at the table, or raise
    ``SignalRefused`` (R122-R127). ``seat`` None is a spectator, who sends nothing."""
    if seat is None:
        raise SignalRefused("no_seat")
    with transaction.atomic():
        match = Match.objects.select_for_update().get(pk=match_id)
        before = services.table_before(match)
        player = match.seats.filter(seat=seat).first()
        if player is None or not player.is_human:
            # Bots and AI seats never send signals (R128).
            raise SignalRefused("no_seat")
        # The public view: the sender's alive flag and the Marshal are public, and nothing of
        # a hidden role is needed to check a signal.
        view = cast(dict[str, Any], match.game().view(None))  # read as the JSON it is
        _check(view, seat, kind, value, target, running=match.is_running)
        now = now or services.clock()
        _check_limits(match, seat, now)
        signal = TableSignal.objects.create(
            match=match,
            seat=seat,
            kind=kind,
            value=value,
            target=target if kind == MARK else None,
            created_at=now,
            log_position=len(view["log"]),
        )
        services.publish_change(match, before)
    return signal


def _check(
    view: dict[str, Any], seat: int, kind: str, value: str, target: int | None, *, running: bool
) -> None:
    if kind == REACTION:
        # R127: reactions also from the eliminated, and a "GG" after the end is welcome.
        if value not in catalogue.REACTIONS or target is not None:
            raise SignalRefused("unknown")
        return
    if kind == CLAIM:
        if value not in CLAIM_ROLES or target is not None:
            raise SignalRefused("unknown")
    elif kind == MARK:
        if value != CLEAR and value not in mark_roles(view):
            raise SignalRefused("unknown")
    else:
        raise SignalRefused("unknown")
    if not running:
        raise SignalRefused("finished")
    me = view["players"][seat]
    if not me["alive"]:
        raise SignalRefused("out")
    if kind == CLAIM and me["role"] == "marshal":
        raise SignalRefused("marshal")
    if kind == MARK and (target is None or not markable(view, seat, target)):
        raise SignalRefused("target")


def _check_limits(match: Match, seat: int, now: datetime) -> None:
    """R126, counted per sender seat over the stored rows (so every tab of a player shares)."""
    sent = TableSignal.objects.filter(match=match, seat=seat, kind__in=SENT_KINDS)
    if sent.count() >= MAX_PER_MATCH:
        raise SignalRefused("too_many")
    last = sent.order_by("-created_at").values_list("created_at", flat=True).first()
    if last is not None and now - last < MIN_SPACING:
        raise SignalRefused("too_fast")


def parse_signal_message(text_data: str | None) -> tuple[str, str, int | None] | None:
    """``(kind, value, target)`` from a table-socket frame that carries a ``signal`` field (a
    signal form's htmx ws-send), or None for any other frame (moves keep their own path).
    A target that is not a seat number becomes -1, which no rule accepts; so do a kind or
    value that is not text."""
    data = parse_object(text_data)
    if data is None or "signal" not in data:
        return None
    kind, value, raw_target = data["signal"], data.get("value") or "", data.get("target")
    if not isinstance(kind, str) or not isinstance(value, str):
        return "", "", -1
    target: int | None
    if raw_target is None or raw_target == "":
        target = None
    else:
        number = whole_number(raw_target)
        target = -1 if number is None else number
    return kind, value, target

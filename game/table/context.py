"""Everything a table render needs besides the engine's views, loaded once per change.

The presenters in this package make no database queries: the seat metadata (names, kinds,
presence, the model and agent badges) and the table signals are read here, once for every
screen a change reaches, and passed in as plain frozen records.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any

from game import hooks
from game.models import TableSignal


@dataclass(frozen=True)
class SeatInfo:
    """What the table shows of a MatchSeat (public data only)."""

    seat: int
    kind: str
    name: str
    label: str = ""
    autopilot: bool = False
    #: How well the bot plays a bot seat (issue 22: game.models.BotStrength's value).
    strength: str = "normal"
    connected: bool = True
    auto_pass: bool = False
    #: The agent program's name on an agent seat (issue 9); '' otherwise.
    agent_badge: str = ""
    #: The display name of the language model of an AI seat (R136, R142); '' otherwise.
    model_badge: str = ""
    #: The seats that voted to hand this absent seat to the bot (issue 23), this absence only.
    bot_votes: tuple[int, ...] = ()


@dataclass(frozen=True)
class SignalRecord:
    """One stored TableSignal (R122-R127), as the table reads it."""

    pk: int
    seat: int
    kind: str
    value: str
    target: int | None
    created_at: datetime
    log_position: int


@dataclass(frozen=True)
class TableContext:
    """The match's rows as of one change: read under the match lock, so a screen's table and
    the deltas that follow it agree on what came before."""

    match_id: int
    #: The match version; every control carries it, so a stale click is refused.
    version: int
    #: Counts every change shown at the table (moves and everything else); frames carry it.
    table_version: int
    running: bool
    host_seat: int | None
    tempo: str
    #: When the awaited decision times out (R118), None when nothing is awaited.
    deadline: datetime | None
    #: The clock of this change: reaction bubbles and countdowns are measured from it.
    now: datetime
    seats: tuple[SeatInfo, ...]
    #: None where a render carries no signals (R128: bots' and AI seats' screens).
    signals: tuple[SignalRecord, ...] | None = None
    #: False for a replay's positions: drawn from a finished match, they offer no controls.
    live: bool = True

    def seat(self, seat: int) -> SeatInfo | None:
        return self.seats[seat] if 0 <= seat < len(self.seats) else None

    def human(self, seat: int | None) -> bool:
        info = self.seat(seat) if seat is not None else None
        return info is not None and info.kind == "human"

    def without_signals(self) -> TableContext:
        return replace(self, signals=None)


def seat_infos(match: Any, seats: Sequence[Any]) -> tuple[SeatInfo, ...]:
    """Seat records for ``seats`` (MatchSeat rows or test doubles with the same fields), with
    the model and agent badges read in one query each, and only for tables with AI seats."""
    models: dict[int, str] = {}
    agents: dict[int, str] = {}
    if any(getattr(seat, "kind", "") == "ai" for seat in seats):
        models = hooks.seat_models(seats)
        if getattr(match, "pk", None) is not None:
            agents = hooks.seat_agents(match)
    return tuple(
        SeatInfo(
            seat=seat.seat,
            kind=seat.kind,
            name=seat.name,
            label=getattr(seat, "label", ""),
            autopilot=bool(getattr(seat, "autopilot", False)),
            strength=getattr(seat, "strength", "normal"),
            connected=bool(getattr(seat, "connected", True)),
            auto_pass=bool(getattr(seat, "auto_pass", False)),
            agent_badge=agents.get(seat.seat, ""),
            model_badge=models.get(seat.seat, ""),
            bot_votes=_bot_votes(seat),
        )
        for seat in sorted(seats, key=lambda s: s.seat)
    )


def _bot_votes(seat: Any) -> tuple[int, ...]:
    """The votes on a MatchSeat's current absence (a test double has none)."""
    votes = getattr(seat, "votes_to_hand_over", None)
    return tuple(votes()) if votes is not None else ()


def load_signals(match_id: int) -> tuple[SignalRecord, ...]:
    """Every signal of the match, oldest first (one query per change, shared by all seats)."""
    rows = TableSignal.objects.filter(match_id=match_id).order_by("created_at", "pk")
    return tuple(
        SignalRecord(
            pk=row.pk,
            seat=row.seat,
            kind=row.kind,
            value=row.value,
            target=row.target,
            created_at=row.created_at,
            log_position=row.log_position,
        )
        for row in rows
    )


def build(
    match: Any,
    seats: Sequence[Any],
    *,
    now: datetime,
    signals: Sequence[SignalRecord] | None = None,
) -> TableContext:
    """The context of ``match`` as it stands (its fields as loaded, ``seats`` its seats)."""
    return TableContext(
        match_id=match.pk if getattr(match, "pk", None) is not None else match.id,
        version=match.version,
        table_version=getattr(match, "table_version", match.version),
        running=getattr(match, "status", "running") == "running"
        and not getattr(match, "result", None),
        host_seat=getattr(match, "host_seat", None),
        tempo=getattr(match, "tempo", ""),
        deadline=getattr(match, "deadline", None),
        now=now,
        seats=seat_infos(match, seats),
        signals=tuple(signals) if signals is not None else None,
    )


def load(match: Any, seats: Sequence[Any], *, now: datetime) -> TableContext:
    """``build`` with the match's signals read from the database."""
    return build(match, seats, now=now, signals=load_signals(match.pk))

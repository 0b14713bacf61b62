"""The room's agent seats for lobby/_room.html: which seats a program plays, in one query."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django import template

from machines.agents.models import AgentToken

register = template.Library()


@dataclass(frozen=True)
class AgentSeat:
    name: str
    # False once every token of the seat is revoked: the host may make a new one.
    active: bool


@register.simple_tag
def agent_room_seats(room: Any) -> dict[int, AgentSeat]:
    """Room seat index -> its agent, for the seats that have a token (revoked or not)."""
    seats: dict[int, AgentSeat] = {}
    rows = AgentToken.objects.filter(room_seat__room=room).values_list(
        "room_seat__index", "name", "revoked_at"
    )
    for index, name, revoked_at in rows:
        known = seats.get(index)
        seats[index] = AgentSeat(name, revoked_at is None or (known is not None and known.active))
    return seats


@register.filter
def agent_at(seats: dict[int, AgentSeat], index: int) -> AgentSeat | None:
    return seats.get(index)

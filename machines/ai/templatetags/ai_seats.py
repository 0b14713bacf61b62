"""Template helpers for model seats in the room (R142): the models a host may seat, and the
model of each AI seat, read once per render."""

from __future__ import annotations

from typing import Any

from django import template

from machines.ai import seating

register = template.Library()


@register.simple_tag
def ai_room_models(room: Any) -> dict[str, Any]:
    """``{"models": enabled models, "by_index": {seat index: model display name}}``."""
    return {"models": list(seating.enabled_models()), "by_index": seating.room_models(room.pk)}


@register.filter
def seat_model(by_index: dict[int, str], index: int) -> str:
    """The display name of the model playing room seat ``index`` ('' for none)."""
    return by_index.get(index, "")

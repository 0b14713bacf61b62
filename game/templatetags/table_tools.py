"""``{% table_prefs as prefs %}``: the viewer's table tools (game.table_prefs) for the first
paint of the table page, so a signed-in player's focus mode is on before any script runs."""

from __future__ import annotations

from typing import Any

from django import template

from game import table_prefs as prefs_module

register = template.Library()


@register.simple_tag(takes_context=True)
def table_prefs(context: dict[str, Any]) -> dict[str, bool]:
    request = context.get("request")
    return prefs_module.load(getattr(request, "user", None))

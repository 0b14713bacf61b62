"""Names from the one catalogue (game.catalogue) for templates that are not built from a
presenter, such as the home page's decorative cards."""

from __future__ import annotations

from django import template

from game import catalogue

register = template.Library()


@register.simple_tag
def card_name(kind: str) -> str:
    """The card's name in the active language ("shot" -> "Shot", "Выстрел", ...)."""
    return str(catalogue.card_name(kind))

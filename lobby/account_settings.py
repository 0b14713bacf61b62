"""The settings kept on a player's account (``LobbyPreferences.settings``), lent to the table.

The start screen keeps its own keys in this row (lobby.preferences); the table's tools (🔔 ⛶,
game.table_prefs) keep theirs next to them, through ``game.hooks``, which ``LobbyConfig``
points here as Django starts: the match sits below the lobby and never imports it.
"""

from __future__ import annotations

from typing import Any

from lobby.models import LobbyPreferences


def stored(user: Any) -> dict[str, Any] | None:
    """The account's stored settings, or None when it has none."""
    return LobbyPreferences.objects.filter(user=user).values_list("settings", flat=True).first()


def store(user: Any, changes: dict[str, Any]) -> None:
    """Store ``changes`` on the account, keeping every other setting."""
    prefs, _ = LobbyPreferences.objects.get_or_create(user=user)
    prefs.settings = {**(prefs.settings or {}), **changes}
    prefs.save(update_fields=["settings"])

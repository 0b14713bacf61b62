"""A player's table tools, remembered per user (R138): 🔔 turn notifications, their sound, and
⛶ focus mode. All off by default.

Signed-in players keep them on the account (LobbyPreferences.settings, next to the start-screen
settings) so they follow them to another device; guests keep them in the browser's
localStorage (game/static/game/tools.js), so the server stores nothing for them. The lobby owns
that row and lends it through ``game.hooks`` (lobby.account_settings): the match never imports
the lobby.
"""

from __future__ import annotations

from typing import Any

from game import hooks

#: The tools and their defaults (notifications are opt-in, R138; focus mode too).
DEFAULTS: dict[str, bool] = {"notify": False, "sound": False, "focus": False}


def load(user: Any) -> dict[str, bool]:
    """The user's saved tools over the defaults (anything malformed counts as the default)."""
    prefs = dict(DEFAULTS)
    if user is None or not getattr(user, "is_authenticated", False):
        return prefs
    stored = hooks.stored_settings(user)
    for key in DEFAULTS:
        value = (stored or {}).get(key)
        if isinstance(value, bool):
            prefs[key] = value
    return prefs


def save(user: Any, changes: dict[str, bool]) -> dict[str, bool]:
    """Store ``changes`` (known keys, booleans) on the account, keeping every other setting."""
    assert set(changes) <= set(DEFAULTS)
    assert all(isinstance(value, bool) for value in changes.values())
    hooks.store_settings(user, changes)
    return load(user)

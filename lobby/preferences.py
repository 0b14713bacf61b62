"""Start-screen settings remembered for next time: in the session for everyone, and on the
account (LobbyPreferences) for signed-in players so they follow them to another device."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest

from lobby.forms import DEFAULTS, SettingsForm
from lobby.models import LobbyPreferences

SESSION_KEY = "lobby_settings"


def load(request: HttpRequest) -> dict[str, Any]:
    """The last valid settings, else the defaults; a user's name defaults to their public
    name. Anything no longer valid (an old session) falls back to the default."""
    stored: dict[str, Any] = {}
    user = request.user
    if user.is_authenticated:
        prefs = LobbyPreferences.objects.filter(user=user).first()
        if prefs is not None:
            stored = dict(prefs.settings)
    if not stored:
        stored = dict(request.session.get(SESSION_KEY) or {})
    settings = dict(DEFAULTS)
    if user.is_authenticated:
        settings["name"] = user.public_name[:20]
    check = SettingsForm(data={**DEFAULTS, **stored}, require_name=False)
    check.is_valid()
    for key in DEFAULTS:
        if key in stored and key not in check.errors and check.cleaned_data.get(key):
            settings[key] = check.cleaned_data[key]
    return settings


def save(request: HttpRequest, settings: dict[str, Any]) -> None:
    merged = {**load(request), **settings}
    request.session[SESSION_KEY] = merged
    if request.user.is_authenticated:
        # Other screens keep their own keys here too (the table's 🔔 ⛶ tools, game.table_prefs):
        # the start-screen settings are merged in, never written over them.
        prefs, _ = LobbyPreferences.objects.get_or_create(user=request.user)
        prefs.settings = {**(prefs.settings or {}), **merged}
        prefs.save(update_fields=["settings"])

"""Matches in the admin: read-only, with their seats and action log.

Moderators look at what happened; only game.services may change a match, so the admin offers
no way to add, edit or delete one.
"""

from __future__ import annotations

import json
from typing import Any

from django.contrib import admin
from django.http import HttpRequest
from django.utils.html import format_html
from django.utils.safestring import SafeString
from django.utils.translation import gettext_lazy as _

from game import catalogue
from game.models import Match, MatchAction, MatchSeat, TableSignal

HIDDEN_WHILE_RUNNING = _("hidden until the match is over")


def json_block(value: Any) -> SafeString:
    """Stored JSON (a configuration, an action, a result) as an indented, escaped code block:
    it is data, with English keys by design, not prose to translate."""
    return format_html(
        '<pre class="json">{}</pre>', json.dumps(value, indent=2, ensure_ascii=False)
    )


class ReadOnlyInline(admin.TabularInline):
    extra = 0
    can_delete = False
    show_change_link = False

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


class ReadOnlyAdmin(admin.ModelAdmin):
    """A list moderators read and never edit: what happened at a table is the services' to
    write (machines.ai's decision log uses it too)."""

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


class MatchSeatInline(ReadOnlyInline):
    model = MatchSeat
    fields = [
        "seat",
        "kind",
        "name",
        "label",
        "strength",
        "user",
        "autopilot",
        "connected",
        "last_seen",
    ]
    # The same names, all read-only: django-stubs types the two lists differently.
    readonly_fields = fields  # type: ignore[assignment]


class MatchActionInline(ReadOnlyInline):
    model = MatchAction
    fields = ["seq", "seat", "action_json", "cause", "created_at"]
    # The same names, all read-only: django-stubs types the two lists differently.
    readonly_fields = fields  # type: ignore[assignment]
    ordering = ["seq"]

    @admin.display(description=_("action"))
    def action_json(self, action: MatchAction) -> SafeString:
        return json_block(action.action)


@admin.register(Match)
class MatchAdmin(ReadOnlyAdmin):
    list_display = ["id", "status", "seat_count", "mode", "version", "created_at", "finished_at"]
    list_filter = ["status", "tempo", "move_time"]
    date_hierarchy = "created_at"
    readonly_fields = [
        "status",
        "mode",
        "seed_once_over",
        "version",
        "move_time",
        "tempo",
        "awaited_seat",
        "awaited_since",
        "deadline",
        "host_seat",
        "room_url",
        "result_json",
        "created_at",
        "finished_at",
        "config_json",
    ]
    # The state snapshot is large and unreadable; config + action log say the same.
    # The same names, all shown: django-stubs types the two lists differently.
    fields = readonly_fields  # type: ignore[assignment]
    inlines = [MatchSeatInline, MatchActionInline]

    @admin.display(description=_("seats"))
    def seat_count(self, match: Match) -> int:
        return match.config.get("seats", 0)

    @admin.display(description=_("mode"))
    def mode(self, match: Match) -> str:
        mode = match.config.get("mode", "")
        return str(catalogue.MODES.get(mode, mode))

    @admin.display(description=_("result"))
    def result_json(self, match: Match) -> SafeString:
        return json_block(match.result)

    @admin.display(description=_("seed"))
    def seed_once_over(self, match: Match) -> str:
        """The seed is the key to every hidden card: not even a moderator (who may be seated
        at the table) reads it while the match runs (docs/security.md)."""
        return str(match.seed) if not match.is_running else str(HIDDEN_WHILE_RUNNING)

    @admin.display(description=_("config"))
    def config_json(self, match: Match) -> SafeString:
        config = dict(match.config)
        if match.is_running:
            config["seed"] = str(HIDDEN_WHILE_RUNNING)
        return json_block(config)


@admin.register(TableSignal)
class TableSignalAdmin(ReadOnlyAdmin):
    """Signals sent at tables (R122-R128), for moderation: read-only, like the matches."""

    list_display = ["match", "seat", "sender", "kind", "value", "target", "created_at"]
    list_filter = ["kind", "value", "created_at"]
    search_fields = ["=match__id"]
    list_select_related = ["match"]
    date_hierarchy = "created_at"
    fields = ["match", "seat", "sender", "kind", "value", "target", "log_position", "created_at"]
    # The same names, all read-only: django-stubs types the two lists differently.
    readonly_fields = fields  # type: ignore[assignment]

    @admin.display(description=_("sender"))
    def sender(self, signal: TableSignal) -> str:
        """The sender's name at the table and account (a guest has none)."""
        seats = MatchSeat.objects.select_related("user")
        player = seats.filter(match_id=signal.match_id, seat=signal.seat).first()
        if player is None:
            return ""
        return f"{player.name} ({player.user})" if player.user_id else player.name

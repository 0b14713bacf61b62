"""Matches in the admin: read-only, with their seats and action log.

Moderators look at what happened; only game.services may change a match, so the admin offers
no way to add, edit or delete one.
"""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.http import HttpRequest
from django.utils.translation import gettext_lazy as _

from game.models import Match, MatchAction, MatchSeat, TableSignal


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
    write (game.ai's decision log uses it too)."""

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


class MatchSeatInline(ReadOnlyInline):
    model = MatchSeat
    fields = ["seat", "kind", "name", "label", "user", "autopilot", "connected", "last_seen"]
    readonly_fields = fields


class MatchActionInline(ReadOnlyInline):
    model = MatchAction
    fields = ["seq", "seat", "action", "cause", "created_at"]
    readonly_fields = fields
    ordering = ["seq"]


@admin.register(Match)
class MatchAdmin(ReadOnlyAdmin):
    list_display = ["id", "status", "seat_count", "mode", "version", "created_at", "finished_at"]
    list_filter = ["status", "tempo", "move_time"]
    date_hierarchy = "created_at"
    readonly_fields = [
        "status",
        "mode",
        "seed",
        "version",
        "move_time",
        "tempo",
        "awaited_seat",
        "awaited_since",
        "deadline",
        "host_seat",
        "room_url",
        "result",
        "created_at",
        "finished_at",
        "config",
    ]
    # The state snapshot is large and unreadable; config + action log say the same.
    fields = readonly_fields
    inlines = [MatchSeatInline, MatchActionInline]

    @admin.display(description=_("seats"))
    def seat_count(self, match: Match) -> int:
        return match.config.get("seats", 0)

    @admin.display(description=_("mode"))
    def mode(self, match: Match) -> str:
        return match.config.get("mode", "")


@admin.register(TableSignal)
class TableSignalAdmin(ReadOnlyAdmin):
    """Signals sent at tables (R122-R128), for moderation: read-only, like the matches."""

    list_display = ["match", "seat", "sender", "kind", "value", "target", "created_at"]
    list_filter = ["kind", "value", "created_at"]
    search_fields = ["=match__id"]
    list_select_related = ["match"]
    date_hierarchy = "created_at"
    fields = ["match", "seat", "sender", "kind", "value", "target", "log_position", "created_at"]
    readonly_fields = fields

    @admin.display(description=_("sender"))
    def sender(self, signal: TableSignal) -> str:
        """The sender's name at the table and account (a guest has none)."""
        seats = MatchSeat.objects.select_related("user")
        player = seats.filter(match_id=signal.match_id, seat=signal.seat).first()
        if player is None:
            return ""
        return f"{player.name} ({player.user})" if player.user_id else player.name

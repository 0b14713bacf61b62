"""Agent tokens in the admin: read-only (a token is made by a host, who alone sees it), with
a Revoke action for moderators."""

from __future__ import annotations

from django.contrib import admin
from django.db.models import QuerySet
from django.http import HttpRequest
from django.utils.translation import gettext_lazy as _

from machines.agents import services
from machines.agents.models import AgentToken


@admin.register(AgentToken)
class AgentTokenAdmin(admin.ModelAdmin):
    list_display = ["name", "room_seat", "match_seat", "created_at", "last_used_at", "revoked_at"]
    list_filter = [("revoked_at", admin.EmptyFieldListFilter)]
    search_fields = ["name"]
    readonly_fields = [
        "token_hash",
        "name",
        "room_seat",
        "match_seat",
        "created_by",
        "created_at",
        "last_used_at",
        "revoked_at",
    ]
    actions = ["revoke"]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    @admin.action(description=_("Revoke the selected tokens (their agents are disconnected)"))
    def revoke(self, request: HttpRequest, queryset: QuerySet[AgentToken]) -> None:
        for token_id in queryset.filter(revoked_at__isnull=True).values_list("pk", flat=True):
            services.revoke(token_id)

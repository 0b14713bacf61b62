"""Language models in the admin: registration, and the read-only log of every model decision.

The log may hold a model's reasoning, which players never see during the match (R142), so it
lives here only. There is no "test connection" button: models are called only from the worker,
never from a web request; the decision log shows every failure with its reason."""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.http import HttpRequest

from game.ai.models import AIDecisionLog, AIModel, MatchSeatModel


@admin.register(AIModel)
class AIModelAdmin(admin.ModelAdmin):
    list_display = [
        "display_name",
        "model",
        "base_url",
        "api_key_env",
        "timeout_seconds",
        "token_budget",
        "enabled",
        "created_at",
    ]
    list_filter = ["enabled"]
    search_fields = ["display_name", "model", "base_url"]


class ReadOnlyAdmin(admin.ModelAdmin):
    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(AIDecisionLog)
class AIDecisionLogAdmin(ReadOnlyAdmin):
    list_display = [
        "created_at",
        "match",
        "seat",
        "version",
        "model",
        "outcome",
        "tokens",
        "latency_ms",
        "detail",
    ]
    list_filter = ["outcome", "model", "created_at"]
    search_fields = ["match__id", "detail"]
    list_select_related = ["match", "model"]
    date_hierarchy = "created_at"


@admin.register(MatchSeatModel)
class MatchSeatModelAdmin(ReadOnlyAdmin):
    list_display = ["match_seat", "model", "tokens_used"]
    list_filter = ["model"]
    list_select_related = ["match_seat", "model"]

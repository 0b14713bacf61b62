"""Language models in the admin: registration, and the read-only log of every model decision.

The log may hold a model's reasoning, which players never see during the match (R142), so it
lives here only. There is no "test connection" button: models are called only from the worker,
never from a web request; the decision log shows every failure with its reason."""

from __future__ import annotations

from django.contrib import admin

from game.admin import ReadOnlyAdmin
from machines.ai.models import AIDecisionLog, AIModel, MatchSeatModel


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

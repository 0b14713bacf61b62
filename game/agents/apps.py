from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class AgentsConfig(AppConfig):
    """Agent programs: seat tokens and the JSON protocol over WebSocket (docs/agent-protocol.md)."""

    name = "game.agents"
    label = "agents"
    verbose_name = _("Agent programs")

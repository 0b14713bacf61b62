from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class AgentsConfig(AppConfig):
    """Agent programs: seat tokens and the JSON protocol over WebSocket (docs/agent-protocol.md)."""

    name = "machines.agents"
    label = "agents"
    verbose_name = _("Agent programs")

    def ready(self) -> None:
        # Importing connects the receivers that pass decisions, results and new matches on to
        # the agents' sockets.
        from machines.agents import receivers  # noqa: F401

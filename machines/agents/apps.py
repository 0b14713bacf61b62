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
        from game import hooks
        from machines.agents import receivers, services  # noqa: F401

        # The table's agent badges, and which AI seats a program plays (away without it, Q48).
        hooks.provide_seat_agents(services.agent_names)

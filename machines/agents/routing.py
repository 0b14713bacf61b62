"""The /ws/agent/ branch of the WebSocket stack (mounted by bangarena_site.asgi).

Programs send no Origin header, which the browsers' origin check refuses; a browser always
sends one. So this branch accepts a handshake without Origin, and refuses one whose Origin is
not an allowed host (a page elsewhere must not drive a token it got hold of). No session
middleware: the token in the first frame is the only credential.
"""

from __future__ import annotations

from typing import Any

from channels.security.websocket import AllowedHostsOriginValidator, OriginValidator

from machines.agents.consumer import AgentConsumer

AGENT_PATH = "/ws/agent/"


class MissingOriginAllowed(OriginValidator):
    """An allowed host's Origin, or none at all."""

    def valid_origin(self, parsed_origin: Any) -> bool:
        return parsed_origin is None or self.validate_origin(parsed_origin)


def agent_application() -> MissingOriginAllowed:
    consumer = AgentConsumer.as_asgi()
    # The same hosts as the browsers' check (ALLOWED_HOSTS, or localhost in DEBUG).
    hosts = AllowedHostsOriginValidator(consumer).allowed_origins
    return MissingOriginAllowed(consumer, hosts)


class AgentBranch:
    """/ws/agent/ goes to the agent application, every other socket to the browsers' stack."""

    def __init__(self, browsers: Any) -> None:
        self.agents = agent_application()
        self.browsers = browsers

    # The scope is handed on untouched: each application types it its own way.
    async def __call__(self, scope: Any, receive: Any, send: Any) -> Any:
        if scope.get("path") == AGENT_PATH:
            return await self.agents(scope, receive, send)
        return await self.browsers(scope, receive, send)

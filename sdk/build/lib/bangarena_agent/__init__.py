"""BangArena agent SDK: a client for the agent WebSocket protocol and a PettingZoo environment.

    from bangarena_agent import AgentClient           # play a seat on a server
    from bangarena_agent.env import BangArenaEnv      # train or test against the engine

The environment needs the optional extra (``pip install "./sdk[env]"``) and the repository's
engine; the client needs only ``websockets``.
"""

from bangarena_agent.client import AgentClient, ProtocolError, Welcome

__all__ = ["AgentClient", "ProtocolError", "Welcome"]
__version__ = "0.1.0"

"""Seats not played by humans: the parts of BangArena that play a seat or teach a program to.

- ``bots``: the rule-based bots (pure Python over the engine's seat view, no Django);
- ``ai``: language-model seats (Django app label ``ai``);
- ``agents``: agent programs with seat tokens and their WebSocket protocol (label ``agents``);
- ``ai_docs``: the For AI developers page and the machine-readable rules (/ai/rules.json).

The match (``game``) never imports this package: it asks for a bot's move, a seat's model or
agent badge and whether a program plays a seat through ``game.hooks``, which ``MachinesConfig``
and the ``ai`` and ``agents`` apps fill in as Django starts (docs/architecture.md).
"""

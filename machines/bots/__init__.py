"""Rule-based bots ("Bot N", R141): play a seat's role well, from that seat's view alone.

from machines.bots import choose, BotMemory
memory = BotMemory.from_log(seat, view["log"])
action = choose(view, legal_actions, memory, seed=0, strength="normal")
"""

from machines.bots.memory import BotMemory
from machines.bots.policy import STRENGTHS, choose

__all__ = ["STRENGTHS", "BotMemory", "choose"]

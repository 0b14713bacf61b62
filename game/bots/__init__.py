"""Rule-based bots ("Bot N", R141): play a seat's role well, from that seat's view alone.

from game.bots import choose, BotMemory
memory = BotMemory.from_log(seat, view["log"])
action = choose(view, legal_actions, memory, seed=0)
"""

from game.bots.memory import BotMemory
from game.bots.policy import choose

__all__ = ["BotMemory", "choose"]

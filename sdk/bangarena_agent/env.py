"""A PettingZoo AEC environment over the BangArena rules engine (for training and testing agents).

    from bangarena_agent.env import BangArenaEnv
    env = BangArenaEnv(seats=5, mode="classic")
    env.reset(seed=7)
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, info = env.last()
        action = None if terminated or truncated else policy(obs, info)
        env.step(action)

* Agents are ``"seat_0"`` … ``"seat_{n-1}"`` (engine seats, 0-based); the agent selected is the
  seat the engine awaits. Eliminated seats stay in the game until it ends, because a Deputy or
  Bandit wins with their team even when eliminated (R6, R94).
* Observation: ``{"observation": float32 vector (encoding.encode_view), "action_mask": int8}``.
  ``infos[agent]`` of the acting seat holds ``"view"`` (the raw ``Game.view(seat)``) and
  ``"legal_actions"``; ``infos[agent]["index_to_action"]`` maps each unmasked index to the
  engine action it plays.
* Actions: ``Discrete(len(action_keys(seats)))`` over a fixed enumeration by card kind and
  relative seat (see encoding.py).
* Rewards: +1 to each winner and -1 to everyone else when the game ends, 0 before. A game cut
  off by ``max_steps`` is truncated with 0 for all.

The rules are the ``bangarena-engine`` distribution (pure Python), which the ``env`` extra installs.
"""

from __future__ import annotations

import random
from typing import Any, cast

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from bangarena_agent.encoding import (
    OBS_HIGH,
    action_keys,
    encode_view,
    legal_by_index,
    observation_size,
)
from bangarena_engine import Game, GameConfig


class BangArenaEnv(AECEnv):
    """One BangArena game per episode; every seat is an agent."""

    metadata = {"name": "bangarena_v1", "render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(
        self,
        seats: int = 5,
        mode: str = "classic",
        max_steps: int = 5000,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        GameConfig(seats=seats, mode=mode).validate()
        self.seats = seats
        self.mode = mode
        self.max_steps = max_steps
        self.render_mode = render_mode
        self.possible_agents = [f"seat_{i}" for i in range(seats)]
        self.keys = action_keys(seats)
        self.index_of = {key: i for i, key in enumerate(self.keys)}
        size = observation_size(seats)
        obs_space = spaces.Dict(
            {
                "observation": spaces.Box(0.0, OBS_HIGH, (size,), dtype=np.float32),
                "action_mask": spaces.Box(0, 1, (len(self.keys),), dtype=np.int8),
            }
        )
        act_space = spaces.Discrete(len(self.keys))
        self.observation_spaces = dict.fromkeys(self.possible_agents, obs_space)
        self.action_spaces = dict.fromkeys(self.possible_agents, act_space)
        self._seeds = random.Random()
        self.game: Game | None = None
        self._legal: dict[int, dict] = {}

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    # --- episode ------------------------------------------------------------------------

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        """Deal a new game; the same ``seed`` deals the same game and, with the same actions,
        plays it the same way. Without a seed, the next seed of the last seeded sequence."""
        if seed is not None:
            self._seeds = random.Random(seed)
            game_seed = seed
        else:
            game_seed = self._seeds.randrange(2**62)
        self.game = Game.new(GameConfig(seats=self.seats, mode=self.mode, seed=game_seed))
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.steps = 0
        self._select_awaited()

    def _select_awaited(self) -> None:
        """Point agent_selection at the awaited seat and fill its info (view, legal moves)."""
        game = self.game
        assert game is not None
        [seat] = game.awaiting()
        agent = self.possible_agents[seat]
        self.agent_selection = agent
        # The encoding reads the engine's typed views and actions as the JSON they are.
        view = cast(dict[str, Any], game.view(seat))
        legal = cast(list[dict[str, Any]], game.legal_actions(seat))
        self._legal = legal_by_index(view, legal, self.index_of, self.seats)
        for other in self.agents:
            self.infos[other] = {}
        self.infos[agent] = {
            "view": view,
            "legal_actions": legal,
            "index_to_action": dict(self._legal),
        }

    def step(self, action: int | np.integer | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        game = self.game
        assert game is not None
        if action is None or int(action) not in self._legal:
            raise ValueError(f"action {action!r} is masked out for {agent} (not legal now)")
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        game.apply(int(agent.removeprefix("seat_")), self._legal[int(action)])
        self.steps += 1
        if game.result is not None:
            self._finish(dict(game.result))
        elif self.steps >= self.max_steps:
            self.truncations = dict.fromkeys(self.agents, True)
            self._final_infos()
        else:
            self._select_awaited()
        self._accumulate_rewards()
        if self.render_mode == "ansi":
            print(self.render())

    def _finish(self, result: dict) -> None:
        winners = {self.possible_agents[seat] for seat in result["winners"]}
        for agent in self.agents:
            self.rewards[agent] = 1.0 if agent in winners else -1.0
        self.terminations = dict.fromkeys(self.agents, True)
        self._final_infos()

    def _final_infos(self) -> None:
        """Every seat gets its final view; the game is over, so nothing is masked in."""
        game = self.game
        assert game is not None
        self._legal = {}
        for agent in self.agents:
            seat = int(agent.removeprefix("seat_"))
            self.infos[agent] = {
                "view": game.view(seat),
                "legal_actions": [],
                "index_to_action": {},
                "result": game.result,
            }

    # --- observations -------------------------------------------------------------------

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        game = self.game
        assert game is not None
        seat = int(agent.removeprefix("seat_"))
        mask = np.zeros(len(self.keys), dtype=np.int8)
        if agent == self.agent_selection:
            mask[list(self._legal)] = 1
        return {
            "observation": encode_view(cast(dict[str, Any], game.view(seat)), self.seats),
            "action_mask": mask,
        }

    def action_mask(self, agent: str) -> np.ndarray:
        return self.observe(agent)["action_mask"]

    def render(self) -> str:
        """A one-line text summary of the game (``render_mode="ansi"``)."""
        game = self.game
        if game is None:
            return "no game"
        view = game.view(None)
        alive = " ".join(
            f"{p['seat']}:{p['character']}:{p['hp']}hp" for p in view["players"] if p["alive"]
        )
        return f"round {view['round']} turn {view['turn']} awaiting {view['awaiting']} | {alive}"

    def close(self) -> None:
        self.game = None


def env(**kwargs: Any) -> BangArenaEnv:
    """PettingZoo-style constructor."""
    return BangArenaEnv(**kwargs)

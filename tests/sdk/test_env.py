"""The SDK's PettingZoo AEC environment: PettingZoo's own api_test, seeds, masks and rewards.

The environment plays the real engine, so these tests also check that its encoding of actions
by card kind and relative seat covers every legal action of whole games (R120: a seat always
has at least one legal move, and the mask must offer exactly the legal ones).
"""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from pettingzoo.test import api_test

from bangarena_agent.encoding import action_keys, encode_view, key_of
from bangarena_agent.env import BangArenaEnv
from bangarena_engine.roles import MODES


def _api_test(env: BangArenaEnv, cycles: int) -> None:
    with warnings.catch_warnings():
        # Both are about Dict observations with an action mask, the layout PettingZoo's own
        # classic games use; api_test only exempts those by name.
        warnings.filterwarnings("ignore", "Observation is not a NumPy array")
        warnings.filterwarnings("ignore", "Observation space for each agent probably")
        api_test(env, num_cycles=cycles)


@pytest.mark.parametrize(("seats", "mode"), [(4, "classic"), (5, "double_agent"), (8, "partners")])
def test_pettingzoo_api_test_passes(seats, mode):
    _api_test(BangArenaEnv(seats=seats, mode=mode), cycles=1000)


def test_api_test_passes_for_old_classic_r117():
    _api_test(BangArenaEnv(seats=6, mode="old_classic"), cycles=1000)


def _play(env: BangArenaEnv, seed: int, chooser: np.random.Generator | None = None) -> list:
    """Play one whole episode; lowest unmasked index unless a chooser samples the mask."""
    env.reset(seed=seed)
    trace = []
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, info = env.last()
        if terminated or truncated:
            trace.append((agent, reward))
            env.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        action = int(chooser.choice(legal)) if chooser is not None else int(legal[0])
        trace.append((agent, action, obs["observation"].tobytes()))
        env.step(action)
    return trace


def test_same_seed_same_episode_other_seed_other_deal():
    env = BangArenaEnv(seats=5)
    first = _play(env, seed=11, chooser=np.random.default_rng(1))
    again = _play(env, seed=11, chooser=np.random.default_rng(1))
    assert first == again
    env.reset(seed=11)
    deal_11 = env.observe(env.agent_selection)["observation"].tobytes()
    env.reset(seed=12)
    assert env.observe(env.agent_selection)["observation"].tobytes() != deal_11


@pytest.mark.parametrize("mode", MODES)
def test_mask_offers_exactly_the_legal_actions_r120(mode):
    """Every unmasked index plays a legal action with that key, and every legal action's key
    is unmasked, at every step of seeded games."""
    env = BangArenaEnv(seats=7, mode=mode)
    keys = action_keys(7)
    rng = np.random.default_rng(4)
    for seed in range(3):
        env.reset(seed=seed)
        for agent in env.agent_iter():
            obs, _reward, terminated, truncated, info = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            view, legal = info["view"], info["legal_actions"]
            seat = view["seat"]
            assert agent == f"seat_{seat}"
            unmasked = set(np.flatnonzero(obs["action_mask"]).tolist())
            assert unmasked == set(info["index_to_action"])
            assert unmasked  # R120: there is always something to do
            kinds = {c["id"]: c["kind"] for c in view["hand"]}
            for p in view["players"]:
                kinds.update({c["id"]: c["kind"] for c in p["in_play"]})
                if p["weapon"]:
                    kinds[p["weapon"]["id"]] = p["weapon"]["kind"]
            for c in (view["pending"] or {}).get("looking_at", ()):
                kinds[c["id"]] = c["kind"]
            legal_keys = {key_of(a, seat, 7, kinds) for a in legal}
            assert {keys[i] for i in unmasked} == legal_keys
            for index, action in info["index_to_action"].items():
                assert action in legal
                assert key_of(action, seat, 7, kinds) == keys[index]
            env.step(int(rng.choice(sorted(unmasked))))


def test_observation_is_the_encoded_view_of_the_acting_seat_r142():
    """The vector is built from Game.view(seat) only, the same view a human in the seat has."""
    env = BangArenaEnv(seats=5)
    env.reset(seed=3)
    agent = env.agent_selection
    seat = int(agent.removeprefix("seat_"))
    obs = env.observe(agent)
    assert env.infos[agent]["view"] == env.game.view(seat)
    np.testing.assert_array_equal(obs["observation"], encode_view(env.game.view(seat), 5))
    assert env.observation_space(agent).contains(obs)


def test_rewards_follow_the_result_r91_r94():
    """Winners (eliminated team members included) get +1, everyone else -1, once, at the end."""
    env = BangArenaEnv(seats=6)
    env.reset(seed=21)
    rng = np.random.default_rng(0)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, _info = env.last()
        totals[agent] += reward
        if terminated or truncated:
            env.step(None)
            continue
        assert reward == 0.0
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    result = env.game.result
    assert result is not None
    winners = {f"seat_{s}" for s in result["winners"]}
    assert winners
    assert totals == {a: (1.0 if a in winners else -1.0) for a in env.possible_agents}
    assert env.agents == []


def test_a_masked_out_action_is_refused_and_changes_nothing():
    env = BangArenaEnv(seats=4)
    env.reset(seed=5)
    before = env.game.to_dict()
    masked = int(np.flatnonzero(env.observe(env.agent_selection)["action_mask"] == 0)[0])
    with pytest.raises(ValueError, match="masked out"):
        env.step(masked)
    assert env.game.to_dict() == before


def test_max_steps_truncates_with_no_reward():
    env = BangArenaEnv(seats=4, max_steps=5)
    env.reset(seed=1)
    for _ in range(5):
        obs, *_ = env.last()
        env.step(int(np.flatnonzero(obs["action_mask"])[0]))
    assert all(env.truncations.values())
    assert set(env.rewards.values()) == {0.0}

"""Hard's role reading (issue 22): a joint posterior over the hidden roles, from the view.

The weights are fitted on Normal bots' games (bench/fit_reading.py); these tests check that
what the reading concludes follows what a player would conclude from the same public acts
(R4-R10), that it only ever deals roles the composition allows, and that it reads real games
better than Normal's own odds, so a refit that learned nonsense fails here.
"""

from __future__ import annotations

import math
import random
from collections import Counter

import pytest

from bangarena_engine import Game, GameConfig
from machines.bots import BotMemory, choose, reading, reading_weights
from machines.bots.outlook import Outlook
from machines.bots.reading import PublicActs, RoleReading, hidden_deals, marginals, posterior


def _view(role: str, seat: int = 1, seats: int = 5, **extra: object) -> dict:
    """A bare view: the Marshal at seat 0, ``role`` at ``seat``, everyone else hidden."""
    roles_at_table = {
        4: ["marshal", "bandit", "bandit", "loner"],
        5: ["marshal", "deputy", "bandit", "bandit", "loner"],
    }[seats]
    players = []
    for s in range(seats):
        shown = "marshal" if s == 0 else role if s == seat else None
        players.append({"seat": s, "role": shown, "alive": True})
    return {
        "seat": seat,
        "role": role,
        "players": players,
        "roles_at_table": roles_at_table,
        **extra,
    }


def _shot(seat: int, target: int) -> dict:
    return {"type": "played", "seat": seat, "card": {"kind": "shot"}, "target": target}


def _odds(view: dict, log: list[dict]) -> dict[int, dict[str, float]]:
    return marginals(*posterior(view, PublicActs.from_log(log)))


def test_the_generated_weights_match_the_features():
    assert set(reading_weights.WEIGHTS) == {4, 5, 6, 7, 8}
    for weights in reading_weights.WEIGHTS.values():
        assert len(weights) == len(reading.FEATURES)


def test_the_deals_are_the_composition_less_what_the_seat_sees_r4():
    """The Deputy at 5 seats sees the Marshal and himself: the other three hold two Bandits
    and the Loner, in three ways."""
    deals = hidden_deals(_view("deputy"))
    assert len(deals) == 3
    for deal in deals:
        assert sorted(deal) == [2, 3, 4]
        assert sorted(deal.values()) == ["bandit", "bandit", "loner"]


def test_the_marshals_double_agent_names_hold_the_agent_and_a_deputy_r10():
    """R10 a: of the Marshal's two names one is the Double Agent, the other a Deputy; no deal
    breaks that."""
    game = Game.new(GameConfig(seats=7, mode="double_agent", seed=2))
    marshal = next(s for s in range(7) if game.view(s)["role"] == "marshal")
    view = game.view(marshal)
    pair = view["deputy_candidates"]
    deals = hidden_deals(view)
    assert deals
    for deal in deals:
        assert sorted(deal[s] for s in pair) == ["deputy", "double_agent"]


def test_before_any_act_every_deal_is_as_likely_r4():
    _deals, chances = posterior(_view("deputy"), PublicActs())
    assert chances == pytest.approx([1 / 3] * 3)


def test_a_player_who_keeps_shooting_the_marshal_reads_as_a_bandit_r7():
    """From the Deputy's seat: seat 2 shot the Marshal three times, so seat 2 is most likely
    a Bandit (the Loner needs the Marshal alive, R8)."""
    view = _view("deputy")
    prior = _odds(view, [])[2]["bandit"]
    odds = _odds(view, [_shot(2, 0), _shot(2, 0), _shot(2, 0)])
    assert odds[2]["bandit"] > max(prior, 0.9)


def test_the_reading_is_joint_two_players_at_war_are_not_both_bandits_r7():
    """From the Marshal's seat, seats 1 and 2 shoot each other again and again: Bandits do
    not hunt each other, so the deals where both are Bandits lose most of their weight,
    while the players who did nothing stay near their prior."""
    view = _view("marshal", seat=0)
    log = [_shot(1, 2), _shot(2, 1)] * 3
    deals, chances = posterior(view, PublicActs.from_log(log))
    both = sum(c for d, c in zip(deals, chances, strict=True) if d[1] == d[2] == "bandit")
    prior_both = sum(1 for d in deals if d[1] == d[2] == "bandit") / len(deals)
    assert both < prior_both / 3


def test_eliminations_count_by_the_role_they_revealed_r80():
    """A player who eliminated a Bandit (R80 shows the role) reads as the law's friend."""
    view = _view("marshal", seat=0)
    view["players"][4]["role"] = "bandit"
    view["players"][4]["alive"] = False
    log = [_shot(2, 4), {"type": "eliminated", "seat": 4, "role": "bandit", "by": 2}]
    assert _odds(view, log)[2]["bandit"] < _odds(view, [])[2]["bandit"]


def test_it_reads_real_games_better_than_normals_own_odds():
    """On fresh Normal games (seeds none of the fits used), the reading gives the true roles
    more probability than Normal's odds do, at the Marshal's play steps (R5: he cannot see
    anyone's role) -- the point of fitting it."""
    ours = normal = 0.0
    counted = 0
    for seed in range(9_000_000, 9_000_012):
        game = Game.new(GameConfig(seats=5, mode="classic", seed=seed))
        truth = {s: game.view(s)["role"] for s in range(5)}
        memories = {s: BotMemory.from_log(s, game.view(0)["log"]) for s in range(5)}
        acts = PublicActs.from_log(game.view(0)["log"])
        for moves in range(3000):
            if game.result is not None:
                break
            [who] = game.awaiting()
            view = game.view(who)
            if view["role"] == "marshal" and view["pending"] is None and moves % 3 == 0:
                mine = marginals(*posterior(view, acts))
                theirs = Outlook.read(view, memories[who]).odds
                for seat, odds in mine.items():
                    ours -= math.log(max(1e-9, odds.get(truth[seat], 0.0)))
                    normal -= math.log(max(1e-9, theirs[seat].get(truth[seat], 0.0)))
                    counted += 1
            events = game.apply(who, choose(view, game.legal_actions(who), memories[who], moves))
            for memory in memories.values():
                memory.observe(events)
            for event in events:
                acts.observe(event)
    assert counted > 100
    assert ours < 0.8 * normal


def test_hards_worlds_follow_the_reading_in_proportion():
    """Hard plays a handful of worlds per move: they spread over the deals in proportion to
    their chance (each deal within one world of its share), not by the luck of a few
    independent draws that could miss a likely deal altogether."""
    deals = [{1: "bandit"}, {1: "deputy"}, {1: "loner"}]
    reading = RoleReading(deals, [0.5, 0.3, 0.2])
    for seed in range(20):
        counts = Counter(d[1] for d in reading.sample(10, random.Random(seed)))
        assert abs(counts["bandit"] - 5) <= 1
        assert abs(counts["deputy"] - 3) <= 1
        assert abs(counts["loner"] - 2) <= 1
        assert sum(counts.values()) == 10

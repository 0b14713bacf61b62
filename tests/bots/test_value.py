"""Hard's position value (issue 22): the fitted chance that a team wins from a position.

The model is fitted on Normal bots' games (bench/fit_value.py); these tests check that what
it says follows the win conditions (R91-R95) a player knows, so a refit that learned nonsense
fails here.
"""

from __future__ import annotations

from machines.bots import value, value_weights
from machines.bots.value import Seat, features, seats_of, win_chance


def _table(marshal_hp: int = 4, bandits: int = 2, deputy: bool = True, loner: bool = True):
    living = [Seat("marshal", marshal_hp, 4, 1)]
    if deputy:
        living.append(Seat("deputy", 3, 4, 1))
    living.extend(Seat("bandit", 3, 4, 1) for _ in range(bandits))
    if loner:
        living.append(Seat("loner", 3, 4, 1))
    return living


def test_the_generated_weights_match_the_features():
    assert value_weights.FEATURES == value.FEATURES
    for teams in value_weights.WEIGHTS.values():
        assert set(teams) == {"law", "bandits", "loner"}
        assert all(len(weights) == len(value.FEATURES) for weights in teams.values())


def test_R92_the_marshal_near_death_is_bad_for_the_law_and_good_for_the_bandits():
    healthy, dying = _table(marshal_hp=4), _table(marshal_hp=1)
    assert win_chance(dying, 5, 3, "law") < win_chance(healthy, 5, 3, "law")
    assert win_chance(dying, 5, 3, "bandits") > win_chance(healthy, 5, 3, "bandits")


def test_R93_each_bandit_down_helps_the_law():
    chances = [win_chance(_table(bandits=n), 5, 4, "law") for n in (2, 1, 0)]
    assert chances[0] < chances[1] < chances[2]


def test_R95_the_loner_alone_with_the_marshal_has_a_real_chance():
    """Alone with the Marshal the Loner is one duel from winning; with every role still
    alive he is the least likely team to win."""
    endgame = [Seat("marshal", 3, 3, 1), Seat("loner", 3, 3, 1)]
    opening = _table()
    assert win_chance(endgame, 5, 10, "loner") > 0.3
    assert win_chance(opening, 5, 1, "loner") < win_chance(opening, 5, 1, "law")


def test_every_table_size_gives_a_probability():
    for seats in (4, 5, 6, 7, 8):
        for team in ("law", "bandits", "loner"):
            assert 0.0 < win_chance(_table(), seats, 2, team) < 1.0


def test_features_count_only_the_living_and_fill_hidden_roles_from_the_given_map():
    view = {
        "players": [
            {
                "seat": 0,
                "role": "marshal",
                "alive": True,
                "hp": 5,
                "hand_count": 3,
                "in_play": [{}],
                "weapon": None,
            },
            {
                "seat": 1,
                "role": None,
                "alive": True,
                "hp": 2,
                "hand_count": 1,
                "in_play": [],
                "weapon": {},
            },
            {
                "seat": 2,
                "role": "bandit",
                "alive": False,
                "hp": 0,
                "hand_count": 0,
                "in_play": [],
                "weapon": None,
            },
        ]
    }
    living = seats_of(view, {1: "loner"})
    assert living == [Seat("marshal", 5, 3, 1), Seat("loner", 2, 1, 1)]
    named = dict(zip(value.FEATURES, features(living, 9), strict=True))
    assert (named["bandit_alive"], named["no_bandits"]) == (0, 1)
    assert (named["loner_vs_marshal"], named["alive"], named["round"]) == (1, 2, 9)
    # R95: the last fight, the Loner's health and hand against the Marshal's.
    assert (named["duel_hp_edge"], named["duel_hand_edge"]) == (-3, -2)
    assert (named["loner_vs_law"], named["marshal_hp_while_bandits"]) == (0, 0)


def test_R95_the_loners_last_fights_turn_on_his_health_against_the_laws():
    """Alone with the Marshal, the Loner with the healthier side is the likelier winner;
    with a Deputy still beside the Marshal (two against one) he is worse off than alone
    with the Marshal at the same health."""
    ahead = [Seat("marshal", 2, 3, 1), Seat("loner", 4, 3, 1)]
    behind = [Seat("marshal", 4, 3, 1), Seat("loner", 2, 3, 1)]
    assert win_chance(ahead, 5, 10, "loner") > 0.5 > win_chance(behind, 5, 10, "loner")
    with_deputy = [Seat("marshal", 2, 3, 1), Seat("deputy", 3, 3, 1), Seat("loner", 4, 3, 1)]
    assert win_chance(with_deputy, 5, 10, "loner") < win_chance(ahead, 5, 10, "loner")
    assert win_chance(with_deputy, 5, 10, "law") > win_chance(ahead, 5, 10, "law")

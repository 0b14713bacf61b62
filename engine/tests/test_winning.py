"""R91-R98: who wins, and when the game stops (RULES.md section 14).

Several eliminations in one effect come from a Buckshot at players set to 1 HP, so the order of
eliminations is the clockwise order of R70. Glory choices made on the way are answered with the
automatic move (R120); they do not change who wins.
"""

from __future__ import annotations

import pytest
from scenario import (
    events_of,
    filler,
    finish_turn,
    hp,
    pending,
    play,
    player,
    respond,
    stacked,
    take,
    turn,
)

from bangarena_engine import IllegalAction

ALL_MODES = ["classic", "partners", "double_agent", "old_classic"]
CAST = ["lucky", "two_face", "double_barrel", "pass_shadow", "bonesetter"]


def answer_choices(game) -> None:
    """Make every pending Glory choice: Accuracy (it changes no HP), else the automatic move."""
    while game.awaiting() and (pending(game) or {}).get("kind") in ("upgrade", "bounty"):
        seat = pending(game)["seat"]
        accuracy = {"type": "choose", "option": "accuracy"}
        if accuracy not in game.legal_actions(seat):
            accuracy = game.default_action(seat)
        game.apply(seat, accuracy)


def buckshot_down(game, shooter: int, survivors: dict[int, str] | None = None) -> list[dict]:
    """The shooter fires Buckshot; each target passes, except `survivors` (seat -> card kind they
    answer with). Stops when the game ends. Returns all events."""
    survivors = survivors or {}
    events = play(game, shooter, "buckshot")
    answer_choices(game)
    while game.result is None and game.awaiting() != [shooter]:
        [target] = game.awaiting()
        if target in survivors:
            events += respond(game, target, survivors[target])
        else:
            events += take(game, target)
        answer_choices(game)
    return events


def assert_game_over(game, result: dict) -> None:
    """R91/R98: the result is final, public, and nobody can act any more."""
    assert game.result == result
    assert game.result["winners"] == sorted(game.result["winners"])
    assert game.awaiting() == []
    seats = len(game.view(None)["players"])
    for seat in range(seats):
        assert game.legal_actions(seat) == []
    for viewer in [None, *range(seats)]:
        assert game.view(viewer)["result"] == result
    [over] = [e for e in game.view(None)["log"] if e["type"] == "game_over"]
    assert (sorted(over["winners"]), over["team"]) == (result["winners"], result["team"])


# --- R92: the Marshal falls ----------------------------------------------------------------------


@pytest.mark.parametrize("mode", ALL_MODES)
def test_r92_r94_the_marshal_falling_with_others_alive_means_the_bandits_win(mode):
    """The Marshal (1 HP) loses his own Duel to seat 1; Deputy, Loner and all Bandits live."""
    roles = ["marshal", "bandit", "deputy", "bandit", "loner"]
    if mode == "double_agent":
        roles[3] = "double_agent"
    game = stacked(
        mode=mode,
        roles=roles,
        hands={0: ["duel"], 1: ["shot:7:clubs"]},
        health={0: 1},
        characters=CAST,
    )
    play(game, 0, "duel", target=1)
    respond(game, 1, "shot")

    events = take(game, 0)

    [out] = events_of(events, "eliminated")
    assert (out["seat"], out["role"], out["by"]) == (0, "marshal", 1)
    assert events_of(events, "game_over")
    assert_game_over(game, {"winners": [1, 3], "team": "bandits"})


@pytest.mark.parametrize("mode", ALL_MODES)
def test_r92_r95_a_lone_surviving_loner_who_fells_the_marshal_wins_alone(mode):
    """4 seats: the Marshal (1 HP) clears both Bandits, then the Loner shoots him."""
    game = stacked(
        seats=4,
        mode=mode,
        hands={0: ["duel", "duel"], 3: ["shot:7:clubs"]},
        health={0: 1, 1: 1, 2: 1},
        deck=filler(24),
        characters=CAST[:4],
    )
    for bandit in (1, 2):
        play(game, 0, "duel", target=bandit)
        take(game, bandit)
        answer_choices(game)
    assert game.result is None  # Marshal and Loner both stand
    finish_turn(game)
    assert turn(game) == 3

    play(game, 3, "shot", target=0)
    take(game, 0)

    assert_game_over(game, {"winners": [3], "team": "loner"})


# --- 8 seats: two Loners, Buckshot from a Loner, the Marshal last in line -----------------------

# Seat 7 is the Marshal (he opens the game), so seat 0 plays next and its Buckshot reaches the
# Marshal last: seats 1-5 (Deputies and Bandits) fall first, then seat 6 (the other Loner).
LAST_STAND_ROLES = ["loner", "deputy", "bandit", "bandit", "bandit", "deputy", "loner", "marshal"]
LAST_STAND_CAST = [
    "lucky",
    "two_face",
    "double_barrel",
    "pass_shadow",
    "eagle_eye",
    "mad_dog",
    "red_suit",
    "stone_leopard",
]


def last_stand(mode: str, second_loner_survives: bool):
    roles = list(LAST_STAND_ROLES)
    if mode == "double_agent":
        roles[4] = "double_agent"
    game = stacked(
        seats=8,
        mode=mode,
        roles=roles,
        hands={0: ["buckshot"], 6: ["ricochet"] if second_loner_survives else []},
        health=dict.fromkeys(range(1, 8), 1),
        deck=filler(40),
        characters=LAST_STAND_CAST,
    )
    assert turn(game) == 7
    finish_turn(game)
    assert turn(game) == 0
    buckshot_down(game, 0, {6: "ricochet"} if second_loner_survives else {})
    return game


@pytest.mark.parametrize("mode", ["classic", "old_classic", "double_agent"])
def test_r92_two_loners_left_when_the_marshal_falls_means_the_bandits_win(mode):
    game = last_stand(mode, second_loner_survives=True)

    assert player(game, 0)["alive"]
    assert player(game, 6)["alive"]
    assert not any(player(game, seat)["alive"] for seat in (2, 3, 4))
    # R94: every Bandit (and the Double Agent) wins, though none of them is alive.
    assert_game_over(game, {"winners": [2, 3, 4], "team": "bandits"})


@pytest.mark.parametrize("mode", ["classic", "old_classic", "double_agent"])
def test_r95_the_last_loner_standing_wins_alone_and_the_fallen_loner_does_not(mode):
    game = last_stand(mode, second_loner_survives=False)

    assert_game_over(game, {"winners": [0], "team": "loner"})


@pytest.mark.parametrize("second_loner_survives", [True, False], ids=["both", "one-fallen"])
def test_r96_partners_loners_win_together_including_a_fallen_partner(second_loner_survives):
    game = last_stand("partners", second_loner_survives)

    assert_game_over(game, {"winners": [0, 6], "team": "loner"})


def test_r92_partners_a_loner_and_a_bandit_left_means_the_bandits_win():
    """4 seats: the Marshal eliminates one Bandit, then loses a Duel to the other."""
    game = stacked(
        seats=4,
        mode="partners",
        hands={0: ["duel", "duel"], 1: ["shot:7:clubs"]},
        health={0: 1, 2: 1},
        characters=CAST[:4],
    )
    play(game, 0, "duel", target=2)
    take(game, 2)
    answer_choices(game)
    assert game.result is None
    play(game, 0, "duel", target=1)
    respond(game, 1, "shot")
    take(game, 0)

    assert_game_over(game, {"winners": [1, 2], "team": "bandits"})


# --- R93/R97: Law -------------------------------------------------------------------------------


def test_r93_law_wins_with_its_eliminated_deputy():
    game = stacked(hands={0: ["buckshot"]}, health={1: 1, 2: 1, 3: 1, 4: 1}, characters=CAST)

    events = buckshot_down(game, 0)

    assert [e["seat"] for e in events_of(events, "eliminated")] == [1, 2, 3, 4]
    assert_game_over(game, {"winners": [0, 1], "team": "law"})


def test_r91_the_game_ends_at_the_elimination_that_decides_it_mid_buckshot():
    """The last enemy (seat 3) falls before seat 4 (a Deputy) is reached: seat 4 is skipped."""
    game = stacked(
        roles=["marshal", "bandit", "bandit", "loner", "deputy"],
        hands={0: ["buckshot"]},
        health={1: 1, 2: 1, 3: 1},
        characters=CAST,
    )
    spared = hp(game, 4)

    events = buckshot_down(game, 0)

    assert hp(game, 4) == spared
    assert not [e for e in events_of(events, "damage") if e["seat"] == 4]
    assert_game_over(game, {"winners": [0, 4], "team": "law"})


DA_ROLES = ["marshal", "deputy", "bandit", "double_agent", "loner"]


def test_r97_law_has_not_won_while_the_double_agent_lives():
    game = stacked(
        mode="double_agent",
        roles=DA_ROLES,
        hands={0: ["buckshot"], 3: ["ricochet"]},
        health={2: 1, 3: 1, 4: 1},
        characters=CAST,
    )

    buckshot_down(game, 0, {3: "ricochet"})

    assert not player(game, 2)["alive"]
    assert not player(game, 4)["alive"]
    assert game.result is None
    assert game.awaiting() == [0]


def test_r97_law_wins_once_the_double_agent_is_eliminated_too():
    game = stacked(
        mode="double_agent",
        roles=DA_ROLES,
        hands={0: ["buckshot"]},
        health={2: 1, 3: 1, 4: 1},
        characters=CAST,
    )

    buckshot_down(game, 0)

    assert_game_over(game, {"winners": [0, 1], "team": "law"})


def test_r97_the_eliminated_double_agent_wins_with_the_bandits():
    game = stacked(
        mode="double_agent",
        roles=DA_ROLES,
        hands={0: ["buckshot", "duel"], 2: ["shot:7:clubs", "ricochet"]},
        health={0: 1, 3: 1},
        characters=CAST,
    )
    buckshot_down(game, 0, {2: "ricochet"})
    assert not player(game, 3)["alive"]
    assert game.result is None

    play(game, 0, "duel", target=2)
    respond(game, 2, "shot")
    take(game, 0)

    assert_game_over(game, {"winners": [2, 3], "team": "bandits"})


def test_r94_the_bandits_win_includes_a_bandit_eliminated_earlier():
    game = stacked(
        roles=["marshal", "bandit", "deputy", "bandit", "loner"],
        hands={0: ["duel", "duel"], 3: ["shot:7:clubs"]},
        health={0: 1, 1: 1},
        characters=CAST,
    )
    play(game, 0, "duel", target=1)
    take(game, 1)
    answer_choices(game)
    play(game, 0, "duel", target=3)
    respond(game, 3, "shot")
    take(game, 0)

    assert_game_over(game, {"winners": [1, 3], "team": "bandits"})


# --- After the end ------------------------------------------------------------------------------


def test_r98_the_game_over_event_carries_the_result_for_the_match_summary():
    game = stacked(hands={0: ["buckshot"]}, health={1: 1, 2: 1, 3: 1, 4: 1}, characters=CAST)

    events = buckshot_down(game, 0)

    [over] = events_of(events, "game_over")
    assert over["winners"] == [0, 1]
    assert over["team"] == "law"
    assert events[-1] == over  # nothing happens after the end
    assert game.view(None)["log"][-1] == over


def test_r91_nothing_can_be_played_once_the_game_is_over():
    game = stacked(
        hands={0: ["duel"], 1: ["shot:7:clubs"]},
        roles=["marshal", "bandit", "deputy", "bandit", "loner"],
        health={0: 1},
        characters=CAST,
    )
    play(game, 0, "duel", target=1)
    respond(game, 1, "shot")
    take(game, 0)
    assert game.result is not None
    snapshot = game.to_dict()

    for seat, action in [
        (0, {"type": "end_turn"}),
        (1, {"type": "pass"}),
        (2, {"type": "end_turn"}),
    ]:
        with pytest.raises(IllegalAction):
            game.apply(seat, action)
    assert game.to_dict() == snapshot

"""The bot uses only what its seat may know (R128, R141, R143) and is reproducible."""

from __future__ import annotations

import copy
import inspect
import random

import pytest

from bangarena_engine import Game, GameConfig
from machines.bots import BotMemory, choose
from tests.bots.table import bot_move, play

KINDS = (
    ["shot"] * 6
    + ["ricochet"] * 3
    + [
        "flask",
        "grab",
        "toss",
        "duel",
        "jail",
        "wagon",
        "horse",
        "scope",
        "cover",
        "rifle",
        "sawed_off",
    ]
)
HIDDEN_ROLES = ["deputy", "bandit", "bandit", "loner"]


def _twin_configs(k: int, observer_hand_of: int) -> tuple[GameConfig, GameConfig]:
    """Two 5-seat games that agree on everything the Marshal (seat 0) and seat 1 can see,
    and differ in what they cannot: the other seats' hands, the deck below the cards seat 0
    draws, and the hidden roles of seats 2-4 (seat 1 keeps its own role)."""
    rng = random.Random(k)
    known = [[f"{rng.choice(KINDS)}:7:clubs" for _ in range(4)] for _ in range(observer_hand_of)]
    roles_a = ["marshal", *rng.sample(HIDDEN_ROLES, 4)]
    roles_b = [*roles_a[:2], *rng.sample(roles_a[2:], 3)]
    while roles_b == roles_a:
        roles_b = [*roles_a[:2], *rng.sample(roles_a[2:], 3)]

    def config(roles: list[str], salt: int) -> GameConfig:
        other = random.Random(k * 1000 + salt)
        hands = known + [
            [other.choice(KINDS) for _ in range(4)] for _ in range(5 - observer_hand_of)
        ]
        top = [f"{KINDS[(k + i) % len(KINDS)]}:8:spades" for i in range(2)]  # seat 0's draw
        rest = [other.choice(KINDS) for _ in range(20)]
        return GameConfig(
            seats=5,
            seed=k,
            roles=roles,
            characters=["lucky", "scavenger", "red_suit", "grip", "bonesetter"],
            hands=hands,
            deck=top + rest,
        )

    return config(roles_a, 1), config(roles_b, 2)


@pytest.mark.parametrize("k", range(12))
def test_marshal_decision_is_the_same_whatever_he_cannot_see_r141(k):
    """R141, R143: two tables that differ only in other hands, deck order and hidden roles
    give the Marshal the same decision, for every seed."""
    config_a, config_b = _twin_configs(k, observer_hand_of=1)
    game_a, game_b = Game.new(config_a), Game.new(config_b)
    assert game_a.view(2) != game_b.view(2)  # the tables really differ
    assert game_a.view(0) == game_b.view(0)  # but not in anything seat 0 can see
    for seed in range(3):
        assert bot_move(game_a, 0, seed) == bot_move(game_b, 0, seed)


@pytest.mark.parametrize("k", range(12))
def test_response_is_the_same_whatever_the_seat_cannot_see_r141(k):
    """R141: seat 1, shot by the Marshal, answers the same on both twin tables."""
    config_a, config_b = _twin_configs(k, observer_hand_of=2)
    config_a.hands[0] = config_b.hands[0] = ["shot:9:clubs"]
    config_a.roles[1] = config_b.roles[1] = "deputy"
    game_a, game_b = Game.new(config_a), Game.new(config_b)
    for game in (game_a, game_b):
        play(game, 0, "shot", target=1)
    assert game_a.view(1)["pending"]["kind"] == "respond_hit"
    assert game_a.view(1) == game_b.view(1)
    for seed in range(3):
        assert bot_move(game_a, 1, seed) == bot_move(game_b, 1, seed)


def test_choose_takes_no_signals_and_the_view_carries_none_r128():
    """R128: signals never reach a bot: choose has no parameter for them and the view it
    reads has no signal, claim, mark or reaction field (its strength, issue 22, is the seat's
    own, chosen by the host before the match)."""
    parameters = list(inspect.signature(choose).parameters)
    assert parameters == ["view", "legal_actions", "memory", "seed", "strength"]
    game = Game.new(GameConfig(seats=5, seed=3))
    view = game.view(game.awaiting()[0])
    for key in view:
        assert not any(word in key for word in ("signal", "claim", "mark", "reaction"))


def _bot_game(seed: int, seats: int = 5, mode: str = "classic") -> list[tuple[int, dict]]:
    game = Game.new(GameConfig(seats=seats, mode=mode, seed=seed))
    moves = []
    while game.result is None:
        seat = game.awaiting()[0]
        view = game.view(seat)
        action = choose(
            view,
            game.legal_actions(seat),
            BotMemory.from_log(seat, view["log"]),
            seed=seed + len(moves),
        )
        game.apply(seat, action)
        moves.append((seat, action))
    return moves


def test_same_seed_same_game_r141():
    """A bot is deterministic for a given seed: an all-bot game replays move for move."""
    assert _bot_game(11) == _bot_game(11)


def test_memory_from_log_equals_memory_fed_event_by_event():
    """The contract: from_log(seat, view["log"]) rebuilds what observe() learnt step by step,
    so a bot taking over a seat mid-game (Hand to bot, R121) knows what it would have seen."""
    game = Game.new(GameConfig(seats=6, seed=4))
    memory = BotMemory.from_log(2, game.view(2)["log"])
    rng = random.Random(4)
    for _ in range(300):
        if game.result is not None:
            break
        seat = game.awaiting()[0]
        legal = game.legal_actions(seat)
        memory.observe(game.apply(seat, legal[rng.randrange(len(legal))]))
    rebuilt = BotMemory.from_log(2, game.view(2)["log"])
    assert rebuilt == memory
    known = {p["seat"]: p["role"] for p in game.view(2)["players"] if p["role"]}
    assert rebuilt.hostility(known) == memory.hostility(known)


def test_attacking_the_marshal_is_remembered_as_hostile_r141():
    """R141: 'the history of who attacked whom': a Shot at the Marshal makes the shooter
    look like a Bandit; a Shot at a revealed Bandit makes the shooter look lawful."""
    log = [
        {
            "type": "played",
            "seat": 3,
            "card": {"kind": "shot", "suit": "hearts", "rank": "Q"},
            "target": 0,
        },
        {
            "type": "played",
            "seat": 2,
            "card": {"kind": "shot", "suit": "hearts", "rank": "K"},
            "target": 4,
        },
        {"type": "eliminated", "seat": 4, "role": "bandit", "by": 2},
    ]
    memory = BotMemory.from_log(1, log)
    hostility = memory.hostility({0: "marshal", 4: "bandit"})
    assert hostility[3] > 0
    assert hostility[2] < 0


def test_choose_leaves_its_inputs_untouched():
    """The backend may reuse the view and legal list (e.g. to render the table), so the bot
    must not change them; it answers with one of the legal actions themselves."""
    game = Game.new(GameConfig(seats=6, seed=8))
    seat = game.awaiting()[0]
    view, legal = game.view(seat), game.legal_actions(seat)
    before = copy.deepcopy((view, legal))
    action = choose(view, legal, BotMemory.from_log(seat, view["log"]))
    assert (view, legal) == before
    assert any(action is candidate for candidate in legal)


def test_a_reread_outlook_wants_whom_its_new_odds_name_r5():
    """R5: the Marshal hunts the Bandits and spares his Deputy. The outlook works out its
    harm wishes only when a decision first asks, so a reread (Hard's joint reading) must
    give wishes from the new odds even after the old ones were asked for."""
    from machines.bots.outlook import Outlook

    game = Game.new(GameConfig(seats=5, seed=3, roles=["marshal", *HIDDEN_ROLES]))
    view = game.view(0)
    outlook = Outlook.read(view, BotMemory.from_log(0, view["log"]))
    before = dict(outlook.harm)
    as_bandit = outlook.reread({1: {"bandit": 1.0}, 2: {"deputy": 1.0}})
    as_deputy = outlook.reread({1: {"deputy": 1.0}, 2: {"bandit": 1.0}})
    assert as_bandit.harm[1] > 0 > as_bandit.harm[2]
    assert as_deputy.harm[2] > 0 > as_deputy.harm[1]
    assert outlook.harm == before  # the outlook it was read from keeps its own wishes

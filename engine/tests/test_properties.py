"""Property tests: whole games of random legal play, over seeds, 4-8 seats and all four modes.

Hypothesis draws (seed, seats, mode); a `random.Random` seeded from the same draw picks every
action, so a failing example is replayed exactly. Checked after every action: the game ends
within a bound; every card is somewhere (R20, R42); 0 <= HP <= max HP (R17, R78); awaiting()
and legal_actions() agree; the result appears exactly when a win condition holds, with the
winners R91-R97 name. Then: to_dict/from_dict and replay from config + actions reproduce the
game exactly, and actions that are not legal are refused without changing anything.
"""

from __future__ import annotations

import json
import os
import random
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from scenario import max_hp

from bangarena_engine import Game, GameConfig, IllegalAction

MODES = ["classic", "partners", "double_agent", "old_classic"]
DECK_SIZE = 80  # R42
# Random games here last a few hundred actions (High Noon from round 8 ends the stalls,
# R30-R31); a game still running after this many actions counts as one that never ends.
MAX_ACTIONS = 20_000

settings.register_profile(
    "engine-properties",
    max_examples=int(os.environ.get("ENGINE_PROPERTY_EXAMPLES", "25")),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
PROPERTY_SETTINGS = settings.get_profile("engine-properties")

tables = st.tuples(
    st.integers(min_value=0, max_value=2**32 - 1),
    st.integers(min_value=4, max_value=8),
    st.sampled_from(MODES),
)

Step = Callable[[Game, int, dict, list], None]


def play_to_the_end(
    game: Game, rng: random.Random, after_each: Step | None = None
) -> list[tuple[int, dict]]:
    """Random legal play to the end; returns the (seat, action) list."""
    actions: list[tuple[int, dict]] = []
    while game.result is None:
        assert len(actions) < MAX_ACTIONS, "the game did not end"
        seat = rng.choice(game.awaiting())
        action = rng.choice(game.legal_actions(seat))
        events = game.apply(seat, action)
        actions.append((seat, action))
        if after_each is not None:
            after_each(game, seat, action, events)
    return actions


def roles_by_seat(game: Game) -> list[str]:
    """Each seat's own role, as its own view shows it."""
    seats = len(game.view(None)["players"])
    return [game.view(seat)["role"] for seat in range(seats)]


def expected_result(mode: str, roles: list[str], alive: list[bool]) -> dict[str, Any] | None:
    """R91-R97: the result that must hold for these roles and survivors, or None."""
    marshal = roles.index("marshal")
    survivors = [seat for seat, up in enumerate(alive) if up]
    surviving_roles = [roles[seat] for seat in survivors]
    if not alive[marshal]:
        if mode == "partners" and all(role == "loner" for role in surviving_roles):
            return {
                "winners": [s for s, role in enumerate(roles) if role == "loner"],
                "team": "loner",
            }
        if mode != "partners" and surviving_roles == ["loner"]:
            return {"winners": survivors, "team": "loner"}
        return {
            "winners": [s for s, role in enumerate(roles) if role in ("bandit", "double_agent")],
            "team": "bandits",
        }
    if not any(role in ("bandit", "double_agent", "loner") for role in surviving_roles):
        return {
            "winners": [s for s, role in enumerate(roles) if role in ("marshal", "deputy")],
            "team": "law",
        }
    return None


def check_invariants(game: Game, mode: str, roles: list[str], total: int = DECK_SIZE) -> None:
    public = game.view(None)
    players = public["players"]
    seats = len(players)
    # R20/R42: every card is in a hand, in play, in the deck or in the discard pile.
    cards = public["deck_count"] + public["discard_count"]
    for row in players:
        cards += row["hand_count"] + len(row["in_play"]) + (row["weapon"] is not None)
    assert cards == total
    awaiting = game.awaiting()
    assert public["awaiting"] == awaiting
    for seat, row in enumerate(players):
        # R17, R78: 0 <= HP <= max HP; a player is alive exactly while HP is above 0 (R80).
        assert 0 <= row["hp"] <= row["max_hp"], row
        assert row["alive"] == (row["hp"] > 0), row
        own = game.view(seat)
        assert len(own["hand"]) == row["hand_count"]
        # Only awaited seats act, and every awaited seat has something to do.
        assert bool(game.legal_actions(seat)) == (seat in awaiting), (seat, awaiting)
    assert all(0 <= seat < seats and players[seat]["alive"] for seat in awaiting)
    for seat, row in enumerate(players):
        # R17, R85: max HP is the starting HP plus one per Fortitude; no Glory in Old Classic.
        start = max_hp(seats, mode, row["character"], roles[seat])
        if row["alive"]:  # an eliminated player's stars are taken or lost (R87)
            assert row["max_hp"] == start + row["upgrades"].count("fortitude"), row
        assert row["stars"] == len(row["upgrades"])
        assert mode != "old_classic" or row["upgrades"] == [], "R117.3"
        # R43/R61/R65: never two blue cards of one kind in front of a player; no Jail on the
        # Marshal; a weapon only in the weapon slot (R39).
        kinds = [card["kind"] for card in row["in_play"]]
        assert len(kinds) == len(set(kinds)), row
        assert roles[seat] != "marshal" or "jail" not in kinds, "R61"
        assert not set(kinds) & {"volcanic", "sawed_off", "rifle", "carbine", "long_rifle"}
        if row["weapon"] is not None:
            assert row["weapon"]["kind"] in (
                "volcanic",
                "sawed_off",
                "rifle",
                "carbine",
                "long_rifle",
            )
    # R29-R30: High Noon from round 8 in the Arena modes only, and it never ends.
    assert public["high_noon"] == (mode != "old_classic" and public["round"] >= 8)
    # R91: the game ends at once when a win condition holds, and only then.
    expected = expected_result(mode, roles, [row["alive"] for row in players])
    if expected is None:
        assert game.result is None
        assert awaiting
    else:
        assert game.result == expected
        assert public["result"] == expected
        assert awaiting == []


@PROPERTY_SETTINGS
@given(tables)
def test_r91_r97_random_games_end_and_keep_every_invariant(table):
    """R20, R42 (80 cards), R17/R78 (HP bounds), R91-R97 (winners), R28 (only awaited act)."""
    seed, seats, mode = table
    game = Game.new(GameConfig(seats=seats, mode=mode, seed=seed))
    roles = roles_by_seat(game)
    check_invariants(game, mode, roles)
    rows = game.view(None)["players"]

    def after_each(g: Game, seat: int, action: dict, _events: list) -> None:
        nonlocal rows
        check_invariants(g, mode, roles)
        before = rows[seat]
        rows = g.view(None)["players"]
        if action["type"] in ("end_turn", "discard") and g.result is None:
            # R25-R26: the turn ends only once the hand is down to current HP.
            left = before["hand_count"] - (action["type"] == "discard") - before["hp"]
            now = g.view(None)["pending"] or {}
            if left > 0:
                assert now.get("kind") == "discard", now
                assert now.get("seat") == seat
                assert now.get("count") == left
            else:
                assert (now.get("kind"), now.get("seat")) != ("discard", seat)

    play_to_the_end(game, random.Random(seed), after_each)
    assert game.awaiting() == []
    assert all(game.legal_actions(seat) == [] for seat in range(seats))


def normalised(data: dict) -> str:
    return json.dumps(data, sort_keys=True)


@PROPERTY_SETTINGS
@given(tables, st.integers(min_value=0, max_value=400))
def test_to_dict_json_from_dict_round_trip_continues_identically(table, split):
    """A game saved mid-play (through JSON) and restored plays on exactly like the original:
    same legal actions, same events, same final state (RNG state included)."""
    seed, seats, mode = table
    game = Game.new(GameConfig(seats=seats, mode=mode, seed=seed))
    rng = random.Random(seed)
    step = 0
    while game.result is None and step < split:
        seat = rng.choice(game.awaiting())
        game.apply(seat, rng.choice(game.legal_actions(seat)))
        step += 1
    saved = game.to_dict()
    restored = Game.from_dict(json.loads(json.dumps(saved)))
    assert restored.to_dict() == saved
    assert normalised(restored.to_dict()) == normalised(saved)
    while game.result is None:
        assert restored.awaiting() == game.awaiting()
        seat = rng.choice(game.awaiting())
        assert restored.legal_actions(seat) == game.legal_actions(seat)
        action = rng.choice(game.legal_actions(seat))
        assert restored.apply(seat, action) == game.apply(seat, action)
    assert restored.result == game.result
    assert restored.to_dict() == game.to_dict()
    for seat in [None, *range(seats)]:
        assert restored.view(seat) == game.view(seat)


@PROPERTY_SETTINGS
@given(tables)
def test_replay_from_config_and_actions_reproduces_the_game_exactly(table):
    seed, seats, mode = table
    config = GameConfig(seats=seats, mode=mode, seed=seed)
    game = Game.new(config)
    events: list[list[dict]] = []
    actions = play_to_the_end(
        game, random.Random(seed), lambda _g, _seat, _action, ev: events.append(ev)
    )
    replay = Game.new(GameConfig(seats=seats, mode=mode, seed=seed))
    for (seat, action), original in zip(actions, events, strict=True):
        assert replay.apply(seat, json.loads(json.dumps(action))) == original
    assert replay.result == game.result
    assert replay.to_dict() == game.to_dict()


def forgeries(game: Game, seat: int, rng: random.Random) -> list[tuple[int, Any]]:
    """Actions built to look plausible but that are not in the seat's legal actions."""
    players = game.view(None)["players"]
    seats = len(players)
    legal = game.legal_actions(seat)
    others = [s for s in range(seats) if s != seat]
    foreign_cards = [c["id"] for s in others for c in game.view(s)["hand"]]
    in_play = [c["id"] for row in players for c in row["in_play"]]
    candidates: list[tuple[int, Any]] = [
        (seat, {"type": "end_turn"}),
        (seat, {"type": "pass"}),
        (seat, {"type": "choose", "option": "instinct"}),
        (seat, {"type": "choose", "option": "deck"}),
        (seat, {"type": "teleport"}),
        (seat, {}),
        (seat, "end_turn"),
        (seat, None),
        (seat, ["pass"]),
        (seat, {"type": "play", "card": "no-such-card", "target": (seat + 1) % seats}),
    ]
    if foreign_cards:
        card = rng.choice(foreign_cards)
        candidates += [
            (seat, {"type": "play", "card": card}),
            (seat, {"type": "discard", "card": card}),
            (seat, {"type": "respond", "card": card}),
        ]
    if in_play:
        candidates.append((seat, {"type": "discard", "card": rng.choice(in_play)}))
    for action in rng.sample(legal, min(3, len(legal))):
        # Someone else tries a move that is not theirs (R28: only the awaited seat acts).
        candidates.append((rng.choice(others), dict(action)))
        candidates.append((seats + 3, dict(action)))  # no such seat
        candidates.append((seat, {**action, "unexpected": 1}))
        if "card" in action and foreign_cards:
            candidates.append((seat, {**action, "card": rng.choice(foreign_cards)}))
        if "target" in action:
            candidates.append((seat, {**action, "target": seat}))  # R46: never oneself
            candidates.append((seat, {**action, "target": seats + 3}))
            dead = [s for s, row in enumerate(players) if not row["alive"]]
            if dead:
                candidates.append((seat, {**action, "target": rng.choice(dead)}))
        if action["type"] == "ability":
            first = action["cards"][0]
            candidates.append((seat, {**action, "cards": [first, first]}))
    return [
        (who, action)
        for who, action in candidates
        if not (isinstance(action, dict) and who < seats and action in game.legal_actions(who))
    ]


@PROPERTY_SETTINGS
@given(tables)
@example((4194304, 5, "double_agent"))  # a game over in 32 actions
def test_actions_not_in_legal_actions_are_refused_and_change_nothing(table):
    """IllegalAction (a ValueError) for every forged action, and the state is untouched."""
    seed, seats, mode = table
    game = Game.new(GameConfig(seats=seats, mode=mode, seed=seed))
    rng = random.Random(seed)
    forge_rng = random.Random(seed + 1)
    tried = 0
    while game.result is None:
        seat = rng.choice(game.awaiting())
        if tried == 0 or forge_rng.random() < 0.1:  # always at the first decision
            before = game.to_dict()
            for who, action in forgeries(game, seat, forge_rng):
                with pytest.raises(IllegalAction) as refused:
                    game.apply(who, action)
                assert isinstance(refused.value, ValueError)
                assert str(refused.value), "the refusal says why"
                tried += 1
            assert game.to_dict() == before
        game.apply(seat, rng.choice(game.legal_actions(seat)))
    after_end = game.to_dict()
    for who in range(seats):
        for action in ({"type": "end_turn"}, {"type": "pass"}):
            with pytest.raises(IllegalAction):
                game.apply(who, action)
    assert game.to_dict() == after_end
    assert tried > 0


WEAPON_RANGE = {"volcanic": 1, "sawed_off": 2, "rifle": 3, "carbine": 4, "long_rifle": 5}
BLUE_CARDS = {"jail", "cover", "horse", "scope", "dynamite"}


def effective_distance(players: list[dict], source: int, target: int) -> int:
    """R33-R34 computed from public information only."""
    alive = [row["seat"] for row in players if row["alive"]]
    steps = (alive.index(target) - alive.index(source)) % len(alive)
    base = min(steps, len(alive) - steps)
    horse = sum(c["kind"] == "horse" for c in players[target]["in_play"])
    horse += players[target]["character"] == "pass_shadow"
    scope = sum(c["kind"] == "scope" for c in players[source]["in_play"])
    scope += players[source]["character"] in ("eagle_eye", "mad_dog")
    return max(1, base + horse - scope)


def check_legal_plays(game: Game, seat: int, mode: str) -> None:
    """Every legal play obeys R36-R37 (range, Grab distance), R43 (no duplicate blue card),
    R45 (no play without effect), R46 (never oneself) and R47 (own play step only)."""
    view = game.view(seat)
    players = view["players"]
    me = players[seat]
    kinds = {card["id"]: card["kind"] for card in view["hand"]}
    for row in players:
        if row["seat"] != seat and row["alive"] and me["alive"]:
            assert row["distance"] == effective_distance(players, seat, row["seat"]), row
    weapon = me["weapon"]["kind"] if me["weapon"] else None
    reach = WEAPON_RANGE.get(weapon, 1) + me["upgrades"].count("accuracy")
    alive = sum(row["alive"] for row in players)
    for action in game.legal_actions(seat):
        if action["type"] != "play":
            continue
        assert view["turn"] == seat, "only the current player plays cards (R47)"
        kind = kinds[action["card"]]
        target = action.get("target")
        if target is not None:
            assert target != seat, "R46"
            assert players[target]["alive"]
        own_blue = {c["kind"] for c in me["in_play"]}
        if kind == "ricochet":
            assert me["character"] == "two_face", "R50: a Ricochet is never played (R102)"
        if kind in ("shot", "ricochet"):
            assert effective_distance(players, seat, target) <= reach, ("R36", action)
        elif kind == "grab":
            assert effective_distance(players, seat, target) <= 1, ("R37", action)
        if kind in ("grab", "toss"):
            row = players[target]
            choices = {c["id"] for c in row["in_play"]}
            if row["weapon"]:
                choices.add(row["weapon"]["id"])
            if action["target_card"] == "hand":
                assert row["hand_count"] > 0, "R45"
            else:
                assert action["target_card"] in choices
        if kind == "jail":
            assert players[target]["role"] != "marshal", "R61"
            assert all(c["kind"] != "jail" for c in players[target]["in_play"]), "R61"
        elif kind in BLUE_CARDS:
            assert kind not in own_blue, "R43"
        if kind == "flask":
            assert not view["high_noon"], "R32"
            assert me["hp"] < me["max_hp"], "R45"
            assert mode != "old_classic" or alive > 2, "R117.6"
        if kind == "saloon":
            assert not view["high_noon"], "R32"
            assert any(r["alive"] and r["hp"] < r["max_hp"] for r in players), "R45"


def has_cover(row: dict) -> bool:
    return row["character"] == "iron_brow" or any(c["kind"] == "cover" for c in row["in_play"])


def check_decisions(game: Game, seat: int, mode: str) -> None:
    """Every legal non-play action fits the decision and the rules behind it: responses
    (R50, R51, R54, R55, R68, R69, R102), draw methods (R104, R109, R116, Q9), upgrades (R86,
    R117.3), the Bonesetter ability (R32, R111); and the options that must exist do."""
    view = game.view(seat)
    players = view["players"]
    me = players[seat]
    now = view["pending"] or {"kind": "play"}
    hand_kinds = {card["id"]: card["kind"] for card in view["hand"]}
    alive = sum(row["alive"] for row in players)
    two_face = me["character"] == "two_face"
    legal = game.legal_actions(seat)
    shots = {"shot", "ricochet"} if two_face else {"shot"}
    dodges = {"shot", "ricochet"} if two_face else {"ricochet"}
    for action in legal:
        kind = action["type"]
        if kind == "ability":
            assert me["character"] == "bonesetter", "R111"
            assert not view["high_noon"], "R32"
            assert 1 <= me["hp"] < me["max_hp"], "R111"
            assert len(set(action["cards"])) == 2
            assert set(action["cards"]) <= set(hand_kinds)
        elif kind == "respond":
            used = [hand_kinds[action["card"]]]
            if "card2" in action:
                used.append(hand_kinds[action["card2"]])
            if now["kind"] == "respond_hit" and used == ["flask"]:
                assert me["hp"] == 1, "R51 b"
                assert alive >= 3, "R51 b"
                assert not view["high_noon"], "R51"
            elif now["kind"] == "respond_hit":
                assert set(used) <= dodges, ("R50, R102", used)
                assert len(used) == now["required"], "R69: no partial response"
            else:
                assert now["kind"] in ("duel", "raid"), now
                assert len(used) == 1
                assert used[0] in shots, ("R54, R55", used)
        elif kind == "pass":
            assert now["kind"] in ("respond_hit", "duel", "raid"), now
        elif kind == "end_turn":
            assert now["kind"] == "play"
            assert view["turn"] == seat
        elif kind == "discard":
            assert now["kind"] == "discard"
            assert action["card"] in hand_kinds
        elif kind == "choose" and now["kind"] == "draw_choice":
            option = action["option"]
            if option == "player":
                target = players[action["target"]]
                assert me["character"] == "grip", "R104"
                assert action["target"] != seat
                assert target["alive"]
                assert target["hand_count"] > 0
            elif option == "discard_pile":
                assert me["character"] == "vulture_jr", "R109"
                assert view["discard_count"] > 0, "Q9"
            elif option == "instinct":
                assert "instinct" in me["upgrades"], "R116"
                assert me["character"] != "three_eyes", "R116"
            else:
                assert option == "deck"
        elif kind == "choose" and now["kind"] == "upgrade":
            assert mode != "old_classic", "R117.3"
            assert action["option"] in ("accuracy", "fortitude", "instinct")
            if action["option"] == "instinct":
                assert "instinct" not in me["upgrades"], "R86"
                assert me["character"] != "three_eyes", "R116"
        elif kind == "choose" and now["kind"] == "keep_two":
            assert action["card"] in {c["id"] for c in now["looking_at"]}
        elif kind == "choose":
            assert now["kind"] == "bounty", now
            assert mode != "old_classic", "R117.3"
        else:
            assert kind == "play", action
    singles = {a["card"] for a in legal if a["type"] == "respond" and "card2" not in a}
    if now["kind"] in ("respond_hit", "duel", "raid"):
        assert {"type": "pass"} in legal, "R68 c, R54: taking the hit is always possible"
    if now["kind"] == "respond_hit":
        source = players[now["source"]]
        far = effective_distance(players, now["source"], seat) > 1
        if now["card"] == "buckshot" or source["character"] != "double_barrel" or far:
            assert now["required"] == 1, ("R60, R69, Q15", now)
        elif view["high_noon"] or not has_cover(me):
            assert now["required"] == 2, ("R69", now)
        if now["required"] == 1:
            expected = {i for i, k in hand_kinds.items() if k in dodges}
            assert expected <= singles, "every Ricochet-equivalent may answer a hit"
        if me["hp"] == 1 and alive >= 3 and not view["high_noon"]:
            assert {i for i, k in hand_kinds.items() if k == "flask"} <= singles, "R51 b"
    if now["kind"] in ("duel", "raid"):
        assert singles == {i for i, k in hand_kinds.items() if k in shots}
    if now["kind"] == "discard":
        assert {a["card"] for a in legal if a["type"] == "discard"} == set(hand_kinds), "R25"


@PROPERTY_SETTINGS
@given(tables)
def test_r36_r47_every_legal_action_fits_its_decision_and_the_rules(table):
    seed, seats, mode = table
    game = Game.new(GameConfig(seats=seats, mode=mode, seed=seed))
    rng = random.Random(seed)
    while game.result is None:
        seat = rng.choice(game.awaiting())
        check_legal_plays(game, seat, mode)
        check_decisions(game, seat, mode)
        game.apply(seat, rng.choice(game.legal_actions(seat)))


APPENDIX_A_KINDS = [
    ("shot", 25), ("ricochet", 12), ("flask", 6), ("grab", 4), ("toss", 4), ("duel", 3),
    ("raid", 2), ("wagon", 2), ("bazaar", 2), ("saloon", 1), ("caravan", 1), ("buckshot", 1),
    ("jail", 3), ("cover", 2), ("horse", 2), ("scope", 1), ("dynamite", 1), ("volcanic", 2),
    ("sawed_off", 3), ("rifle", 1), ("carbine", 1), ("long_rifle", 1),
]  # fmt: skip
FULL_DECK = [kind for kind, count in APPENDIX_A_KINDS for _ in range(count)]


@st.composite
def stacked_tables(draw: st.DrawFn) -> tuple[int, int, str, list[list[str]], list[str]]:
    """A table with the `hands` and `deck` knobs: a random part of the 80 cards, so small
    decks run dry and the discard pile is reshuffled again and again (R27, Q9)."""
    seed, seats, mode = draw(tables)
    cards = draw(st.permutations(FULL_DECK))
    size = draw(st.integers(min_value=seats * 2 + 2, max_value=80))
    cards = list(cards[:size])
    hands = [[cards.pop() for _ in range(draw(st.integers(0, 2)))] for _ in range(seats)]
    return seed, seats, mode, hands, cards


@PROPERTY_SETTINGS
@given(stacked_tables())
def test_r27_stacked_games_conserve_exactly_the_cards_of_hands_and_deck(table):
    """With `hands` and `deck` given, the game holds exactly those cards (the contract) and
    still ends, keeps HP in bounds and names the right winners, even with a deck so small
    that it runs out and is rebuilt from the discard pile (R27)."""
    seed, seats, mode, hands, deck = table
    config = GameConfig(seats=seats, mode=mode, seed=seed, hands=hands, deck=deck)
    game = Game.new(config)
    total = sum(len(h) for h in hands) + len(deck)
    roles = roles_by_seat(game)
    check_invariants(game, mode, roles, total)

    def after_each(g: Game, _seat: int, _action: dict, _events: list) -> None:
        check_invariants(g, mode, roles, total)

    play_to_the_end(game, random.Random(seed), after_each)

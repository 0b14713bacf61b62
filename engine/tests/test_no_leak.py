"""Hidden information never reaches a seat that may not know it (R4, R10, R82, Q3, Q55, Q63).

The main method: build two games that differ only in something seat k cannot see (other
players' hands, the deck order, hidden roles, the seed behind the generator) and assert that
k's view is the same in both, card ids included: an id is a keyed function of the secret seed
and of where the card was created (bangarena_engine.rng), so with the same key a reordered deck or
swapped hands leave every id a seat sees unchanged. Where a changed seed changes the ids,
cards are compared through their faces instead. Random games then check that no id of another
player's hand and no generator state ever appears in a view (engine/tests/test_attacker.py
attacks the ids themselves).
"""

from __future__ import annotations

import itertools
import json
import random
from typing import Any

import pytest
from scenario import (
    CALM_CAST,
    DEFAULT_ROLES,
    choose,
    finish_turn,
    play,
    player,
)

from bangarena_engine import Game, GameConfig

MODES = ["classic", "partners", "double_agent", "old_classic"]
KINDS = ["shot", "ricochet", "horse", "wagon", "grab", "duel", "scope", "rifle"]
RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
SUITS = ["clubs", "diamonds", "spades", "hearts"]


def unique_cards(count: int, seed: int = 0) -> list[str]:
    """`count` card specs that all differ in kind, rank or suit, in a seeded order."""
    specs = [f"{k}:{r}:{s}" for k, r, s in itertools.product(KINDS, RANKS, SUITS)]
    random.Random(seed).shuffle(specs)
    return specs[:count]


def table(seats: int = 5, mode: str = "classic", **knobs: Any) -> dict[str, Any]:
    """Knobs of a fully stacked table: 2 cards per hand, every card distinct."""
    cards = unique_cards(2 * seats + 30)
    knobs.setdefault("roles", list(DEFAULT_ROLES[seats]))
    knobs.setdefault("characters", CALM_CAST[:seats])
    knobs.setdefault("hands", [cards[2 * s : 2 * s + 2] for s in range(seats)])
    knobs.setdefault("deck", cards[2 * seats :])
    return {"seats": seats, "mode": mode, "seed": 11, **knobs}


def game_of(config: dict[str, Any]) -> Game:
    return Game.new(GameConfig(**config))


def without_ids(node: Any) -> Any:
    """The view with card ids removed (a card is then known by its face only)."""
    if isinstance(node, dict):
        return {key: without_ids(value) for key, value in node.items() if key != "id"}
    if isinstance(node, list):
        return [without_ids(value) for value in node]
    return node


def one_round(game: Game) -> None:
    """Every seat ends its turn once (2 cards in hand + 2 drawn: nobody has to discard)."""
    for _ in range(len(game.view(None)["players"])):
        finish_turn(game)


def assert_same_view(first: Game, second: Game, seat: int | None) -> None:
    a, b = first.view(seat), second.view(seat)
    assert a == b, f"seat {seat} can tell the two games apart"


# --- changing what a seat cannot see leaves its view unchanged -----------------------------


@pytest.mark.parametrize("viewer", range(5))
def test_r4_other_players_hands_do_not_reach_a_view(viewer):
    """Swap the hands of two other players: the viewer (and a spectator) sees no difference,
    at the start and after a whole round of turns."""
    config = table()
    others = [s for s in range(5) if s != viewer]
    for first, second in itertools.combinations(others, 2):
        swapped = dict(config, hands=list(config["hands"]))
        swapped["hands"][first], swapped["hands"][second] = (
            config["hands"][second],
            config["hands"][first],
        )
        a, b = game_of(config), game_of(swapped)
        assert_same_view(a, b, viewer)
        assert_same_view(a, b, None)
        one_round(a)
        one_round(b)
        assert_same_view(a, b, viewer)
        assert_same_view(a, b, None)


@pytest.mark.parametrize("viewer", range(5))
def test_deck_order_does_not_reach_a_view(viewer):
    """Reorder the draw pile below what the viewer has drawn (the Marshal drew the top 2)."""
    config = table()
    deck = list(config["deck"])
    kept = 2 if viewer == 0 else 0
    for seed in range(5):
        rest = deck[kept:]
        random.Random(seed).shuffle(rest)
        reordered = dict(config, deck=deck[:kept] + rest)
        assert_same_view(game_of(config), game_of(reordered), viewer)
    assert_same_view(game_of(config), game_of(dict(config, deck=deck[:2] + deck[2:][::-1])), None)


@pytest.mark.parametrize("viewer", range(5))
def test_r18_a_dealt_deck_in_another_order_leaves_every_id_a_seat_sees_unchanged(viewer):
    """R18: the deal itself. Keep the cards the viewer is dealt where they are and reorder
    everything else (the other hands and the draw pile): with the same key, the viewer's
    view, every card id in it included, is the same."""
    deck = unique_cards(80, seed=viewer)
    config = {
        "seats": 5,
        "mode": "classic",
        "seed": 11,
        "roles": list(DEFAULT_ROLES[5]),
        "characters": CALM_CAST[:5],
        "deck": deck,
    }
    base = game_of(config)
    faces = [f"{c['kind']}:{c['rank']}:{c['suit']}" for c in base.view(viewer)["hand"]]
    mine = {deck.index(face) for face in faces}  # dealt, or drawn by the Marshal (R20)
    hidden = [i for i in range(len(deck)) if i not in mine]
    for shuffle_seed in range(3):
        moved = list(hidden)
        random.Random(shuffle_seed).shuffle(moved)
        reordered = list(deck)
        for source, target in zip(hidden, moved, strict=True):
            reordered[target] = deck[source]
        assert reordered != deck
        assert_same_view(base, game_of(dict(config, deck=reordered)), viewer)


def invisible_role_swaps(roles: list[str], viewer: int, mode: str) -> list[tuple[int, int]]:
    """Pairs of seats whose roles the viewer cannot tell apart (R4, R10)."""
    bandit_team = {"bandit", "double_agent"}
    pairs = []
    for first, second in itertools.combinations(range(len(roles)), 2):
        a, b = roles[first], roles[second]
        if viewer in (first, second) or a == b or "marshal" in (a, b):
            continue
        if mode == "double_agent" and "double_agent" in roles:
            if roles[viewer] == "marshal" and not {a, b} <= {"bandit", "loner"}:
                continue  # he was shown the Double Agent and a Deputy (R10 a)
            if roles[viewer] in bandit_team and ({a, b} & bandit_team):
                continue  # the Bandit team knows itself (R10 b)
        pairs.append((first, second))
    return pairs


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("seats", [5, 7, 8])
def test_r4_r10_hidden_roles_do_not_reach_a_view(mode, seats):
    roles = list(DEFAULT_ROLES[seats])
    if mode == "double_agent":
        roles[roles.index("bandit")] = "double_agent"
    config = table(seats, mode, roles=roles)
    checked = 0
    for viewer in range(seats):
        for first, second in invisible_role_swaps(roles, viewer, mode):
            swapped_roles = list(roles)
            swapped_roles[first], swapped_roles[second] = roles[second], roles[first]
            a, b = game_of(config), game_of(dict(config, roles=swapped_roles))
            assert_same_view(a, b, viewer)
            assert_same_view(a, b, None)
            checked += 1
    assert checked


@pytest.mark.parametrize("mode", MODES)
def test_generator_state_does_not_reach_a_view(mode):
    """Same stacked table, different seeds: the views differ only in the random card ids,
    at the start and after a round (R20: the seed decides nothing a seat can see here)."""
    config = table(mode=mode)
    a, b = game_of(config), game_of(dict(config, seed=12345))
    for viewer in [None, *range(5)]:
        assert without_ids(a.view(viewer)) == without_ids(b.view(viewer))
    one_round(a)
    one_round(b)
    for viewer in [None, *range(5)]:
        assert without_ids(a.view(viewer)) == without_ids(b.view(viewer))


# --- the spectator and partial knowledge ---------------------------------------------------


@pytest.mark.parametrize("mode", MODES)
def test_q55_spectator_sees_no_hand_and_no_hidden_role(mode):
    game = game_of(table(7, mode))
    public = game.view(None)
    assert public["hand"] == []
    assert public["role"] is None
    assert "deputy_candidates" not in public
    assert [row["role"] for row in public["players"]] == ["marshal"] + [None] * 6
    dumped = json.dumps(public)
    for seat in range(7):
        for card in game.view(seat)["hand"]:
            assert card["id"] not in dumped


def test_r10_double_agent_mode_reveals_only_what_the_deal_tells():
    roles = ["marshal", "deputy", "bandit", "double_agent", "loner"]
    game = game_of(table(5, "double_agent", roles=roles))
    marshal = game.view(0)
    assert sorted(marshal["deputy_candidates"]) == [1, 3]
    assert [row["role"] for row in marshal["players"]] == ["marshal", None, None, None, None]
    assert game.view(2)["players"][3]["role"] == "double_agent"
    assert game.view(3)["players"][2]["role"] == "bandit"
    for outsider in (1, 4):
        view = game.view(outsider)
        assert "deputy_candidates" not in view
        shown = [row["role"] for row in view["players"]]
        assert shown == [r if s in (0, outsider) else None for s, r in enumerate(roles)]
    for member in (2, 3):
        assert "deputy_candidates" not in game.view(member)
        assert game.view(member)["players"][1]["role"] is None
        assert game.view(member)["players"][4]["role"] is None


def test_r7_classic_bandits_are_not_told_about_each_other():
    roles = ["marshal", "deputy", "bandit", "bandit", "loner"]
    for mode in ("classic", "partners", "old_classic"):
        game = game_of(table(5, mode, roles=roles))
        assert game.view(2)["players"][3]["role"] is None
        assert game.view(3)["players"][2]["role"] is None
        assert "deputy_candidates" not in game.view(0)


def test_q21_marshal_is_shown_the_double_agent_and_one_real_deputy_at_random():
    """7-8 seats: the real Deputy shown is either of the two; the pair always holds the
    Double Agent and exactly one Deputy, whatever the deal (random roles, no knob), and the
    Agent is listed first or second at random."""
    shown_deputies = set()
    agent_places = set()
    for seed in range(40):
        seats = 7 + seed % 2
        game = Game.new(GameConfig(seats=seats, mode="double_agent", seed=seed))
        roles = [game.view(s)["role"] for s in range(seats)]
        marshal = roles.index("marshal")
        candidates = game.view(marshal)["deputy_candidates"]
        assert sorted(roles[c] for c in candidates) == ["deputy", "double_agent"]
        deputies = [seat for seat in range(seats) if roles[seat] == "deputy"]
        shown = next(c for c in candidates if roles[c] == "deputy")
        shown_deputies.add(deputies.index(shown))
        agent_places.add(candidates.index(roles.index("double_agent")))
    assert shown_deputies == {0, 1}
    assert agent_places == {0, 1}, "R10 a: the order must not tell which one is the Agent"


def test_r14_double_agent_mode_at_four_seats_reveals_nothing():
    game = Game.new(GameConfig(seats=4, mode="double_agent", seed=3))
    roles = [game.view(s)["role"] for s in range(4)]
    assert "double_agent" not in roles
    for seat in range(4):
        view = game.view(seat)
        assert "deputy_candidates" not in view
        for row in view["players"]:
            if row["seat"] != seat and roles[row["seat"]] != "marshal":
                assert row["role"] is None


def test_q3_a_card_grabbed_from_a_hand_is_named_only_to_the_two_players():
    config = table()
    config["hands"][0] = ["grab:J:hearts"]
    config["hands"][1] = ["long_rifle:8:spades"]
    game = game_of(config)
    events = play(game, 0, "grab", target=1, target_card="hand")
    assert "long_rifle" not in json.dumps(events)
    for seat in (None, 2, 3, 4):
        assert "long_rifle" not in json.dumps(game.view(seat)), seat
    assert any(c["kind"] == "long_rifle" for c in game.view(0)["hand"])
    assert player(game, 1)["hand_count"] == 0  # the victim knows: it was his only card


def test_r106_the_three_cards_looked_at_are_seen_by_three_eyes_only():
    config = table(characters=["three_eyes", "bonesetter", "double_barrel", "lucky", "mad_dog"])
    game = game_of(config)
    looking = game.view(0)["pending"]["looking_at"]
    assert len(looking) == 3
    faces = [f"{c['kind']}:{c['rank']}:{c['suit']}" for c in looking]
    assert faces == config["deck"][:3]
    for seat in (None, 1, 2, 3, 4):
        view = game.view(seat)
        assert "looking_at" not in (view["pending"] or {})
        dumped = json.dumps(view)
        assert not any(c["id"] in dumped for c in looking)
        assert not any(
            {"kind": c["kind"], "rank": c["rank"], "suit": c["suit"]}.items() <= e.items()
            for c in looking
            for e in view["log"]
        )
    choose(game, 0, "return", card=looking[2]["id"])


# --- random games: no foreign hand id, no generator state, only visible roles --------------


def large_integers(node: Any, skip: str = "") -> set[int]:
    """Integers too large to be a count, a seat or HP (a generator state looks like this);
    values under the key `skip` are left out."""
    found: set[int] = set()
    stack = [node]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            stack.extend(value for key, value in item.items() if key != skip)
        elif isinstance(item, list):
            stack.extend(item)
        elif isinstance(item, int) and not isinstance(item, bool) and abs(item) >= 2**20:
            found.add(item)
    return found


def allowed_roles(roles: list[str], alive: list[bool], viewer: int | None, mode: str) -> set[int]:
    """Seats whose role the viewer may see while the game runs (R4, R10 b, R82)."""
    seats = set(range(len(roles)))
    visible = {s for s in seats if roles[s] == "marshal" or not alive[s]}
    if viewer is None:
        return visible
    visible.add(viewer)
    bandit_team = {"bandit", "double_agent"}
    if mode == "double_agent" and "double_agent" in roles and roles[viewer] in bandit_team:
        visible |= {s for s in seats if roles[s] in bandit_team}
    return visible


@pytest.mark.parametrize("mode", MODES)
def test_random_games_never_show_a_foreign_hand_hidden_role_or_generator_state(mode):
    """The public log is checked once per action (its new events), the rest of every seat's
    view after every action."""
    for seed, seats in enumerate((4, 6, 8)):
        game = Game.new(GameConfig(seats=seats, mode=mode, seed=1000 + seed))
        roles = [game.view(s)["role"] for s in range(seats)]
        rng = random.Random(seed)
        logged = 0
        while True:
            secrets = large_integers(game.to_dict(), skip="log")
            hands = {s: {c["id"] for c in game.view(s)["hand"]} for s in range(seats)}
            public = game.view(None)
            alive = [row["alive"] for row in public["players"]]
            new_events = json.dumps(public["log"][logged:])
            logged = len(public["log"])
            assert not any(i in new_events for ids in hands.values() for i in ids)
            assert not (large_integers(public["log"]) & secrets)
            for viewer in [None, *range(seats)]:
                view = game.view(viewer)
                assert view["log"] == public["log"], "the log is public and the same for all"
                view["log"] = []
                dumped = json.dumps(view)
                for owner, ids in hands.items():
                    if owner != viewer:
                        leaked = [i for i in ids if i in dumped]
                        assert not leaked, f"seat {viewer} sees cards of seat {owner}'s hand"
                if game.result is None:
                    shown = {row["seat"] for row in view["players"] if row["role"] is not None}
                    assert shown <= allowed_roles(roles, alive, viewer, mode)
                assert all(row["role"] in (None, roles[row["seat"]]) for row in view["players"])
                assert not (large_integers(view) & secrets)
            if game.result is not None:
                break
            seat = rng.choice(game.awaiting())
            game.apply(seat, rng.choice(game.legal_actions(seat)))

"""Setup rules: seats, roles and their visibility, characters, HP, hands, the deck (R1-R20)."""

from __future__ import annotations

from collections import Counter

import pytest
from scenario import (
    CALM_CAST,
    CHARACTER_HP,
    DEFAULT_ROLES,
    play,
    player,
    stacked,
    take,
)

from bangarena_engine import Game, GameConfig

MODES = ["classic", "partners", "double_agent", "old_classic"]
ROLE_ORDER = ["marshal", "deputy", "bandit", "double_agent", "loner"]

CLASSIC_SETS = {
    4: ["marshal", "bandit", "bandit", "loner"],
    5: ["marshal", "deputy", "bandit", "bandit", "loner"],
    6: ["marshal", "deputy", "bandit", "bandit", "bandit", "loner"],
    7: ["marshal", "deputy", "deputy", "bandit", "bandit", "bandit", "loner"],
    8: ["marshal", "deputy", "deputy", "bandit", "bandit", "bandit", "loner", "loner"],
}
DOUBLE_AGENT_SETS = {
    4: CLASSIC_SETS[4],
    5: ["marshal", "deputy", "bandit", "double_agent", "loner"],
    6: ["marshal", "deputy", "bandit", "bandit", "double_agent", "loner"],
    7: ["marshal", "deputy", "deputy", "bandit", "bandit", "double_agent", "loner"],
    8: ["marshal", "deputy", "deputy", "bandit", "bandit", "double_agent", "loner", "loner"],
}


def role_set(seats: int, mode: str) -> list[str]:
    return (DOUBLE_AGENT_SETS if mode == "double_agent" else CLASSIC_SETS)[seats]


def dealt(seats: int, mode: str = "classic", seed: int = 1) -> Game:
    """A game dealt entirely by the engine (no knobs but seats, mode and seed)."""
    return Game.new(GameConfig(seats=seats, mode=mode, seed=seed))


def own_roles(game: Game) -> list[str]:
    """Each seat's role as that seat sees it in its own view ("You are ...")."""
    seats = len(game.view(None)["players"])
    return [game.view(seat)["role"] for seat in range(seats)]


# --- R1-R3: table and seats ------------------------------------------------------------------


@pytest.mark.parametrize("seats", [4, 5, 6, 7, 8])
def test_r1_tables_of_four_to_eight_seats_numbered_from_zero(seats: int) -> None:
    """R1: 4 <= N <= 8 seats; the API numbers them 0..N-1."""
    view = dealt(seats).view(None)
    assert [row["seat"] for row in view["players"]] == list(range(seats))


@pytest.mark.parametrize("seats", [0, 3, 9])
def test_r1_other_seat_counts_are_refused(seats: int) -> None:
    """R1: a table has 4 to 8 seats."""
    with pytest.raises(ValueError, match=r".+"):
        Game.new(GameConfig(seats=seats))


@pytest.mark.parametrize("seats", [4, 8])
def test_r3_everybody_starts_alive(seats: int) -> None:
    """R3: a player is alive until eliminated."""
    assert all(row["alive"] for row in dealt(seats).view(None)["players"])


# --- R4, R5, R11-R15: role sets and who sees what -----------------------------------------------


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("seats", [4, 5, 6, 7, 8])
def test_r11_role_set_for_every_seat_count_and_mode(seats: int, mode: str) -> None:
    """R11-R15: the dealt roles are exactly the mode's role set; the composition is public."""
    game = dealt(seats, mode, seed=seats * 10 + MODES.index(mode))
    expected = role_set(seats, mode)
    assert sorted(own_roles(game)) == sorted(expected)
    assert game.view(None)["roles_at_table"] == sorted(expected, key=ROLE_ORDER.index)


def test_r12_two_loners_only_at_eight_seats() -> None:
    """R12: each Loner plays alone; there are two Loners only at 8 seats."""
    counts = {n: own_roles(dealt(n)).count("loner") for n in range(4, 9)}
    assert counts == {4: 1, 5: 1, 6: 1, 7: 1, 8: 2}


def test_r14_double_agent_at_four_seats_plays_classic() -> None:
    """R14/R134: double_agent with 4 seats deals the classic set and no Deputy hint."""
    for seed in range(5):
        game = dealt(4, "double_agent", seed)
        assert "double_agent" not in own_roles(game)
        marshal = own_roles(game).index("marshal")
        assert not game.view(marshal).get("deputy_candidates")
        bandits = [s for s, role in enumerate(own_roles(game)) if role == "bandit"]
        # R7: as in classic, the two Bandits are not told about each other.
        assert game.view(bandits[0])["players"][bandits[1]]["role"] is None


@pytest.mark.parametrize("mode", ["classic", "partners", "old_classic"])
def test_r4_each_player_sees_only_own_role_and_the_marshal(mode: str) -> None:
    """R4/R5/R6/R7: own role visible; the Marshal's role is public; other roles hidden."""
    game = dealt(6, mode, seed=3)
    roles = own_roles(game)
    marshal = roles.index("marshal")
    for viewer in [None, *range(6)]:
        rows = game.view(viewer)["players"]
        for seat, row in enumerate(rows):
            if seat == marshal:
                assert row["role"] == "marshal"
            elif seat == viewer:
                assert row["role"] == roles[seat]
            else:
                assert row["role"] is None, (viewer, seat)


def test_r4_q20_roles_are_dealt_at_random_over_fixed_seats() -> None:
    """R4/Q20: the Marshal's seat, and so the first player, varies with the seed (R5, R21)."""
    marshal_seats = set()
    for seed in range(30):
        game = dealt(5, seed=seed)
        marshal = own_roles(game).index("marshal")
        assert game.view(None)["turn"] == marshal
        marshal_seats.add(marshal)
    assert len(marshal_seats) >= 3


# --- R10: Double Agent deal knowledge ---------------------------------------------------------


@pytest.mark.parametrize("seats", [5, 6, 7, 8])
def test_r10a_marshal_is_shown_the_double_agent_and_one_deputy(seats: int) -> None:
    """R10a/Q21: the Marshal sees two 'Deputy' seats: the Agent and one real Deputy."""
    shown_orders = set()
    shown_deputies = set()
    for seed in range(24):
        game = dealt(seats, "double_agent", seed)
        roles = own_roles(game)
        marshal = roles.index("marshal")
        candidates = game.view(marshal)["deputy_candidates"]
        assert len(candidates) == 2
        assert sorted(roles[s] for s in candidates) == ["deputy", "double_agent"]
        shown_orders.add(roles[candidates[0]])
        shown_deputies.add(next(s for s in candidates if roles[s] == "deputy"))
        # The hint is only in the Marshal's view, and his players rows stay hidden.
        for seat in range(seats):
            if seat != marshal:
                assert not game.view(seat).get("deputy_candidates")
        for seat in candidates:
            assert game.view(marshal)["players"][seat]["role"] is None
    assert shown_orders == {"deputy", "double_agent"}, "order must be random"
    if seats >= 7:
        assert len(shown_deputies) > 1, "the real Deputy shown must be picked at random"


@pytest.mark.parametrize("seats", [5, 6, 8])
def test_r10b_bandit_team_sees_each_other_and_nobody_else(seats: int) -> None:
    """R10b/Q22: every member of team bandits sees all the others' roles, and only those."""
    game = dealt(seats, "double_agent", seed=4)
    roles = own_roles(game)
    team = [s for s, role in enumerate(roles) if role in ("bandit", "double_agent")]
    for member in team:
        rows = game.view(member)["players"]
        for seat, row in enumerate(rows):
            if seat in team or roles[seat] == "marshal":
                assert row["role"] == roles[seat]
            else:
                assert row["role"] is None


def test_r7_classic_bandits_are_not_told_about_each_other() -> None:
    """R7: in classic the Bandits do not see each other's roles."""
    game = dealt(7, "classic", seed=2)
    roles = own_roles(game)
    bandits = [s for s, role in enumerate(roles) if role == "bandit"]
    for viewer in bandits:
        for seat in bandits:
            if seat != viewer:
                assert game.view(viewer)["players"][seat]["role"] is None


# --- R16-R19: characters, HP, starting hands ---------------------------------------------------


def test_r16_characters_unique_public_and_random() -> None:
    """R16/Q19: one random character per seat, unique at the table, visible to everybody."""
    casts = set()
    for seed in range(10):
        game = dealt(8, seed=seed)
        cast = [row["character"] for row in game.view(None)["players"]]
        assert len(set(cast)) == 8
        assert set(cast) <= set(CHARACTER_HP)
        assert [row["character"] for row in game.view(3)["players"]] == cast
        casts.add(tuple(cast))
    assert len(casts) > 1


@pytest.mark.parametrize("mode", MODES)
def test_r17_starting_hp_is_character_hp_and_equals_max(mode: str) -> None:
    """R17/R6/R8: HP = character HP (+ Marshal bonus only); max HP = starting HP."""
    game = dealt(7, mode, seed=5)
    roles = own_roles(game)
    for seat, row in enumerate(game.view(None)["players"]):
        base = CHARACTER_HP[row["character"]]
        if mode == "old_classic" and row["character"] == "stone_leopard":
            base = 4
        if roles[seat] == "marshal":
            base += 1  # 7 seats: +1 in every mode (R19, R117.7)
        assert row["hp"] == row["max_hp"] == base


@pytest.mark.parametrize("mode", MODES)
def test_r18_everyone_but_the_marshal_is_dealt_hp_cards(mode: str) -> None:
    """R18/Q18: a non-Marshal's starting hand equals its starting HP."""
    for seats in (6, 8):
        game = dealt(seats, mode, seed=seats)
        roles = own_roles(game)
        for seat, row in enumerate(game.view(None)["players"]):
            if roles[seat] != "marshal":
                assert row["hand_count"] == row["hp"], (seats, seat)


ARENA_MARSHAL = {4: (6, 6), 5: (4, 4), 6: (6, 8), 7: (5, 6), 8: (5, 4)}  # R19 example


def _marshal_table(seats: int, mode: str) -> Game:
    roles = list(DEFAULT_ROLES[seats])
    if mode == "double_agent" and seats >= 5:
        roles[roles.index("bandit")] = "double_agent"
    # Seat 0 is a 4-HP Marshal with no draw ability, as in the R19 example.
    return Game.new(
        GameConfig(seats=seats, mode=mode, seed=9, roles=roles, characters=CALM_CAST[:seats])
    )


@pytest.mark.parametrize("mode", ["classic", "partners", "double_agent"])
@pytest.mark.parametrize("seats", [4, 5, 6, 7, 8])
def test_r19_arena_marshal_bonus_hp_and_hand(seats: int, mode: str) -> None:
    """R19: Arena Marshal with a 4-HP character: 6/6, 4/4, 6/8, 5/6, 5/4 (HP/hand) at 4..8
    seats; the hand is seen after his automatic opening draw of 2 (R23)."""
    game = _marshal_table(seats, mode)
    marshal = game.view(None)["players"][0]
    expected_hp, expected_hand = ARENA_MARSHAL[seats]
    if mode == "double_agent" and seats == 4:
        expected_hp, expected_hand = ARENA_MARSHAL[4]  # plays classic (R14)
    assert (marshal["hp"], marshal["max_hp"]) == (expected_hp, expected_hp)
    assert marshal["hand_count"] == expected_hand + 2
    for row in game.view(None)["players"][1:]:
        assert row["hand_count"] == row["hp"] == CHARACTER_HP[row["character"]]


@pytest.mark.parametrize("seats", [4, 5, 6, 7, 8])
def test_r19_old_classic_marshal_plus_one_and_hand_equals_hp(seats: int) -> None:
    """R19/R117.7: Old Classic Marshal gets +1 HP at every seat count and no hand adjustment."""
    game = _marshal_table(seats, "old_classic")
    marshal = game.view(None)["players"][0]
    assert (marshal["hp"], marshal["max_hp"]) == (5, 5)
    assert marshal["hand_count"] == 5 + 2


# --- R20/R42: the deck ---------------------------------------------------------------------------

APPENDIX_A = {
    "shot": "A♠ 2♦ 3♦ 4♦ 5♥ 6♦ 7♦ 8♦ 9♦ 10♦ J♦ Q♦ K♦ A♦ 2♣ 3♠ 4♠ 5♣ 6♣ 7♣ 8♣ 9♣ Q♥ K♥ A♥",
    "ricochet": "10♣ J♣ Q♣ K♣ A♣ 2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠",
    "flask": "6♥ 7♥ 8♥ 9♥ 10♥ J♥",
    "grab": "J♥ Q♥ A♥ 8♦",
    "toss": "K♥ 9♦ 10♦ J♦",
    "duel": "Q♦ J♠ 8♣",
    "raid": "K♦ A♦",
    "wagon": "9♠ 9♠",
    "bazaar": "9♣ Q♠",
    "saloon": "5♥",
    "caravan": "3♥",
    "buckshot": "10♥",
    "jail": "J♠ 10♠ 4♥",
    "cover": "Q♠ K♠",
    "horse": "8♥ 9♥",
    "scope": "A♠",
    "dynamite": "2♥",
    "volcanic": "10♠ 10♣",
    "sawed_off": "J♣ Q♣ K♠",
    "rifle": "K♣",
    "carbine": "A♣",
    "long_rifle": "8♠",
}
SUIT_WORDS = {"♥": "hearts", "♦": "diamonds", "♣": "clubs", "♠": "spades"}


def appendix_a() -> Counter[tuple[str, str, str]]:
    return Counter(
        (kind, entry[:-1], SUIT_WORDS[entry[-1]])
        for kind, entries in APPENDIX_A.items()
        for entry in entries.split()
    )


def test_r20_bare_card_specs_take_the_appendix_a_deck() -> None:
    """R20/R42/Appendix A: all 80 cards by bare kind get exactly the Appendix A suits and ranks:
    80 cards, 21 Hearts, 12 Spades of rank 2-9."""
    kinds = [kind for kind, entries in APPENDIX_A.items() for _ in entries.split()]
    hands = {seat: kinds[seat::5] for seat in range(5)}
    game = stacked(hands=hands, deck=[])
    cards = [card for seat in range(5) for card in game.view(seat)["hand"]]
    seen = Counter((card["kind"], card["rank"], card["suit"]) for card in cards)
    assert seen == appendix_a()
    assert sum(1 for c in cards if c["suit"] == "hearts") == 21
    low = {"2", "3", "4", "5", "6", "7", "8", "9"}
    assert sum(1 for c in cards if c["suit"] == "spades" and c["rank"] in low) == 12
    assert game.view(None)["deck_count"] == 0


@pytest.mark.parametrize("seats", [4, 6, 8])
def test_r20_a_dealt_game_holds_80_cards_and_an_empty_discard(seats: int) -> None:
    """R20: the 80-card deck is shuffled and dealt; the discard pile starts empty."""
    view = dealt(seats, seed=seats).view(None)
    in_front = sum(len(row["in_play"]) + (row["weapon"] is not None) for row in view["players"])
    in_hands = sum(row["hand_count"] for row in view["players"])
    assert view["discard_count"] == 0
    assert view["deck_count"] + in_hands + in_front == 80


def test_r20_cards_in_views_use_spec_words() -> None:
    """R20: every card shows a suit and rank (spec words) from Appendix A."""
    game = dealt(8, seed=11)
    allowed = set(appendix_a())
    for seat in range(8):
        for card in game.view(seat)["hand"]:
            assert (card["kind"], card["rank"], card["suit"]) in allowed


def test_r20_same_seed_same_game_other_seed_other_deal() -> None:
    """R20: shuffles and deals come from the seed only: deterministic, and they do vary."""
    first, again = dealt(6, seed=42), dealt(6, seed=42)
    assert first.to_dict() == again.to_dict()
    assert [first.view(s) for s in range(6)] == [again.view(s) for s in range(6)]

    def deal(seed: int) -> list[list[tuple[str, str, str]]]:
        game = dealt(6, seed=seed)
        return [
            sorted((c["kind"], c["rank"], c["suit"]) for c in game.view(s)["hand"])
            for s in range(6)
        ]

    assert len({str(deal(seed)) for seed in range(4)}) > 1


def test_r20_stacked_draw_pile_is_drawn_top_first() -> None:
    """R20/R23 (scenario knob): the Marshal's opening draw takes the top two cards of `deck`."""
    game = stacked(hands={0: ["jail:4:hearts"]}, deck=["scope:A:spades", "horse:8:hearts", "wagon"])
    kinds = sorted(card["kind"] for card in game.view(0)["hand"])
    assert kinds == ["horse", "jail", "scope"]
    assert game.view(None)["deck_count"] == 1
    assert player(game, 0)["hand_count"] == 3


def test_r20_hands_without_deck_shuffle_the_rest_of_the_80() -> None:
    """R20 (scenario knob): hands given, no deck: the other cards of the 80 form the deck."""
    hands = [["shot", "shot", "jail"], [], [], ["cover"], []]
    game = Game.new(
        GameConfig(
            seats=5,
            seed=3,
            roles=list(DEFAULT_ROLES[5]),
            characters=CALM_CAST[:5],
            hands=hands,
        )
    )
    view = game.view(None)
    assert [row["hand_count"] for row in view["players"]] == [3 + 2, 0, 0, 1, 0]
    assert view["deck_count"] == 80 - 4 - 2


def test_r4_an_eliminated_players_role_is_revealed_to_everyone() -> None:
    """R4/R80.1: once seat 1 is eliminated, every seat and spectators see his role."""
    roles = ["marshal", "bandit", "deputy", "bandit", "loner"]
    game = stacked(roles=roles, hands={0: ["shot:7:clubs"]}, health={1: 1})
    assert game.view(2)["players"][1]["role"] is None
    events = play(game, 0, "shot", target=1)
    events += take(game, 1)
    assert [e["role"] for e in events if e["type"] == "eliminated"] == ["bandit"]
    for viewer in (None, 0, 2, 3, 4):
        assert game.view(viewer)["players"][1]["role"] == "bandit"

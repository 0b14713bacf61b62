"""A seated player attacks the game's chance with nothing but his own views (R4, R18, R73).

Everything here uses only what a seat is sent: its views over the first turns, every card id
in them, and the engine's source code (an attacker knows the algorithm, not the key). The
attacks are the obvious ones: invert the generator from card ids, brute-force small seeds,
correlate ids with kinds, deck positions or the order of the deal. Each must learn nothing
about a game dealt by the current generator; the control tests show the same attacks do break
the legacy SplitMix64 generator, so these tests are not blind (docs/security.md).
"""

from __future__ import annotations

import hashlib
import itertools
import random
import statistics
from collections import Counter
from typing import Any

import numpy as np
import pytest

from bangarena_engine import Game, GameConfig
from bangarena_engine.rng import CURRENT_GENERATOR, LEGACY_GENERATOR, SEED_BITS

GAMMA = 0x9E3779B97F4A7C15
MIX1 = 0xBF58476D1CE4E5B9
MIX2 = 0x94D049BB133111EB
MASK = (1 << 64) - 1
ID_LOW_BITS = 24  # a card id is the top 40 bits of a 64-bit draw: 24 bits are missing
MODES = ["classic", "partners", "double_agent", "old_classic"]


def live_seed(label: str) -> int:
    """A seed shaped like a live match's (SEED_BITS random bits), fixed so the test repeats."""
    return int.from_bytes(hashlib.sha256(label.encode()).digest()) >> (256 - SEED_BITS)


def dealt(seed: int, generator: str = CURRENT_GENERATOR, seats: int = 5, mode: str = "classic"):
    return Game.new(GameConfig(seats=seats, mode=mode, seed=seed, generator=generator))


def roles_of(game: Game) -> list[str]:
    return [game.view(seat)["role"] for seat in range(len(game.view(None)["players"]))]


def visible_ids(view: dict[str, Any]) -> list[str]:
    """Every card id in a view: the seat's hand, the cards in play, what it is looking at."""
    ids = [card["id"] for card in view["hand"]]
    for row in view["players"]:
        ids += [card["id"] for card in row["in_play"]]
        if row["weapon"]:
            ids.append(row["weapon"]["id"])
    pending = view["pending"] or {}
    ids += [card["id"] for card in pending.get("looking_at", [])]
    return ids


def observed_turns(game: Game, seat: int, actions: int = 60) -> list[dict[str, Any]]:
    """The seat's views while the game runs on with random legal play for a while."""
    chooser = random.Random(7)
    views = [game.view(seat)]
    for _ in range(actions):
        if game.result is not None:
            break
        who = chooser.choice(game.awaiting())
        game.apply(who, chooser.choice(game.legal_actions(who)))
        views.append(game.view(seat))
    return views


# --- attack 1: invert SplitMix64 from two card ids of one's own opening hand ------------------


def _unmix(z: np.ndarray) -> np.ndarray:
    """The SplitMix64 states that produced the outputs ``z`` (each step of the mix is a
    bijection); works in place to keep 2**24 candidates cheap."""
    for shift in (31, 27, 30):
        if shift == 30:
            z *= np.uint64(pow(MIX1, -1, 1 << 64))
        z ^= (z >> np.uint64(shift)) ^ (z >> np.uint64(2 * shift))
        if shift == 31:
            z *= np.uint64(pow(MIX2, -1, 1 << 64))
    return z


def _mix(z: np.ndarray) -> np.ndarray:
    """SplitMix64's output function, in place."""
    z ^= z >> np.uint64(30)
    z *= np.uint64(MIX1)
    z ^= z >> np.uint64(27)
    z *= np.uint64(MIX2)
    z ^= z >> np.uint64(31)
    return z


def states_behind(first_id: str, second_id: str) -> list[int]:
    """SplitMix64 states that would have drawn ``first_id`` right after ``second_id``: the top
    card of the deal comes first in a hand but got its id one draw after the next card."""
    with np.errstate(over="ignore"):
        candidates = np.arange(1 << ID_LOW_BITS, dtype=np.uint64)
        candidates |= np.uint64(int(first_id, 16)) << np.uint64(ID_LOW_BITS)
        _unmix(candidates)
        before = candidates - np.uint64(GAMMA)
        _mix(before)
        before >>= np.uint64(ID_LOW_BITS)
    return [int(s) for s in candidates[before == np.uint64(int(second_id, 16))]]


def recover_seed(game: Game, seat: int, pairs: int = 2) -> int | None:
    """What the attack of docs/security.md did: two of the seat's opening card ids give the
    SplitMix64 state, stepping it back gives candidate seeds, and replaying each candidate
    deal tells the true one: its view of this seat is the whole view the seat was sent (ids,
    own role, every character and health; several seeds share a run of ids)."""
    view = game.view(seat)
    hand = [card["id"] for card in view["hand"]]
    seats, mode = len(view["players"]), view["mode"]
    for first, second in list(itertools.pairwise(hand))[:pairs]:
        for state in states_behind(first, second):
            for draws in range(1, 400):
                seed = (state - draws * GAMMA) & MASK
                if dealt(seed, LEGACY_GENERATOR, seats, mode).view(seat) == view:
                    return seed
    return None


def test_control_the_inversion_recovers_a_legacy_game_and_every_hidden_role():
    """Control: against SplitMix64 (splitmix64-v1) the attack works, with a 62-bit seed as the
    live services drew them, from one seat's opening hand alone."""
    seed = live_seed("legacy match") >> (SEED_BITS - 62)
    truth = dealt(seed, LEGACY_GENERATOR)
    recovered = recover_seed(truth, 2)
    assert recovered == seed
    replayed = dealt(recovered, LEGACY_GENERATOR)
    assert roles_of(replayed) == roles_of(truth)
    assert replayed.to_dict()["deck"] == truth.to_dict()["deck"]


@pytest.mark.parametrize("seat", [0, 3])
def test_inverting_the_generator_from_card_ids_finds_nothing(seat):
    """R4: a seat's own card ids (the opening hand and ids seen over the first turns) give no
    generator state: no state explains two consecutive ids, so no seed is found."""
    game = dealt(live_seed(f"inversion {seat}"))
    assert recover_seed(game, seat, pairs=3) is None
    seen = list(dict.fromkeys(i for view in observed_turns(game, seat) for i in visible_ids(view)))
    later = seen[len(game.view(seat)["hand"]) :]
    assert len(later) >= 3
    for first, second in itertools.pairwise(later[:3]):
        assert states_behind(first, second) == []


# --- attack 2: brute force of small seeds ---------------------------------------------------


def test_control_brute_force_finds_a_small_seed():
    """Control: were a match dealt with a small seed, trying seeds in order would find it."""
    truth = dealt(777)
    found = [s for s in range(1024) if visible_ids(dealt(s).view(1)) == visible_ids(truth.view(1))]
    assert found == [777]


@pytest.mark.parametrize("generator", [CURRENT_GENERATOR, LEGACY_GENERATOR])
def test_brute_force_of_small_seeds_finds_no_live_match(generator):
    """A live seed has SEED_BITS random bits: no seed below 4096, under either generator,
    deals the view the seat was sent."""
    truth = dealt(live_seed("brute force"))
    mine = visible_ids(truth.view(1))
    assert not any(visible_ids(dealt(s, generator).view(1)) == mine for s in range(4096))


def test_live_seeds_have_the_full_width():
    assert SEED_BITS >= 128
    with pytest.raises(ValueError, match="seed"):
        GameConfig(seats=4, seed=1 << SEED_BITS).validate()
    with pytest.raises(ValueError, match="seed"):
        GameConfig(seats=4, seed=-1).validate()


# --- attack 3: ids correlated with kinds, deck positions or the order of the deal -----------


def deals(count: int, seats: int = 6) -> list[Game]:
    return [dealt(live_seed(f"deal {n}"), seats=seats) for n in range(count)]


def id_value(card_id: str) -> int:
    return int(card_id, 16)


def kendall_tau(order: list[int]) -> float:
    """Kendall's tau between a list and its own positions (+1 sorted, -1 reversed)."""
    pairs = list(itertools.combinations(order, 2))
    return sum(1 if a < b else -1 for a, b in pairs) / len(pairs)


def chi_square(table: dict[tuple[str, int], int]) -> tuple[float, int]:
    """Pearson's chi-square statistic of a contingency table and its degrees of freedom."""
    rows = Counter()
    cols = Counter()
    for (row, col), count in table.items():
        rows[row] += count
        cols[col] += count
    total = sum(rows.values())
    statistic = 0.0
    for row, col in itertools.product(rows, cols):
        expected = rows[row] * cols[col] / total
        statistic += (table.get((row, col), 0) - expected) ** 2 / expected
    return statistic, (len(rows) - 1) * (len(cols) - 1)


def kind_group(kind: str) -> str:
    """Kinds common enough for a contingency table (R: 25 Shots, 12 Ricochets, 43 others)."""
    return kind if kind in ("shot", "ricochet") else "other"


def test_ids_sorted_say_nothing_about_the_order_of_the_deal():
    """R18: over 300 opening hands, sorting a hand by id is as likely to agree with the order
    the cards were dealt in as to disagree (mean Kendall tau within 4 standard errors of 0)."""
    taus = []
    for game in deals(50):
        for seat in range(6):
            taus.append(kendall_tau([id_value(c["id"]) for c in game.view(seat)["hand"]]))
    error = statistics.stdev(taus) / len(taus) ** 0.5
    assert abs(statistics.mean(taus)) < 4 * error


def test_ids_of_cards_in_one_hand_are_independent_of_their_kinds():
    """A card's id tells nothing of its kind: over 300 hands, (kind, top 4 bits of the id) is a
    contingency table with no dependence (chi-square below its 99.99 % quantile, which for
    30 degrees of freedom is about 67), and within a hand the order of the ids does not
    follow the kinds."""
    table: Counter = Counter()
    same_kind_adjacent = 0
    pairs = 0
    for game in deals(50):
        for seat in range(6):
            hand = game.view(seat)["hand"]
            for card in hand:
                table[(kind_group(card["kind"]), id_value(card["id"]) >> 36)] += 1
            by_id = sorted(hand, key=lambda c: c["id"])
            for a, b in itertools.pairwise(by_id):
                pairs += 1
                same_kind_adjacent += a["kind"] == b["kind"]
    statistic, freedom = chi_square(table)
    assert freedom == 30
    assert statistic < 67.0
    by_deal = 0
    adjacent = 0
    for game in deals(50):
        for seat in range(6):
            hand = game.view(seat)["hand"]
            for a, b in itertools.pairwise(hand):
                adjacent += 1
                by_deal += a["kind"] == b["kind"]
    # Neighbours by id share a kind as often as neighbours in the deal do (both are random).
    assert abs(same_kind_adjacent / pairs - by_deal / adjacent) < 0.05


def test_ids_are_unlinkable_to_deck_positions():
    """The same deck position carries unrelated ids in different games, and within a game
    the id does not grow or shrink with the position (Spearman's rho near 0)."""
    games = deals(40)
    rhos = []
    for game in games:
        deck = game.to_dict()["deck"]  # the state (server side), to know the true positions
        values = [id_value(row[0]) for row in deck]
        ranks = {v: r for r, v in enumerate(sorted(values))}
        n = len(values)
        d2 = sum((ranks[v] - position) ** 2 for position, v in enumerate(values))
        rhos.append(1 - 6 * d2 / (n * (n * n - 1)))
    assert abs(statistics.mean(rhos)) < 4 * statistics.stdev(rhos) / len(rhos) ** 0.5
    tops = [game.to_dict()["deck"][-1][0] for game in games]
    assert len(set(tops)) == len(tops)


@pytest.mark.parametrize("mode", MODES)
def test_ids_depend_on_the_secret_only_never_on_what_the_cards_are(mode):
    """With the same key, a deal of the same deck in another order hands every seat the same
    ids (for other cards): ids are a keyed function of where a card was created, not of what
    it is. With another key, the same cards get unrelated ids."""
    specs = [f"{row[1]}:{row[3]}:{row[2]}" for row in reversed(dealt(1).to_dict()["deck"])]
    others = list(specs)
    random.Random(3).shuffle(others)
    seed = live_seed("fixed key")
    first = Game.new(GameConfig(seats=5, mode=mode, seed=seed, deck=specs))
    second = Game.new(GameConfig(seats=5, mode=mode, seed=seed, deck=others))
    third = Game.new(GameConfig(seats=5, mode=mode, seed=seed + 1, deck=specs))
    kinds_changed = False
    for seat in range(5):
        a, b, c = (g.view(seat)["hand"] for g in (first, second, third))
        assert [x["id"] for x in a] == [x["id"] for x in b]
        assert not {x["id"] for x in a} & {x["id"] for x in c}
        kinds_changed |= [x["kind"] for x in a] != [x["kind"] for x in b]
    assert kinds_changed, "the reordered deck must deal other cards"

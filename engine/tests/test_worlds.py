"""Possible worlds (bangarena_engine.worlds, issue 22): a Game rebuilt from one seat's view.

A searching bot may only use its seat's view (R141), so the world it plays on must agree with
everything that view shows, and must depend on nothing else: two tables that differ only in
what the seat cannot see give the same worlds.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from bangarena_engine import Game, GameConfig
from bangarena_engine.cards import APPENDIX_A
from bangarena_engine.worlds import PublicCards, can_build, sample_roles, world_from_view


def _play_steps(seed: int, seats: int, mode: str, limit: int = 400):
    """(game, seat) at every play step of a seeded game of random legal moves."""
    game = Game.new(GameConfig(seats=seats, mode=mode, seed=seed))
    rng = random.Random(seed)
    for _ in range(limit):
        if game.result is not None:
            return
        [seat] = game.awaiting()
        if can_build(game.view(seat)):
            yield game, seat
        legal = game.legal_actions(seat)
        game.apply(seat, legal[rng.randrange(len(legal))])


def _without_log(view: dict) -> dict:
    return {key: value for key, value in view.items() if key != "log"}


@pytest.mark.parametrize(
    ("seats", "mode"), [(4, "classic"), (5, "classic"), (7, "double_agent"), (6, "old_classic")]
)
def test_a_world_shows_its_seat_exactly_the_view_it_was_built_from_r141(seats, mode):
    """Everything public and everything the seat knows is kept (HP, cards in play, its own
    hand and ids, hand sizes, piles, the discard top, round, Shots played, Jail): the world's
    view equals the original but for the log, and it offers the same legal actions."""
    checked = 0
    for k in range(3):
        for game, seat in _play_steps(k, seats, mode):
            view = game.view(seat)
            world = world_from_view(view, random.Random(checked))
            assert _without_log(world.view(seat)) == _without_log(view)
            assert world.legal_actions(seat) == game.legal_actions(seat)
            checked += 1
    assert checked > 30


def test_a_world_holds_the_whole_deck_and_the_composition_r4():
    """The hidden cards are the 80 of Appendix A minus the ones the seat sees, and the hidden
    roles are the composition minus the shown roles."""
    for game, seat in _play_steps(5, 5, "classic"):
        view = game.view(seat)
        world = world_from_view(view, random.Random(1))
        data = world.to_dict()
        cards = [tuple(c[1:]) for c in data["deck"] + data["discard"]]
        for p in data["players"]:
            cards += [tuple(c[1:]) for c in p["hand"] + p["in_play"]]
            if p["weapon"]:
                cards.append(tuple(p["weapon"][1:]))
        faces = Counter((kind, rank, suit) for kind, suit, rank in cards)
        assert faces + Counter() <= Counter(APPENDIX_A)
        assert sorted(p["role"] for p in data["players"]) == sorted(view["roles_at_table"])


def test_a_world_depends_only_on_the_view_and_the_generator_r141():
    """Two games that differ in other hands, the deck order and the hidden roles but show
    seat 0 the same view give the same world for the same generator."""
    roles = ["marshal", "deputy", "bandit", "bandit", "loner"]
    hands = [["shot", "ricochet", "horse", "duel", "wagon"], None, None, None, None]

    def game(order: list[str], salt: int) -> Game:
        rng = random.Random(salt)
        others = ["shot", "grab", "flask", "jail", "scope", "toss", "rifle", "cover"] * 4
        rng.shuffle(others)
        return Game.new(
            GameConfig(
                seats=5,
                seed=3,
                roles=order,
                characters=["lucky", "scavenger", "red_suit", "grip", "bonesetter"],
                hands=[*hands[:1], *[others[i * 4 : i * 4 + 4] for i in range(4)]],
                deck=["shot:8:spades", "wagon:9:hearts", *others[16:]],
            )
        )

    a = game(roles, 1)
    b = game(["marshal", "loner", "bandit", "deputy", "bandit"], 2)
    assert a.view(0) == b.view(0)
    assert a.view(1) != b.view(1)
    world_a = world_from_view(a.view(0), random.Random(9))
    world_b = world_from_view(b.view(0), random.Random(9))
    assert world_a.to_dict() == world_b.to_dict()


def test_sampled_roles_keep_the_double_agent_pair_r10():
    """R10 a: of the Marshal's two names one is the Double Agent and the other a Deputy."""
    game = Game.new(GameConfig(seats=7, mode="double_agent", seed=2))
    marshal = next(s for s in range(7) if game.view(s)["role"] == "marshal")
    view = game.view(marshal)
    pair = view["deputy_candidates"]
    for k in range(20):
        roles = sample_roles(view, random.Random(k))
        assert sorted(roles[s] for s in pair) == ["deputy", "double_agent"]


def test_only_the_seats_own_play_step_can_be_rebuilt():
    game = Game.new(GameConfig(seats=5, seed=1))
    [seat] = game.awaiting()
    other = (seat + 1) % 5
    assert not can_build(game.view(other))
    with pytest.raises(ValueError, match="play step"):
        world_from_view(game.view(other), random.Random(0))


def _faces(cards: list[list[str]]) -> Counter[tuple[str, str, str]]:
    """(kind, rank, suit) of serialized cards ([id, kind, suit, rank])."""
    return Counter((kind, rank, suit) for _id, kind, suit, rank in cards)


def test_a_world_keeps_the_discard_pile_the_log_shows_r27():
    """Every card that went face up to the discard pile since the last reshuffle is public
    (R27, R42): in every world it lies in the pile, never in a hidden hand or the deck. The
    Jail after its check and an exploded Dynamite are named by kind only, so for those the
    kind is what must match."""
    checked = 0
    for k in range(6):
        for game, seat in _play_steps(k, 5, "classic"):
            true_pile = game.to_dict()["discard"]
            world_pile = world_from_view(game.view(seat), random.Random(k)).to_dict()["discard"]
            assert Counter(c[1] for c in world_pile) == Counter(c[1] for c in true_pile)
            by_kind_only = {"jail", "dynamite"}
            assert +Counter(
                {f: n for f, n in _faces(world_pile).items() if f[0] not in by_kind_only}
            ) == +Counter({f: n for f, n in _faces(true_pile).items() if f[0] not in by_kind_only})
            checked += 1
    assert checked > 100


def test_a_card_seen_going_into_a_hand_is_in_that_hand_in_every_world_r52():
    """A Grab of a card in play (R52) shows the card going into the grabber's hand: every world
    deals it to him, until the log shows it leave or a random card is taken from his hand
    (then it may be the one that left). Checked against the real hands, the referee's."""
    seen = 0
    for k in range(40):
        for game, seat in _play_steps(k, 5, "classic"):
            view = game.view(seat)
            public = PublicCards.from_log(view["log"])
            world = world_from_view(view, random.Random(k), public=public).to_dict()
            truth = game.to_dict()
            for holder, faces in public.held.items():
                if holder == seat or not faces:
                    continue
                expected = Counter(faces)
                assert expected <= _faces(truth["players"][holder]["hand"])
                assert expected <= _faces(world["players"][holder]["hand"])
                seen += 1
    assert seen > 10


def _answering_steps(seed: int, seats: int = 5, limit: int = 500):
    """(game, seat) at every play step of a seeded game where every player answers a hit or
    a Raid round whenever he can (as a player who values his Health does) and otherwise
    plays a random legal move."""
    game = Game.new(GameConfig(seats=seats, mode="classic", seed=seed))
    rng = random.Random(seed)
    for _ in range(limit):
        if game.result is not None:
            return
        [seat] = game.awaiting()
        view = game.view(seat)
        if can_build(view):
            yield game, seat
        legal = game.legal_actions(seat)
        pending = view["pending"]
        answers = [a for a in legal if a["type"] == "respond"]
        if pending is not None and pending["kind"] in ("respond_hit", "raid") and answers:
            legal = answers
        game.apply(seat, legal[rng.randrange(len(legal))])


def test_a_hand_shown_to_lack_an_answer_lacks_it_in_every_world_r50_r55():
    """A player who takes a Shot or Buckshot hit without answering held no Ricochet (R50,
    R68), and one who loses a Raid round held no Shot (R55). The log then shows that every
    card in his hand lacks that kind, but for the cards that came in since: the real hand
    (the referee's) never holds more of it than that, and no world deals more of it."""
    shown = 0
    for k in range(30):
        for game, seat in _answering_steps(k):
            view = game.view(seat)
            characters = {p["seat"]: p["character"] for p in view["players"]}
            public = PublicCards.from_log(view["log"], characters)
            world = world_from_view(view, random.Random(k), public=public).to_dict()
            truth = game.to_dict()
            for holder, lacking in public.lacking.items():
                if holder == seat:
                    continue
                real = Counter(c[1] for c in truth["players"][holder]["hand"])
                dealt = Counter(c[1] for c in world["players"][holder]["hand"])
                for kind, came_in in lacking.items():
                    assert real[kind] <= came_in
                    assert dealt[kind] <= came_in
                    shown += came_in < truth["players"][holder]["hand"].__len__()
    assert shown > 50


def test_a_pass_in_a_duel_says_nothing_about_the_hand_r54():
    """A player may let a Duel end on purpose (R54): a pass there is no evidence."""
    public = PublicCards.from_log(
        [
            {
                "type": "played",
                "seat": 0,
                "card": {"kind": "duel", "suit": "clubs", "rank": "8"},
                "target": 1,
            },
            {"type": "passed", "seat": 1},
            {"type": "damage", "seat": 1, "amount": 1, "source": 0, "cause": "duel"},
        ],
        {0: "lucky", 1: "grip"},
    )
    assert public.lacking == {}

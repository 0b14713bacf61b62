"""Possible worlds: a full Game rebuilt from one seat's view plus guessed hidden parts.

A searching bot (machines/bots/hard.py, issue 22) may not look at the stored game: it only
has its seat's view (R141). To look ahead it builds *worlds*, games that agree with
everything the view shows (characters, HP, cards in play, its own hand, hand sizes, pile
sizes, the discard top, the round, whose turn it is) and fill in what the view hides (other
hands, hidden roles, the deck order, the rest of the discard pile) by drawing from what is
left. Sampling many worlds and playing each on is determinized search.

Everything hidden is drawn from ``rng``, so the same view and the same ``rng`` state give the
same world, and nothing here reads anything but the view. A world's own chance (reshuffles,
Cover coins, random hand cards) uses the fast ``splitmix64-v1`` stream keyed from ``rng``:
a world is thrown away after the search, so it needs no secret seed.

Only the play step of the viewing seat (``view["pending"] is None`` on its own turn) can be
rebuilt: there the pending stack is fully known from the view (the turn waits at its end
step under the play frame). Other decisions raise ``ValueError``.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping

from bangarena_engine.cards import APPENDIX_A
from bangarena_engine.characters import CHARACTER_BY_ID
from bangarena_engine.config import GameConfig
from bangarena_engine.game import Game
from bangarena_engine.rng import LEGACY_GENERATOR, SplitMix64
from bangarena_engine.roles import DEPUTY, DOUBLE_AGENT, MARSHAL
from bangarena_engine.state import Card, Player, State, copy_json
from bangarena_engine.types import CardView, Frame, View


def can_build(view: View) -> bool:
    """True when ``world_from_view`` can rebuild this decision (the seat's own play step)."""
    return (
        view["pending"] is None
        and view["result"] is None
        and view["seat"] is not None
        and view["turn"] == view["seat"]
        and view["seat"] in view["awaiting"]
    )


def hidden_role_pool(view: View) -> list[str]:
    """The roles still unseen by the viewer: the composition (R4) minus every shown role."""
    pool = Counter(view["roles_at_table"])
    pool.subtract(p["role"] for p in view["players"] if p["role"] is not None)
    return sorted(pool.elements())


def sample_roles(view: View, rng: random.Random) -> dict[int, str]:
    """Hidden roles dealt uniformly from the unseen composition, honouring the Marshal's two
    Double Agent names (R10 a: one is the Agent, the other a Deputy)."""
    hidden = [p["seat"] for p in view["players"] if p["role"] is None]
    pool = hidden_role_pool(view)
    roles: dict[int, str] = {}
    pair = [s for s in view.get("deputy_candidates") or [] if s in hidden]
    if len(pair) == 2 and DEPUTY in pool and DOUBLE_AGENT in pool:
        first, second = (DEPUTY, DOUBLE_AGENT) if rng.random() < 0.5 else (DOUBLE_AGENT, DEPUTY)
        roles[pair[0]], roles[pair[1]] = first, second
        pool.remove(DEPUTY)
        pool.remove(DOUBLE_AGENT)
    rest = [s for s in hidden if s not in roles]
    rng.shuffle(pool)
    roles.update(zip(rest, pool, strict=False))
    return roles


def world_from_view(view: View, rng: random.Random, roles: Mapping[int, str] | None = None) -> Game:
    """A Game consistent with ``view`` whose hidden parts are drawn from ``rng``.

    ``roles`` gives the hidden roles (seat -> role) when the caller has its own beliefs;
    without it they are dealt uniformly by ``sample_roles``. Other players' hands, the deck
    and the discard pile below its top are a shuffle of the cards the view does not show.
    """
    if not can_build(view):
        raise ValueError("a world can only be rebuilt at the viewing seat's play step")
    seat = view["seat"]
    assert seat is not None  # can_build checked it
    if roles is None:
        roles = sample_roles(view, rng)

    unseen = Counter(APPENDIX_A)
    shown: list[CardView] = list(view["hand"])
    for pv in view["players"]:
        shown.extend(pv["in_play"])
        if pv["weapon"] is not None:
            shown.append(pv["weapon"])
    top = view["discard_top"]
    if top is not None:
        shown.append(top)
    for card in shown:
        triple = (card["kind"], card["rank"], card["suit"])
        if unseen[triple] > 0:
            unseen[triple] -= 1
    rest: list[tuple[str, str, str]] = sorted(unseen.elements())  # (kind, rank, suit)
    rng.shuffle(rest)
    serial = iter(range(1_000_000))

    def fresh() -> Card:
        kind, rank, suit = rest.pop()
        return Card(f"w{next(serial):05d}", kind, suit, rank)

    def known(card: CardView) -> Card:
        return Card(card["id"], card["kind"], card["suit"], card["rank"])

    players: list[Player] = []
    for pv in view["players"]:
        role = pv["role"] if pv["role"] is not None else roles[pv["seat"]]
        if pv["seat"] == seat:
            hand = [known(c) for c in view["hand"]]
        else:
            hand = [fresh() for _ in range(min(pv["hand_count"], len(rest)))]
        players.append(
            Player(
                seat=pv["seat"],
                role=role,
                character=CHARACTER_BY_ID[pv["character"]],
                hp=pv["hp"],
                max_hp=pv["max_hp"],
                hand=hand,
                in_play=[known(c) for c in pv["in_play"]],
                weapon=known(pv["weapon"]) if pv["weapon"] is not None else None,
                alive=pv["alive"],
                upgrades=list(pv["upgrades"]),
            )
        )
    below_top = max(0, view["discard_count"] - (1 if top is not None else 0))
    discard = [fresh() for _ in range(min(below_top, len(rest)))]
    if top is not None:
        discard.append(known(top))
    deck = [fresh() for _ in range(min(view["deck_count"], len(rest)))]

    all_roles = [p.role for p in players]
    n = len(players)
    state = State(
        config=GameConfig(seats=n, mode=view["mode"], seed=0, generator=LEGACY_GENERATOR),
        mode=view["mode"],
        players=players,
        deck=deck,
        discard=discard,
        rng=SplitMix64(rng.getrandbits(64)),
        round=view["round"],
        turn=seat,
        shots=_shots_this_turn(view),
        high_noon=view["high_noon"],
        stack=_play_step_stack(view, seat),
        log=[],
        result=None,
        deputy_candidates=_candidates(view, all_roles, rng),
        started_with_deputy=DEPUTY in view["roles_at_table"],
        last_check=copy_json(view["last_check"]),
    )
    return Game(state)


def _this_turn(view: View) -> list[dict[str, object]]:
    """The public events since the viewing seat's turn began (the log is public, R141)."""
    log = view["log"]
    for start in range(len(log) - 1, -1, -1):
        if log[start]["type"] == "turn":
            return [dict(e) for e in log[start + 1 :]]
    return []


def _shots_this_turn(view: View) -> int:
    """Shots already played this turn (R49), as ``state.shots`` counts them: every Shot, and
    Two-Face's Ricochet played as a Shot (a Ricochet with a target)."""
    count = 0
    for event in _this_turn(view):
        if event["type"] == "played" and event.get("seat") == view["seat"]:
            card = event["card"]
            kind = card.get("kind") if isinstance(card, dict) else None
            if kind == "shot" or (kind == "ricochet" and "target" in event):
                count += 1
    return count


def _play_step_stack(view: View, seat: int) -> list[Frame]:
    """The stack while ``seat``'s play step awaits: the turn at its end step under the play
    frame, both marked jailed when this turn's Jail check failed in an Arena mode (R74)."""
    jailed = any(
        e["type"] == "check"
        and e.get("seat") == seat
        and e.get("check") == "jail"
        and e.get("result") == "jailed"
        for e in _this_turn(view)
    )
    if jailed:
        return [
            {"kind": "turn", "seat": seat, "step": "end", "jailed": True},
            {"kind": "play", "seat": seat, "jailed": True},
        ]
    return [{"kind": "turn", "seat": seat, "step": "end"}, {"kind": "play", "seat": seat}]


def _candidates(view: View, roles: list[str], rng: random.Random) -> list[int] | None:
    """The Marshal's two Double Agent names (R10 a): his view's, or one built from the world's
    roles so that the world's Marshal has them too."""
    shown = view.get("deputy_candidates")
    if shown is not None:
        return list(shown)
    if view["mode"] != DOUBLE_AGENT or DOUBLE_AGENT not in roles or MARSHAL not in roles:
        return None
    deputies = [s for s, r in enumerate(roles) if r == DEPUTY]
    if not deputies:
        return None
    pair = [roles.index(DOUBLE_AGENT), deputies[rng.randrange(len(deputies))]]
    rng.shuffle(pair)
    return pair


def forget_log(world: Game) -> None:
    """Drop a world's log once its events have been read (``apply`` returns them): a world
    lives for one look-ahead, and a short log keeps each of its views cheap to build."""
    world._state.log.clear()

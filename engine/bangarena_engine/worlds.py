"""Possible worlds: a full Game rebuilt from one seat's view plus guessed hidden parts.

A searching bot (machines/bots/hard.py, issue 22) may not look at the stored game: it only
has its seat's view (R141). To look ahead it builds *worlds*, games that agree with
everything the view shows (characters, HP, cards in play, its own hand, hand sizes, pile
sizes, the discard top, the round, whose turn it is) and fill in what the view hides (other
hands, hidden roles, the deck order) by drawing from what is left. The public log is kept
too: the cards it shows going face up to the discard pile since the last reshuffle (R27) lie
there in every world, and a card it shows going into a hand (a Grab of a card in play, R52,
or Vulture Jr.'s pick, R109) is in that hand until the log shows it leave or a random card
is taken from that hand. Sampling many worlds and playing each on is determinized search.

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
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from bangarena_engine.cards import APPENDIX_A, BROWN, CARD_TYPES
from bangarena_engine.characters import CHARACTER_BY_ID
from bangarena_engine.characters.base import Character
from bangarena_engine.config import GameConfig
from bangarena_engine.game import Game
from bangarena_engine.rng import LEGACY_GENERATOR, SplitMix64
from bangarena_engine.roles import DEPUTY, DOUBLE_AGENT, MARSHAL
from bangarena_engine.state import Card, Player, State, copy_json
from bangarena_engine.types import CardView, Frame, View

#: A card's face as the engine deals it: (kind, rank, suit).
Face = tuple[str, str, str]


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


@dataclass
class PublicCards:
    """What the public log says about where cards lie: the faces that went face up to the
    discard pile since the last reshuffle, oldest first (a kind alone where the log names
    only the kind: the Jail after its check, an exploded Dynamite), the faces seen going
    into each hand (a Grab of a card in play, R52; Vulture Jr.'s pick, R109; Red Suit's
    shown draw, R101) that the log has not seen leave it, and the kinds a hand was shown not
    to hold.

    A player who takes a Shot or Buckshot hit without answering it held nothing that cancels
    it (R50, R68), and one who loses a Raid round held no Shot (R55): every card then in his
    hand lacks those kinds. ``lacking[seat][kind]`` counts the cards that came into that hand
    since (draws, takes): all but that many of the cards in his hand now lack ``kind``. A
    card of that kind leaving the hand must be one of those that came later, so it takes
    one off the count; any other card leaving may have been either, so the count stays (the
    count only ever overstates what is unknown). A Duel's pass is no evidence: a player may
    let a Duel end on purpose (R54). Nor is a hit from a shooter whose Shots need more than
    one answer (Double Barrel, R69): one Ricochet was not enough. This reads a pass as a
    player who values his Health makes it; one who let his timer run out (R120) may have
    held an answer, and is misread until the cards he draws make the count large again.
    """

    pile: list[Face | str] = field(default_factory=list)
    held: dict[int, list[Face]] = field(default_factory=dict)
    lacking: dict[int, dict[str, int]] = field(default_factory=dict)
    #: Character ids by seat, for what a pass says (Two-Face answers with Shots, R102).
    characters: dict[int, str] = field(default_factory=dict)
    _passed: int | None = None

    @classmethod
    def from_log(
        cls, log: Iterable[Mapping[str, Any]], characters: Mapping[int, str] | None = None
    ) -> PublicCards:
        cards = cls(characters=dict(characters or {}))
        for event in log:
            cards.observe(event)
        return cards

    def observe(self, event: Mapping[str, Any]) -> None:
        """Read one public event (events are read as plain mappings, as a bot reads them)."""
        kind = event["type"]
        passed, self._passed = self._passed, None
        if kind == "passed":
            self._passed = event["seat"]
        elif kind == "damage" and passed == event["seat"]:
            self._shown_lacking(event["seat"], event["cause"], event.get("source"))
        elif kind == "played":
            card = event["card"]
            if CARD_TYPES[card["kind"]][0] == BROWN:
                self.pile.append(_face(card))
            self._leaves(event["seat"], card)
        elif kind == "discarded":
            for card in event["cards"] if "cards" in event else [event["card"]]:
                self.pile.append(_face(card))
                if event.get("cause") != "replaced":  # a replaced gun was in play, not in hand
                    self._leaves(event["seat"], card)
            if event.get("cause") == "eliminated":
                self._forget(event["seat"])
        elif kind == "penalty":
            self.pile.extend(_face(card) for card in event["cards"])
            self._forget(event["seat"])
        elif kind == "check":
            self.pile.extend(_face(card) for card in event.get("cards", ()))
            if event["check"] == "jail":
                self.pile.append("jail")  # R74: the Jail follows its check to the pile
            elif event["check"] == "dynamite" and event.get("result") == "exploded":
                self.pile.append("dynamite")  # R75
        elif kind == "reshuffled":
            self.pile.clear()  # R27: the pile is the new deck, hidden again
        elif kind == "drew":
            self._came_in(event["seat"], event["count"])
            if event.get("card") is not None:
                face = _face(event["card"])  # Vulture Jr. takes the discard top (R109)
                for logged in (face, face[0]):  # the top may be a card logged by kind only
                    if logged in self.pile:
                        self.pile.remove(logged)
                        break
                self.held.setdefault(event["seat"], []).append(face)
        elif kind == "revealed":  # Red Suit shows his second card as it goes to his hand (R101)
            self.held.setdefault(event["seat"], []).append(_face(event["card"]))
        elif kind == "took":
            self._came_in(event["seat"], 1)
            if event.get("card") is not None:
                self.held.setdefault(event["seat"], []).append(_face(event["card"]))
            elif event.get("from") is not None:
                self.held.pop(event["from"], None)  # a random card left: which one is hidden
        elif kind == "scavenged":
            self._came_in(event["seat"], event["count"])
        elif kind == "eliminated":
            self._forget(event["seat"])

    def _shown_lacking(self, seat: int, cause: str, source: int | None) -> None:
        character = CHARACTER_BY_ID.get(self.characters.get(seat, ""))
        if character is None:
            return
        if cause in ("shot", "buckshot"):
            shooter = (
                None if source is None else CHARACTER_BY_ID.get(self.characters.get(source, ""))
            )
            if cause == "shot" and (shooter is None or _needs_more_answers(shooter)):
                return
            kinds = character.dodge_kinds
        elif cause == "raid":
            kinds = character.duel_kinds
        else:
            return
        lacking = self.lacking.setdefault(seat, {})
        for lacked in kinds:
            lacking[lacked] = 0

    def _came_in(self, seat: int, count: int) -> None:
        lacking = self.lacking.get(seat)
        if lacking:
            for lacked in lacking:
                lacking[lacked] += count

    def _forget(self, seat: int) -> None:
        self.held.pop(seat, None)
        self.lacking.pop(seat, None)

    def _leaves(self, seat: int, card: Mapping[str, Any]) -> None:
        known = self.held.get(seat)
        face = _face(card)
        if known and face in known:
            known.remove(face)
        lacking = self.lacking.get(seat)
        if lacking and lacking.get(face[0], 0) > 0:
            lacking[face[0]] -= 1


def _needs_more_answers(shooter: Any) -> bool:
    """Whether this character's Shots may need more than one answer (R69): he has his own
    rule for it."""
    return type(shooter).dodges_needed is not Character.dodges_needed


def _face(card: Mapping[str, Any]) -> Face:
    return (str(card["kind"]), str(card["rank"]), str(card["suit"]))


def world_from_view(
    view: View,
    rng: random.Random,
    roles: Mapping[int, str] | None = None,
    public: PublicCards | None = None,
) -> Game:
    """A Game consistent with ``view`` and its public log whose hidden parts are drawn from
    ``rng``.

    ``roles`` gives the hidden roles (seat -> role) when the caller has its own beliefs;
    without it they are dealt uniformly by ``sample_roles``. ``public`` is
    ``PublicCards.from_log(view["log"])``, for a caller that builds many worlds from one view.
    The discard pile holds the cards the log shows there; other players' hands hold the cards
    the log shows going into them, and the rest of the hands and the deck are a shuffle of
    the cards nobody can place.
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
        triple = _face(card)
        if unseen[triple] > 0:
            unseen[triple] -= 1
    if public is None:
        public = PublicCards.from_log(view["log"])
    below_top = max(0, view["discard_count"] - (1 if top is not None else 0))
    held = {
        s: _place(faces[: view["players"][s]["hand_count"]], unseen)
        for s, faces in public.held.items()
        if s != seat
    }
    pile = _place(_pile_below_top(public, top, below_top), unseen)
    rest: list[Face] = sorted(unseen.elements())
    rng.shuffle(rest)
    serial = iter(range(1_000_000))

    def make(face: Face) -> Card:
        kind, rank, suit = face
        return Card(f"w{next(serial):05d}", kind, suit, rank)

    def fresh() -> Card:
        return make(rest.pop())

    def known(card: CardView) -> Card:
        return Card(card["id"], card["kind"], card["suit"], card["rank"])

    hands = {seat: [known(c) for c in view["hand"]]}
    slots: dict[int, list[frozenset[str]]] = {}
    for pv in view["players"]:
        if pv["seat"] != seat:
            hands[pv["seat"]] = [make(face) for face in held.get(pv["seat"], [])]
            slots[pv["seat"]] = _lacking_slots(
                public, pv["seat"], pv["hand_count"] - len(hands[pv["seat"]])
            )
    # The cards a hand is known to lack go in first, across the table: an earlier hand must
    # not take the last cards a later one may hold.
    for constrained in (True, False):
        for other, kinds in slots.items():
            for lacked in kinds:
                if bool(lacked) == constrained and rest:
                    hands[other].append(make(_take_unseen(rest, lacked)))
    for other in slots:
        rng.shuffle(hands[other])  # where in the hand a seen card sits is not public

    players: list[Player] = []
    for pv in view["players"]:
        role = pv["role"] if pv["role"] is not None else roles[pv["seat"]]
        hand = hands[pv["seat"]]
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
    discard = [fresh() for _ in range(min(below_top - len(pile), len(rest)))]
    discard += [make(face) for face in pile]
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


def _lacking_slots(public: PublicCards, seat: int, count: int) -> list[frozenset[str]]:
    """For each of ``count`` hand cards to deal, the kinds it cannot be: the log showed the
    hand held none of them (``PublicCards.lacking``), all but the cards that came in since."""
    lacking = public.lacking.get(seat) or {}
    slots = []
    for index in range(count):
        slots.append(frozenset(k for k, came_in in lacking.items() if index < count - came_in))
    return slots


def _take_unseen(rest: list[Face], lacked: frozenset[str]) -> Face:
    """The next undealt card whose kind is not in ``lacked`` (the next one at all, should
    every card left be of those kinds: a reading the view contradicts)."""
    if lacked:
        for index in range(len(rest) - 1, -1, -1):
            if rest[index][0] not in lacked:
                return rest.pop(index)
    return rest.pop()


def _pile_below_top(public: PublicCards, top: CardView | None, below_top: int) -> list[Face | str]:
    """The logged pile without its top card (the view shows that one), at most as many
    cards as lie below the top."""
    pile = list(public.pile)
    if top is not None and pile and pile[-1] in (_face(top), top["kind"]):
        pile.pop()
    return pile[max(0, len(pile) - below_top) :] if below_top else []


def _place(faces: Iterable[Face | str], unseen: Counter[Face]) -> list[Face]:
    """Take ``faces`` out of the cards still to deal; a bare kind takes any face of that
    kind once the named faces are placed. A face no longer there (a reading the view
    contradicts) is skipped."""
    placed: list[Face] = []
    for wanted in sorted(faces, key=lambda f: isinstance(f, str)):
        if isinstance(wanted, str):
            face = next((f for f in sorted(unseen) if f[0] == wanted and unseen[f] > 0), None)
        else:
            face = wanted
        if face is not None and unseen[face] > 0:
            unseen[face] -= 1
            placed.append(face)
    return placed


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

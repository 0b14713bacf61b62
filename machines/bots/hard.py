"""The Hard bot (issue 22): determinized search over the worlds its seat cannot tell apart.

At its own play step, when more than one sensible move exists (whom to shoot, duel, jail or
rob, whether to attack at all, or whether to play a card that may serve others or later
more than it serves him now), Hard

1. samples hidden worlds consistent with its view: hidden roles drawn from its joint
   reading of the public acts (``machines.bots.reading``: which deal of the unseen roles
   explains who attacked whom best); the discard pile and the cards seen going into a hand
   where the public log places them, no answer in a hand that was shown to have none, and
   the rest of the other hands and the deck dealt from the cards nobody can place
   (``bangarena_engine.worlds.world_from_view``);
2. in every world plays each candidate move and then lets Normal bots play every seat on for
   at most ``HORIZON`` decisions, until its own next turn begins or the game ends;
3. scores the end position for its own team: a win or loss outright, otherwise the chance
   that its team wins from there, fitted on Normal bots' games (``machines.bots.value``),
   with the world's roles; and plays the candidate with the best mean. The same worlds and
   the same rollout seeds serve every candidate, so luck cancels between them.

Everywhere else it plays as Normal. The budget is a constant (``ROLLOUTS`` look-aheads of at
most ``HORIZON`` decisions), never the clock, so its move is reproducible from the seed; and
it is spent at every play step, whether the hand offers one move or four (fewer candidates
get more worlds each), so how long Hard thinks does not tell what it holds (a play step
itself is public: whose turn it is, nothing pending). It reads only (view, legal, memory,
seed): the worlds are built from the view.
"""

from __future__ import annotations

import random
from typing import Any, cast

from bangarena_engine.game import Game
from bangarena_engine.roles import ROLE_TEAM
from bangarena_engine.types import View
from bangarena_engine.worlds import PublicCards, can_build, forget_log, world_from_view
from machines.bots.memory import BotMemory
from machines.bots.normal import choose_normal
from machines.bots.outlook import Outlook
from machines.bots.reading import RoleReading
from machines.bots.value import seats_of, win_chance

#: Look-aheads per play step (worlds x candidates), the same at every play step.
ROLLOUTS = 24
#: Decisions played on in each world after the candidate move.
HORIZON = 24
#: Candidate moves compared (Normal's own move always among them).
CANDIDATES = 4
#: How much better per world (in ``_value`` points: percentage points of the team's chance
#: to win) another move must be before Hard leaves Normal's: with few worlds the best of
#: several means is partly luck. The law once needed 8 and could only re-aim Normal's
#: attack, because worlds dealt from Normal's role odds put Bandits where Deputies sat (a
#: hit on a hidden Deputy costs more than one round shows, R89); with the joint reading
#: every role weighs every move at this margin (measured in docs/bots.md).
MARGIN = 1.5
#: Whether a play step with a single candidate still spends the whole budget (it must, at a
#: table: see ``choose_hard``). bench/strength.py turns it off to play more deals in the same
#: time; it changes no decision, since that candidate is played either way.
PAD_SINGLE_CHOICE = True

_ATTACKS = ("shot", "ricochet", "duel", "jail", "grab", "toss")
#: Attacks on everyone at once (R55, R60): searched too, as whole-table alternatives.
_VOLLEYS = ("raid", "buckshot")
#: Plays that may help the table more than their player: a Bazaar deals every player a card
#: (R57), a Saloon heals them all (R58), a Flask drunk now cannot cancel a hit at 1 HP later
#: (R51) and Dynamite may come back round (R65, R75). Searched against keeping the card.
_DOUBTFUL = ("bazaar", "saloon", "flask", "dynamite")
#: The kinds of card whose play Hard compares with other moves.
_SEARCHED_PLAYS = frozenset(_ATTACKS + _VOLLEYS + _DOUBTFUL)
_WIN = 100.0


def choose_hard(view: dict, legal: list[dict], memory: BotMemory, seed: int) -> dict:
    candidates, reading = _worth_searching(view, legal, memory, seed)
    if reading is None or (len(candidates) == 1 and not PAD_SINGLE_CHOICE):
        return candidates[0]
    # Every play step costs the same work, whatever the hand holds: ROLLOUTS look-aheads,
    # shared among the candidates (fewer candidates, more worlds each, so less noise where
    # the choice is narrow). With a single candidate they replay Normal's move. Otherwise
    # the time Hard took (a frame's arrival) would tell the table what its hidden hand held.
    worlds = ROLLOUTS // len(candidates)
    rng = random.Random(f"hard:{seed}:{view['seat']}:{memory.events_seen}")
    characters = {p["seat"]: p["character"] for p in view["players"]}
    public = PublicCards.from_log(view["log"], characters)  # read once: every world keeps it
    totals = [0.0] * len(candidates)
    for roles in reading.sample(worlds, rng):
        world_seed = rng.getrandbits(64)
        for index, action in enumerate(candidates):
            totals[index] += _rollout(view, memory, roles, public, world_seed, action)
    best = 0  # Normal's move, unless another is clearly better on the same worlds
    for index in range(1, len(candidates)):
        if totals[index] > totals[best]:
            best = index
    if best and totals[best] - totals[0] < MARGIN * worlds:
        best = 0  # a small lead over a few worlds is mostly luck: trust Normal
    return candidates[best]


def searched_moves(view: dict, legal: list[dict], memory: BotMemory, seed: int) -> list[dict]:
    """The moves Hard compares at this decision, Normal's first; a single move (Normal's)
    where it does not search. For benches and tests: what ``choose_hard`` would weigh."""
    return _worth_searching(view, legal, memory, seed)[0]


def _worth_searching(
    view: dict, legal: list[dict], memory: BotMemory, seed: int
) -> tuple[list[dict], RoleReading | None]:
    normal = legal[0] if len(legal) == 1 else choose_normal(view, legal, memory, seed)
    if not can_build(cast(View, view)):
        return [normal], None
    reading = RoleReading.of(view)
    outlook = Outlook.read(view, memory).reread(reading.odds())
    return _candidates(view, legal, outlook, normal), reading


def _candidates(view: dict, legal: list[dict], outlook: Outlook, normal: dict) -> list[dict]:
    """Normal's move, ending the turn, a Raid or Buckshot, and one attack per (card kind,
    target, card taken), most wanted targets first; friends Normal would never hurt are left
    out (for the Loner only the Marshal and a Partners mate: ``_wanted``). Equipment and
    draws are not searched: Normal's order for them is right. A play that may serve others
    or later more than now (``_DOUBTFUL``) is weighed against the same alternatives."""
    kinds = {c["id"]: c["kind"] for c in view["hand"]}
    normal_kind = kinds.get(normal.get("card", ""), "")
    if normal.get("type") == "play" and normal_kind not in _SEARCHED_PLAYS:
        return [normal]
    chosen = [normal]
    seen = {_signature(normal, kinds, view)}
    end_turn = next((a for a in legal if a.get("type") == "end_turn"), None)
    if end_turn is not None and _signature(end_turn, kinds, view) not in seen:
        chosen.append(end_turn)
        seen.add(_signature(end_turn, kinds, view))
    attacks: list[tuple[float, int, dict]] = []
    for action in legal:
        if action.get("type") != "play":
            continue
        if "target" not in action:
            signature = _signature(action, kinds, view)
            if kinds.get(action["card"]) in _VOLLEYS and signature not in seen:
                seen.add(signature)
                attacks.append((-0.5, len(attacks), action))
            continue
        if kinds.get(action["card"]) not in _ATTACKS:
            continue
        harm = _wanted(view, outlook, action["target"])
        if _frees(view, action):
            harm = -harm
        if harm <= 0.0:
            continue
        signature = _signature(action, kinds, view)
        if signature in seen:
            continue
        seen.add(signature)
        attacks.append((-harm, len(attacks), action))
    attacks.sort(key=lambda item: (item[0], item[1]))
    chosen.extend(action for _, _, action in attacks[: CANDIDATES - len(chosen)])
    return chosen[:CANDIDATES]


def _wanted(view: dict, outlook: Outlook, target: int) -> float:
    """How much Hard wants ``target`` hurt, to choose and order its candidate attacks: the
    harm wish of its reading, except for the Loner. He wins only as the last player standing
    (R8), so every other player but the Marshal (who must outlive the Bandits, R92) is his
    enemy sooner or later, and when to hit whom is what his look-ahead is for: players his
    rules would spare now stay candidates, after the wanted ones, in the same order. Not in
    Partners, where the other Loner is a teammate (R96). Being positive, their weight also
    turns taking a Jail or Dynamite away from them into no candidate (``_candidates`` flips
    the sign for that favour): the Loner does no spared player favours, as measured."""
    harm = outlook.harm.get(target, 0.0)
    if (
        harm > 0.0
        or view["role"] != "loner"
        or view["mode"] == "partners"
        or target == outlook.marshal
    ):
        return harm
    return _SPARED * (1.0 + harm / 10.0)  # small and positive: after the wanted and the volleys


#: The Loner's weight for a player his rules spare now (``_wanted``): just above nothing.
_SPARED = 0.01


def _frees(view: dict, action: dict) -> bool:
    """Whether a Grab or Toss takes a Jail or Dynamite away from its target: a favour to
    him, not an attack (R52, R53)."""
    taken = action.get("target_card")
    return taken not in (None, "hand") and _in_front_kind(view, action) in ("jail", "dynamite")


def _in_front_kind(view: dict, action: dict) -> str | None:
    player = view["players"][action["target"]]
    for card in [*player["in_play"], *([player["weapon"]] if player["weapon"] else [])]:
        if card["id"] == action["target_card"]:
            return str(card["kind"])
    return None


def _signature(action: dict, kinds: dict[str, str], view: dict) -> tuple:
    """Moves that differ only in which copy of a card they use are one move."""
    taken = action.get("target_card")
    if taken not in (None, "hand"):
        taken = _in_front_kind(view, action)
    return (
        action.get("type"),
        kinds.get(action.get("card", ""), ""),
        action.get("target"),
        taken,
    )


def _rollout(
    view: dict,
    memory: BotMemory,
    roles: dict[int, str],
    public: PublicCards,
    world_seed: int,
    action: dict,
) -> float:
    me = view["seat"]
    game = world_from_view(cast(View, view), random.Random(world_seed), roles, public)
    events = list(game.apply(me, action))
    forget_log(game)
    minds: dict[int, tuple[BotMemory, int]] = {}  # seat -> (memory, events it has read)
    step_rng = random.Random(world_seed)
    for _ in range(HORIZON):
        if game.result is not None:
            break
        [who] = game.awaiting()
        if who == me and game.turn == me and _turn_began_again(events, me):
            break
        legal_now: Any = game.legal_actions(who)  # the bots read actions as plain dicts
        bot_seed = step_rng.getrandbits(32)
        if len(legal_now) == 1:  # a forced move: no view, and the seat reads the news later
            choice = legal_now[0]
        else:
            mind, read = minds.get(who) or (memory.copy_for(who), 0)
            mind.observe(events[read:])
            minds[who] = (mind, len(events))
            choice = choose_normal(cast(Any, game.view(who)), legal_now, mind, bot_seed)
        events.extend(game.apply(who, cast(Any, choice)))
        forget_log(game)
    return _value(game, view, roles)


def _turn_began_again(events: list[Any], me: int) -> bool:
    return any(e["type"] == "turn" and e["seat"] == me for e in events)


def _value(game: Game, view: dict, roles: dict[int, str]) -> float:
    """How good the world's position is for the deciding seat's team: 100 for a win, 0 for a
    loss, otherwise 100 x the chance Normal bots' games give the team from such a position
    (machines/bots/value.py), with the world's roles."""
    me = view["seat"]
    result = game.result
    if result is not None:
        return _WIN if me in result["winners"] else 0.0
    public = game.view(None)
    role_of = {p["seat"]: p["role"] or roles[p["seat"]] for p in view["players"]}
    living = seats_of(public, role_of)
    team = ROLE_TEAM[view["role"]]
    return _WIN * win_chance(living, len(public["players"]), public["round"], team)

"""What a perfect reading of the hidden roles would be worth to a strength (issue 22).

    python bench/ceiling.py [--matches 2000] [--lines normal hard] [--roles law bandit loner]
                            [--rounds 1-999] [--workers 2] [--first 0]

A diagnostic, not a bot: the tested seat is handed the *true* hidden roles, which no bot
may ever see (R141). It answers one question before anyone spends a week on a better role
reading: how many points could any reading add at most? Played as ``bench/strength.py``
plays its lines (deal k twice, the tested seat's team win compared in the same seat, every
other seat Normal), the line ``normal`` compares Normal told the roles with plain Normal, and
``hard`` compares Hard whose reading holds the true roles (its imagined worlds and the
moves it weighs) with plain Hard. ``--rounds 1-2`` tells the roles
only in those rounds, to see when the knowledge matters.

The bench is the referee: it reads each seat's role from that seat's own view. The bots
are given it here by replacing, in this process only, the two functions that turn the
public record into role odds (``outlook._role_odds``, Normal's) and
(``hard.RoleReading``, Hard's); nothing in machines/ knows this bench exists.
"""

from __future__ import annotations

import argparse
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from strength import MAX_ACTIONS, report, tested_seat  # noqa: E402 - bench/ on path

from bangarena_engine import Game, GameConfig  # noqa: E402
from machines.bots import BotMemory, choose, hard, outlook  # noqa: E402 - needs the root on path
from machines.bots.reading import RoleReading  # noqa: E402

#: The roles the tested seat is told, while it decides; None when it is told nothing.
_told: dict[int, str] | None = None
_plain_odds = outlook._role_odds


def _told_odds(view: dict, known: dict[int, str], hostility: dict[int, float]) -> dict:
    odds = _plain_odds(view, known, hostility)
    if _told is None:
        return odds
    return {seat: {_told[seat]: 1.0} for seat in odds}


class _ToldReading(RoleReading):
    """Hard's reading, certain of the true roles while the tested seat is told them."""

    @classmethod
    def of(cls, view: Any) -> RoleReading:
        if _told is None:
            return RoleReading.of(view)
        told = _told
        return cls(
            [{p["seat"]: told[p["seat"]] for p in view["players"] if p["role"] is None}], [1.0]
        )


def play(config: GameConfig, seat: int, strength: str, told: bool, rounds: range) -> bool:
    """One game, ``seat`` at ``strength`` (told the roles in ``rounds`` or not), Normal
    elsewhere: whether the seat's team won."""
    global _told
    game = Game.new(config)
    truth = {s: game.view(s)["role"] for s in range(config.seats)}
    memories = {s: BotMemory.from_log(s, game.view(0)["log"]) for s in range(config.seats)}
    moves = 0
    while game.result is None and moves < MAX_ACTIONS:
        [who] = game.awaiting()
        view = game.view(who)
        mine = strength if who == seat else "normal"
        if who == seat and told and view["round"] in rounds:
            _told = truth
        try:
            action = choose(view, game.legal_actions(who), memories[who], moves, strength=mine)
        finally:
            _told = None
        events = game.apply(who, action)
        for memory in memories.values():
            memory.observe(events)
        moves += 1
    return game.result is not None and seat in game.result["winners"]


def pair(job: tuple[str, str, int, int, range]) -> tuple[int, int, float] | None:
    strength, role, k, seats, rounds = job
    hard.PAD_SINGLE_CHOICE = False  # the same moves, without the work done only to hide them
    if strength == "normal":
        outlook._role_odds = _told_odds
    else:
        hard.RoleReading = _ToldReading  # type: ignore[misc]
    config = GameConfig(seats=seats, mode="classic", seed=k)
    seat = tested_seat(Game.new(config), role, k)
    if seat is None:
        return None
    told = play(config, seat, strength, True, rounds)
    plain = play(config, seat, strength, False, rounds)
    return int(told), int(plain), 0.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--matches", type=int, default=2000)
    parser.add_argument("--first", type=int, default=0)
    parser.add_argument("--lines", nargs="+", default=["normal", "hard"])
    parser.add_argument("--roles", nargs="+", default=["law", "bandit", "loner"])
    parser.add_argument("--rounds", default="1-999", help="rounds in which the roles are told")
    parser.add_argument("--seats", type=int, default=5)
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args()
    low, high = (int(x) for x in args.rounds.split("-"))
    rounds = range(low, high + 1)
    print(f"classic, {args.seats} seats, deals {args.first}-{args.first + args.matches - 1},")
    print(f"roles told in rounds {args.rounds}")
    print("| line | seat | matches | told wins | plain wins | told - plain (points) | time |")
    print("|---|---|---|---|---|---|---|")
    with ProcessPoolExecutor(args.workers) as pool:
        for strength in args.lines:
            for role in args.roles:
                jobs = [
                    (strength, role, k, args.seats, rounds)
                    for k in range(args.first, args.first + args.matches)
                ]
                start = time.perf_counter()
                rows = [r for r in pool.map(pair, jobs, chunksize=8) if r is not None]
                report(f"{strength} told", strength, role, rows, time.perf_counter() - start)


if __name__ == "__main__":
    main()

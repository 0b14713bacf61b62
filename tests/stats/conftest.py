"""Builders for statistics tests: finished matches made straight from the engine.

``finished_match`` plays a GameConfig to the end (a scripted policy first, then seeded random
legal moves) and stores it exactly as game.services leaves a finished match: config, final
state, one MatchAction per move, seats, result and times. Recording reads only those rows, so
these matches record like live ones, without running the live table's jobs.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import asdict
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from bangarena_engine import Game, GameConfig
from bangarena_site.accounts.models import User
from game.models import Match, MatchAction, MatchSeat

START = datetime(2026, 11, 25, 20, 0, tzinfo=UTC)  # a Wednesday

# A policy picks the next move, or None to fall back on seeded random play.
Policy = Callable[[Game, int, list[dict]], dict | None]


def play(config: GameConfig, policy: Policy | None = None, *, seed: int = 1) -> list[tuple]:
    """Play ``config`` to the end; returns the (seat, action) log."""
    game = Game.new(config)
    rng = random.Random(seed)
    moves: list[tuple[int, dict]] = []
    for _ in range(20000):
        if game.result is not None:
            return moves
        [seat] = game.awaiting()
        legal = game.legal_actions(seat)
        action = policy(game, seat, legal) if policy else None
        if action is None:
            # Prefer attacking so random games end quickly.
            attacks = [a for a in legal if a.get("type") == "play" and "target" in a]
            action = rng.choice(attacks) if attacks and rng.random() < 0.7 else rng.choice(legal)
        game.apply(seat, action)
        moves.append((seat, action))
    raise AssertionError("the game did not end")


def store(
    config: GameConfig,
    moves: list[tuple[int, dict]],
    seats: list[dict[str, Any]],
    *,
    started_at: datetime = START,
    minutes: int = 12,
) -> Match:
    """Save a played game as a finished Match (what services._finish leaves)."""
    game = Game.new(config)
    for seat, action in moves:
        game.apply(seat, action)
    assert game.result is not None
    match = Match.objects.create(
        seed=config.seed,
        config=asdict(config),
        state=game.to_dict(),
        version=len(moves),
        status=Match.Status.FINISHED,
        move_time=30,
        tempo="fast",
        result=game.result,
    )
    finished_at = started_at + timedelta(minutes=minutes)
    Match.objects.filter(pk=match.pk).update(created_at=started_at, finished_at=finished_at)
    match.refresh_from_db()
    MatchAction.objects.bulk_create(
        MatchAction(match=match, seq=n, seat=seat, action=action)
        for n, (seat, action) in enumerate(moves, start=1)
    )
    bots = 0
    rows = []
    for index in range(config.seats):
        spec = seats[index] if index < len(seats) else {}
        kind = spec.get("kind", "human" if ("user" in spec or "guest_key" in spec) else "bot")
        if kind == "bot":
            bots += 1
        user = spec.get("user")
        rows.append(
            MatchSeat(
                match=match,
                seat=index,
                kind=kind,
                user=user,
                guest_key=spec.get("guest_key", ""),
                name=spec.get("name") or (user.username if user else f"Bot {bots}"),
                label=f"Bot {bots}" if kind == "bot" else "",
                strength=spec.get("strength", "normal"),
            )
        )
    MatchSeat.objects.bulk_create(rows)
    return match


def finished_match(
    people: list[dict[str, Any]],
    *,
    policy: Policy | None = None,
    seed: int = 1,
    started_at: datetime = START,
    **config: Any,
) -> Match:
    """A finished match of ``GameConfig(**config)``; ``people`` entries (by seat) are dicts with
    ``user`` or ``guest_key`` (humans) or nothing (bots, or a bot's ``strength``); missing
    seats are Normal bots."""
    config.setdefault("seats", max(4, len(people)))
    config.setdefault("seed", seed)
    game_config = GameConfig(**config)
    return store(game_config, play(game_config, policy, seed=seed), people, started_at=started_at)


def make_user(username: str) -> User:
    return User.objects.create_user(username=username, password="Tumbleweed-Saloon-42")


@pytest.fixture
def users(db: Any) -> Callable[[int], list[User]]:
    def build(count: int) -> list[User]:
        return [make_user(f"player{n}") for n in range(1, count + 1)]

    return build


@pytest.fixture(autouse=True)
def _fast_password_hashing(settings: Any) -> None:
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


# The live table's hand-driven clock and job queue (tests/game/conftest.py), for the tests
# that play a match through game.services and its match_finished signal.
from tests.game.conftest import clock, job_queue  # noqa: E402, F401


def bare_record(
    user: User | None,
    *,
    seats: int = 4,
    mode: str = "classic",
    finished_at: datetime = START,
    others: dict[int, dict[str, Any]] | None = None,
    apply: bool = True,
    rated: bool | None = None,
    **mine: Any,
) -> Any:
    """A MatchRecord written directly (no engine game): the user's result at seat 0 with the
    fields given, bots at the other seats (``others`` overrides them by seat). With ``apply``
    it then counts for the user exactly as recording does (tallies, achievements, rating).

    ``rated`` is what recording would have decided; by default a user's record is rated, as if
    another signed-up player had shared the table unseen (these records test the boards and
    the ratings; the rule itself, two accounts, is tested on recorded matches in
    test_rated_matches.py)."""
    from stats.models import MatchRecord, PlayerResult
    from stats.recording import apply_for_users

    match = Match.objects.create(
        seed=0, config={"seats": seats, "mode": mode}, state={}, move_time=30, tempo="fast"
    )
    record = MatchRecord.objects.create(
        match=match,
        mode=mode,
        seats=seats,
        rounds=mine.get("rounds_survived", 3),
        turns=10,
        actions=50,
        duration_seconds=600,
        started_at=finished_at - timedelta(minutes=10),
        finished_at=finished_at,
        winning_team="law",
        rated=user is not None if rated is None else rated,
        humans=(2 if rated is not False else 1) if user is not None else 0,
    )
    defaults = {"role": "bandit", "character": "grip", "won": False, "team": ""}
    others = dict(others or {})
    if not mine.get("won") and not any(o.get("won") for o in others.values()):
        # Somebody always wins (R91): by default the bot at seat 1.
        others[1] = {"won": True, **others.get(1, {})}
    rows = []
    for seat in range(seats):
        fields = {**defaults, **others.get(seat, {})}
        if seat == 0:
            fields = {**defaults, **mine}
        mine_human = seat == 0 and user is not None
        fields.setdefault("kind", "human" if mine_human else "bot")
        fields.setdefault("name", user.username if mine_human else f"Bot {seat}")
        rows.append(
            PlayerResult(
                record=record,
                seat=seat,
                user=user if seat == 0 else None,
                mode=mode,
                finished_at=finished_at,
                **fields,
            )
        )
    results = PlayerResult.objects.bulk_create(rows)
    if apply:
        apply_for_users(record, [results[0]])
    return record

"""Fixtures for language-model seats: a real local OpenAI-compatible server (tests/ai/fake_openai),
a registered model pointing at it, the hand-moved clock and job queue of tests/game, and a
builder of matches whose AI seats are bound to a model. Nothing sleeps."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest
from django.db import transaction

from game import services as game_services
from game.models import Match, MatchSeat
from game.services import SeatSpec
from lobby import services as lobby_services
from machines.ai.models import AIModel, MatchSeatModel
from tests.ai.fake_openai import FakeOpenAI
from tests.game.conftest import (  # noqa: F401 (fixtures)
    FakeClock,
    JobQueue,
    _no_logged_errors,
    bot_seats,
    job_queue,
    seed_with_marshal_at,
)
from tests.lobby.conftest import room_with_guests  # noqa: F401 (a fixture)

KEY_ENV = "BANGARENA_TEST_MODEL_KEY"
KEY = "sk-test-not-a-real-key"


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> FakeClock:
    fake = FakeClock()
    monkeypatch.setattr(game_services, "clock", fake)
    monkeypatch.setattr(lobby_services, "clock", fake)
    return fake


@pytest.fixture
def fake_openai() -> Iterator[FakeOpenAI]:
    server = FakeOpenAI().start()
    yield server
    server.stop()


@pytest.fixture
def model(fake_openai: FakeOpenAI, monkeypatch: pytest.MonkeyPatch) -> AIModel:
    monkeypatch.setenv(KEY_ENV, KEY)
    return AIModel.objects.create(
        display_name="Fake GPT",
        base_url=fake_openai.url,
        model="fake-1",
        api_key_env=KEY_ENV,
        timeout_seconds=5,
        token_budget=100_000,
    )


def ai_seats(count: int, name: str = "Model") -> list[SeatSpec]:
    return [SeatSpec(kind="ai", name=f"{name} {n}") for n in range(1, count + 1)]


@pytest.fixture
def model_match(model: AIModel) -> Callable[..., Match]:
    """Start a match and bind its AI seats (or ``bound``) to the model, in one transaction as
    the lobby does, so the first decision request already finds the binding."""

    def build(
        seats: list[SeatSpec],
        *,
        seed: int = 11,
        bound: list[int] | None = None,
        move_time: int = 30,
        **kwargs: Any,
    ) -> Match:
        with transaction.atomic():
            match = game_services.start_match(
                seats=seats,
                mode=kwargs.pop("mode", "classic"),
                move_time=move_time,
                tempo=kwargs.pop("tempo", "normal"),
                seed=seed,
            )
            players = MatchSeat.objects.filter(match=match, kind="ai")
            if bound is not None:
                players = players.filter(seat__in=bound)
            for player in players:
                MatchSeatModel.objects.create(match_seat=player, model=model)
        match.refresh_from_db()
        return match

    return build


def ai_first(model_match: Callable[..., Match], **kwargs: Any) -> Match:
    """Seat 0 is a model seat holding the Marshal, so its decision comes first (R20)."""
    seats = [*ai_seats(1), *bot_seats(3)]
    return model_match(seats, seed=seed_with_marshal_at(0, seats=4), **kwargs)

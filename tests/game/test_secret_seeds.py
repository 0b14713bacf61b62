"""The match's seed is a fresh secret that never leaves the server while the match runs
(docs/security.md; R4: what a seat may know), and matches dealt before it keep replaying.

A seed decides every shuffle, deal and coin of its match: whoever reads it knows every hidden
role, hand and the deck order. So a live match's seed is drawn with ``secrets`` at its full
width, and no page, socket frame, agent observation, AI prompt or admin page of a running
match may carry it, in any spelling.
"""

from __future__ import annotations

import json
import random

import pytest
from channels.db import database_sync_to_async
from django.conf import settings
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.test import Client
from django.urls import reverse

from bangarena_engine import Game, GameConfig
from bangarena_engine.rng import CURRENT_GENERATOR, LEGACY_GENERATOR, SEED_BITS
from game import services
from game.models import Match, MatchAction
from machines.agents import protocol
from machines.ai.prompt import build_messages
from tests.game.conftest import (
    FakeClock,
    JobQueue,
    bot_seats,
    guest_cookie,
    table_socket,
)

pytestmark = pytest.mark.django_db(transaction=True)


def spellings(seed: int) -> list[str]:
    """Ways a seed could show up in text: decimal, hex, and any 16-digit piece of its hex."""
    hexed = format(seed, "x")
    pieces = [hexed[i : i + 16] for i in range(0, max(1, len(hexed) - 15), 8)]
    return [str(seed), hexed, *pieces]


def assert_no_seed(text: str, seed: int, where: str) -> None:
    for spelling in spellings(seed):
        assert spelling not in text.lower(), f"the seed reached {where}"


def live_match(session_key: str) -> Match:
    """A running match as the lobby deals it (no seed given): a guest and three bots."""
    seats = [services.SeatSpec(kind="human", name="Calamity", guest_key=session_key)]
    return services.start_match(
        seats=seats + bot_seats(3), mode="classic", move_time=30, tempo="fast"
    )


def test_each_new_match_draws_a_fresh_full_width_secret_seed(job_queue: JobQueue):
    """Fresh, distinct and SEED_BITS wide (not a 62-bit number a script could walk), stored
    exactly, and dealt with the secret generator."""
    matches = [
        services.start_match(seats=bot_seats(4), mode="classic", move_time=15, tempo="fast")
        for _ in range(8)
    ]
    seeds = [Match.objects.get(pk=m.pk).seed for m in matches]
    assert len(set(seeds)) == 8
    assert max(seed.bit_length() for seed in seeds) > SEED_BITS - 8
    assert all(0 <= seed < 1 << SEED_BITS for seed in seeds)
    for match in matches:
        stored = Match.objects.get(pk=match.pk)
        assert stored.config["seed"] == stored.seed
        assert stored.config["generator"] == CURRENT_GENERATOR
        assert stored.game().to_dict() == Game.new(stored.game_config()).to_dict()


def test_the_seed_is_in_no_page_of_a_running_match(clock: FakeClock, job_queue: JobQueue):
    session_key, _ = guest_cookie()
    match = live_match(session_key)
    seat_client = Client()
    seat_client.cookies[settings.SESSION_COOKIE_NAME] = session_key
    for _ in range(6):
        job_queue.run_next()
    table = reverse("game:table", args=[match.pk])
    assert_no_seed(seat_client.get(table).content.decode(), match.seed, "the seat's table")
    assert_no_seed(Client().get(table).content.decode(), match.seed, "the watchers' table")
    result = Client().get(reverse("game:result", args=[match.pk]))
    assert_no_seed(result.content.decode(), match.seed, "the result page")


async def test_the_seed_is_in_no_socket_frame(socket_time, sockets):
    session_key, cookie = await database_sync_to_async(guest_cookie)()
    match = await database_sync_to_async(live_match)(session_key)
    seated = table_socket(match.pk, cookie)
    watcher = table_socket(match.pk)
    sockets.extend([seated, watcher])
    for socket in (seated, watcher):
        connected, _ = await socket.connect()
        assert connected
    for _ in range(4):
        await socket_time.run_next_timer()
    for socket in (seated, watcher):
        while not await socket.receive_nothing(timeout=0.05):
            assert_no_seed(await socket.receive_from(), match.seed, "a table frame")


def test_the_seed_is_in_no_agent_observation_nor_ai_prompt(job_queue: JobQueue):
    match = services.start_match(seats=bot_seats(5), mode="partners", move_time=15, tempo="fast")
    for _ in range(10):
        match.refresh_from_db()
        seat = match.awaited_seat
        decide = protocol.decide(match.pk, seat)
        assert_no_seed(json.dumps(decide), match.seed, "an agent's decide frame")
        game = match.game()
        names = {s: f"Bot {s}" for s in range(5)}
        prompt = build_messages(game.view(seat), game.legal_actions(seat), names)
        assert_no_seed(json.dumps(prompt), match.seed, "an AI prompt")
        job_queue.run_next()


def test_moderators_see_the_seed_only_once_the_match_is_over(
    admin_client: Client, job_queue: JobQueue
):
    """Even a moderator who also plays must not read the key of a running match."""
    match = services.start_match(seats=bot_seats(4), mode="classic", move_time=15, tempo="fast")
    page = reverse("admin:game_match_change", args=[match.pk])
    assert_no_seed(admin_client.get(page).content.decode(), match.seed, "the admin page")
    job_queue.run_until_finished(match.pk)
    assert str(match.seed) in admin_client.get(page).content.decode()


def test_the_bots_tie_breaks_are_seeded_by_a_one_way_function_of_the_seed(job_queue: JobQueue):
    """The bots' tie-breaks used to be seeded with seed + version, so a bot's choices were a
    function of the key itself; now each decision gets a 64-bit seed derived through BLAKE2b,
    the same for the same decision and unrelated from one decision to the next."""
    match = services.start_match(seats=bot_seats(4), mode="classic", move_time=15, tempo="fast")
    seeds = []
    for version in range(3):
        match.version = version
        seeds.append(services.bot_seed(match))
        assert services.bot_seed(match) == seeds[-1]
        assert seeds[-1] != match.seed + version
        assert seeds[-1] < 1 << 64
    assert len(set(seeds)) == 3
    assert len({b - a for a, b in zip(seeds, seeds[1:], strict=False)}) == 2


# --- matches dealt by the legacy generator --------------------------------------------------

BEFORE = [("game", "0007_user_verbose_name")]


def legacy_rows(game: Game) -> dict:
    """What the old code stored: a config and snapshot that name no generator."""
    config = {k: v for k, v in game.config.to_dict().items() if k != "generator"}
    state = game.to_dict()
    state["config"] = dict(config)
    return {"config": config, "state": state}


def test_old_matches_replay_exactly_after_the_migration():
    """Rows written before the migration (62-bit seeds in a bigint column, configs without a
    generator) come out of it naming splitmix64-v1, and replay to their snapshot exactly."""
    executor = MigrationExecutor(connection)
    executor.migrate(BEFORE)
    try:
        apps = executor.loader.project_state(BEFORE).apps
        OldMatch = apps.get_model("game", "Match")
        OldAction = apps.get_model("game", "MatchAction")
        stored = []
        for seats, seed in ((5, 2**61 + 99), (7, 123456789)):
            game = Game.new(GameConfig(seats=seats, seed=seed, generator=LEGACY_GENERATOR))
            chooser = random.Random(seed)
            moves = []
            for _ in range(60):
                seat = chooser.choice(game.awaiting())
                action = chooser.choice(game.legal_actions(seat))
                game.apply(seat, action)
                moves.append((seat, action))
            row = OldMatch.objects.create(
                seed=seed, move_time=30, tempo="fast", version=len(moves), **legacy_rows(game)
            )
            OldAction.objects.bulk_create(
                OldAction(match=row, seq=n, seat=seat, action=action)
                for n, (seat, action) in enumerate(moves, start=1)
            )
            stored.append((row.pk, seed, game.to_dict()))
    finally:
        executor = MigrationExecutor(connection)
        executor.migrate(executor.loader.graph.leaf_nodes())
    for pk, seed, snapshot in stored:
        match = Match.objects.get(pk=pk)
        assert match.seed == seed
        assert match.config["generator"] == LEGACY_GENERATOR
        assert match.state["config"]["generator"] == LEGACY_GENERATOR
        assert match.game().to_dict() == snapshot
        assert match.replay().to_dict() == snapshot
        assert MatchAction.objects.filter(match=match).count() == 60

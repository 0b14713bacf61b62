"""A match's row keeps a snapshot of the game and the moves since it (game.storage).

Found measuring bot games and the production stack (issues 19 and 22): every move wrote the
whole game, whose event log grows with the match (5 KB at the deal, 30-40 KB by the end), so
what a match wrote grew with the square of its length and each move's UPDATE carried tens of
KB through PostgreSQL. Now a move writes its action; the whole game only every SNAPSHOT_EVERY
moves and at the end. The table, the bots and a restart must see exactly the game the moves
made (DESIGN.md section 2: config + actions are the truth).
"""

from __future__ import annotations

import json

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from bangarena_engine import Game, GameConfig
from game import storage
from game.models import Match
from tests.game.conftest import JobQueue, bot_seats, start

pytestmark = pytest.mark.django_db(transaction=True)


def test_every_move_loads_the_game_the_action_log_makes_and_the_end_is_one_snapshot(
    job_queue: JobQueue,
):
    """R20-R23 and every rule after: whatever the split between snapshot and tail, the game a
    move starts from is the one config + actions give, through a whole match."""
    match = start(bot_seats(5), seed=2024, tempo="fast")
    tails: list[int] = []
    while Match.objects.get(pk=match.pk).is_running:
        job_queue.run_next()
        match.refresh_from_db()
        tails.append(len(match.tail))
        if match.version % 7 == 0:
            assert match.game().to_dict() == match.replay().to_dict()
    assert match.tail == []  # the end is written whole: summaries and replays read it directly
    assert Game.from_dict(match.state).to_dict() == match.replay().to_dict()
    assert max(tails) == storage.SNAPSHOT_EVERY - 1
    assert 0 in tails[:-1]  # snapshots were taken along the way, not only at the end


def test_what_a_move_writes_does_not_grow_with_the_match(job_queue: JobQueue):
    """What one move writes does not grow with the match: the UPDATE of a move carries its
    action and the short tail, a few hundred bytes however long the log is; only every
    SNAPSHOT_EVERY-th move (and the last) writes the whole game."""
    match = start(bot_seats(5), seed=99, tempo="fast")
    moves = snapshots = 0
    while Match.objects.get(pk=match.pk).is_running:
        with CaptureQueriesContext(connection) as queries:
            job_queue.run_next()
        updates = [q["sql"] for q in queries if q["sql"].startswith('UPDATE "game_match"')]
        if not updates:
            continue
        moves += 1
        if any('"state"' in sql for sql in updates):
            snapshots += 1
        else:
            assert sum(len(sql) for sql in updates) < 2_500, updates
    match.refresh_from_db()
    assert len(json.dumps(match.state)) > 10_000  # the whole game that is no longer rewritten
    assert snapshots <= moves // storage.SNAPSHOT_EVERY + 1


def test_a_row_from_before_the_tail_loads_as_it_was():
    """Matches saved before the tail existed hold the game after their last move in ``state``
    and get an empty tail from the migration: they load exactly as before."""
    game = Game.new(GameConfig(seats=4, seed=5))
    seat = game.awaiting()[0]
    game.apply(seat, game.legal_actions(seat)[0])
    assert storage.restore(json.loads(json.dumps(game.to_dict())), []).to_dict() == game.to_dict()

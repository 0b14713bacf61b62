"""At the table an agent seat is an "AI N" seat whose badge names the agent (R142, issue 9);
the name is escaped and read in one query for all seats."""

from __future__ import annotations

import pytest

from game import broadcast
from game.services import SeatSpec
from game.table import context
from machines.agents.services import create_token
from tests.game.conftest import bot_seats, start

pytestmark = pytest.mark.django_db


def test_agent_seats_show_ai_n_and_a_badge_naming_the_agent(job_queue, django_assert_num_queries):
    seats = [SeatSpec(kind="ai", name="x"), SeatSpec(kind="ai", name="y"), *bot_seats(2)]
    match = start(seats)
    create_token(match.seats.get(seat=0), name="<i>Deadeye</i>")
    create_token(match.seats.get(seat=1), name="Longshot")
    table = list(match.seats.all())

    with django_assert_num_queries(2):  # the models' names, the agents' names
        infos = context.seat_infos(match, table)
    assert [info.agent_badge for info in infos[:2]] == ["<i>Deadeye</i>", "Longshot"]

    html = broadcast.render_table(match, table, match.game(), None)
    assert "&lt;i&gt;Deadeye&lt;/i&gt;" in html
    assert "<i>Deadeye</i>" not in html
    assert "Longshot" in html
    assert "AI 1" in html
    assert "AI 2" in html


def test_a_table_without_ai_seats_asks_nothing(job_queue, django_assert_num_queries):
    match = start(bot_seats(4))
    table = list(match.seats.all())
    with django_assert_num_queries(0):
        assert {info.agent_badge for info in context.seat_infos(match, table)} == {""}

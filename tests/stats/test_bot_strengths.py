"""Bot strengths in the record and the statistics (issue 22, R140, R141): every bot seat's
strength is recorded with its result; the summary and the history say how well each bot
played; a player's statistics count their matches by the strongest bot at the table. Matches
recorded before strengths existed were played by the Normal bot and read so."""

from __future__ import annotations

import importlib
import re

import pytest
from django.apps import apps
from django.test import Client
from django.urls import reverse

from stats.models import PlayerResult
from stats.recording import record_match
from tests.stats.conftest import finished_match, make_user

pytestmark = pytest.mark.django_db


def signed_in(user) -> Client:  # noqa: ANN001 (a User)
    client = Client()
    client.force_login(user)
    return client


def test_the_record_keeps_each_bots_strength_and_none_for_players_r140():
    ana = make_user("ana")
    match = finished_match(
        [{"user": ana}, {"strength": "hard"}, {"strength": "easy"}, {}], seats=4, seed=2
    )
    record = record_match(match)
    rows = record.players.order_by("seat").values_list("kind", "label", "strength")
    assert list(rows) == [
        ("human", "", ""),
        ("bot", "Bot 1", "hard"),
        ("bot", "Bot 2", "easy"),
        ("bot", "Bot 3", "normal"),
    ]


def test_the_summary_shows_how_well_each_bot_played_r140():
    ana = make_user("ana")
    match = finished_match(
        [{"user": ana}, {"strength": "hard"}, {"strength": "easy"}, {}], seats=4, seed=2
    )
    record_match(match)
    page = signed_in(ana).get(reverse("game:result", args=[match.pk])).content.decode()
    table = page.split('class="stats-table stats-table--stack summary-table"')[1]
    heads = re.findall(r'<th scope="row">(.*?)</th>', table, re.S)
    strengths = [
        re.findall(r'<span class="badge badge--bot summary__strength"[^>]*>([^<]+)</span>', head)
        for head in heads
    ]
    assert strengths == [[], ["Hard"], ["Easy"], ["Normal"]]


def test_the_history_names_each_bot_with_its_strength():
    ana, bob = make_user("ana"), make_user("bob")
    match = finished_match(
        [{"user": ana}, {"user": bob}, {"strength": "hard"}, {"strength": "easy"}],
        seats=4,
        seed=2,
    )
    record_match(match)
    page = signed_in(ana).get(reverse("stats:history")).content.decode()
    others = page.split('class="history__others">')[1].split("</td>")[0]
    names = re.findall(r'<span class="name-clip" title="[^"]*">([^<]+)</span>', others)
    assert names == ["bob", "Bot 1 · Hard", "Bot 2 · Easy"]


def against_bots(page: str) -> dict[str, tuple[int, int, str]]:
    """Strength -> (games, wins, win rate) from the statistics page's "Against bots" table."""
    block = page.split('id="against-bots"')[1].split("</section>")[0]
    rows = re.findall(
        r'<tr><th scope="row">([^<]+)</th><td class="num">(\d+)</td>'
        r'<td class="num">(\d+)</td><td class="num">([^<]+)</td></tr>',
        block,
    )
    return {name: (int(games), int(wins), rate) for name, games, wins, rate in rows}


def test_statistics_count_each_match_under_the_strongest_bot_at_the_table():
    ana = make_user("ana")
    tables = [
        ([{"strength": "easy"}, {"strength": "easy"}, {"strength": "easy"}], 2),
        ([{"strength": "easy"}, {"strength": "hard"}, {"strength": "easy"}], 3),
        ([{"strength": "normal"}, {"strength": "hard"}, {}], 5),
    ]
    won = []
    for bots, seed in tables:
        record = record_match(finished_match([{"user": ana}, *bots], seats=4, seed=seed))
        won.append(record.players.get(seat=0).won)
    # A match with no bot at all is not a match against bots.
    people = [{"user": make_user(f"p{n}")} for n in range(3)]
    record_match(finished_match([{"user": ana}, *people], seats=4, seed=4))

    page = Client().get(reverse("stats:player", args=["ana"])).content.decode()

    def rate(games: int, wins: int) -> str:
        return f"{round(100 * wins / games)}%" if games else "–"

    easy, hard = int(won[0]), int(won[1]) + int(won[2])
    assert against_bots(page) == {
        "Easy": (1, easy, rate(1, easy)),
        "Normal": (0, 0, "–"),
        "Hard": (2, hard, rate(2, hard)),
    }
    assert "Each match with bots counts once, under the strongest bot at the table." in page


def test_statistics_without_bots_show_no_table_against_them():
    ana = make_user("ana")
    people = [{"user": make_user(f"p{n}")} for n in range(3)]
    record_match(finished_match([{"user": ana}, *people], seats=4, seed=4))
    page = Client().get(reverse("stats:player", args=["ana"])).content.decode()
    assert 'id="against-bots"' not in page


def test_results_recorded_before_strengths_read_normal_for_bots_only():
    """The data migration: a bot's result from before issue 22 was the Normal bot's."""
    ana = make_user("ana")
    record = record_match(finished_match([{"user": ana}, {"strength": "hard"}], seats=4, seed=2))
    PlayerResult.objects.filter(record=record).update(strength="")  # as the column was added
    migration = importlib.import_module("stats.migrations.0005_result_bot_strength")

    migration.older_bots_played_normal(apps, None)

    rows = record.players.order_by("seat").values_list("kind", "strength")
    assert list(rows) == [("human", ""), ("bot", "normal"), ("bot", "normal"), ("bot", "normal")]

"""Issue 20: history and statistics as a newcomer reads them: rounds, table mates and the
rating change on each history row, the player's own rating and rank, a one-match chart that
draws something, achievement names that say what they count, and a leaderboard whose period
shows without a separate click."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from stats.achievements import ACHIEVEMENTS
from stats.models import RatingChange
from stats.queries import display_rating
from stats.recording import record_match
from tests.stats.conftest import finished_match, make_user

pytestmark = pytest.mark.django_db


def signed_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def first_history_row(client: Client) -> str:
    page = client.get(reverse("stats:history")).content.decode()
    body = page.split("<tbody>")[1]
    return re.findall(r"<tr.*?</tr>", body, flags=re.S)[0]


def test_a_history_row_shows_rounds_table_mates_and_the_rating_change():
    ana, bob = make_user("ana"), make_user("bob")
    match = finished_match([{"user": ana}, {"user": bob}], seats=5, seed=4)
    record = record_match(match)
    change = RatingChange.objects.get(record=record, user=ana)
    delta = display_rating(change.ordinal_after) - display_rating(change.ordinal_before)

    row = first_history_row(signed_in(ana))

    assert f'class="history__rounds">{record.rounds}<' in row
    others = row.split('class="history__others">')[1].split("</td>")[0]
    assert ">bob<" in others
    # Bots under their translated label, with the strength they played at (issue 22, R141).
    assert ">Bot 1 · Normal<" in others
    assert ">ana<" not in others  # not oneself
    shown = f"+{delta}" if delta > 0 else (f"\u2212{-delta}" if delta < 0 else "±0")
    assert f">{shown}</span>" in row


def test_an_unrated_match_shows_no_rating_change():
    ana = make_user("ana")
    # One signed-up human and bots: not rated (issue 23), so no change to show.
    record_match(finished_match([{"user": ana}], seats=4, seed=2))
    assert not RatingChange.objects.exists()

    row = first_history_row(signed_in(ana))

    assert 'class="num history__rating">–</td>' in row


def test_my_rating_and_rank_show_on_my_profile_and_my_statistics_page():
    ana, bob = make_user("ana"), make_user("bob")
    record_match(finished_match([{"user": ana}, {"user": bob}], seats=5, seed=4))
    client = signed_in(ana)

    for url in (reverse("profile"), reverse("stats:player", args=["ana"])):
        page = client.get(url).content.decode()
        rating = page.split('id="own-rating">')[1].split("</div>")[0]
        assert re.search(r"<dd>\d{3,4}</dd>", rating)
        rank = page.split('id="own-board-rank">')[1].split("</div>")[0]
        assert "Not ranked yet: 4 more rated matches to go" in rank

    other = Client().get(reverse("stats:player", args=["ana"])).content.decode()
    assert 'id="own-rating"' not in other  # a visitor sees the public numbers only


def test_a_newcomer_without_a_rated_match_sees_where_they_stand():
    client = signed_in(make_user("fresh"))

    page = client.get(reverse("profile")).content.decode()

    rating = page.split('id="own-rating">')[1].split("</div>")[0]
    assert "Not rated yet: play a match with another signed-up player" in rating
    assert "Not ranked yet: 5 more rated matches to go" in page


def test_a_chart_of_one_match_draws_a_line_and_names_its_day_once():
    ana = make_user("ana")
    record_match(finished_match([{"user": ana}], seats=4, seed=2))

    page = Client().get(reverse("stats:player", args=["ana"])).content.decode()

    chart = page.split('id="chart-results-title"')[1].split("</svg>")[0]
    assert "<polyline" in chart
    assert "<circle" not in chart
    desc = chart.split('-desc">')[1].split("</desc>")[0]
    assert "from" not in desc
    assert "all on" in desc
    day = desc.split("all on ")[1].split(":")[0]
    assert chart.count(f">{day}</text>") == 1  # not the same date at both ends


def test_an_achievement_named_a_streak_counts_a_streak():
    for achievement in ACHIEVEMENTS.values():
        assert "streak" not in str(achievement.name).casefold(), (
            f"{achievement.code} counts {achievement.description}, not wins in a row"
        )


def test_the_leaderboard_period_and_role_show_when_chosen():
    page = Client().get(reverse("stats:leaderboards"), {"board": "role"}).content.decode()
    form = page.split('<form class="filters"')[1].split("</form>")[0]

    assert form.count("data-submit-on-change") == 2  # period and role
    assert "<noscript><button" in form  # a button only for browsers without scripts


def test_long_names_on_the_leaderboard_link_to_the_whole_name():
    from stats.models import ALL_TIME_START, PeriodTally

    wide = make_user("wide")
    wide.display_name = "W" * 20
    wide.save()
    PeriodTally.objects.create(user=wide, period="all", start=ALL_TIME_START, games=9, wins=5)

    page = Client().get(reverse("stats:leaderboards"), {"board": "wins", "period": "all"})

    html = page.content.decode()
    assert f'<a href="/stats/players/wide/">{"W" * 20}</a>' in html  # clipped by stats.css
    player = Client().get("/stats/players/wide/").content.decode()
    assert f'<span class="name-clip" title="{"W" * 20}">{"W" * 20}</span>' in player

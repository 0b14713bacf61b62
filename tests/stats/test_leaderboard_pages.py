"""Leaderboards at /stats/leaderboards/ (issue 7): skill rating, most wins and win rate by role;
this week / this month / all time; a minimum number of matches; pagination; the viewer's rank."""

from __future__ import annotations

import re
from datetime import UTC, date, datetime, timedelta

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from bangarena_site.accounts.models import User
from game import services
from stats import queries
from stats.models import ALL_TIME_START, LeaderboardExclusion
from tests.stats.conftest import bare_record, make_user
from tests.stats.page_data import rating, tally

pytestmark = pytest.mark.django_db

BOARDS = reverse("stats:leaderboards")
MIN = queries.MIN_MATCHES
TODAY = datetime(2026, 11, 25, 12, 0, tzinfo=UTC)  # Wednesday; the week began Monday 23rd


@pytest.fixture(autouse=True)
def today(monkeypatch: pytest.MonkeyPatch) -> None:
    """Periods follow the services' clock, which the tests set."""
    monkeypatch.setattr(services, "clock", lambda: TODAY)


def names_on(page: str) -> list[str]:
    body = page.split("<tbody>")[1].split("</tbody>")[0]
    return re.findall(r'class="board__name"><a href="[^"]+">([^<]+)</a>', body)


def ranks_on(page: str) -> list[int]:
    return [int(n) for n in re.findall(r'class="num board__rank">(\d+)<', page)]


def board(client: Client | None = None, **params: object) -> str:
    response = (client or Client()).get(BOARDS, params)
    assert response.status_code == 200
    return response.content.decode()


def player(name: str, games: int, wins: int, **kwargs: object) -> User:
    user = make_user(name)
    tally(user, games, wins, **kwargs)
    return user


def test_rating_board_orders_by_skill_and_shows_a_friendly_number():
    """Skill rating: best ordinal first, shown as a whole number around 1000."""
    for name, ordinal in (("mid", 10.0), ("top", 20.5), ("low", -3.0)):
        rating(player(name, MIN, 1), ordinal)
    page = board(board="rating", period="all")
    assert names_on(page) == ["top", "mid", "low"]
    assert f"<strong>{queries.display_rating(20.5)}</strong>" in page
    assert queries.display_rating(20.5) == 1410
    assert ranks_on(page) == [1, 2, 3]


def test_most_wins_orders_by_wins_then_fewer_games():
    player("many", 20, 9)
    player("quick", 10, 9)  # the same wins in fewer games ranks higher
    player("few", 8, 2)
    assert names_on(board(board="wins", period="all")) == ["quick", "many", "few"]


def test_win_rate_by_role_ranks_the_chosen_roles_tallies():
    """Win rate by role: the role's own tallies, best rate first, more games breaking ties."""
    player("half", 10, 5, role="marshal")
    player("ace", 6, 5, role="marshal")
    player("half_more", 20, 10, role="marshal")
    player("bandit_only", 10, 10, role="bandit")
    page = board(board="role", role="marshal", period="all")
    assert names_on(page) == ["ace", "half_more", "half"]
    assert "83%" in page
    assert names_on(board(board="role", role="bandit", period="all")) == ["bandit_only"]


def test_periods_use_this_week_this_month_and_all_time_of_the_clock():
    """Periods: the week from Monday and the month from the 1st of the clock's date."""
    this_week = date(2026, 11, 23)
    last_week = date(2026, 11, 16)
    month = date(2026, 11, 1)
    old = player("old", 50, 40)  # all time only
    tally(old, MIN, 1, period="week", start=last_week)
    tally(old, MIN, 2, period="month", start=month)
    fresh = player("fresh", 6, 3)
    tally(fresh, 6, 3, period="week", start=this_week)
    tally(fresh, 6, 3, period="month", start=month)
    assert names_on(board(board="wins", period="week")) == ["fresh"]
    assert names_on(board(board="wins", period="month")) == ["fresh", "old"]
    assert names_on(board(board="wins", period="all")) == ["old", "fresh"]


def test_a_new_week_starts_empty(monkeypatch: pytest.MonkeyPatch):
    player("ana", MIN, 3, period="week", start=date(2026, 11, 23))
    assert names_on(board(board="wins", period="week")) == ["ana"]
    monkeypatch.setattr(services, "clock", lambda: TODAY + timedelta(days=5))  # next Monday
    assert "Nobody has played enough matches" in board(board="wins", period="week")


def test_fewer_than_the_minimum_matches_keeps_a_player_off_and_the_page_says_so():
    player("regular", MIN, 1)
    newcomer = player("newcomer", MIN - 1, MIN - 1)
    client = Client()
    client.force_login(newcomer)
    page = board(client, board="wins", period="all")
    assert names_on(page) == ["regular"]
    assert f"at least {MIN} rated matches" in page
    assert "Finish 1 more rated match in this period to appear." in page


def test_excluded_and_banned_players_are_left_out():
    player("fair", MIN, 1)
    cheat = player("cheat", MIN, 5)
    LeaderboardExclusion.objects.create(user=cheat, reason="win trading")
    outlaw = player("outlaw", MIN, 4)
    User.objects.filter(pk=outlaw.pk).update(banned_at=TODAY)
    assert names_on(board(board="wins", period="all")) == ["fair"]
    client = Client()
    client.force_login(cheat)
    assert "not ranked in this period" in board(client, board="wins", period="all")


def test_pagination_continues_the_ranks_and_the_viewer_sees_their_own_rank():
    """25 a page, ranks continue on page 2, and 'Your rank: N' links to the viewer's page."""
    users = [player(f"p{n:02d}", 40, 40 - n) for n in range(30)]
    client = Client()
    client.force_login(users[26])
    first = board(client, board="wins", period="all")
    assert ranks_on(first) == list(range(1, 26))
    assert "Your rank: 27" in first
    assert "Ranks 1–25" in first
    assert "board=wins&amp;period=all&amp;page=2" in first
    second = board(client, board="wins", period="all", page=2)
    assert ranks_on(second) == [26, 27, 28, 29, 30]
    assert "Ranks 26–30" in second
    assert 'rel="next"' not in second
    # Past the end: an empty page that leads back to the top, not an error.
    past = board(client, board="wins", period="all", page=3)
    assert ranks_on(past) == []
    assert "past the end of the board" in past
    assert board(client, board="wins", period="all", page="x<script>").count("board__rank") == 25
    assert names_on(second)[1] == "p26"
    assert re.search(r'<tr class="is-me">\s*<td class="num board__rank">27<', second)


def test_own_rank_counts_ties_by_the_same_order_as_the_list():
    """Rank = 1 + rows ahead in the list's own order (wins, then fewer games, then id)."""
    a = player("a", 10, 5)
    b = player("b", 10, 5)
    c = player("c", 8, 5)
    expected = {c.pk: 1, a.pk: 2, b.pk: 3}
    for user in (a, b, c):
        standing = queries.own_standing("wins", "all", ALL_TIME_START, "", user.pk)
        assert standing.rank == expected[user.pk]
    order = names_on(board(board="wins", period="all"))
    assert order == ["c", "a", "b"]


def test_win_rate_rank_is_exact_for_equal_fractions():
    """2/4 and 3/6 are the same rate: the one with more games ranks first, on the list and in
    the viewer's rank alike."""
    small = player("small", 6, 3, role="bandit")
    big = player("big", 8, 4, role="bandit")
    assert names_on(board(board="role", role="bandit", period="all")) == ["big", "small"]
    standing = queries.own_standing("role", "all", ALL_TIME_START, "bandit", small.pk)
    assert standing.rank == 2
    assert queries.own_standing("role", "all", ALL_TIME_START, "bandit", big.pk).rank == 1


def test_bad_filter_values_are_ignored_with_a_message():
    player("ana", MIN, 2)
    page = board(board="nonsense", period="decade", role="sheriff")
    assert "was not recognised and has been ignored" in page
    assert "Skill rating" in page


def test_a_hostile_display_name_is_escaped_on_the_board():
    user = player("ana", MIN, 2)
    User.objects.filter(pk=user.pk).update(display_name="<script>x()</script>")
    page = board(board="wins", period="all")
    assert "<script>x()</script>" not in page
    assert "&lt;script&gt;x()&lt;/script&gt;" in page


@pytest.mark.parametrize(
    "params",
    [
        {"board": "rating", "period": "all"},
        {"board": "wins", "period": "week"},
        {"board": "role", "period": "month", "role": "deputy"},
    ],
)
def test_query_count_is_the_same_for_3_and_30_rows(params, django_assert_max_num_queries):
    """Bounded queries on every leaderboard: 3 rows and 30 rows (two pages) cost the same."""
    start = queries.period_start(params["period"], TODAY.date())
    role = params.get("role", "")

    def fill(prefix: str, count: int) -> User:
        made = []
        for n in range(count):
            user = make_user(f"{prefix}{n}")
            tally(user, MIN + n, n, period=params["period"], start=start, role=role)
            rating(user, float(n))
            made.append(user)
        queries.forget_boards()  # what recording does after changing tallies and ratings
        return made[-1]

    viewer = fill("a", 3)
    client = Client()
    client.force_login(viewer)

    def count() -> int:
        with CaptureQueriesContext(connection) as captured:
            board(client, **params)
        return len(captured)

    few = count()
    fill("b", 27)
    many = count()
    assert few == many
    with django_assert_max_num_queries(few):
        board(client, **params, page=2)


def test_the_rank_follows_a_newly_recorded_match(django_capture_on_commit_callbacks):
    """'Your rank' comes from the board's cached standings; recording a match (on commit)
    makes the next page rebuild them, so the rank is never one match behind the list."""
    leader = player("leader", MIN, 2)
    chaser = player("chaser", MIN, 1)
    client = Client()
    client.force_login(chaser)
    assert "Your rank: 2" in board(client, board="wins", period="all")
    for _ in range(2):
        with django_capture_on_commit_callbacks(execute=True):
            bare_record(chaser, won=True, finished_at=TODAY)  # counted as recording does
    page = board(client, board="wins", period="all")
    assert names_on(page) == ["chaser", "leader"]
    assert "Your rank: 1" in page
    assert queries.own_standing("wins", "all", ALL_TIME_START, "", leader.pk).rank == 2


def test_a_rank_missing_from_stale_standings_is_counted(django_assert_num_queries):
    """A viewer ranked by a change the cached standings missed (one not made by recording)
    still gets their exact rank: the rows ahead are counted instead."""
    first = player("first", 10, 9)
    late = make_user("late")
    queries.standings("wins", "all", ALL_TIME_START, "", [])  # cached without "late"
    tally(late, 10, 3)
    assert queries.own_standing("wins", "all", ALL_TIME_START, "", late.pk, []).rank == 2
    with django_assert_num_queries(1):  # a viewer the standings hold: their own row only
        assert queries.own_standing("wins", "all", ALL_TIME_START, "", first.pk, []).rank == 1


@pytest.mark.parametrize("board_name", ["rating", "wins"])
def test_standings_hold_exactly_the_listed_players_in_the_listed_order(board_name):
    """The cached standings behind 'Your rank' are the board itself: the same players (enough
    matches, not left off) in the same order, so every rank matches the list."""
    for n, (games, ordinal) in enumerate(((MIN, 3.0), (MIN + 4, 9.0), (MIN - 1, 20.0), (9, 5.0))):
        rating(player(f"p{n}", games, n + 1), ordinal)
    cheat = player("cheat", MIN, 5)
    rating(cheat, 30.0)
    LeaderboardExclusion.objects.create(user=cheat, reason="win trading")
    hidden = queries.left_off()
    listed = queries.board_rows(board_name, "all", ALL_TIME_START, "", hidden)
    expected = [row.user_id for row in listed]
    assert len(expected) == 3
    assert list(queries.standings(board_name, "all", ALL_TIME_START, "", hidden)) == expected

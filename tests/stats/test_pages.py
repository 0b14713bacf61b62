"""Profile match history (/stats/history/) and a player's statistics page
(/stats/players/<username>/), issue 7."""

from __future__ import annotations

import html
import re
from datetime import timedelta

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from bangarena_site.accounts.models import User
from game import catalogue
from stats.achievements import ACHIEVEMENTS
from tests.stats.conftest import make_user
from tests.stats.page_data import WHEN, match_result

pytestmark = pytest.mark.django_db

HISTORY = reverse("stats:history")


def signed_in(user: User) -> Client:
    client = Client()
    client.force_login(user)
    return client


def rows_of(page: str) -> list[str]:
    body = page.split("<tbody>")[1].split("</tbody>")[0]
    return re.findall(r"<tr.*?</tr>", body, flags=re.S)


def queries_for(client: Client, url: str) -> int:
    with CaptureQueriesContext(connection) as captured:
        assert client.get(url).status_code == 200
    return len(captured)


# --- history -----------------------------------------------------------------------------------


def test_history_needs_an_account():
    """Guests keep nothing (issue 7): the history page asks them to log in."""
    response = Client().get(HISTORY)
    assert response.status_code == 302
    assert response.url.startswith(reverse("login"))


def test_history_lists_only_my_matches_newest_first_with_their_details():
    """Every match of the user: date, mode, seats, role, character, result, summary link."""
    ana, bob = make_user("ana"), make_user("bob")
    old = match_result(ana, role="marshal", character="lucky", won=False, finished_at=WHEN)
    new = match_result(
        ana,
        role="loner",
        character="mad_dog",
        won=True,
        mode="partners",
        seats=7,
        finished_at=WHEN + timedelta(days=1),
    )
    match_result(bob, role="deputy")
    page = signed_in(ana).get(HISTORY).content.decode()
    rows = rows_of(page)
    assert len(rows) == 2
    first, second = rows
    assert str(catalogue.role_name("loner")) in first
    assert str(catalogue.character_name("mad_dog")) in first
    assert str(catalogue.mode_name("partners")) in first
    assert ">7<" in first
    assert "Won" in first
    assert reverse("game:result", args=[new.record.match_id]) in first
    assert str(catalogue.role_name("marshal")) in second
    assert "Lost" in second
    assert reverse("game:result", args=[old.record.match_id]) in second
    assert str(catalogue.role_name("deputy")) not in page.split("<tbody>")[1]
    # The date is a machine-readable <time> too.
    assert f'datetime="{timezone.localtime(WHEN + timedelta(days=1)).isoformat()}"' in first


def test_history_is_paginated_by_25_and_keeps_filters_in_page_links():
    ana = make_user("ana")
    for n in range(30):
        match_result(ana, role="bandit", finished_at=WHEN + timedelta(minutes=n))
    client = signed_in(ana)
    first = client.get(HISTORY, {"role": "bandit"}).content.decode()
    assert len(rows_of(first)) == 25
    assert "Page 1 of 2" in first
    assert "?role=bandit&amp;page=2" in first
    second = client.get(HISTORY, {"role": "bandit", "page": 2}).content.decode()
    assert len(rows_of(second)) == 5
    # A page past the end shows the last page, not an error.
    assert len(rows_of(client.get(HISTORY, {"page": 99}).content.decode())) == 5


def test_history_filters_by_mode_and_role():
    ana = make_user("ana")
    match_result(ana, role="marshal", mode="classic")
    match_result(ana, role="bandit", mode="classic")
    match_result(ana, role="bandit", mode="partners")
    client = signed_in(ana)
    assert len(rows_of(client.get(HISTORY, {"role": "bandit"}).content.decode())) == 2
    assert len(rows_of(client.get(HISTORY, {"mode": "partners"}).content.decode())) == 1
    both = client.get(HISTORY, {"mode": "classic", "role": "bandit"}).content.decode()
    assert len(rows_of(both)) == 1
    none = client.get(HISTORY, {"mode": "partners", "role": "marshal"}).content.decode()
    assert "No match fits these filters." in none


def test_a_bad_filter_value_is_ignored_with_a_message_not_an_error():
    ana = make_user("ana")
    match_result(ana, role="marshal")
    match_result(ana, role="bandit")
    response = signed_in(ana).get(HISTORY, {"role": "sheriff<script>", "mode": "classic"})
    assert response.status_code == 200
    page = response.content.decode()
    assert "was not recognised and has been ignored" in page
    assert len(rows_of(page)) == 2
    assert "sheriff<script>" not in page


def test_history_query_count_does_not_grow_with_the_rows(django_assert_max_num_queries):
    """Bounded queries: the same count for 3 and for 30 matches on the page."""
    ana, bob = make_user("ana"), make_user("bob")
    for n in range(3):
        match_result(ana, finished_at=WHEN + timedelta(minutes=n))
    for n in range(30):
        match_result(bob, finished_at=WHEN + timedelta(minutes=n))
    bob_client = signed_in(bob)
    few, many = queries_for(signed_in(ana), HISTORY), queries_for(bob_client, HISTORY)
    assert few == many
    with django_assert_max_num_queries(few):
        bob_client.get(HISTORY, {"page": 2, "role": "bandit"})


def test_the_profile_and_the_header_link_to_the_history():
    ana = make_user("ana")
    client = signed_in(ana)
    assert HISTORY in client.get(reverse("profile")).content.decode()
    assert HISTORY in client.get(reverse("home")).content.decode()


# --- a player's statistics -----------------------------------------------------------------------


def player_url(user: User) -> str:
    return reverse("stats:player", args=[user.username])


def test_stats_page_shows_games_wins_rates_by_role_and_character_and_favourite():
    """Issue 7: games, wins, win rate per role and per character, favourite character,
    eliminations, readable by anyone (no login)."""
    ana = make_user("ana")
    match_result(ana, role="marshal", character="lucky", won=True, eliminations=2)
    match_result(ana, role="marshal", character="lucky", won=False, eliminations=1)
    match_result(ana, role="bandit", character="lucky", won=True)
    match_result(ana, role="bandit", character="grip", won=False, eliminations=3)
    page = Client().get(player_url(ana)).content.decode()
    figures = page.split('class="figures"')[1].split("</dl>")[0]
    assert re.search(r"Games</dt><dd>4<", figures)
    assert re.search(r"Wins</dt><dd>2<", figures)
    assert "50%" in figures
    assert re.search(r"Eliminations</dt><dd>6<", figures)
    favourite = figures.split("Favourite character")[1]
    assert str(catalogue.character_name("lucky")) in favourite
    # Per role: Marshal 1 of 2, Bandit 1 of 2, Deputy none.
    roles = page.split('id="roles-title"')[1].split("</table>")[0]
    marshal = roles.split("role-tag--marshal")[1].split("</tr>")[0]
    assert re.findall(r'class="num">([^<]*)<', marshal) == ["2", "1", "50%"]
    # Per character, most played first: Lucky 2 of 3, then Grip 0 of 1.
    chars = page.split('id="chars-title"')[1].split("</table>")[0]
    lucky, grip = rows_of(chars)
    assert str(catalogue.character_name("lucky")) in lucky
    assert re.findall(r'class="num">([^<]*)<', lucky) == ["3", "2", "67%"]
    assert re.findall(r'class="num">([^<]*)<', grip) == ["1", "0", "0%"]


def test_stats_charts_are_svg_with_title_desc_and_a_text_table():
    """Charts are server-rendered SVG, readable without JavaScript and by screen readers."""
    ana = make_user("ana")
    match_result(ana, role="marshal", won=True, finished_at=WHEN)
    match_result(ana, role="marshal", won=False, finished_at=WHEN + timedelta(days=40))
    page = Client().get(player_url(ana)).content.decode()
    assert page.count('<svg class="chart') == 2
    assert 'role="img"' in page
    assert '<title id="chart-roles-title">Win rate by role</title>' in page
    assert "Marshal: 1 wins in 2 games" in page
    assert '<title id="chart-results-title">Results over time</title>' in page
    assert "1 wins and 1 losses in the end" in page
    assert "<script" not in page.split("<main")[1].split("</main>")[0]
    # The monthly table under the results chart: two months, newest first.
    months = page.split('id="time-title"')[1].split("</table>")[0]
    assert len(rows_of(months)) == 2


def test_stats_page_shows_achievements_with_progress_for_counted_ones():
    """Achievements, unlocked or not, with progress shown for counted ones."""
    ana = make_user("ana")
    for _ in range(3):
        match_result(ana, won=True)
    page = Client().get(player_url(ana)).content.decode()
    for achievement in ACHIEVEMENTS.values():
        assert html.escape(str(achievement.name)) in page
    counted = [a for a in ACHIEVEMENTS.values() if a.target and a.target > 3 and a.total == "wins"]
    assert counted
    assert f'max="{counted[0].target}" value="3"' in page


def test_stats_page_of_an_unknown_or_banned_player_is_not_found():
    assert Client().get(reverse("stats:player", args=["nobody"])).status_code == 404
    banned = make_user("outlaw")
    User.objects.filter(pk=banned.pk).update(banned_at=WHEN)
    assert Client().get(player_url(banned)).status_code == 404


def test_stats_page_redirects_another_spelling_of_the_username():
    make_user("Ana")
    response = Client().get(reverse("stats:player", args=["ana"]))
    assert response.status_code == 302
    assert response.url == reverse("stats:player", args=["Ana"])


def test_a_hostile_display_name_is_escaped_on_the_stats_page():
    ana = make_user("ana")
    User.objects.filter(pk=ana.pk).update(display_name="<script>x()</script>")
    page = Client().get(player_url(ana)).content.decode()
    assert "<script>x()</script>" not in page
    assert "&lt;script&gt;x()&lt;/script&gt;" in page


def test_stats_page_query_count_does_not_grow_with_the_matches(django_assert_max_num_queries):
    ana, bob = make_user("ana"), make_user("bob")
    for n in range(3):
        match_result(ana, finished_at=WHEN + timedelta(days=n))
    roles = list(catalogue.ROLES)
    characters = list(catalogue.CHARACTERS)
    for n in range(30):
        match_result(
            bob,
            role=roles[n % len(roles)],
            character=characters[n % len(characters)],
            won=n % 3 == 0,
            finished_at=WHEN + timedelta(days=n),
        )
    few = queries_for(Client(), player_url(ana))
    many = queries_for(Client(), player_url(bob))
    assert few == many
    with django_assert_max_num_queries(few):
        Client().get(player_url(bob))

"""The match summary at /match/<id>/result/ (R98, R140, Q61, Q62): winners, every role,
badges, the viewer's new achievements, a statistics row per player and Play again."""

from __future__ import annotations

import html

import pytest
from django.test import Client
from django.urls import reverse

from bangarena_engine import Game, GameConfig
from game import catalogue
from game.models import Match
from stats.achievements import unlocked_in_match
from stats.badges import BADGES
from stats.models import MatchRecord, PlayerResult
from stats.recording import record_match
from tests.stats.conftest import finished_match, make_user, play

pytestmark = pytest.mark.django_db


def summary_of(match: Match, client: Client | None = None) -> str:
    response = (client or Client()).get(reverse("game:result", args=[match.pk]))
    assert response.status_code == 200
    return response.content.decode()


def test_r140_summary_shows_winning_team_winners_and_every_role():
    """R140: the winning team, the winning players, and every player's role and character."""
    match = finished_match([], seats=5, seed=4)
    page = summary_of(match)
    record = MatchRecord.objects.get(match=match)
    assert html.escape(str(catalogue.TEAMS[record.winning_team])) in page
    rows = list(PlayerResult.objects.filter(record=record))
    assert len(rows) == 5
    for row in rows:
        assert f"role-tag--{row.role}" in page
        assert html.escape(str(catalogue.character_name(row.character))) in page
    # One highlighted row per winner, and each winner named in the winners' list.
    assert page.count('class="result__won') == sum(r.won for r in rows)
    winners_list = page.split('class="summary__winners"')[1].split("</ul>")[0]
    for row in rows:
        assert (html.escape(row.name) in winners_list) == row.won


def test_the_summary_records_the_match_when_the_hook_has_not_yet():
    """R98: the summary is never empty: the page records the match itself if it is first."""
    match = finished_match([], seats=4, seed=2)
    MatchRecord.objects.filter(match=match).delete()  # as if the on-commit hook had not run
    page = summary_of(match)
    assert MatchRecord.objects.filter(match=match).count() == 1
    assert "summary-table" in page
    summary_of(match)  # a second visit records nothing new
    assert MatchRecord.objects.filter(match=match).count() == 1


def test_r140_statistics_table_has_one_row_per_player_with_their_numbers():
    """R140: a statistics table with one row per player (damage, eliminations, shots, cards)."""
    match = finished_match([], seats=6, seed=7)
    page = summary_of(match)
    table = page.split('summary-table">')[1].split("</table>")[0]
    body = table.split("<tbody>")[1]
    assert body.count("<tr") == 6
    for label in ("Damage dealt", "Damage taken", "Eliminations", "Shots fired", "Cards played"):
        assert label in table
    record = MatchRecord.objects.get(match=match)
    total_eliminations = sum(r.eliminations for r in record.players.all())
    assert total_eliminations > 0  # somebody was shot down in a finished game


def test_r140_badges_are_shown_next_to_the_players_who_earned_them():
    """R140, Q62: match badges, named with their description, next to who earned them."""
    match = finished_match([], seats=5, seed=4)
    page = summary_of(match)
    awarded = [
        (row.name, code)
        for row in PlayerResult.objects.filter(record__match=match)
        for code in row.badges
    ]
    assert awarded, "a finished match always awards some badge (e.g. the top damage)"
    for _name, code in awarded:
        assert html.escape(str(BADGES[code].name)) in page
        assert html.escape(str(BADGES[code].description)) in page
    assert len(BADGES) >= 8


def test_r140_the_viewers_achievements_unlocked_in_this_match(client: Client):
    """R140: a signed-in player sees the achievements this match unlocked for them (a first
    match always unlocks at least its 'first match' kind), and nobody else sees them."""
    ana = make_user("ana")
    match = finished_match([{"user": ana}], seats=4, seed=3)
    record_match(match)
    unlocked = unlocked_in_match(ana.pk, match.pk)
    assert unlocked
    client.force_login(ana)
    page = summary_of(match, client)
    assert "Achievements unlocked in this match" in page
    for achievement in unlocked:
        assert html.escape(str(achievement.name)) in page
    assert "Achievements unlocked in this match" not in summary_of(match)  # a spectator


def test_a_guest_sees_their_summary_and_is_told_it_is_not_kept():
    """Issue 7: guests see their summary but keep nothing (the page says how to keep it)."""
    client = Client()
    session = client.session
    session["guest"] = True
    session.save()
    match = finished_match([{"guest_key": session.session_key, "name": "Drifter"}], seed=5)
    page = summary_of(match, client)
    assert "Drifter" in page
    assert "(you)" in page
    assert "nothing of this match is kept for you yet" in page
    assert reverse("signup") in page


def test_q61_the_host_gets_play_again_as_the_rooms_start_post(client: Client):
    """Q61: Play again on the summary is the room's Start (same people and bots), offered to
    the host as a CSRF-protected POST; other players go back to the room."""
    host, guest = make_user("host"), make_user("other")
    match = finished_match([{"user": host}, {"user": guest}], seats=4, seed=6)
    Match.objects.filter(pk=match.pk).update(room_url="/r/K7MQ2X/", host_seat=0)
    client.force_login(host)
    page = summary_of(match, client)
    start = reverse("lobby:start_match", args=["K7MQ2X"])
    assert f'action="{start}"' in page
    assert 'name="csrfmiddlewaretoken"' in page
    assert 'id="play-again"' in page

    other = Client()
    other.force_login(guest)
    page = summary_of(match, other)
    assert f'action="{start}"' not in page
    assert 'id="play-again" href="/r/K7MQ2X/"' in page


def test_play_again_from_the_summary_starts_a_new_match_with_the_same_seats(client: Client):
    """Q61: pressing Play again on the summary starts the room's next match, same seats."""
    from lobby import services as lobby_services
    from lobby.identity import Person
    from lobby.services import RoomSettings

    host = make_user("hosty")
    client.force_login(host)
    person = Person(user_id=host.pk, guest_key="")
    settings = RoomSettings(seats=4, mode="classic", move_time=30, tempo="fast")
    first = lobby_services.play_now(person, "Hosty", settings)
    # End the match as the engine would have: mark it finished with a result from a real game.
    done = finished_match([{"user": host}], seats=4, seed=3)
    Match.objects.filter(pk=first.pk).update(
        status=Match.Status.FINISHED,
        state=done.state,
        result=done.result,
        config=done.config,
        finished_at=done.finished_at,
    )
    first.refresh_from_db()
    lobby_services.match_over(first)
    page = summary_of(first, client)
    code = first.room_url.strip("/").split("/")[-1]
    start = reverse("lobby:start_match", args=[code])
    assert f'action="{start}"' in page
    response = client.post(start)
    assert response.status_code == 302
    newest = Match.objects.order_by("-pk").first()
    assert newest.pk not in (first.pk, done.pk)
    assert response.url == reverse("game:table", args=[newest.pk])
    assert [(s.seat, s.kind) for s in newest.seats.order_by("seat")] == [
        (s.seat, s.kind) for s in first.seats.order_by("seat")
    ]


def test_a_running_match_shows_only_what_the_viewer_may_know():
    """R4: while the match runs, the result page keeps hidden roles hidden (no summary)."""
    from game.services import SeatSpec, start_match

    match = start_match(
        seats=[SeatSpec(kind="bot", name=f"Bot {n}") for n in range(1, 6)],
        mode="classic",
        move_time=30,
        tempo="normal",
        seed=3,
    )
    page = summary_of(match)
    assert "summary-table" not in page
    assert "This match is still being played." in page
    hidden = {p["role"] for p in match.game().to_dict()["players"]} - {"marshal"}
    for role in hidden:
        assert f"role-tag--{role}" not in page
    assert not MatchRecord.objects.filter(match=match).exists()


def test_a_hostile_player_name_is_escaped_on_the_summary():
    """Security: names are user text and are always escaped."""
    match = finished_match([{"guest_key": "k" * 32, "name": "<script>x</script>"}], seed=2)
    page = summary_of(match)
    assert "<script>x</script>" not in page
    assert "&lt;script&gt;x&lt;/script&gt;" in page


def test_r98_the_table_offers_the_summary_when_the_match_ends():
    """R98: when the game ends the table's gameover panel links the summary, says it opens in
    a moment (shown by the table's script) and offers to stay at the table instead."""
    match = finished_match([], seats=4, seed=2)
    page = Client().get(reverse("game:table", args=[match.pk])).content.decode()
    gameover = page.split('class="gameover"')[1].split("</section>")[0]
    assert f'href="{reverse("game:result", args=[match.pk])}" data-go-result' in gameover
    assert "data-go-note hidden" in gameover
    assert "data-go-stay" in gameover


def seed_of_a_loner_win(seats: int) -> int:
    """The first seed whose played game the Loner wins (R95), found by playing, so the test
    does not depend on what one seed deals."""
    for seed in range(1, 500):
        config = GameConfig(seats=seats, seed=seed)
        game = Game.new(config)
        for seat, action in play(config, seed=seed):
            game.apply(seat, action)
        if game.result["team"] == "loner":
            return seed
    raise AssertionError("no Loner win in 500 seeds")


def test_a_loner_win_names_the_loner_not_a_team_r95():
    """R95: the Loner wins alone, so the headline names him ("The Loner wins: Bot 4"), not
    "Winners: On Their Own" as if a team had won."""
    match = finished_match([], seats=8, seed=seed_of_a_loner_win(8))
    record = record_match(match)
    assert record.winning_team == "loner"
    [winner] = record.players.filter(won=True)

    page = summary_of(match)

    headline = page.split('class="result__team">')[1].split("</p>")[0]
    assert headline == f"The Loner wins: {winner.name}"
    assert "On Their Own" not in page


def test_a_team_win_still_names_the_team_r140():
    match = finished_match([], seats=5, seed=4)
    record = record_match(match)
    assert record.winning_team != "loner"

    headline = summary_of(match).split('class="result__team">')[1].split("</p>")[0]

    assert headline == html.escape(f"Winners: {catalogue.TEAMS[record.winning_team]}")


def test_long_names_in_the_summary_are_clipped_with_the_full_name_in_a_title():
    drifter = make_user("drifter")
    match = finished_match([{"user": drifter, "name": "W" * 20}], seats=4, seed=3)

    page = summary_of(match)

    assert f'<span class="name-clip" title="{"W" * 20}">{"W" * 20}</span>' in page

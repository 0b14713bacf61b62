"""Rooms: codes easy to read aloud and hard to guess (Q58), the share link, joining by code or
link, and a clear message for every way a join can fail (R130)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from lobby import codes, services
from lobby.models import Room, RoomSeat
from lobby.throttle import MAX_MISSES_PER_ADDRESS, MAX_MISSES_PER_SESSION
from tests.lobby.conftest import create_room, guest, host_post, join, player, post_settings

pytestmark = pytest.mark.django_db


def test_codes_have_six_characters_without_confusable_ones_q58():
    drawn = {codes.new_code() for _ in range(300)}
    assert len(drawn) == 300, "codes repeat: not random enough"
    for code in drawn:
        assert len(code) == 6
        assert not set(code) & set("0O1IL")


def test_codes_come_from_the_secrets_module(monkeypatch):
    calls = []

    def choice(alphabet):
        calls.append(alphabet)
        return "Q"

    monkeypatch.setattr(codes.secrets, "choice", choice)
    assert codes.new_code() == "QQQQQQ"
    assert calls == [codes.ALPHABET] * 6


@pytest.mark.parametrize("typed", ["k7mq2x", "  K7MQ2X ", "k7m-q2x", "K7M Q2X"])
def test_typed_codes_are_case_insensitive_and_trimmed_q58(typed):
    assert codes.normalize(typed) == "K7MQ2X"


@pytest.mark.parametrize("typed", ["K7MQ2", "K7MQ2XX", "K0MQ2X", "KIMQ2X", ""])
def test_impossible_codes_normalize_to_nothing(typed):
    assert codes.normalize(typed) == ""


def test_the_creator_is_host_in_seat_one_with_a_share_link(job_queue):
    browser = guest()
    room = create_room(browser, "Kate")
    page = browser.get(reverse("lobby:room", args=[room.code])).content.decode()
    assert room.host.name == "Kate"
    assert room.host.index == 0
    assert f'id="room-code">{room.code}<' in page
    assert f"http://testserver/r/{room.code}/" in page
    assert "data-copy" in page


def test_join_by_code_takes_the_next_free_seat(room_with_guests):
    room, _browsers = room_with_guests(others=2)
    names = list(room.members.order_by("index").values_list("index", "name"))
    assert names == [(0, "Host"), (1, "Guest 1"), (2, "Guest 2")]


def test_join_by_code_ignores_case_and_spaces_q58(job_queue):
    room = create_room(guest())
    response = post_settings(guest(), "lobby:join", name="Late", code=f"  {room.code.lower()} ")
    assert response["Location"] == reverse("lobby:room", args=[room.code])


def test_join_by_link_asks_only_for_a_name_and_seats_the_guest(job_queue):
    room = create_room(guest())
    newcomer = guest()
    page = newcomer.get(f"/r/{room.code.lower()}/", follow=True).content.decode()
    assert 'id="take-seat"' in page
    newcomer.post(reverse("lobby:join_room", args=[room.code]), {"name": " Newcomer "})
    assert room.members.filter(name="Newcomer", guest_key=newcomer.session.session_key).exists()


def test_joining_twice_keeps_one_seat(job_queue):
    room = create_room(guest())
    browser = guest()
    join(browser, room, "Twice")
    join(browser, room, "Twice")
    assert room.members.filter(name="Twice").count() == 1


def test_a_wrong_code_gets_a_clear_message(job_queue):
    response = post_settings(guest(), "lobby:join", code="ZZZZZZ")
    assert response.status_code == 404
    assert "No open room has this code" in response.content.decode()


def test_a_malformed_code_says_what_a_code_looks_like(job_queue):
    response = post_settings(guest(), "lobby:join", code="hello")
    assert "A room code has 6 letters and digits" in response.content.decode()


def test_a_closed_room_gets_a_clear_message(job_queue):
    room = create_room(guest())
    services.close_room(room.pk)
    response = join(guest(), room, "Late")
    assert "This room has been closed." in response.content.decode()
    link = guest().get(reverse("lobby:room", args=[room.code]))
    assert link.status_code == 404
    assert "This room has been closed." in link.content.decode()


def test_an_unknown_link_gets_a_clear_message(job_queue):
    response = guest().get("/r/ZZZZZZ/")
    assert response.status_code == 404
    assert "No open room has this code" in response.content.decode()


def test_a_full_room_gets_a_clear_message(job_queue):
    host = guest()
    room = create_room(host, seats="4")
    host_post(host, room, "lobby:fill")
    response = join(guest(), room, "Late")
    assert response.status_code == 409
    assert "This room is full" in response.content.decode()
    assert room.members.count() == 4


def test_joining_a_started_match_as_a_non_member_makes_you_a_spectator_r130(job_queue):
    host = guest()
    room = create_room(host, seats="4")
    host_post(host, room, "lobby:fill")
    host_post(host, room, "lobby:start_match")
    room.refresh_from_db()
    table = reverse("game:table", args=[room.current_match_id])
    late = guest()
    by_code = join(late, room, "Late")
    assert by_code["Location"] == table
    assert "you are watching it" in late.get(table).content.decode()
    by_link = guest().get(reverse("lobby:room", args=[room.code]))
    assert by_link["Location"] == table
    assert room.members.count() == 4


def test_a_member_who_comes_back_by_code_returns_to_the_running_table(job_queue):
    host = guest()
    room = create_room(host, seats="4")
    host_post(host, room, "lobby:fill")
    host_post(host, room, "lobby:start_match")
    room.refresh_from_db()
    response = join(host, room, "Host")
    assert response["Location"] == reverse("game:table", args=[room.current_match_id])


# --- rate limit on codes -------------------------------------------------------------------------


def test_guessing_codes_is_rate_limited_per_session_q58(job_queue):
    room = create_room(guest())
    guesser = guest()
    for attempt in range(MAX_MISSES_PER_SESSION):
        post_settings(guesser, "lobby:join", name="Guess", code=f"ZZZZZ{codes.ALPHABET[attempt]}")
    # Even the right code is refused now, with a clear message.
    response = join(guesser, room, "Guess")
    assert response.status_code == 429
    assert "Too many room codes tried. Try again in 10 minutes." in response.content.decode()
    assert not room.members.filter(name="Guess").exists()
    # Another player on another address is not affected.
    assert join(guest("10.0.0.9"), room, "Fine")["Location"] == f"/r/{room.code}/"


def test_guessing_codes_is_rate_limited_per_address_across_sessions_q58(job_queue):
    room = create_room(guest())
    for attempt in range(MAX_MISSES_PER_ADDRESS):
        post_settings(guest("10.0.0.7"), "lobby:join", code=f"ZZZZ{codes.ALPHABET[attempt % 31]}Z")
    response = join(guest("10.0.0.7"), room, "New session")
    assert response.status_code == 429
    assert "Too many room codes tried" in response.content.decode()


def test_share_links_are_rate_limited_too(job_queue):
    guesser = guest()
    for attempt in range(MAX_MISSES_PER_SESSION):
        guesser.get(f"/r/ZZZZZ{codes.ALPHABET[attempt]}/")
    room = create_room(guest())
    assert guesser.get(f"/r/{room.code}/").status_code == 429


def test_the_rate_limit_wears_off(job_queue, monkeypatch):
    from lobby import throttle

    now = [1_800_000_000.0]
    limiter = throttle.JoinThrottle(clock=lambda: now[0])
    monkeypatch.setattr("lobby.views.join_throttle", limiter)
    room = create_room(guest())
    guesser = guest()
    for attempt in range(MAX_MISSES_PER_SESSION):
        post_settings(guesser, "lobby:join", code=f"ZZZZZ{codes.ALPHABET[attempt]}")
    assert join(guesser, room, "Patient").status_code == 429
    now[0] += throttle.WINDOW_SECONDS
    assert join(guesser, room, "Patient").status_code == 302


def test_right_codes_do_not_count_against_the_limit(job_queue):
    room = create_room(guest())
    browser = player("regular")
    for _ in range(MAX_MISSES_PER_SESSION + 5):
        assert join(browser, room, "Regular").status_code == 302
    assert RoomSeat.objects.filter(room=room, name="Regular").count() == 1
    assert Room.objects.count() == 1


@pytest.mark.parametrize(
    ("url_name", "args"),
    [("lobby:join_room", ()), ("lobby:fill", ()), ("lobby:remove", (1,)), ("lobby:leave", ())],
)
def test_posts_naming_a_room_cannot_be_used_to_enumerate_codes(job_queue, url_name, args):
    """403 for a real room against 404 for a made-up one would tell codes apart: unknown
    codes there count against the same limit."""
    room = create_room(guest())
    guesser = guest()
    for attempt in range(MAX_MISSES_PER_SESSION):
        fake = f"ZZZZZ{codes.ALPHABET[attempt]}"
        assert guesser.post(reverse(url_name, args=[fake, *args])).status_code == 404
    response = guesser.post(reverse(url_name, args=[room.code, *args]))
    assert response.status_code == 429
    assert "Too many room codes tried" in response.content.decode()


def test_code_guessing_never_locks_members_out_of_their_own_room_q58(job_queue):
    """Found measuring the limits: 30 bad codes from one address (a school, an office, a
    carrier's NAT) locked everyone behind it out of their own room pages and host controls for
    10 minutes. The limit now stops only lookups of rooms one is not in."""
    host = guest("10.0.0.7")
    room = create_room(host)
    member = guest("10.0.0.7")
    assert join(member, room, "Member").status_code == 302
    for attempt in range(MAX_MISSES_PER_ADDRESS):
        post_settings(guest("10.0.0.7"), "lobby:join", code=f"ZZZZ{codes.ALPHABET[attempt % 31]}Z")
    stranger = guest("10.0.0.7")
    assert join(stranger, room, "Stranger").status_code == 429
    assert stranger.get(f"/r/{room.code}/").status_code == 429
    # The members behind the same address still reach their room and its controls.
    assert host.get(f"/r/{room.code}/").status_code == 200
    assert member.get(f"/r/{room.code}/").status_code == 200
    assert join(member, room, "Member").status_code == 302
    assert host_post(host, room, "lobby:fill").status_code in (200, 204, 302)
    assert room.members.filter(kind="bot").exists()
    # ... and a made-up code still gets the limit's answer, not a 404 that tells codes apart.
    assert host.get("/r/ZZZZZZ/").status_code == 429

"""Hosts seat language-model AIs like bots (R131, R142): "Seat an AI" and "Fill with AIs" with
a chosen enabled model, host only; the model is bound to the match seat at the start and again
on Play again, and the table shows "AI N" with the model badge (R136)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from game.models import Match, MatchSeat
from lobby import services as lobby_services
from lobby.models import Room
from machines.ai.models import AIModel, MatchSeatModel, RoomSeatModel
from tests.lobby.conftest import guest, host_post

pytestmark = pytest.mark.django_db(transaction=True)


def seats(room: Room) -> list[tuple[int, str, str]]:
    """(index, kind, model name or "") of every room seat."""
    models = dict(
        RoomSeatModel.objects.filter(room_seat__room=room).values_list(
            "room_seat__index", "model__display_name"
        )
    )
    return [(i, kind, models.get(i, "")) for i, kind in room.members.values_list("index", "kind")]


def room_page(browser, room: Room) -> str:
    return browser.get(reverse("lobby:room", args=[room.code])).content.decode()


@pytest.fixture
def other_model() -> AIModel:
    return AIModel.objects.create(
        display_name="Other LM", base_url="http://127.0.0.1:9/v1", model="other"
    )


def test_seat_an_ai_puts_the_chosen_model_in_one_free_seat(room_with_guests, model, other_model):
    room, (host, _guest) = room_with_guests(others=1)
    page = room_page(host, room)
    assert "Seat an AI" in page
    assert "Fill with AIs" in page
    assert "Fake GPT" in page
    assert "Other LM" in page

    response = host_post(
        host, room, "lobby:seat_ai", 3, data={"model": other_model.pk}, HTTP_HX_REQUEST="true"
    )

    assert response.status_code == 200
    assert seats(room) == [(0, "human", ""), (1, "human", ""), (3, "ai", "Other LM")]
    # The room shows the seat as "AI 1" with its model badge, to everyone.
    page = room_page(_guest, room)
    assert "AI 1" in page
    assert 'badge--model" title="Language model">Other LM<' in page


def test_fill_with_ais_takes_every_free_seat_with_the_chosen_model(room_with_guests, model):
    room, (host, _guest) = room_with_guests(others=1)
    response = host_post(host, room, "lobby:fill_ai", data={"model": model.pk})
    assert response.status_code == 302
    assert seats(room) == [
        (0, "human", ""),
        (1, "human", ""),
        (2, "ai", "Fake GPT"),
        (3, "ai", "Fake GPT"),
        (4, "ai", "Fake GPT"),
    ]


@pytest.mark.parametrize(
    ("url_name", "args"), [("lobby:fill_ai", ()), ("lobby:seat_ai", (2,))], ids=["fill", "seat"]
)
def test_only_the_host_may_seat_ais(room_with_guests, model, url_name, args):
    room, (host, other) = room_with_guests(others=1)
    for forger in (other, guest("10.0.0.9")):
        response = host_post(forger, room, url_name, *args, data={"model": model.pk})
        assert response.status_code == 403
    assert seats(room) == [(0, "human", ""), (1, "human", "")]
    assert "Seat an AI" not in room_page(other, room)


@pytest.mark.parametrize("choice", ["disabled", "missing", "", "１"])
def test_a_disabled_or_unknown_model_is_refused_and_changes_nothing(
    room_with_guests, model, choice
):
    room, (host, _guest) = room_with_guests(others=1)
    disabled = AIModel.objects.create(
        display_name="Retired LM", base_url="http://127.0.0.1:9/v1", model="old", enabled=False
    )
    value = {"disabled": disabled.pk, "missing": 999_999}.get(choice, choice)
    response = host_post(
        host, room, "lobby:seat_ai", 2, data={"model": value}, HTTP_HX_REQUEST="true"
    )
    assert response.status_code == 409
    assert "Choose one of the language models on offer." in response.content.decode()
    assert seats(room) == [(0, "human", ""), (1, "human", "")]
    assert "Retired LM" not in room_page(host, room)


def test_without_an_enabled_model_the_ai_controls_are_not_offered(room_with_guests):
    AIModel.objects.create(
        display_name="Retired LM", base_url="http://127.0.0.1:9/v1", model="old", enabled=False
    )
    room, (host, _guest) = room_with_guests(others=1)
    page = room_page(host, room)
    assert "Fill with bots" in page
    assert "Seat an AI" not in page
    assert "Fill with AIs" not in page


def test_the_match_binds_each_model_seat_and_play_again_keeps_them(
    room_with_guests, model, other_model
):
    room, (host, _guest) = room_with_guests(others=1, here=True)
    host_post(host, room, "lobby:seat_ai", 2, data={"model": model.pk})
    host_post(host, room, "lobby:seat_ai", 3, data={"model": other_model.pk})
    host_post(host, room, "lobby:seat_bot", 4)

    response = host_post(host, room, "lobby:start_match")
    first = Match.objects.get()
    assert response["Location"] == reverse("game:table", args=[first.pk])
    expected = [(2, "AI 1", "Fake GPT"), (3, "AI 2", "Other LM")]
    assert bindings(first) == expected
    # The table shows "AI N" and the model badge on the AI seats' player sheets (R136).
    table = host.get(reverse("game:table", args=[first.pk])).content.decode()
    assert table.count('title="Language model: Fake GPT">Fake GPT<') == 1
    assert table.count('title="Language model: Other LM">Other LM<') == 1

    Match.objects.filter(pk=first.pk).update(status=Match.Status.FINISHED)
    lobby_services.match_over(Match.objects.get(pk=first.pk))
    host_post(host, room, "lobby:start_match")

    again = Match.objects.exclude(pk=first.pk).get()
    assert bindings(again) == expected


def bindings(match: Match) -> list[tuple[int, str, str]]:
    rows = MatchSeatModel.objects.filter(match_seat__match=match).order_by("match_seat__seat")
    return list(rows.values_list("match_seat__seat", "match_seat__label", "model__display_name"))


def test_the_model_badge_is_escaped_and_read_once_per_table(room_with_guests, model):
    """The admin-typed display name is text, never markup; one query reads every seat's model
    however many seats render it."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from game import broadcast

    model.display_name = "<b>Bold</b>"
    model.save()
    room, (host, _guest) = room_with_guests(others=1, here=True)
    host_post(host, room, "lobby:fill_ai", data={"model": model.pk})
    host_post(host, room, "lobby:start_match")
    match = Match.objects.get()

    table = host.get(reverse("game:table", args=[match.pk])).content.decode()
    assert "&lt;b&gt;Bold&lt;/b&gt;" in table
    assert "<b>Bold</b>" not in table

    players = list(match.seats.select_related("user"))
    game = match.game()
    with CaptureQueriesContext(connection) as queries:
        for viewer in (0, 1, None):
            broadcast.render_table(match, players, game, viewer)
    model_queries = [q for q in queries.captured_queries if "ai_matchseatmodel" in q["sql"]]
    assert len(model_queries) == 1
    assert MatchSeat.objects.filter(match=match, kind="ai").count() == 3

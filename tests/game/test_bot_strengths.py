"""A bot's strength at the table (issue 22, R121, R136, R141).

The match asks the bots for every bot seat's move at that seat's strength, and for a human's
or an AI seat handed to the bot at Normal: nobody chose a strength for those. The seat's
controller badge says how well a bot plays ("Bot · Hard"); a player's seat the bot plays says
it plays at Normal.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.utils import translation

from bangarena_engine import Game, GameConfig
from game import hooks, services
from game.models import BotStrength, Match
from game.services import SeatSpec
from machines import bots
from tests.game.conftest import JobQueue
from tests.game.test_rendering import (
    match_record,
    seat_blocks,
    seat_records,
    table_fragment,
    visible_text,
)

BADGE = re.compile(
    r'<span class="seat__badge badge badge--(\w+)([^"]*)"([^>]*)>(.*?)</span>(?=[ <])'
)


@pytest.fixture
def asked(monkeypatch: pytest.MonkeyPatch) -> list[tuple[int, str]]:
    """Every bot move the match asks for, as (seat, strength); the bots still choose it."""
    calls: list[tuple[int, str]] = []
    real = hooks._bot_move

    def spy(seat: int, view: Any, legal: Any, seed: int, strength: str, match: Any) -> Any:
        calls.append((seat, strength))
        return real(seat, view, legal, seed, strength, match)

    monkeypatch.setattr(hooks, "_bot_move", spy)
    return calls


def test_the_site_offers_exactly_the_bots_strengths():
    """The contract with machines.bots: the same three values, weakest first."""
    assert tuple(BotStrength.values) == bots.STRENGTHS == ("easy", "normal", "hard")
    assert [str(label) for label in BotStrength.labels] == ["Easy", "Normal", "Hard"]


@pytest.mark.django_db(transaction=True)
def test_each_bot_seat_is_played_at_its_own_strength_r141(
    job_queue: JobQueue, asked: list[tuple[int, str]]
):
    chosen = ["easy", "hard", "normal", "hard", "easy"]
    seats = [
        SeatSpec(kind="bot", name=f"Bot {n}", strength=strength)
        for n, strength in enumerate(chosen, start=1)
    ]
    match = services.start_match(seats=seats, mode="classic", move_time=30, tempo="fast", seed=9)
    assert list(match.seats.order_by("seat").values_list("strength", flat=True)) == chosen

    job_queue.run_until_finished(match.pk)

    assert {seat for seat, _strength in asked} == set(range(5))
    assert all(strength == chosen[seat] for seat, strength in asked)


@pytest.mark.django_db(transaction=True)
def test_a_players_or_ai_seat_handed_to_the_bot_plays_normal_r121(
    job_queue: JobQueue, asked: list[tuple[int, str]]
):
    """The host's strength choice is for bot seats: the autopilot plays Normal for a human or
    an AI seat, whatever the bots at the table play."""
    seats = [
        SeatSpec(kind="human", name="Away", guest_key="away-key"),
        SeatSpec(kind="ai", name="AI 1"),
        SeatSpec(kind="bot", name="Bot 1", strength="hard"),
        SeatSpec(kind="bot", name="Bot 2", strength="easy"),
    ]
    match = services.start_match(
        seats=seats, mode="classic", move_time=30, tempo="fast", seed=9, autopilot=[0, 1]
    )

    job_queue.run_until_finished(match.pk)

    by_seat: dict[int, set[str]] = {}
    for seat, strength in asked:
        by_seat.setdefault(seat, set()).add(strength)
    assert by_seat == {0: {"normal"}, 1: {"normal"}, 2: {"hard"}, 3: {"easy"}}


@pytest.mark.django_db
@pytest.mark.parametrize(
    "spec",
    [
        SeatSpec(kind="bot", name="Bot 1", strength="brutal"),
        SeatSpec(kind="bot", name="Bot 1", strength=""),
        SeatSpec(kind="human", name="Ann", guest_key="k", strength="hard"),
        SeatSpec(kind="ai", name="AI 1", strength="easy"),
    ],
)
def test_a_match_refuses_a_strength_no_bot_seat_may_have(spec: SeatSpec):
    seats = [spec] + [SeatSpec(kind="bot", name=f"Bot {n}") for n in range(2, 5)]
    with pytest.raises(ValueError, match="strength"):
        services.start_match(seats=seats, mode="classic", move_time=30, tempo="fast")
    assert not Match.objects.exists()


# --- the badge (R136): rendered from plain records, no database --------------------------------


def badges(strengths: dict[int, str], viewer: int = 0, **changes: Any) -> dict[int, tuple]:
    """Seat -> (kind, classes, attributes, visible text) of each seat's controller badge, on a
    4-seat table whose odd seats are bots with ``strengths``."""
    records = seat_records(4)
    for seat, strength in strengths.items():
        records[seat].strength = strength
    for seat, fields in changes.items():
        for name, value in fields.items():
            setattr(records[int(seat.removeprefix("seat"))], name, value)
    game = Game.new(GameConfig(seats=4, seed=2))
    blocks = seat_blocks(table_fragment(match_record(), records, game, viewer))
    found = {}
    for seat, block in blocks.items():
        badge = BADGE.search(block)
        assert badge is not None, block
        kind, classes, attributes, inner = badge.groups()
        found[seat] = (kind, classes.strip(), attributes, visible_text(inner))
    return found


@pytest.mark.parametrize(
    ("strength", "shown"), [("easy", "Easy"), ("normal", "Normal"), ("hard", "Hard")]
)
def test_a_bots_badge_says_how_well_it_plays_r136(strength: str, shown: str):
    found = badges({1: strength, 3: "normal"})
    assert found[1] == ("bot", "seat__badge--strength", "", f"Bot · {shown}")
    assert found[3][3] == "Bot · Normal"
    # Players' badges carry no strength.
    assert found[0] == ("human", "", "", "Player")
    assert found[2] == ("human", "", "", "Player")


def test_a_seat_from_before_strengths_reads_normal():
    """A seat record without a strength (a match from before issue 22) shows Normal."""
    records = seat_records(4)
    assert not hasattr(records[1], "strength")
    found = badges({})
    assert found[1][3] == "Bot · Normal"


def test_the_badge_speaks_the_readers_language():
    with translation.override("de"):
        found = badges({1: "hard", 3: "easy"})
    assert found[1][3] == "Bot · Schwer"
    assert found[3][3] == "Bot · Leicht"


def test_a_players_seat_the_bot_plays_says_it_plays_normal_r121():
    found = badges({1: "hard"}, viewer=1, seat2={"autopilot": True})
    kind, classes, attributes, text = found[2]
    assert (kind, classes, text) == ("human", "", "Player · bot plays")
    assert 'title="The bot plays this seat at Normal strength' in attributes
    assert "Normal" not in found[0][2]  # a seat its player plays explains nothing

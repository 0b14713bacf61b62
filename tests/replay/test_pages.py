"""The replay viewer and export of a finished match (issue 18): only for finished matches, every
position of random matches renders, the table is read-only, the log is the whole match with
the current moment highlighted, and signals show from the moment they were sent."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from bangarena_engine import Game
from game import services
from game.models import Match, TableSignal
from game.table import context
from replay import position, scene, store
from tests.game.conftest import bot_seats, human_seats
from tests.replay.conftest import RANDOM_MATCHES, finished_match
from tests.stats.conftest import START

pytestmark = pytest.mark.django_db


def replay_url(match: Match, **params: object) -> str:
    query = "&".join(f"{key}={value}" for key, value in params.items())
    return reverse("game:replay", args=[match.pk]) + (f"?{query}" if query else "")


def draw(match: Match, at: int, seat: int | None) -> position.Drawn:
    seats = list(match.seats.select_related("user"))
    base = context.load(match, seats, now=START)
    return position.draw(store.timeline(match), at, seat, base, base_url=replay_url(match))


# --- finished matches only -----------------------------------------------------------------


def test_a_running_match_has_no_replay_and_no_export(client: Client):
    """R4: a running match's replay would show hands, roles and the deck; it does not exist
    (404) for anyone, seated or not, as a page, an htmx fragment or the JSON export."""
    match = services.start_match(
        seats=human_seats(1) + bot_seats(3), mode="classic", move_time=30, tempo="fast", seed=3
    )
    assert match.is_running
    for url in (
        replay_url(match),
        replay_url(match, at=0, seat=1),
        reverse("game:replay_export", args=[match.pk]),
    ):
        assert client.get(url).status_code == 404
        assert client.get(url, HTTP_HX_REQUEST="true").status_code == 404
    session = client.session
    session.save()
    match.seats.filter(seat=0).update(guest_key=session.session_key)  # even its own player
    assert client.get(replay_url(match, seat=1)).status_code == 404


def test_an_unknown_match_has_no_replay(client: Client):
    assert client.get(reverse("game:replay", args=[999999])).status_code == 404


def test_a_finished_match_replays_at_any_shared_address(client: Client):
    match = finished_match([], seats=5, seed=4, mode="classic")
    last = match.actions.count()
    for params, at in (({}, 0), ({"at": 12}, 12), ({"at": 10**30}, last), ({"at": "x"}, 0)):
        page = client.get(replay_url(match, **params))
        assert page.status_code == 200
        assert f'data-at="{at}"' in page.content.decode()
    fragment = client.get(replay_url(match, at=3, seat=2), HTTP_HX_REQUEST="true").content.decode()
    # The htmx answer is the table and the bar, each swapped by id, not a whole page.
    assert "<html" not in fragment
    assert 'id="table" hx-swap-oob="true"' in fragment
    assert re.search(r'id="replay-bar"[^>]*hx-swap-oob="true"', fragment)


# --- every position renders, exactly --------------------------------------------------------


@pytest.mark.parametrize(("mode", "seats", "seed"), RANDOM_MATCHES)
def test_every_position_of_random_matches_renders(mode: str, seats: int, seed: int):
    """Each position, from everyone's eyes and from one seat's (a different seat each move),
    draws the whole table and the controls; the log always lists the whole match."""
    match = finished_match([{"guest_key": "g"}], seats=seats, seed=seed, mode=mode)
    timeline = store.timeline(match)
    whole = None
    for at in range(timeline.last + 1):
        for seat in (None, at % seats):
            drawn = draw(match, at, seat)
            assert drawn.table.lstrip().startswith('<div id="table"')
            assert f'data-version="{at}"' in drawn.table
            if seat is None:
                lines = drawn.table.count('class="rlog')
                whole = whole or lines
                assert lines == whole  # the whole match at every position
                assert "rlog--later" not in drawn.table
    assert whole
    assert whole >= timeline.last // 2


def test_a_position_shows_exactly_the_game_after_n_actions(client: Client):
    """?at=n is exact: the page at n is the table drawn from a fresh game that replayed the
    first n stored actions (nothing cached, nothing stored besides the log)."""
    match = finished_match([], seats=6, seed=8, mode="partners")
    moves = list(match.actions.order_by("seq"))
    timeline = store.timeline(match)
    seats = list(match.seats.all())
    for at in (0, 1, 7, 50, len(moves) // 2, len(moves)):
        at = min(at, len(moves))
        fresh = Game.new(match.game_config())
        for move in moves[:at]:
            fresh.apply(move.seat, move.action)
        for seat in (None, 2):
            base = context.load(match, seats, now=START)
            ctx = scene.context(base, at, timeline.last, len(fresh.view(None)["log"]), set())
            expected = position.draw_game(
                timeline, fresh, at, seat, ctx, base.signals, base_url=replay_url(match)
            ).table
            params = {"at": at} if seat is None else {"at": at, "seat": seat + 1}
            page = client.get(replay_url(match, **params)).content.decode()
            assert expected in page


# --- read-only, the log, signals -------------------------------------------------------------


def test_the_replay_has_no_controls_of_the_table(client: Client):
    """Nothing of a replay can act: no move buttons, signals, host or seat switches, no vote on
    another player's seat (two humans played: issue 23's vote needs them), for the seat whose
    decision it was and for each human, at every kind of moment."""
    match = finished_match(
        [{"guest_key": "g"}, {"guest_key": "h"}], seats=4, seed=12, mode="classic"
    )
    timeline = store.timeline(match)
    for at in range(0, timeline.last + 1, 3):
        game = timeline.game_at(at)
        awaited = game.awaiting()
        for seat in {awaited[0] if awaited else 0, 0, 1}:
            html = draw(match, at, seat).table
            for control in ("ws-send", "hx-post", 'name="action"', "data-select-card", "<form"):
                assert control not in html, (at, seat, control)


def test_the_log_is_the_whole_match_with_the_current_moment_highlighted(client: Client):
    match = finished_match([], seats=4, seed=13, mode="classic")
    timeline = store.timeline(match)
    at = timeline.turn_starts[2]
    html = client.get(replay_url(match, at=at)).content.decode()
    current = re.findall(
        r'<a class="rlog rlog--now" href="([^"]+)" data-replay-go data-at="(\d+)"', html
    )
    assert current
    assert all(int(a) == at for _, a in current)
    assert {href for href, _ in current} == {replay_url(match, at=at).replace("&", "&amp;")}
    # Every line links to its own moment, in the order of the match.
    moments = [
        int(a)
        for a in re.findall(r'class="rlog[^"]*" href="[^"]+" data-replay-go data-at="(\d+)"', html)
    ]
    assert moments == sorted(moments)
    assert moments[0] == 0
    assert moments[-1] == timeline.last


def test_a_seat_sees_only_the_log_it_had_seen_and_later_turns_to_jump_to(client: Client):
    """A seat's perspective lists the lines up to this moment; of later events only "Turn N"
    places to jump to, so nothing revealed later (the role of a seat eliminated later, R82, a
    card drawn later) shows early. The whole match's log does say it."""
    match = finished_match([], seats=5, seed=14, mode="classic")
    timeline = store.timeline(match)
    eliminated = [i for i, e in enumerate(timeline.events) if e["type"] == "eliminated"]
    assert eliminated
    at = timeline.position_of_event(eliminated[0]) - 1
    drawn_seat = draw(match, at, 0)
    html = drawn_seat.table
    lines = re.findall(r'class="(rlog[^"]*)" href="[^"]+" data-replay-go data-at="(\d+)"', html)
    assert all(int(a) <= at for kind, a in lines if "later" not in kind)
    later = [int(a) for kind, a in lines if "later" in kind]
    assert later == [s for s in timeline.turn_starts if s > at]
    log = html.split('id="log-lines"')[1]
    assert "eliminated" not in log
    # Nor does the turn list name whose later turns came (who was still in).
    later_turns = [c for c in drawn_seat.turns if int(c.value) > at]
    assert later_turns
    assert all("·" not in c.label for c in later_turns)
    assert all("·" in c.label for c in drawn_seat.turns if int(c.value) <= at)
    everything = draw(match, at, None).table.split('id="log-lines"')[1]
    assert "eliminated" in everything


def test_signals_show_from_the_moment_they_were_sent(client: Client):
    """R122-R127: a claim sent after the 10th public event is on the table and in the log from
    the first position whose log holds 10 events, and not before."""
    match = finished_match([{"guest_key": "g"}], seats=4, seed=15, mode="classic")
    timeline = store.timeline(match)
    TableSignal.objects.create(
        match=match, seat=0, kind="claim", value="deputy", created_at=START, log_position=10
    )
    shown_from = timeline.position_of_log_length(10)
    assert shown_from > 0
    before = draw(match, shown_from - 1, None).table
    after = draw(match, shown_from, None).table
    assert "claim-tag" not in before
    assert "claim-tag" in after  # on the seat's board
    # The log of the whole match lists it at its moment.
    assert re.search(rf'data-at="{shown_from}">.{{0,80}}claims', before, re.S)


def test_a_bot_seat_replay_carries_no_signals():
    """R128: bots never saw signals, so their eyes in a replay do not either."""
    match = finished_match([{"guest_key": "g"}], seats=4, seed=15, mode="classic")
    TableSignal.objects.create(
        match=match, seat=0, kind="claim", value="deputy", created_at=START, log_position=1
    )
    timeline = store.timeline(match)
    assert "claim-tag" not in draw(match, timeline.last, 1).table
    assert "claims" not in draw(match, timeline.last, 1).table
    assert "claim-tag" in draw(match, timeline.last, 0).table


def test_a_reaction_bubble_shows_at_its_moment_only():
    match = finished_match([{"guest_key": "g"}], seats=4, seed=16, mode="classic")
    timeline = store.timeline(match)
    length = timeline.log_end[5]
    TableSignal.objects.create(
        match=match, seat=0, kind="reaction", value="funny", created_at=START, log_position=length
    )
    here = timeline.position_of_log_length(length)
    assert "😂" in draw(match, here, None).table.split('id="log-lines"')[0]
    later = next(n for n in range(here, timeline.last + 1) if timeline.log_end[n] > length)
    assert "😂" not in draw(match, later, None).table.split('id="log-lines"')[0]


ENGLISH_OF_THE_VIEWER = [
    "Replay controls",
    "Jump to",
    "Seen by",
    "Event forward",
    "Everything: every hand and every role.",
    "Keys: ← → one event",
    "Download (JSON)",
    "Through the eyes of",
    "Turn back",
]


@pytest.mark.parametrize("language", ["ru", "pl", "tr", "id", "nl", "de"])
def test_the_viewer_speaks_every_language(language: str):
    """Issue 2: every string of the viewer is translated (the page and an htmx step)."""
    from django.conf import settings

    from tests.site.pages import visible_text

    match = finished_match([], seats=4, seed=18, mode="classic")
    client = Client()
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    for headers in ({}, {"HTTP_HX_REQUEST": "true"}):
        page = client.get(replay_url(match, at=6, seat=2), **headers).content.decode()
        text = visible_text(page)
        for english in ENGLISH_OF_THE_VIEWER:
            assert english not in text, (language, english)


def test_a_log_that_does_not_replay_is_no_replay_rather_than_a_wrong_one(client, caplog):
    """A stored action the engine refuses (a hand-edited row) gives a 404 and a logged
    error, never a table that is not what happened."""
    match = finished_match([], seats=4, seed=19, mode="classic")
    match.actions.filter(seq=3).update(action={"type": "play", "card": "no-such-card"})
    assert client.get(replay_url(match, at=5)).status_code == 404
    assert "does not replay" in caplog.text


def test_the_replay_log_is_not_a_live_region(client: Client):
    """A step replaces the table: a live log would read the whole match out; the step's own
    lines go to #replay-announcer instead (replay.js)."""
    match = finished_match([], seats=4, seed=20, mode="classic")
    page = client.get(replay_url(match, at=3)).content.decode()
    assert '<ol class="log__lines" id="log-lines" data-log>' in page
    assert 'id="replay-announcer"' in page

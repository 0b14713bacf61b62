"""The summary lists the match's signals (R122-R125 are kept with the match for it)."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from game.models import TableSignal
from stats.models import PlayerResult
from tests.stats.conftest import finished_match

pytestmark = pytest.mark.django_db


def test_the_summary_lists_the_signals_sent_during_the_match_with_names_escaped():
    match = finished_match([], seats=4, seed=3)
    # The summary names players as the record has them: their names at the table.
    match.seats.filter(seat=0).update(name="<b>Ann</b>")
    PlayerResult.objects.filter(record__match=match, seat=0).update(name="<b>Ann</b>")
    TableSignal.objects.create(
        match=match, seat=0, kind="reaction", value="gg", created_at=match.finished_at
    )
    TableSignal.objects.create(
        match=match, seat=0, kind="claim", value="deputy", created_at=match.finished_at
    )

    page = Client().get(reverse("game:result", args=[match.pk])).content.decode()

    lines = page.split('class="summary__signal-lines"')[1].split("</ol>")[0]
    assert lines.count("<li>") == 2
    assert "GG" in lines
    assert "Deputy" in lines
    assert lines.count("&lt;b&gt;Ann&lt;/b&gt;") == 2  # a name is text, never markup
    assert "<b>" not in lines


def test_a_match_without_signals_shows_no_signal_section():
    match = finished_match([], seats=4, seed=3)
    page = Client().get(reverse("game:result", args=[match.pk])).content.decode()
    assert "summary__signal-lines" not in page

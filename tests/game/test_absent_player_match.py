"""The issue's bar (issue 17): a match where one of four humans never opens the table
finishes in under 3 minutes at Fast tempo with 15 s move time (R119-R121, Q48).

Simulated on the hand-moved clock (bench/absent_player.py gives the figure over many seeds);
the three present players answer each decision after 0.5 s.
"""

from __future__ import annotations

import pytest

from game.models import MatchAction, TableSignal
from tests.game.absent_match import ABSENT, play
from tests.game.conftest import FakeClock, JobQueue

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_match_with_a_human_who_never_opens_the_table_ends_in_under_3_minutes(
    clock: FakeClock, job_queue: JobQueue
):
    outcome = play(job_queue, clock, seed=17, think=0.5)

    assert outcome.seconds < 180
    # The absent seat cost two R119 limits at most, then the bot played it (R121).
    assert outcome.timeouts_of_absent <= 2 * 8  # whole turns: a few moves per timeout
    assert outcome.autopilot_after is not None
    assert outcome.waited_on_absent <= 2 * 8 + 60 * 0.3 * 2
    notice = TableSignal.objects.get(kind="notice")
    assert (notice.seat, notice.value) == (ABSENT, "autopilot")
    assert MatchAction.objects.filter(seat=ABSENT, cause="bot").exists()

"""Period tallies behind the leaderboards (issue 7: this week, this month, all time; most wins
and win rate by role), counted once per user result, by the UTC date of the finish."""

from __future__ import annotations

from datetime import UTC, date, datetime

import pytest

from stats.models import ALL_TIME_START, PeriodTally
from tests.stats.conftest import bare_record, make_user

pytestmark = pytest.mark.django_db


def tally(user, period, start, role=""):
    row = PeriodTally.objects.get(user=user, period=period, start=start, role=role)
    return row.games, row.wins


def test_a_result_counts_in_its_week_month_and_all_time_for_all_roles_and_its_role():
    ana = make_user("ana")
    wednesday = datetime(2026, 11, 25, 20, 0, tzinfo=UTC)
    bare_record(ana, won=True, role="deputy", finished_at=wednesday)
    assert tally(ana, "week", date(2026, 11, 23)) == (1, 1)  # Monday
    assert tally(ana, "week", date(2026, 11, 23), "deputy") == (1, 1)
    assert tally(ana, "month", date(2026, 11, 1)) == (1, 1)
    assert tally(ana, "all", ALL_TIME_START, "deputy") == (1, 1)
    assert PeriodTally.objects.filter(user=ana).count() == 6


def test_periods_roll_over_at_utc_midnight_on_monday_and_the_first():
    ana = make_user("ana")
    sunday_late = datetime(2026, 11, 29, 23, 59, tzinfo=UTC)
    monday = datetime(2026, 11, 30, 0, 1, tzinfo=UTC)
    december = datetime(2026, 12, 1, 0, 0, tzinfo=UTC)
    bare_record(ana, won=True, finished_at=sunday_late)
    bare_record(ana, won=False, finished_at=monday)
    bare_record(ana, won=True, finished_at=december)
    assert tally(ana, "week", date(2026, 11, 23)) == (1, 1)
    assert tally(ana, "week", date(2026, 11, 30)) == (2, 1)
    assert tally(ana, "month", date(2026, 11, 1)) == (2, 1)
    assert tally(ana, "month", date(2026, 12, 1)) == (1, 1)
    assert tally(ana, "all", ALL_TIME_START) == (3, 2)


def test_roles_are_tallied_apart():
    ana = make_user("ana")
    bare_record(ana, won=True, role="bandit")
    bare_record(ana, won=False, role="bandit")
    bare_record(ana, won=True, role="loner")
    assert tally(ana, "all", ALL_TIME_START, "bandit") == (2, 1)
    assert tally(ana, "all", ALL_TIME_START, "loner") == (1, 1)
    assert tally(ana, "all", ALL_TIME_START) == (3, 2)


def test_guests_and_bots_get_no_tally():
    bare_record(None, won=True)
    assert not PeriodTally.objects.exists()


def test_start_of_each_period():
    day = date(2026, 11, 29)  # a Sunday
    assert PeriodTally.start_of("week", day) == date(2026, 11, 23)
    assert PeriodTally.start_of("month", day) == date(2026, 11, 1)
    assert PeriodTally.start_of("all", day) == ALL_TIME_START

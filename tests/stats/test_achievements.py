"""Achievements (R140 "the viewer's achievements", →Q62): each unlock condition, once per
user, with the match that unlocked it, and progress for counted ones."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils.functional import Promise

from stats.achievements import ACHIEVEMENTS, statuses, unlocked_in_match
from stats.models import UserAchievement
from stats.recording import record_match
from tests.stats import scenarios
from tests.stats.conftest import START, bare_record, make_user, play, store

pytestmark = pytest.mark.django_db


def codes(user) -> set[str]:
    return set(UserAchievement.objects.filter(user=user).values_list("code", flat=True))


# (code, fields that unlock it, fields that just miss it); "others" sets the other seats.
MATCH_CASES = [
    ("first_win", {"won": True}, {"won": False}),
    ("hat_trick", {"eliminations": 3}, {"eliminations": 2}),
    ("duel_winner", {"duels_won": 1}, {"duels_won": 0}),
    ("dynamite_survivor", {"dynamite_survived": 1}, {"dynamite_survived": 0}),
    ("bounty_hunter", {"bounties_taken": 1}, {"bounties_taken": 0}),
    ("flawless", {"won": True, "damage_taken": 0}, {"won": True, "damage_taken": 1}),
    ("win_marshal", {"won": True, "role": "marshal"}, {"won": False, "role": "marshal"}),
    ("win_deputy", {"won": True, "role": "deputy"}, {"won": True, "role": "marshal"}),
    ("win_bandit", {"won": True, "role": "bandit"}, {"won": False, "role": "bandit"}),
    ("win_loner", {"won": True, "role": "loner"}, {"won": False, "role": "loner"}),
    (
        "win_double_agent",
        {"won": True, "role": "double_agent"},
        {"won": True, "role": "bandit"},
    ),
    (
        "from_the_grave",
        {"won": True, "eliminated_place": 2},
        {"won": True, "eliminated_place": None},
    ),
    (
        "kingslayer",
        {"others": {1: {"role": "marshal", "eliminated_place": 1, "eliminated_by": 0}}},
        {"others": {1: {"role": "marshal", "eliminated_place": 1, "eliminated_by": 2}}},
    ),
    (
        "friendly_fire",
        {
            "role": "marshal",
            "others": {1: {"role": "deputy", "eliminated_place": 1, "eliminated_by": 0}},
        },
        {
            "role": "marshal",
            "others": {1: {"role": "bandit", "eliminated_place": 1, "eliminated_by": 0}},
        },
    ),
    ("trigger_happy", {"shots_fired": 5}, {"shots_fired": 4}),
    ("dodger", {"shots_dodged": 3}, {"shots_dodged": 2}),
    ("star_collector", {"stars": 3}, {"stars": 2}),
    ("full_house", {"seats": 8}, {"seats": 7}),
    ("marathon", {"rounds_survived": 10}, {"rounds_survived": 9}),
    (
        "last_one_standing",
        {"others": {s: {"eliminated_place": s} for s in (1, 2, 3)}},
        {"others": {s: {"eliminated_place": s} for s in (1, 2)}},
    ),
]


@pytest.mark.parametrize(
    ("code", "unlocks", "misses"), MATCH_CASES, ids=[c[0] for c in MATCH_CASES]
)
def test_each_match_achievement_unlocks_on_its_condition_only(code, unlocks, misses):
    ana, bob = make_user("ana"), make_user("bob")
    record = bare_record(ana, **unlocks)
    assert code in codes(ana)
    row = UserAchievement.objects.get(user=ana, code=code)
    assert row.match_id == record.match_id
    assert row.unlocked_at == record.finished_at
    bare_record(bob, **misses)
    assert code not in codes(bob)


# (code, field per match, value, matches needed)
COUNTED_CASES = [
    ("play_10", {}, 10),
    ("play_50", {}, 50),
    ("play_100", {}, 100),
    ("win_10", {"won": True}, 10),
    ("win_50", {"won": True}, 50),
    ("eliminations_25", {"eliminations": 5}, 5),
    ("damage_100", {"damage_dealt": 10}, 10),
    ("dodges_50", {"shots_dodged": 10}, 5),
    ("duels_10", {"duels_won": 2}, 5),
]


@pytest.mark.parametrize(
    ("code", "fields", "needed"), COUNTED_CASES, ids=[c[0] for c in COUNTED_CASES]
)
def test_each_counted_achievement_unlocks_when_the_total_reaches_its_target(code, fields, needed):
    ana = make_user("ana")
    achievement = ACHIEVEMENTS[code]
    # The earlier matches are already in the history (written without re-checking each).
    for n in range(needed - 2):
        bare_record(ana, finished_at=START + timedelta(hours=n), apply=False, **fields)
    bare_record(ana, finished_at=START + timedelta(hours=needed - 2), **fields)
    # One match short: not yet, and the progress says how far.
    assert code not in codes(ana)
    status = next(s for s in statuses(ana) if s.achievement.code == code)
    assert status.target == achievement.target
    assert status.progress == min(achievement.target, getattr(_totals(ana), achievement.total))
    assert not status.unlocked
    last = bare_record(ana, finished_at=START + timedelta(hours=needed), **fields)
    row = UserAchievement.objects.get(user=ana, code=code)
    assert row.match_id == last.match_id
    status = next(s for s in statuses(ana) if s.achievement.code == code)
    assert status.unlocked
    assert status.progress == status.target


def _totals(user):
    from stats.achievements import totals

    return totals(user.pk)


def test_win_as_every_role_counts_distinct_roles_won():
    """R4-R9: Marshal, Deputy, Bandit, Loner and Double Agent; a second Bandit win adds
    nothing."""
    ana = make_user("ana")
    roles = ["marshal", "deputy", "bandit", "bandit", "loner"]
    for n, role in enumerate(roles):
        bare_record(ana, finished_at=START + timedelta(hours=n), won=True, role=role)
    bare_record(ana, finished_at=START + timedelta(hours=6), won=False, role="double_agent")
    status = next(s for s in statuses(ana) if s.achievement.code == "every_role")
    assert (status.progress, status.target) == (4, 5)
    assert "every_role" not in codes(ana)
    last = bare_record(
        ana,
        finished_at=START + timedelta(hours=7),
        won=True,
        role="double_agent",
        mode="double_agent",
    )
    assert UserAchievement.objects.get(user=ana, code="every_role").match_id == last.match_id


def test_win_in_every_mode_counts_distinct_modes_won():
    """R12-R15: Classic, Partners, Double Agent, Old Classic; a loss in a mode does not count."""
    ana = make_user("ana")
    for n, mode in enumerate(["classic", "partners", "double_agent"]):
        bare_record(ana, finished_at=START + timedelta(hours=n), won=True, mode=mode)
    bare_record(ana, finished_at=START + timedelta(hours=4), won=False, mode="old_classic")
    assert "every_mode" not in codes(ana)
    bare_record(ana, finished_at=START + timedelta(hours=5), won=True, mode="old_classic")
    assert "every_mode" in codes(ana)


def test_every_achievement_has_its_condition_tested():
    """Every catalogue entry has a case above (the two set-based ones have their own tests)."""
    tested = {case[0] for case in MATCH_CASES + COUNTED_CASES} | {"every_role", "every_mode"}
    assert set(ACHIEVEMENTS) == tested


def test_the_catalogue_has_at_least_25_translatable_achievements():
    assert len(ACHIEVEMENTS) >= 25
    assert any(a.target for a in ACHIEVEMENTS.values())
    for code, achievement in ACHIEVEMENTS.items():
        assert achievement.code == code
        assert isinstance(achievement.name, Promise)
        assert isinstance(achievement.description, Promise)
        assert achievement.icon


def test_an_achievement_unlocks_once_with_its_first_match():
    ana = make_user("ana")
    first = bare_record(ana, won=True)
    bare_record(ana, won=True, finished_at=START + timedelta(days=1))
    assert UserAchievement.objects.filter(user=ana, code="first_win").count() == 1
    assert UserAchievement.objects.get(user=ana, code="first_win").match_id == first.match_id


def test_real_matches_unlock_from_the_log():
    """The engine scenarios: a Duel won (R54), a clean sweep as Marshal (R93), a Dynamite
    explosion survived (R75), a Bounty claimed (R87) and the Marshal eliminated (R95)."""
    ana, bob, cy = make_user("ana"), make_user("bob"), make_user("cy")
    for scenario, people in [
        (scenarios.DUEL_SWEEP, [{"user": ana}]),
        (scenarios.DYNAMITE_SURVIVED, [{"user": bob}]),
        (scenarios.BOUNTY, [{}, {}, {}, {"user": cy}]),
    ]:
        config, policy = scenarios.build(scenario)
        record_match(store(config, play(config, policy), people))
    assert {
        "first_win",
        "hat_trick",
        "duel_winner",
        "flawless",
        "win_marshal",
        "last_one_standing",
    } <= codes(ana)
    assert "dynamite_survivor" in codes(bob)
    assert {"bounty_hunter", "win_loner", "kingslayer", "first_win"} <= codes(cy)
    assert "flawless" in codes(cy)
    assert "dynamite_survivor" not in codes(ana)


def test_unlocked_in_match_lists_what_that_match_unlocked():
    ana = make_user("ana")
    first = bare_record(ana, won=True, role="marshal", damage_taken=1)
    later = START + timedelta(days=1)
    second = bare_record(
        ana, won=True, role="marshal", eliminations=3, damage_taken=1, finished_at=later
    )
    assert [a.code for a in unlocked_in_match(ana.pk, first.match_id)] == [
        "first_win",
        "win_marshal",
    ]
    assert [a.code for a in unlocked_in_match(ana.pk, second.match_id)] == ["hat_trick"]


def test_statuses_take_a_bounded_number_of_queries(django_assert_max_num_queries):
    ana = make_user("ana")
    for n in range(12):
        bare_record(ana, won=n % 2 == 0, finished_at=START + timedelta(hours=n))
    with django_assert_max_num_queries(5):
        rows = statuses(ana)
    assert [s.achievement.code for s in rows] == list(ACHIEVEMENTS)
    play_10 = next(s for s in rows if s.achievement.code == "play_10")
    assert play_10.unlocked
    win_10 = next(s for s in rows if s.achievement.code == "win_10")
    assert (win_10.progress, win_10.target, win_10.unlocked) == (6, 10, False)
    assert next(s for s in rows if s.achievement.code == "hat_trick").progress is None


def test_guests_unlock_nothing():
    bare_record(None, won=True, eliminations=3)
    assert not UserAchievement.objects.exists()

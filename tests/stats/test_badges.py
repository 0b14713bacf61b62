"""Match badges (R140 "match badges", →Q62): one rule each, ties shared, nothing for zero."""

from __future__ import annotations

import pytest

from stats.badges import BADGES, award
from stats.recording import GameSummary, SeatLine, record_match
from tests.stats import scenarios
from tests.stats.conftest import play, store


def table(*lines: SeatLine) -> dict[int, list[str]]:
    summary = GameSummary(rounds=3, turns=9, winning_team="law", winners=[], lines=list(lines))
    return award(list(lines), summary)


def out(seat: int, place: int, **fields) -> SeatLine:
    return SeatLine(seat=seat, eliminated_place=place, damage_taken=1, **fields)


def test_there_are_at_least_eight_kinds_each_named_and_with_an_icon():
    assert len(BADGES) >= 8
    for code, badge in BADGES.items():
        assert badge.code == code
        assert str(badge.name)
        assert str(badge.description)
        assert badge.icon


@pytest.mark.parametrize(
    ("code", "attribute"),
    [
        ("top_damage", "damage_dealt"),
        ("most_eliminations", "eliminations"),
        ("most_dodges", "shots_dodged"),
        ("duelist", "duels_won"),
        ("medic", "healed"),
        ("busy_hands", "cards_played"),
    ],
)
def test_most_badges_go_to_every_seat_tied_for_the_best_and_never_for_zero(code, attribute):
    lines = [SeatLine(seat=s, damage_taken=1, **{attribute: v}) for s, v in enumerate([2, 5, 5, 1])]
    won = table(*lines)
    assert [seat for seat, codes in won.items() if code in codes] == [1, 2]
    nobody = table(*[SeatLine(seat=s, damage_taken=1) for s in range(4)])
    assert not any(code in codes for codes in nobody.values())


def test_last_one_standing_needs_exactly_one_survivor():
    won = table(SeatLine(seat=0), out(1, 1), out(2, 2), out(3, 3))
    assert "last_standing" in won[0]
    two_alive = table(SeatLine(seat=0), SeatLine(seat=1), out(2, 1), out(3, 2))
    assert not any("last_standing" in codes for codes in two_alive.values())


def test_first_blood_goes_to_the_first_eliminator_only():
    won = table(SeatLine(seat=0, first_elimination=True, eliminations=1), out(1, 1), out(2, 2))
    assert "first_blood" in won[0]
    assert "first_blood" not in won[1]


def test_bounty_dynamite_untouched_and_fallen_hero_are_per_seat():
    """R87 a Bounty taken; R75 a Dynamite explosion survived; no damage taken; R94 a Bandit
    wins with his side even when eliminated."""
    won = table(
        SeatLine(seat=0, bounties_taken=1, damage_taken=2),
        SeatLine(seat=1, dynamite_survived=1, damage_taken=3),
        SeatLine(seat=2),
        out(3, 1, won=True),
    )
    assert "bounty_taken" in won[0]
    assert "survived_dynamite" in won[1]
    assert "untouched" in won[2]
    assert "fallen_hero" in won[3]
    assert "untouched" not in won[0]
    assert "fallen_hero" not in won[2]


@pytest.mark.django_db
def test_badges_are_stored_with_each_seat_when_recorded():
    """The Marshal who swept the table (R93) without a scratch holds the match's honours."""
    config, policy = scenarios.build(scenarios.DUEL_SWEEP)
    record = record_match(store(config, play(config, policy), []))
    marshal = record.players.get(seat=0)
    assert marshal.badges == [
        "top_damage",
        "most_eliminations",
        "last_standing",
        "first_blood",
        "duelist",
        "untouched",
        "busy_hands",
    ]
    assert all(p.badges == [] for p in record.players.exclude(seat=0))

"""Recording a finished match (issue 7; R140 the summary shows every role and a stats row per
player): what each seat did, counted from the engine log, recorded once."""

from __future__ import annotations

import pytest

from bangarena_engine import Game
from game import services
from game.models import Match
from game.services import SeatSpec
from game.signals import match_finished
from stats.models import MatchRecord, PeriodTally, PlayerResult, RatingChange, UserAchievement
from stats.recording import record_match, summarize
from tests.stats import scenarios
from tests.stats.conftest import finished_match, make_user, play, store


def scripted_match(scenario, people):
    config, policy = scenarios.build(scenario)
    return store(config, play(config, policy), people), config


@pytest.mark.django_db(transaction=True)
def test_a_live_match_is_recorded_once_when_it_ends(job_queue):
    """The match_finished hook records the match after the commit; running it again (a second
    signal, a direct call) records nothing twice."""
    ana, bob = make_user("ana"), make_user("bob")
    seats = [
        SeatSpec(kind="human", name="Ana", user_id=ana.pk),
        SeatSpec(kind="human", name="Bob", user_id=bob.pk),
    ] + [SeatSpec(kind="bot", name=f"Bot {n}") for n in range(1, 3)]
    match = services.start_match(seats=seats, mode="classic", move_time=15, tempo="fast", seed=4)
    for seat in (0, 1):  # the server plays both humans' seats: the match runs by itself
        services.hand_to_bot(match.pk, seat)
    job_queue.run_until_finished(match.pk)

    match = Match.objects.get(pk=match.pk)
    record = MatchRecord.objects.get(match=match)
    assert record.actions == match.actions.count() == match.version
    assert record.finished_at == match.finished_at
    assert record.rated  # two signed-up humans (issue 23)
    assert record.humans == 2
    assert sorted(record.players.values_list("seat", flat=True)) == [0, 1, 2, 3]
    ana_result = record.players.get(seat=0)
    assert ana_result.user == ana
    assert ana_result.name == "Ana"
    counts = (
        PlayerResult.objects.count(),
        PeriodTally.objects.get(user=ana, period="all", role="").games,
        UserAchievement.objects.count(),
        RatingChange.objects.count(),
    )
    assert counts[1] == 1
    assert counts[3] == 2

    match_finished.send(sender=Match, match=match)
    assert record_match(match) == record
    assert (
        PlayerResult.objects.count(),
        PeriodTally.objects.get(user=ana, period="all", role="").games,
        UserAchievement.objects.count(),
        RatingChange.objects.count(),
    ) == counts


@pytest.mark.django_db
def test_recording_twice_changes_nothing():
    """record_match is idempotent: same record, no second row of any kind."""
    ana = make_user("ana")
    match, _ = scripted_match(scenarios.DUEL_SWEEP, [{"user": ana}])
    first = record_match(match)
    snapshot = [
        list(model.objects.order_by("pk").values())
        for model in (MatchRecord, PlayerResult, PeriodTally, UserAchievement, RatingChange)
    ]
    assert record_match(match).pk == first.pk
    assert snapshot == [
        list(model.objects.order_by("pk").values())
        for model in (MatchRecord, PlayerResult, PeriodTally, UserAchievement, RatingChange)
    ]


@pytest.mark.django_db
def test_duel_and_shots_are_counted_per_seat():
    """R54 a Duel the target cannot answer costs him 1 HP; R81 the Marshal is the eliminator of
    all three; R83 a Glory star for each elimination before the last (the game ends first,
    R80 step 2); R93 Law wins; R140 every role is shown at the end."""
    ana = make_user("ana")
    match, config = scripted_match(scenarios.DUEL_SWEEP, [{"user": ana}])
    record = record_match(match)

    assert (record.mode, record.seats, record.rounds, record.turns) == ("classic", 4, 1, 1)
    assert record.winning_team == "law"
    assert record.winners == [0]
    assert record.duration_seconds == 12 * 60
    marshal, *others = record.players.order_by("seat")
    assert (marshal.role, marshal.team, marshal.character) == ("marshal", "law", "mad_dog")
    assert marshal.won
    assert marshal.eliminated_place is None
    assert (marshal.damage_dealt, marshal.damage_taken, marshal.eliminations) == (3, 0, 3)
    assert (marshal.shots_fired, marshal.cards_played, marshal.duels_won) == (2, 3, 1)
    assert marshal.stars == 2
    assert marshal.upgrades == ["accuracy", "accuracy"]
    assert [o.role for o in others] == ["bandit", "bandit", "loner"]
    assert [o.eliminated_place for o in others] == [1, 2, 3]
    assert [o.eliminated_by for o in others] == [0, 0, 0]
    assert [o.eliminated_round for o in others] == [1, 1, 1]
    assert all(not o.won and o.damage_taken == 1 and o.kind == "bot" for o in others)


@pytest.mark.django_db
def test_a_dynamite_explosion_survived_is_counted():
    """R75 Spades 2-9 explodes: 3 damage with no source; the holder at 5 HP lives on."""
    match, _ = scripted_match(scenarios.DYNAMITE_SURVIVED, [])
    marshal = record_match(match).players.get(seat=0)
    assert marshal.dynamite_survived == 1
    assert marshal.damage_taken == 3
    assert marshal.won
    assert marshal.rounds_survived == 2
    assert marshal.turns_played == 2


@pytest.mark.django_db
def test_death_by_dynamite_has_no_eliminator():
    """R81 Dynamite: nobody is the eliminator; R92 the Marshal out means the Bandits win."""
    match, _ = scripted_match(scenarios.DYNAMITE_KILLS_MARSHAL, [])
    record = record_match(match)
    marshal = record.players.get(seat=0)
    assert marshal.eliminated_place == 1
    assert marshal.eliminated_by is None
    assert marshal.dynamite_survived == 0
    assert marshal.eliminated_round == 2
    assert record.winning_team == "bandits"
    assert record.winners == [1, 2]
    assert sum(p.eliminations for p in record.players.all()) == 0


@pytest.mark.django_db
def test_a_bounty_is_counted_for_the_eliminator():
    """R83 a Glory star even for a teammate (→Q33); R87 the Bounty takes the victim's star;
    R95 the Loner, last alive, wins alone."""
    match, _ = scripted_match(scenarios.BOUNTY, [])
    record = record_match(match)
    loner = record.players.get(seat=3)
    assert loner.bounties_taken == 1
    assert loner.stars == 2
    assert loner.eliminations == 2
    assert loner.won
    assert record.winning_team == "loner"
    bandit = record.players.get(seat=1)
    assert bandit.stars == 1
    assert bandit.eliminated_by == 3
    assert not bandit.won


def test_a_ricochet_counts_as_a_dodged_hit():
    """R68 (a) a Ricochet cancels the hit: one hit dodged for the target, one Shot fired."""
    config, policy = scenarios.build(
        (
            scenarios.config(
                seats=4,
                roles=["marshal", "bandit", "bandit", "loner"],
                characters=["mad_dog", "double_barrel", "toll_collector", "scavenger"],
                hands=[["shot"], ["ricochet"], [scenarios.FILLER], [scenarios.FILLER]],
            ),
            [],
        )
    )
    game = Game.new(config)
    shot = scenarios.step(0, "play", "shot", target=1).pick(game, game.legal_actions(0))
    game.apply(0, shot)
    dodge = scenarios.step(1, "respond", "ricochet").pick(game, game.legal_actions(1))
    game.apply(1, dodge)
    lines = summarize(game.view(None)).lines
    assert lines[1].shots_dodged == 1
    assert lines[1].damage_taken == 0
    assert lines[0].shots_fired == 1
    assert lines[0].damage_dealt == 0


@pytest.mark.django_db
def test_guests_and_bots_keep_a_row_but_nothing_else():
    """Guests see their summary (a row with their session key) but keep nothing: no tally,
    achievement or rating; a match without a signed-up human is not rated."""
    match, _ = scripted_match(scenarios.DUEL_SWEEP, [{"guest_key": "guest-session", "name": "Kid"}])
    record = record_match(match)
    guest = record.players.get(seat=0)
    assert guest.user is None
    assert guest.guest_key == "guest-session"
    assert guest.name == "Kid"
    assert guest.kind == "human"
    assert guest.won
    bot = record.players.get(seat=1)
    assert bot.kind == "bot"
    assert bot.guest_key == ""
    assert bot.label == "Bot 1"
    assert not record.rated
    assert record.humans == 0
    assert not PeriodTally.objects.exists()
    assert not UserAchievement.objects.exists()
    assert not RatingChange.objects.exists()


@pytest.mark.django_db
def test_an_unfinished_match_is_not_recorded():
    match = finished_match([], seats=4)
    Match.objects.filter(pk=match.pk).update(status=Match.Status.RUNNING)
    with pytest.raises(ValueError, match="not finished"):
        record_match(match)
    assert not MatchRecord.objects.exists()


@pytest.mark.django_db
def test_a_random_match_adds_up():
    """Whatever happens: damage dealt never exceeds damage taken (Dynamite has no source, R78),
    eliminations made plus Dynamite deaths equal the players out (R81), places run 1..n, and
    someone won and someone lost."""
    for seed in range(3):
        record = record_match(finished_match([], seats=6, seed=seed, mode="classic"))
        players = list(record.players.all())
        out = [p for p in players if p.eliminated_place is not None]
        by_dynamite = [p for p in out if p.eliminated_by is None]
        assert sum(p.eliminations for p in players) + len(by_dynamite) == len(out)
        assert sorted(p.eliminated_place for p in out) == list(range(1, len(out) + 1))
        assert sum(p.damage_dealt for p in players) <= sum(p.damage_taken for p in players)
        assert {p.won for p in players} == {True, False}


@pytest.mark.django_db
def test_a_recording_error_is_logged_and_does_not_stop_other_receivers(monkeypatch, caplog):
    """match_finished.send stops at the first receiver that raises: stats must not keep the
    lobby from reopening its room (Q61)."""
    from stats import receivers

    def broken(match):
        raise RuntimeError("disk full")

    monkeypatch.setattr(receivers, "record_match", broken)
    heard = []
    match_finished.connect(lambda **kw: heard.append(kw["match"]), weak=False, dispatch_uid="t")
    try:
        match = finished_match([], seats=4)
        match_finished.send(sender=Match, match=match)
    finally:
        match_finished.disconnect(dispatch_uid="t")
    assert heard == [match]
    assert "Could not record match" in caplog.text
    assert not MatchRecord.objects.exists()


@pytest.mark.django_db
def test_double_agent_at_four_seats_is_recorded_as_the_classic_it_played():
    """R14: with 4 seats the Double Agent mode plays Classic; R9: from 5 seats it is itself."""
    four = record_match(finished_match([], seats=4, mode="double_agent", seed=3))
    assert four.mode == "classic"
    assert {p.mode for p in four.players.all()} == {"classic"}
    five = record_match(finished_match([], seats=5, mode="double_agent", seed=3))
    assert five.mode == "double_agent"

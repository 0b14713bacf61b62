"""Every card and the general card rules (R41-R66, with the responses of R67-R70 they use)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from scenario import (
    act,
    advance_to,
    can_play,
    card_in_hand,
    events_of,
    filler,
    finish_turn,
    hand_kinds,
    hp,
    in_play_card,
    in_play_kinds,
    legal,
    pending,
    play,
    player,
    respond,
    settle,
    stacked,
    take,
    turn,
)

from bangarena_engine import Game, IllegalAction

# Seat 2 is `lucky` (not `double_barrel`), so seat 2's Shots at distance 1 are ordinary ones.
CAST = ["scavenger", "bonesetter", "lucky", "double_barrel", "mad_dog"]


def table(**knobs: Any) -> Game:
    knobs.setdefault("characters", list(CAST))
    return stacked(**knobs)


def damage(events: list[dict[str, Any]], seat: int) -> list[dict[str, Any]]:
    return [e for e in events_of(events, "damage") if e["seat"] == seat]


def targets_of(game: Game, seat: int, kind: str) -> set[int]:
    ids = {c["id"] for c in game.view(seat)["hand"] if c["kind"] == kind}
    return {a["target"] for a in legal(game, seat, type="play") if a["card"] in ids}


def response_kinds(game: Game, seat: int) -> set[str]:
    kinds = {c["id"]: c["kind"] for c in game.view(seat)["hand"]}
    return {kinds[a["card"]] for a in legal(game, seat, type="respond")}


# --- R41/R43: brown, blue, placement -------------------------------------------------------------


def test_r41_brown_card_resolves_into_the_discard_pile() -> None:
    """R41: a brown card (Wagon) leaves the hand, takes effect and lies on the discard pile."""
    game = table(hands={0: ["wagon:9:spades"]})
    play(game, 0, "wagon")
    view = game.view(0)
    assert view["discard_top"]["kind"] == "wagon"
    assert "wagon" not in [c["kind"] for c in view["hand"]]
    assert view["players"][0]["in_play"] == []


def test_r41_r43_blue_card_stays_in_front_of_its_player() -> None:
    """R41/R43: Cover, Horse, Scope and Dynamite stay in play in front of the player."""
    hands = {0: ["cover:K:spades", "horse:8:hearts", "scope:A:spades", "dynamite:2:hearts"]}
    game = table(hands=hands)
    for kind in ("cover", "horse", "scope", "dynamite"):
        play(game, 0, kind)
    assert in_play_kinds(game, 0) == ["cover", "dynamite", "horse", "scope"]
    assert game.view(None)["discard_count"] == 0
    assert in_play_kinds(game, 2) == []


def test_r43_jail_goes_in_front_of_its_target() -> None:
    """R43/R61: the Jail lies in front of the target, at any distance (seat 2 is at 2)."""
    game = table(hands={0: ["jail:4:hearts"]})
    play(game, 0, "jail", target=2)
    assert in_play_kinds(game, 2) == ["jail"]
    assert in_play_kinds(game, 0) == []


@pytest.mark.parametrize("kind", ["cover:K:spades", "horse:8:hearts"])
def test_r43_r45_no_second_blue_card_with_the_same_id(kind: str) -> None:
    """R43/R45/Q6: with one Horse (Cover) in play, a second one is not a legal play."""
    second = {"cover:K:spades": "cover:Q:spades", "horse:8:hearts": "horse:9:hearts"}[kind]
    game = table(hands={0: [kind, second]})
    name = kind.split(":")[0]
    play(game, 0, name)
    assert card_in_hand(game, 0, name)
    assert not can_play(game, 0, name)


# --- R45: plays with no effect are illegal -------------------------------------------------------


def test_r45_flask_at_max_hp_is_illegal() -> None:
    """R45: Flask at full HP cannot be played."""
    game = table(hands={0: ["flask:6:hearts"]})
    assert not can_play(game, 0, "flask")


def test_r45_flask_during_high_noon_is_illegal() -> None:
    """R45/R32: Flask while hurt but in High Noon cannot be played."""
    game = table(hands={0: ["flask:6:hearts"]}, health={0: 2}, start_round=8)
    assert not can_play(game, 0, "flask")


def test_r45_saloon_when_everybody_is_at_max_is_illegal() -> None:
    """R45: Saloon with every alive player at max HP cannot be played."""
    game = table(hands={0: ["saloon:5:hearts"]})
    assert not can_play(game, 0, "saloon")


def test_r45_saloon_when_someone_else_is_hurt_is_legal() -> None:
    """R45/R58 (control): one other hurt player makes Saloon legal."""
    game = table(hands={0: ["saloon:5:hearts"]}, health={3: 2})
    assert can_play(game, 0, "saloon")


def test_r45_grab_or_toss_on_a_player_with_no_cards_is_illegal() -> None:
    """R45: seat 1 has no hand and nothing in play: no Grab and no Toss at him; seat 4,
    holding one card, may be targeted."""
    game = table(hands={0: ["grab:J:hearts", "toss:K:hearts"], 4: ["cover:Q:spades"]}, deck=[])
    assert player(game, 1)["hand_count"] == 0
    assert targets_of(game, 0, "grab") == {4}
    assert targets_of(game, 0, "toss") == {4}


def test_r45_jail_on_the_marshal_is_illegal() -> None:
    """R45/R5/R61: the Marshal (seat 4) can never be jailed."""
    roles = ["bandit", "deputy", "bandit", "loner", "marshal"]
    game = table(roles=roles, hands={0: ["jail:4:hearts"]})
    assert turn(game) == 4
    finish_turn(game)
    assert turn(game) == 0
    assert targets_of(game, 0, "jail") == {1, 2, 3}


def test_r45_jail_on_an_already_jailed_player_is_illegal() -> None:
    """R45/R61: after jailing seat 2, the second Jail can go only elsewhere."""
    game = table(hands={0: ["jail:4:hearts", "jail:J:spades"]})
    play(game, 0, "jail", target=2)
    assert targets_of(game, 0, "jail") == {1, 3, 4}


# --- R46/R47: targets and timing -----------------------------------------------------------------


def test_r46_no_card_ever_targets_its_own_player() -> None:
    """R46/Q4: Shot, Duel, Jail, Grab and Toss never list the player himself as a target,
    not even to take back his own Dynamite."""
    hands = {
        0: ["shot:7:clubs", "duel:J:spades", "jail:4:hearts", "grab:J:hearts", "toss:K:hearts"],
        **{seat: ["cover:Q:spades"] for seat in range(1, 5)},
    }
    hands[0].append("dynamite:2:hearts")
    game = table(hands=hands)
    play(game, 0, "dynamite")
    targets = {a.get("target") for a in game.legal_actions(0)}
    assert 0 not in targets
    assert {1, 4} <= targets


def test_r47_only_the_current_player_plays() -> None:
    """R47: in seat 0's play step, seat 1 has no legal action and a forged play is refused."""
    game = table(hands={0: ["wagon:9:spades"], 1: ["horse:8:hearts"]})
    assert game.legal_actions(1) == []
    before = game.to_dict()
    horse = card_in_hand(game, 1, "horse")
    with pytest.raises(IllegalAction):
        game.apply(1, {"type": "play", "card": horse})
    assert game.to_dict() == before


def test_r47_r50_ricochet_is_never_a_play_step_action() -> None:
    """R47/R50: Ricochet cannot be played in the play step."""
    game = table(hands={0: ["ricochet:10:clubs"]})
    ricochet = card_in_hand(game, 0, "ricochet")
    assert all(a.get("card") != ricochet for a in game.legal_actions(0))


def test_r47_a_card_resolves_before_the_next_play() -> None:
    """R47: while the Shot's target decides, the shooter cannot play anything."""
    game = table(hands={0: ["shot:7:clubs", "wagon:9:spades"]})
    play(game, 0, "shot", target=1)
    assert game.awaiting() == [1]
    assert game.legal_actions(0) == []
    take(game, 1)
    assert can_play(game, 0, "wagon")


# --- R48/R49: Shot and the Shot limit ------------------------------------------------------------


def test_r48_shot_hit_deals_one_damage_from_the_shooter() -> None:
    """R48/R78: an unanswered Shot costs the target 1 HP, with the shooter as source."""
    game = table(hands={0: ["shot:7:clubs"]})
    events = play(game, 0, "shot", target=1)
    assert game.awaiting() == [1]
    assert pending(game)["kind"] == "respond_hit"
    events += take(game, 1)
    assert hp(game, 1) == 4
    hit = damage(events, 1)
    assert len(hit) == 1
    assert {"amount": 1, "source": 0, "cause": "shot"}.items() <= hit[0].items()


def test_r49_one_shot_per_turn() -> None:
    """R49: after one Shot, a second Shot is not legal with a Revolver."""
    game = table(hands={0: ["shot:7:clubs", "shot:8:clubs"]})
    play(game, 0, "shot", target=1)
    take(game, 1)
    assert card_in_hand(game, 0, "shot")
    assert not can_play(game, 0, "shot")


def test_r49_volcanic_allows_many_shots() -> None:
    """R49/R40: with Volcanic in play, three Shots in one turn."""
    hands = {0: ["volcanic:10:clubs", "shot:7:clubs", "shot:8:clubs", "shot:9:clubs"]}
    game = table(hands=hands)
    play(game, 0, "volcanic")
    for _ in range(3):
        play(game, 0, "shot", target=1)
        take(game, 1)
    assert hp(game, 1) == 2


def test_r49_mad_dog_has_no_shot_limit() -> None:
    """R49/R115: mad_dog fires two Shots from a Revolver in his own turn."""
    game = table(characters=["mad_dog", *CAST[1:4], "scavenger"], hands={0: ["shot:7:clubs"] * 2})
    play(game, 0, "shot", target=1)
    take(game, 1)
    assert can_play(game, 0, "shot", target=1)


def test_r49_volcanic_swapped_away_ends_the_shooting() -> None:
    """R49: two Shots with Volcanic, then a Sawed-Off replaces it: no further Shot."""
    hands = {
        0: [
            "volcanic:10:clubs",
            "shot:7:clubs",
            "shot:8:clubs",
            "shot:9:clubs",
            "sawed_off:K:spades",
        ]
    }
    game = table(hands=hands)
    play(game, 0, "volcanic")
    for _ in range(2):
        play(game, 0, "shot", target=1)
        take(game, 1)
    assert can_play(game, 0, "shot")
    play(game, 0, "sawed_off")
    assert card_in_hand(game, 0, "shot")
    assert not can_play(game, 0, "shot")


def test_r49_r60_buckshot_does_not_use_up_the_shot() -> None:
    """R49/R60: after Buckshot, the player may still play his Shot."""
    game = table(hands={0: ["buckshot:10:hearts", "shot:7:clubs"]})
    play(game, 0, "buckshot")
    for seat in (1, 2, 3, 4):
        take(game, seat)
    assert can_play(game, 0, "shot", target=1)


def test_r49_duel_discards_do_not_use_up_the_shot() -> None:
    """R49/R47: Shots discarded in a Duel are responses; the Shot is still available after."""
    hands = {0: ["duel:J:spades", "shot:7:clubs", "shot:8:clubs"], 2: ["shot:9:clubs"]}
    game = table(hands=hands)
    play(game, 0, "duel", target=2)
    respond(game, 2, "shot")
    respond(game, 0, "shot")
    take(game, 2)
    assert can_play(game, 0, "shot", target=1)


def test_r49_r102_two_face_ricochet_as_shot_counts() -> None:
    """R49/R102: two_face may shoot with a Ricochet, and it uses up his Shot."""
    characters = ["two_face", *CAST[1:]]
    game = table(characters=characters, hands={0: ["ricochet:10:clubs", "shot:7:clubs"]})
    assert can_play(game, 0, "ricochet", target=1)
    play(game, 0, "ricochet", target=1)
    take(game, 1)
    assert hp(game, 1) == 4
    assert not can_play(game, 0, "shot")


# --- R50: Ricochet -------------------------------------------------------------------------------


def test_r50_ricochet_cancels_a_shot_hit() -> None:
    """R50/R68: the target discards a Ricochet: no damage, the Ricochet is on the discard."""
    game = table(hands={0: ["shot:7:clubs"], 1: ["ricochet:10:clubs"]})
    play(game, 0, "shot", target=1)
    events = respond(game, 1, "ricochet")
    assert hp(game, 1) == 5
    assert damage(events, 1) == []
    assert game.view(None)["discard_top"]["kind"] == "ricochet"
    assert player(game, 1)["hand_count"] == 0


def test_r50_ricochet_cancels_a_buckshot_hit() -> None:
    """R50/R60: Ricochet answers one Buckshot hit."""
    game = table(hands={0: ["buckshot:10:hearts"], 1: ["ricochet:10:clubs"]})
    play(game, 0, "buckshot")
    respond(game, 1, "ricochet")
    assert hp(game, 1) == 5


def test_r50_r54_ricochet_is_no_answer_in_a_duel() -> None:
    """R50/R54: in a Duel only Shots can be discarded (not two_face: no Ricochet)."""
    hands = {0: ["duel:J:spades"], 2: ["ricochet:10:clubs", "flask:6:hearts"]}
    game = table(hands=hands, health={2: 1})
    play(game, 0, "duel", target=2)
    assert game.awaiting() == [2]
    assert response_kinds(game, 2) == set()


def test_r50_r55_ricochet_is_no_answer_in_a_raid() -> None:
    """R50/R55: in a Raid only a Shot can be discarded."""
    game = table(hands={0: ["raid:K:diamonds"], 1: ["ricochet:10:clubs", "shot:7:clubs"]})
    play(game, 0, "raid")
    assert game.awaiting() == [1]
    assert response_kinds(game, 1) == {"shot"}


# --- R51: Flask ----------------------------------------------------------------------------------


def test_r51a_flask_heals_one_up_to_max() -> None:
    """R51a/R79: at 2 of 4 HP, a Flask heals to 3, a second to 4, a third is illegal."""
    hands = {0: ["flask:6:hearts", "flask:7:hearts", "flask:8:hearts"]}
    game = table(hands=hands, health={0: 2})
    play(game, 0, "flask")
    assert hp(game, 0) == 3
    play(game, 0, "flask")
    assert hp(game, 0) == 4
    assert not can_play(game, 0, "flask")


def test_r51b_flask_response_at_one_hp_cancels_the_hit() -> None:
    """R51b/R68: at exactly 1 HP facing a Shot, Flask cancels the hit; he stays at 1 HP."""
    game = table(hands={0: ["shot:7:clubs"], 1: ["flask:6:hearts"]}, health={1: 1})
    play(game, 0, "shot", target=1)
    assert response_kinds(game, 1) == {"flask"}
    respond(game, 1, "flask")
    assert hp(game, 1) == 1
    assert player(game, 1)["alive"]
    assert game.view(None)["discard_top"]["kind"] == "flask"


def test_r51b_flask_response_against_buckshot() -> None:
    """R51b/R60: the Flask response also answers a Buckshot hit."""
    game = table(hands={0: ["buckshot:10:hearts"], 1: ["flask:6:hearts"]}, health={1: 1})
    play(game, 0, "buckshot")
    respond(game, 1, "flask")
    assert hp(game, 1) == 1


def test_r51b_no_flask_response_above_one_hp() -> None:
    """R51b: at 2 HP the Flask is not a response."""
    game = table(hands={0: ["shot:7:clubs"], 1: ["flask:6:hearts"]}, health={1: 2})
    play(game, 0, "shot", target=1)
    assert response_kinds(game, 1) == set()


def test_r51_q11_no_flask_against_a_duel_or_raid() -> None:
    """R51/Q11: at 1 HP, neither a Duel nor a Raid can be answered with a Flask."""
    hands = {0: ["duel:J:spades", "raid:K:diamonds"], 1: ["flask:6:hearts"]}
    hands[4] = ["flask:7:hearts"]
    game = table(hands=hands, health={1: 1, 4: 1})
    play(game, 0, "duel", target=4)
    assert response_kinds(game, 4) == set()
    take(game, 4)
    settle(game, 0)  # seat 4 was eliminated: Glory upgrade choice
    play(game, 0, "raid")
    assert game.awaiting() == [1]
    assert response_kinds(game, 1) == set()


def _two_left(mode: str = "classic") -> Game:
    """4 seats: the Marshal (seat 0, Volcanic) eliminates both Bandits; the Loner (seat 3,
    1 HP, a Flask in hand) and the hurt Marshal remain: A = 2."""
    roles = ["marshal", "bandit", "bandit", "loner"]
    hands = {
        0: ["volcanic:10:clubs", "shot:7:clubs", "shot:8:clubs", "shot:9:clubs", "flask:6:hearts"],
        3: ["flask:7:hearts"],
    }
    health = {0: 3, 1: 1, 2: 1, 3: 1}
    game = table(seats=4, roles=roles, characters=CAST[:4], hands=hands, health=health, mode=mode)
    play(game, 0, "volcanic")
    for victim in (1, 2):
        play(game, 0, "shot", target=victim)
        take(game, victim)
        assert not player(game, victim)["alive"]
        settle(game, 0)
    assert [row["alive"] for row in game.view(None)["players"]] == [True, False, False, True]
    return game


def test_r51b_no_flask_response_with_two_alive() -> None:
    """R51b: with only 2 players alive the Flask response is not allowed."""
    game = _two_left()
    play(game, 0, "shot", target=3)
    assert response_kinds(game, 3) == set()


def test_r51b_control_flask_response_with_three_alive() -> None:
    """R51b (control): with 3 alive (one Bandit down), the Loner may answer with Flask."""
    roles = ["marshal", "bandit", "bandit", "loner"]
    hands = {0: ["volcanic:10:clubs", "shot:7:clubs", "shot:8:clubs"], 3: ["flask:7:hearts"]}
    game = table(
        seats=4, roles=roles, characters=CAST[:4], hands=hands, health={1: 1, 3: 1}, deck=[]
    )
    play(game, 0, "volcanic")
    play(game, 0, "shot", target=1)
    take(game, 1)
    settle(game, 0)
    play(game, 0, "shot", target=3)
    assert response_kinds(game, 3) == {"flask"}


def test_r51a_q10_flask_heals_in_own_turn_with_two_alive() -> None:
    """R51a/Q10: in the Arena modes the own-turn Flask still heals with only 2 alive."""
    game = _two_left()
    before = hp(game, 0)
    play(game, 0, "flask")
    assert hp(game, 0) == before + 1


# --- R52/R53: Grab and Toss ----------------------------------------------------------------------


def test_r52_grab_a_random_hand_card_at_distance_one() -> None:
    """R52/Q3: Grab at seat 1's hand takes his only card into the grabber's hand; the public
    events never name it."""
    game = table(hands={0: ["grab:J:hearts"], 1: ["horse:8:hearts"]})
    horse = card_in_hand(game, 1, "horse")
    events = play(game, 0, "grab", target=1, target_card="hand")
    assert horse in [c["id"] for c in game.view(0)["hand"]]
    assert player(game, 1)["hand_count"] == 0
    assert horse not in json.dumps(events)
    assert horse not in json.dumps(game.view(3))


def test_r52_grab_picks_a_card_in_play_even_a_jail() -> None:
    """R52: Grab may take a blue card in play, including a Jail lying in front of the target."""
    game = table(hands={0: ["jail:4:hearts", "grab:J:hearts"], 1: ["cover:K:spades"]})
    play(game, 0, "jail", target=1)
    jail = in_play_card(game, 1, "jail")
    play(game, 0, "grab", target=1, target_card=jail)
    assert in_play_kinds(game, 1) == []
    assert jail in [c["id"] for c in game.view(0)["hand"]]
    assert player(game, 1)["hand_count"] == 1


@pytest.mark.parametrize("card", ["rifle:K:clubs", "dynamite:2:hearts", "scope:A:spades"])
def test_r52_grab_a_weapon_or_blue_card_in_play(card: str) -> None:
    """R52: seat 1 puts a card in play; seat 2 (distance 1) grabs it into his hand."""
    kind = card.split(":")[0]
    game = table(hands={1: [card], 2: ["grab:J:hearts"]})
    finish_turn(game)
    play(game, 1, kind)
    finish_turn(game)
    target = in_play_card(game, 1, kind)
    play(game, 2, "grab", target=1, target_card=target)
    row = player(game, 1)
    assert row["weapon"] is None
    assert row["in_play"] == []
    assert target in [c["id"] for c in game.view(2)["hand"]]


def test_r52_grab_out_of_reach_is_illegal() -> None:
    """R52/R37: seat 2 (distance 2) cannot be grabbed from."""
    game = table(hands={0: ["grab:J:hearts"], 2: ["horse:8:hearts"]})
    assert 2 not in targets_of(game, 0, "grab")


def test_r53_toss_a_card_in_play_at_any_distance() -> None:
    """R53: Toss at seat 2's Jail (distance 2): it goes face up to the discard pile."""
    game = table(hands={0: ["jail:4:hearts", "toss:K:hearts"]})
    play(game, 0, "jail", target=2)
    jail = in_play_card(game, 2, "jail")
    play(game, 0, "toss", target=2, target_card=jail)
    assert in_play_kinds(game, 2) == []
    top = game.view(None)["discard_top"]
    assert (top["id"], top["kind"]) == (jail, "jail")


def test_r53_toss_a_random_hand_card_face_up() -> None:
    """R53/Q3: Toss at seat 3's hand (one Horse): the Horse is face up on the discard."""
    game = table(hands={0: ["toss:K:hearts"], 3: ["horse:8:hearts"]})
    play(game, 0, "toss", target=3, target_card="hand")
    assert player(game, 3)["hand_count"] == 0
    assert game.view(1)["discard_top"]["kind"] == "horse"


# --- R54/R55: Duel and Raid ----------------------------------------------------------------------


def test_r54_duel_target_first_then_alternate_loser_loses_one() -> None:
    """R54/R71: the challenged player discards first; they alternate; the first who cannot
    lose 1 HP, the other duellist being the source."""
    hands = {0: ["duel:J:spades", "shot:7:clubs"], 2: ["shot:8:clubs"]}
    game = table(hands=hands)
    play(game, 0, "duel", target=2)
    assert game.awaiting() == [2]
    assert pending(game)["kind"] == "duel"
    respond(game, 2, "shot")
    assert game.awaiting() == [0]
    respond(game, 0, "shot")
    assert game.awaiting() == [2]
    assert [a["type"] for a in game.legal_actions(2)] == ["pass"]
    events = take(game, 2)
    assert (hp(game, 0), hp(game, 2)) == (4, 3)
    assert {"amount": 1, "source": 0, "cause": "duel"}.items() <= damage(events, 2)[0].items()
    assert game.awaiting() == [0]


def test_r54_challenger_can_lose_and_may_decline() -> None:
    """R54/IC9: the challenger may decline to discard his Shot and then loses 1 HP; the
    damage source is the challenged player."""
    hands = {0: ["duel:J:spades", "shot:7:clubs"], 2: ["shot:8:clubs"]}
    game = table(hands=hands)
    play(game, 0, "duel", target=2)
    respond(game, 2, "shot")
    events = take(game, 0)
    assert (hp(game, 0), hp(game, 2)) == (3, 4)
    assert damage(events, 0)[0]["source"] == 2
    assert card_in_hand(game, 0, "shot")


def test_r54_r102_two_face_answers_a_duel_with_a_ricochet() -> None:
    """R54/R102: two_face may discard a Ricochet in a Duel."""
    characters = ["scavenger", "bonesetter", "two_face", "double_barrel", "mad_dog"]
    game = table(characters=characters, hands={0: ["duel:J:spades"], 2: ["ricochet:10:clubs"]})
    play(game, 0, "duel", target=2)
    assert response_kinds(game, 2) == {"ricochet"}
    respond(game, 2, "ricochet")
    take(game, 0)
    assert hp(game, 0) == 3


def test_r55_raid_goes_clockwise_from_the_next_player() -> None:
    """R55/R70/Q13: the Marshal at seat 2 raids: seats 3, 4, 0, 1 answer in that order; a
    discarded Shot saves seat 0, the others lose 1 HP each."""
    roles = ["bandit", "deputy", "marshal", "bandit", "loner"]
    hands = {2: ["raid:K:diamonds"], 0: ["shot:7:clubs"]}
    game = table(roles=roles, hands=hands)
    assert turn(game) == 2
    play(game, 2, "raid")
    order = []
    for _ in range(4):
        (seat,) = game.awaiting()
        order.append(seat)
        if seat == 0:
            respond(game, 0, "shot")
        else:
            take(game, seat)
    assert order == [3, 4, 0, 1]
    assert [hp(game, s) for s in range(5)] == [4, 4, 4, 3, 3]
    assert game.awaiting() == [2]


# --- R56-R60: Wagon, Bazaar, Saloon, Caravan, Buckshot -------------------------------------------

TOP = ["horse:8:hearts", "scope:A:spades", "cover:K:spades", "jail:4:hearts", "wagon:9:spades"]


def test_r56_wagon_draws_two() -> None:
    """R56: Wagon draws the top 2 cards, usable in the same turn."""
    game = table(hands={0: ["wagon:9:spades"]}, deck=filler(2) + TOP)
    play(game, 0, "wagon")
    assert hand_kinds(game, 0) == ["duel", "horse", "scope", "toss"]
    play(game, 0, "horse")


def test_r59_caravan_draws_three() -> None:
    """R59: Caravan draws the top 3 cards."""
    game = table(hands={0: ["caravan:3:hearts"]}, deck=filler(2) + TOP)
    play(game, 0, "caravan")
    assert hand_kinds(game, 0) == ["cover", "duel", "horse", "scope", "toss"]


def test_r57_bazaar_each_alive_draws_one_clockwise_from_the_player() -> None:
    """R57/Q2: the Marshal at seat 2 plays Bazaar: seats 2, 3, 4, 0, 1 each draw one card, in
    that order, from the top of the deck."""
    roles = ["bandit", "deputy", "marshal", "bandit", "loner"]
    game = table(roles=roles, hands={2: ["bazaar:Q:spades"]}, deck=filler(2) + TOP)
    play(game, 2, "bazaar")
    assert hand_kinds(game, 2) == ["duel", "horse", "toss"]
    assert [hand_kinds(game, s) for s in (3, 4, 0, 1)] == [
        ["scope"],
        ["cover"],
        ["jail"],
        ["wagon"],
    ]


def test_r58_saloon_heals_every_alive_player_up_to_max() -> None:
    """R58/R79: every alive player heals 1; those at max stay at max."""
    game = table(hands={0: ["saloon:5:hearts"]}, health={0: 2, 1: 3, 3: 1})
    play(game, 0, "saloon")
    assert [hp(game, s) for s in range(5)] == [3, 4, 4, 2, 4]


def test_r60_buckshot_hits_everyone_else_clockwise_one_at_a_time() -> None:
    """R60/R70/Q13: Buckshot from seat 0 awaits seats 1, 2, 3, 4 in turn; each decides alone."""
    game = table(hands={0: ["buckshot:10:hearts"], 3: ["ricochet:10:clubs"]})
    play(game, 0, "buckshot")
    order = []
    for _ in range(4):
        (seat,) = game.awaiting()
        order.append(seat)
        assert pending(game)["kind"] == "respond_hit"
        if seat == 3:
            respond(game, 3, "ricochet")
        else:
            take(game, seat)
    assert order == [1, 2, 3, 4]
    assert [hp(game, s) for s in range(5)] == [4, 4, 3, 4, 3]


def test_r60_r112_double_barrel_rule_not_for_buckshot() -> None:
    """R60/R112: double_barrel's Buckshot hit at distance 1 is cancelled by one Ricochet."""
    characters = ["double_barrel", "bonesetter", "lucky", "scavenger", "mad_dog"]
    game = table(characters=characters, hands={0: ["buckshot:10:hearts"], 1: ["ricochet:10:clubs"]})
    play(game, 0, "buckshot")
    assert pending(game).get("required", 1) == 1
    respond(game, 1, "ricochet")
    assert hp(game, 1) == 5


# --- R61/R74: Jail -------------------------------------------------------------------------------


def _jailed(check: str) -> tuple[Game, list[dict[str, Any]]]:
    """Seat 0 jails seat 1; seat 1's Jail check flips `check`."""
    game = table(hands={0: ["jail:4:hearts"]}, deck=filler(2) + [check] + filler(10))
    play(game, 0, "jail", target=1)
    events = finish_turn(game)
    return game, events


def test_r61_r74_heart_escapes_and_plays_normally() -> None:
    """R61/R74: a Heart on the Jail check: the Jail is discarded and he plays his turn."""
    game, _ = _jailed("flask:6:hearts")
    assert turn(game) == 1
    assert game.awaiting() == [1]
    assert legal(game, 1, type="end_turn")
    assert in_play_kinds(game, 1) == []
    assert player(game, 1)["hand_count"] == 2


def test_r61_r74_other_suit_draws_but_skips_the_play_step() -> None:
    """R61/R74/R47/Q23 (Arena): a failed check: he draws 2, plays nothing, the turn passes
    (2 cards fit his 5 HP); the Jail is discarded."""
    game, _ = _jailed("shot:7:clubs")
    assert in_play_kinds(game, 1) == []
    assert player(game, 1)["hand_count"] == 2
    assert turn(game) == 2
    discard = game.view(None)
    assert discard["discard_count"] == 2  # the flipped card and the Jail


# --- R62: Cover ----------------------------------------------------------------------------------


def _covered_and_shot(seed: int) -> tuple[Game, list[dict[str, Any]]]:
    game = table(seed=seed, hands={1: ["cover:K:spades"], 2: ["shot:7:clubs"]}, deck=filler(12))
    finish_turn(game)
    play(game, 1, "cover")
    assert in_play_kinds(game, 1) == ["cover"]
    finish_turn(game)
    events = play(game, 2, "shot", target=1)
    return game, events


def test_r62_r73_cover_coin_is_checked_automatically_and_decides() -> None:
    """R62/R73 (Arena): each hit on a Cover holder makes one automatic 50/50 check; on success
    the hit is cancelled (no response awaited), on failure he still decides."""
    outcomes = set()
    for seed in range(1, 21):
        game, _ = _covered_and_shot(seed)
        assert game.view(None)["last_check"] is not None
        if game.awaiting() == [1]:
            outcomes.add("failed")
            take(game, 1)
            assert hp(game, 1) == 4
        else:
            outcomes.add("cancelled")
            assert hp(game, 1) == 5
            assert game.awaiting() == [2]
    assert outcomes == {"failed", "cancelled"}


def test_r62_cover_has_no_effect_against_a_duel() -> None:
    """R62/R54: a Duel against a Cover holder makes no check and awaits him."""
    game = table(hands={1: ["cover:K:spades"], 2: ["duel:J:spades"]}, deck=filler(12))
    finish_turn(game)
    play(game, 1, "cover")
    finish_turn(game)
    play(game, 2, "duel", target=1)
    assert game.view(None)["last_check"] is None
    assert game.awaiting() == [1]


# --- R65/R75: Dynamite ---------------------------------------------------------------------------


def _dynamite_round_two(check: str, **knobs: Any) -> tuple[Game, list[dict[str, Any]]]:
    """Seat 0 plays Dynamite in round 1; at his round-2 turn the check flips `check`."""
    knobs.setdefault("hands", {0: ["dynamite:2:hearts"]})
    game = table(deck=filler(10) + [check] + filler(6), **knobs)
    play(game, 0, "dynamite")
    for _ in range(4):
        finish_turn(game)
    events = finish_turn(game)
    assert turn(game) == 0
    return game, events


@pytest.mark.parametrize(
    "check", ["ricochet:2:spades", "ricochet:5:spades", "wagon:9:spades", "long_rifle:8:spades"]
)
def test_r65_r75_spades_two_to_nine_explode_for_three(check: str) -> None:
    """R65/R75/R78/R81: Spades 2-9 explode: 3 damage with no source; Dynamite discarded; the
    survivor goes on with his turn."""
    game, events = _dynamite_round_two(check)
    assert hp(game, 0) == 1
    blast = damage(events, 0)
    assert len(blast) == 1
    assert {"amount": 3, "source": None, "cause": "dynamite"}.items() <= blast[0].items()
    assert all("dynamite" not in in_play_kinds(game, s) for s in range(5))
    assert game.view(None)["discard_count"] == 2
    assert game.awaiting() == [0]


@pytest.mark.parametrize(
    "check",
    ["volcanic:10:spades", "scope:A:spades", "cover:Q:spades", "flask:9:hearts", "shot:8:clubs"],
)
def test_r65_r75_other_cards_pass_it_clockwise(check: str) -> None:
    """R65/R75/R72: any other card: no damage, the Dynamite moves to the next player, the
    flipped card lies on the discard pile."""
    game, events = _dynamite_round_two(check)
    assert hp(game, 0) == 4
    assert damage(events, 0) == []
    assert in_play_kinds(game, 0) == []
    assert in_play_kinds(game, 1) == ["dynamite"]
    top = game.view(None)["discard_top"]
    assert (top["kind"], top["rank"], top["suit"]) == tuple(check.split(":"))


def test_r65_r75_dynamite_skips_the_eliminated() -> None:
    """R75/R2: with seat 1 eliminated, the Dynamite passes from seat 0 to seat 2."""
    roles = ["marshal", "bandit", "deputy", "bandit", "loner"]
    hands = {0: ["dynamite:2:hearts", "shot:7:clubs"]}
    game = table(
        roles=roles, hands=hands, health={1: 1}, deck=filler(8) + ["shot:8:clubs"] + filler(4)
    )
    play(game, 0, "dynamite")
    play(game, 0, "shot", target=1)
    take(game, 1)
    settle(game, 0)
    advance_to(game, 2)
    for _ in range(3):
        finish_turn(game)
    assert turn(game) == 0
    assert in_play_kinds(game, 2) == ["dynamite"]


def test_r65_q7_dynamite_skips_a_player_who_already_holds_one() -> None:
    """R65/Q7: if the next player already holds a Dynamite, it goes on to the one after."""
    hands = {0: ["dynamite:2:hearts"], 1: ["dynamite:2:hearts"]}
    try:
        game = table(hands=hands, deck=filler(10) + ["shot:8:clubs"] + filler(6))
    except ValueError as refused:  # a deck with two Dynamites may be refused as a config
        pytest.skip(f"a second Dynamite cannot be stacked: {refused}")
    play(game, 0, "dynamite")
    finish_turn(game)
    play(game, 1, "dynamite")
    for _ in range(4):
        finish_turn(game)
    assert turn(game) == 0
    assert in_play_kinds(game, 0) == []
    assert in_play_kinds(game, 1) == ["dynamite"]
    assert in_play_kinds(game, 2) == ["dynamite"]


# --- R66: weapons --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "card",
    [
        "volcanic:10:clubs",
        "sawed_off:J:clubs",
        "rifle:K:clubs",
        "carbine:A:clubs",
        "long_rifle:8:spades",
    ],
)
def test_r66_every_weapon_goes_into_the_weapon_slot(card: str) -> None:
    """R66/R41: a weapon is put in play as the player's weapon, not in hand or blue cards."""
    kind = card.split(":")[0]
    game = table(hands={0: [card]})
    play(game, 0, kind)
    row = player(game, 0)
    assert row["weapon"]["kind"] == kind
    assert row["in_play"] == []
    assert kind not in hand_kinds(game, 0)


def test_r65_q7_dynamite_passes_to_the_marshal_and_to_a_jailed_player() -> None:
    """R65/Q7: Dynamite passes on whoever is next: from seat 4 to the Marshal (seat 0), and
    from seat 3 to seat 4 even though seat 4 is in Jail."""
    hands = {0: ["jail:4:hearts"], 3: ["dynamite:2:hearts"]}
    # draws before seat 3's round-2 check: 2 (opening) + 4 x 2 (round 1) + 3 x 2 = 16
    game = table(hands=hands, deck=filler(16) + ["shot:8:clubs"] + filler(12))
    advance_to(game, 3)
    play(game, 3, "dynamite")
    advance_to(game, 0)
    play(game, 0, "jail", target=4)
    advance_to(game, 3)  # seat 3's check flips the 8 of Clubs: no explosion
    top = game.view(None)["discard_top"]
    assert (top["kind"], top["rank"], top["suit"]) == ("shot", "8", "clubs")
    assert in_play_kinds(game, 3) == []
    assert in_play_kinds(game, 4) == ["dynamite", "jail"]


def test_r65_dynamite_reaches_the_marshal() -> None:
    """R65/Q7: from the last seat the Dynamite wraps round to the Marshal."""
    # draws before seat 4's round-2 check: 2 (opening) + 4 x 2 + 4 x 2 = 18
    game = table(hands={4: ["dynamite:2:hearts"]}, deck=filler(18) + ["shot:8:clubs"] + filler(8))
    advance_to(game, 4)
    play(game, 4, "dynamite")
    finish_turn(game)
    advance_to(game, 4)  # seat 4's round-2 check passes it on
    top = game.view(None)["discard_top"]
    assert (top["kind"], top["rank"], top["suit"]) == ("shot", "8", "clubs")
    assert in_play_kinds(game, 0) == ["dynamite"]


def test_r70_q14_buckshot_stops_when_the_game_ends() -> None:
    """R70/Q14/R92: Buckshot from seat 3 kills the Marshal (seat 1, 1 HP) on its third target;
    the game ends at once and seat 2 is never hit."""
    roles = ["bandit", "marshal", "deputy", "bandit", "loner"]
    game = table(roles=roles, hands={3: ["buckshot:10:hearts"]}, health={1: 1}, deck=filler(12))
    assert turn(game) == 1
    advance_to(game, 3)
    play(game, 3, "buckshot")
    assert game.awaiting() == [4]
    take(game, 4)
    assert game.awaiting() == [0]
    take(game, 0)
    assert game.awaiting() == [1]
    take(game, 1)
    assert game.result is not None
    assert game.result["team"] == "bandits"
    assert game.awaiting() == []
    assert hp(game, 2) == 4


def test_r47_q23_failed_jail_leaves_only_discard_and_the_bonesetter_heal() -> None:
    """R47/Q23/R111: jailed Bonesetter (seat 1, 2 of 5 HP) fails his check: he draws, plays
    nothing, may use his heal in that turn, and then discards down to his HP."""
    hands = {0: ["jail:4:hearts"], 1: ["horse:8:hearts", "scope:A:spades"]}
    deck = filler(2) + ["shot:7:clubs"] + filler(10)
    game = table(hands=hands, health={1: 2}, deck=deck)
    play(game, 0, "jail", target=1)
    finish_turn(game)
    assert turn(game) == 1
    assert player(game, 1)["hand_count"] == 4
    assert "ability" in {a["type"] for a in game.legal_actions(1)}
    assert not legal(game, 1, type="play")
    if legal(game, 1, type="end_turn"):
        act(game, 1, type="end_turn")
    assert pending(game)["kind"] == "discard"
    assert pending(game)["count"] == 2
    assert not legal(game, 1, type="play")


def test_r52_q3_grab_from_hand_is_random() -> None:
    """R52/Q3: the server picks the grabbed hand card at random: over seeds, either card."""
    taken = set()
    for seed in range(1, 13):
        game = table(
            seed=seed, hands={0: ["grab:J:hearts"], 1: ["horse:8:hearts", "scope:A:spades"]}
        )
        play(game, 0, "grab", target=1, target_card="hand")
        (left,) = hand_kinds(game, 1)
        got = {"horse": "scope", "scope": "horse"}[left]
        assert got in hand_kinds(game, 0)
        taken.add(got)
    assert taken == {"horse", "scope"}


def test_r57_bazaar_skips_the_eliminated() -> None:
    """R57/R2: after seat 1 is eliminated, Bazaar deals to seats 0, 2, 3, 4 only."""
    roles = ["marshal", "bandit", "deputy", "bandit", "loner"]
    hands = {0: ["shot:7:clubs", "bazaar:Q:spades"]}
    game = table(roles=roles, hands=hands, health={1: 1}, deck=filler(2) + TOP)
    play(game, 0, "shot", target=1)
    take(game, 1)
    settle(game, 0)
    play(game, 0, "bazaar")
    assert "horse" in hand_kinds(game, 0)
    drawn = [hand_kinds(game, s) for s in (2, 3, 4)]
    assert drawn == [["scope"], ["cover"], ["jail"]]
    assert player(game, 1)["hand_count"] == 0


def test_r52_r53_one_action_per_card_in_play_and_one_for_the_hand() -> None:
    """R52/R53 (contract: one action per card x target x option): against a jailed player
    with an empty hand only the Jail can be taken; once he holds a card, "hand" is offered."""
    game = table(hands={0: ["jail:4:hearts", "grab:J:hearts", "toss:K:hearts"]}, deck=filler(2))
    play(game, 0, "jail", target=1)
    jail = in_play_card(game, 1, "jail")
    for kind in ("grab", "toss"):
        card = card_in_hand(game, 0, kind)
        options = [a.get("target_card") for a in legal(game, 0, type="play", card=card, target=1)]
        assert options == [jail], kind
    game2 = table(hands={0: ["jail:4:hearts", "grab:J:hearts"], 1: ["horse:8:hearts"]})
    play(game2, 0, "jail", target=1)
    card = card_in_hand(game2, 0, "grab")
    options = {a.get("target_card") for a in legal(game2, 0, type="play", card=card, target=1)}
    assert options == {in_play_card(game2, 1, "jail"), "hand"}


def test_r75_r81_dynamite_elimination_gives_nobody_a_star() -> None:
    """R75/R81/R80.8: the Dynamite explodes on seat 1 (Bandit, 3 HP): he is eliminated with
    no eliminator (no star, no upgrade choice) and seat 2's turn begins."""
    roles = ["marshal", "bandit", "deputy", "bandit", "loner"]
    deck = filler(10) + ["shot:K:hearts"] + filler(2) + ["ricochet:2:spades"] + filler(6)
    game = table(roles=roles, hands={0: ["dynamite:2:hearts"]}, health={1: 3}, deck=deck)
    play(game, 0, "dynamite")
    finish_turn(game)
    advance_to(game, 0)
    assert in_play_kinds(game, 1) == ["dynamite"]
    events = finish_turn(game)
    assert not player(game, 1)["alive"]
    (blast,) = damage(events, 1)
    assert blast["source"] is None
    assert [e.get("by") for e in events if e["type"] == "eliminated"] == [None]
    assert all(row["stars"] == 0 for row in game.view(None)["players"])
    assert turn(game) == 2
    assert game.awaiting() == [2]
    assert pending(game) is None or pending(game)["kind"] == "play"


def test_r73_arena_cover_is_a_fair_coin() -> None:
    """R73/R77: over 100 seeds the Arena Cover cancels roughly half of the hits."""
    cancelled = 0
    for seed in range(100):
        game, _ = _covered_and_shot(seed)
        cancelled += game.awaiting() != [1]
    assert 30 <= cancelled <= 70


def test_r47_r49_duel_discards_allowed_after_the_shot_is_used() -> None:
    """R47/R49: a player who already fired his Shot this turn may still discard Shots in the
    Duel he then starts (a response, not a play)."""
    hands = {0: ["shot:7:clubs", "shot:8:clubs", "duel:J:spades"], 2: ["shot:9:clubs"]}
    game = table(hands=hands)
    play(game, 0, "shot", target=1)
    take(game, 1)
    assert not can_play(game, 0, "shot")
    play(game, 0, "duel", target=2)
    respond(game, 2, "shot")
    assert response_kinds(game, 0) == {"shot"}
    respond(game, 0, "shot")
    take(game, 2)
    assert hp(game, 2) == 3


def test_r45_saloon_ignores_the_eliminated() -> None:
    """R45/R58: once seat 1 is out (0 HP), Saloon with every *alive* player at max is illegal."""
    roles = ["marshal", "bandit", "deputy", "bandit", "loner"]
    game = table(roles=roles, hands={0: ["shot:7:clubs", "saloon:5:hearts"]}, health={1: 1})
    play(game, 0, "shot", target=1)
    take(game, 1)
    game.apply(0, {"type": "choose", "option": "accuracy"})
    assert not player(game, 1)["alive"]
    assert not can_play(game, 0, "saloon")


def test_r45_a_weapon_alone_is_something_to_grab() -> None:
    """R45/R52: seat 1's only card is his Rifle in play: Grab may take just that."""
    game = table(hands={1: ["rifle:K:clubs"], 2: ["grab:J:hearts"]}, deck=[])
    finish_turn(game)
    play(game, 1, "rifle")
    assert player(game, 1)["hand_count"] == 0
    finish_turn(game)
    rifle = player(game, 1)["weapon"]["id"]
    card = card_in_hand(game, 2, "grab")
    options = [a.get("target_card") for a in legal(game, 2, type="play", card=card, target=1)]
    assert options == [rifle]

"""Bot decisions on stacked tables (issue 4): each test builds a real game with GameConfig
knobs, drives it to one decision through the public contract and asks the seat's bot."""

from __future__ import annotations

import pytest

from tests.bots.table import bot_move, card_id, end_turn, new_game, play, simple_until

FILLER = ["bazaar", "wagon", "caravan", "saloon"]


def run_turn(game, seat: int, seed: int = 0) -> list[dict]:
    """Let the bot play its whole turn (other seats answer with their automatic move);
    returns every action the bot took, with the kind of the card it used as "_kind"."""
    taken = []
    while game.awaiting() and game.view(seat)["turn"] == seat:
        who = game.awaiting()[0]
        if who == seat:
            action = bot_move(game, seat, seed)
            kinds = {c["id"]: c["kind"] for c in game.view(seat)["hand"]}
            taken.append({**action, "_kind": kinds.get(action.get("card"))})
            game.apply(seat, action)
        else:
            game.apply(who, game.default_action(who))
    return taken


def harms(action: dict, seat: int) -> bool:
    """Whether an action attacks ``seat``: a Shot, Duel or Jail at them, or Grab/Toss of
    anything but a Jail or Dynamite (taking those away is a favour)."""
    return action.get("type") == "play" and action.get("target") == seat


@pytest.mark.parametrize("seed", range(1, 7))
def test_deputy_never_shoots_the_marshal_even_when_he_is_the_only_target_r6(seed):
    """R6: a Deputy plays for the Marshal. The Marshal shot him first and is the only player
    in Revolver range, yet the Deputy neither shoots nor duels him."""
    roles = ["deputy", "marshal", "bandit", "bandit", "loner"]
    game = new_game(
        roles,
        seed=seed,
        hands=[["shot", "shot", "duel", "ricochet"], ["shot"], None, None, ["horse"]],
    )
    play(game, 1, "shot", target=0)  # the Marshal shoots his own Deputy
    simple_until(game, 4)
    play(game, 4, "horse")  # seat 4 moves out of the Deputy's Revolver range (R34)
    simple_until(game, 0)
    shot_targets = {a["target"] for a in game.legal_actions(0) if a.get("target") is not None}
    assert 1 in shot_targets
    for action in run_turn(game, 0, seed):
        assert not harms(action, 1), action


def test_bot_answers_a_shot_at_1_hp_with_a_ricochet_and_keeps_the_flask_r50_r51():
    """R50, R68: at 1 HP a Ricochet cancels the hit; the Flask (R51 b) is kept for later."""
    roles = ["marshal", "bandit", "deputy", "bandit", "loner"]
    game = new_game(
        roles,
        hands=[["shot"], ["flask", "ricochet", "shot"], None, None, None],
        health=[None, 1, None, None, None],
    )
    play(game, 0, "shot", target=1)
    action = bot_move(game, 1)
    assert action == {"type": "respond", "card": card_id(game, 1, "ricochet")}


def test_bot_at_1_hp_without_ricochet_drinks_the_flask_r51():
    """R51 b: with exactly 1 HP and 3+ players alive, the Flask cancels the hit."""
    roles = ["marshal", "bandit", "deputy", "bandit", "loner"]
    game = new_game(
        roles,
        hands=[["shot"], ["flask", "shot"], None, None, None],
        health=[None, 1, None, None, None],
    )
    play(game, 0, "shot", target=1)
    assert bot_move(game, 1) == {"type": "respond", "card": card_id(game, 1, "flask")}


def _marshal_table(seed: int, the_deputy_attacks_the_marshal: bool):
    """5 seats, Marshal at 0. Seat 4 (a Bandit) shoots the Marshal in round 1; in round 1
    seat 1 (a Deputy) duels either seat 4 or the Marshal. Returns the game at the Marshal's
    round-2 play step, with seats 1 and 4 both in his Revolver range."""
    roles = ["marshal", "deputy", "loner", "bandit", "bandit"]
    game = new_game(
        roles,
        seed=seed,
        hands=[["ricochet", "ricochet", "shot", "shot"], ["duel"], None, None, ["shot"]],
    )
    end_turn(game, 0)
    simple_until(game, 1)
    play(game, 1, "duel", target=0 if the_deputy_attacks_the_marshal else 4)
    simple_until(game, 4)
    if not the_deputy_attacks_the_marshal:
        play(game, 4, "shot", target=0)
    simple_until(game, 0)
    return game


@pytest.mark.parametrize("seed", range(1, 7))
def test_marshal_does_not_shoot_a_player_who_only_attacked_bandits_r5_r141(seed):
    """R5, R141: the Marshal reads who attacked whom. Seat 1 only ever attacked seat 4, who
    had shot the Marshal: the Marshal spares seat 1 and turns on seat 4."""
    game = _marshal_table(seed, the_deputy_attacks_the_marshal=False)
    actions = run_turn(game, 0, seed)
    assert not any(harms(a, 1) for a in actions), actions
    assert any(harms(a, 4) for a in actions), actions


@pytest.mark.parametrize("seed", range(1, 4))
def test_marshal_does_shoot_whoever_attacked_him_r5(seed):
    """The same table, but seat 1 dueled the Marshal: now seat 1 is the one he hunts."""
    game = _marshal_table(seed, the_deputy_attacks_the_marshal=True)
    actions = run_turn(game, 0, seed)
    assert any(harms(a, 1) for a in actions), actions


def test_marshal_spares_a_player_whose_victim_was_revealed_a_bandit_r4_r5():
    """R4, R80: an eliminated player's role is revealed. Seat 1 dueled seat 4 to death and
    seat 4 turned out a Bandit: seat 1 is no target for the Marshal, although in range."""
    roles = ["marshal", "deputy", "loner", "bandit", "bandit"]
    game = new_game(
        roles,
        hands=[["shot", "shot", "ricochet"], ["duel"], None, None, None],
        health=[None, None, None, None, 1],
    )
    end_turn(game, 0)
    simple_until(game, 1)
    play(game, 1, "duel", target=4)
    simple_until(game, 0)
    assert not game.view(0)["players"][4]["alive"]
    assert game.view(0)["players"][4]["role"] == "bandit"
    actions = run_turn(game, 0)
    assert not any(harms(a, 1) for a in actions), actions


def test_bandit_shoots_the_marshal_before_anyone_else_r7():
    """R7: the Bandits' goal is the Marshal; with him and another player in range, the
    Bandit's Shot goes to the Marshal."""
    roles = ["marshal", "bandit", "deputy", "bandit", "loner"]
    game = new_game(roles, hands=[[], ["shot", "shot"], None, None, None])
    simple_until(game, 1)
    actions = run_turn(game, 1)
    shots = [a for a in actions if a.get("type") == "play" and a.get("target") is not None]
    assert shots
    assert shots[0]["target"] == 0


def test_loner_keeps_the_marshal_alive_then_turns_on_him_last_r8():
    """R8: the Loner wins only as the last one alive. While others live he leaves the
    Marshal alone; once only the Marshal is left, he shoots him."""
    roles = ["marshal", "loner", "bandit", "bandit"]
    game = new_game(roles, hands=[[], ["shot", "buckshot"], None, None], health=[None, None, 1, 1])
    simple_until(game, 1)
    first = bot_move(game, 1)
    assert not harms(first, 0), first
    play(game, 1, "buckshot")  # both Bandits fall at 1 HP (R60)
    simple_until(game, 1)
    alive = [p["seat"] for p in game.view(1)["players"] if p["alive"]]
    assert alive == [0, 1]
    actions = run_turn(game, 1)
    assert any(harms(a, 0) for a in actions), actions


def test_loner_does_not_shoot_the_marshal_while_bandits_live_r8():
    roles = ["marshal", "loner", "bandit", "deputy", "bandit"]
    game = new_game(roles, hands=[[], ["shot", "shot", "duel"], None, None, None])
    simple_until(game, 1)
    for action in run_turn(game, 1):
        assert not harms(action, 0), action


def test_bot_never_swaps_a_better_gun_for_a_worse_one_r39_r66():
    """R39: a new weapon replaces the old. The bot equips the Rifle and then keeps it:
    neither the Sawed-Off nor the Volcanic in its hand replaces it."""
    roles = ["marshal", "bandit", "deputy", "bandit", "loner"]
    game = new_game(
        roles, hands=[["volcanic", "sawed_off", "rifle", "shot"], None, None, None, None]
    )
    run_turn(game, 0)
    assert game.view(0)["players"][0]["weapon"]["kind"] == "rifle"
    weapons_played = [
        e["card"]["kind"]
        for e in game.view(0)["log"]
        if e["type"] == "played" and e["seat"] == 0 and e["card"]["kind"] in WEAPONS
    ]
    assert weapons_played == ["rifle"]


WEAPONS = ("volcanic", "sawed_off", "rifle", "carbine", "long_rifle")


def test_bot_equips_horse_and_scope_early_r63_r64():
    """R63, R64: blue cards that help every turn go down at once."""
    roles = ["marshal", "bandit", "deputy", "bandit", "loner"]
    game = new_game(roles, hands=[["horse", "scope", "ricochet"], None, None, None, None])
    actions = run_turn(game, 0)
    kinds_in_play = {c["kind"] for c in game.view(0)["players"][0]["in_play"]}
    assert {"horse", "scope"} <= kinds_in_play
    kinds = [a["_kind"] for a in actions]
    attacks = [i for i, a in enumerate(actions) if a.get("target") is not None]
    assert kinds.index("horse") < min(attacks, default=len(actions))
    assert kinds.index("scope") < min(attacks, default=len(actions))


def test_three_eyes_puts_back_the_least_useful_card_r106():
    """R106: Three Eyes keeps two of three; a Bazaar goes back before Caravan or Ricochet."""
    roles = ["marshal", "bandit", "deputy", "bandit", "loner"]
    deck = ["ricochet", "bazaar", "caravan"] + ["shot"] * 10 + ["flask"] * 4 + ["wagon"] * 2
    game = new_game(
        roles,
        characters=["three_eyes", None, None, None, None],
        hands=[["shot"], ["shot"], ["shot"], ["shot"], ["shot"]],
        deck=deck,
    )
    pending = game.view(0)["pending"]
    assert pending["kind"] == "keep_two"
    looking = {c["id"]: c["kind"] for c in pending["looking_at"]}
    action = bot_move(game, 0)
    assert looking[action["card"]] == "bazaar"


def test_grip_draws_from_the_richest_enemy_hand_r104():
    """R104: Grip takes his first card from another player's hand: the Bandit picks the
    Marshal, who holds the most cards (and is the enemy)."""
    roles = ["marshal", "bandit", "deputy", "bandit", "loner"]
    game = new_game(
        roles,
        characters=["lucky", "grip", None, None, None],
        hands=[["ricochet"] * 4, ["shot"], ["shot"], ["shot", "shot"], ["shot"]],
    )
    simple_until(game, 1, "draw_choice")
    assert bot_move(game, 1) == {"type": "choose", "option": "player", "target": 0}


def test_bonesetter_heals_instead_of_discarding_r111():
    """R111: cards that would be discarded at the end of the turn pay for a heal instead.

    The draw pile is stacked with Ricochets (no Flask to heal with otherwise), so the
    Bonesetter ends his turn holding more cards than his health, whatever the seed."""
    roles = ["marshal", "bandit", "deputy", "bandit", "loner"]
    game = new_game(
        roles,
        characters=["bonesetter", None, None, None, None],
        hands=[
            ["ricochet", "ricochet", "ricochet", "bazaar", "bazaar", "shot"],
            *[["shot", "shot", "shot"]] * 4,
        ],
        deck=["ricochet"] * 9 + ["shot"] * 5,
        health=[2, None, None, None, None],
    )
    run_turn(game, 0)
    healed = [e for e in game.view(0)["log"] if e["type"] == "healed" and e["seat"] == 0]
    assert any(e["cause"] == "bonesetter" for e in healed)
    assert game.view(0)["players"][0]["hp"] > 2


def test_bot_discards_the_least_useful_card_r25():
    """R25: the player chooses what goes; a second Horse (unplayable, R43) goes before a
    Ricochet or a Shot."""
    roles = ["marshal", "bandit", "deputy", "bandit", "loner"]
    game = new_game(
        roles,
        hands=[["ricochet"], ["horse", "horse", "ricochet", "shot"], None, None, None],
        health=[None, 1, None, None, None],
    )
    simple_until(game, 1)
    run_turn(game, 1)
    log = [e for e in game.view(1)["log"] if e["type"] == "discarded" and e["seat"] == 1]
    assert log[0]["cause"] == "end_turn"
    assert log[0]["card"]["kind"] == "horse"

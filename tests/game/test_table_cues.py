"""The cues a newcomer missed at the table (issue 16, point 4), checked on the rendered table.

No database: plain records for the match and its seats, as in test_rendering.
"""

from __future__ import annotations

import html
import json
import re

from bangarena_engine import Game, GameConfig
from tests.game.test_rendering import marshal_game, render, seat_blocks, visible_text

TARGET = re.compile(r'<span class="target" hidden>\s*<button ([^>]*)>([^<]*)</button>')


def attribute(tag: str, name: str) -> str:
    found = re.search(rf"""{name}=(?:"([^"]*)"|'([^']*)')""", tag)
    return html.unescape(found.group(1) or found.group(2) or "") if found else ""


def targets(fragment: str) -> list[dict]:
    """Every target button on the seats: its card, action, confirmation question and label."""
    return [
        {
            "card": json.loads(attribute(tag, "value"))["card"],
            "action": json.loads(attribute(tag, "value")),
            "confirm": attribute(tag, "data-confirm"),
            "label": html.unescape(label),
        }
        for tag, label in TARGET.findall(fragment)
    ]


def deputy_on_turn() -> Game:
    """Marshal at seat 0, a Deputy at seat 1 holding a Shot, both in range; the Deputy's turn."""
    game = Game.new(
        GameConfig(
            seats=4,
            seed=3,
            roles=["marshal", "deputy", "bandit", "loner"],
            characters=["lucky", "scavenger", "bonesetter", "empty_hands"],
            hands=[[], ["shot:7:clubs"], [], []],
            deck=["wagon:9:spades"] * 6,
        )
    )
    game.apply(0, {"type": "end_turn"})
    assert game.awaiting() == [1]
    return game


def test_a_deputy_is_asked_before_shooting_the_marshal_and_not_before_shooting_a_bandit():
    """R10, R48: pressing Enter twice picks the Shot and fires at the first lit target; on a
    teammate the viewer knows (the Marshal, for a Deputy) that asks to confirm first."""
    game = deputy_on_turn()
    shots = {t["action"]["target"]: t for t in targets(render(game, 1))}
    assert 0 in shots
    assert shots[0]["confirm"] == "Player 1 is on your side (Marshal). Attack anyway?"
    others = [t for seat, t in shots.items() if seat != 0]
    assert others
    assert all(t["confirm"] == "" for t in others)


def test_toss_and_grab_targets_name_the_player_whose_card_it_is():
    """R52, R53: every Toss or Grab target says whose card it takes."""
    game, marshal = marshal_game(["toss:8:hearts", "grab:Q:hearts"])
    view = game.view(marshal)
    names = {
        p["seat"]: f"Player {p['seat'] + 1}" if p["seat"] % 2 == 0 else f"Bot {p['seat'] + 1}"
        for p in view["players"]
    }
    found = targets(render(game, marshal))
    assert found
    for target in found:
        assert names[target["action"]["target"]] in target["label"], target


def test_a_bot_seat_shows_its_name_once():
    """A seat read "Bot 2" as its name and "Bot 2" again as its badge; the badge now says what
    the seat is, and how well it plays (issue 22: a Normal bot by default)."""
    game = Game.new(GameConfig(seats=4, seed=2))
    block = seat_blocks(render(game, 0))[1]
    assert re.search(r'<p class="seat__name" title="Bot 2">Bot 2</p>', block)
    badge = re.search(r'<span class="seat__badge badge badge--bot[^"]*">(.*?)</span></span>', block)
    assert visible_text(badge.group(1)) == "Bot · Normal"


def test_the_check_message_stays_until_the_next_turn_begins():
    """R74: "Jail check for X: stays in Jail" shows in the centre during X's turn and goes once
    the next turn begins (the log keeps it)."""
    game = Game.new(
        GameConfig(
            seats=4,
            seed=3,
            roles=["marshal", "bandit", "bandit", "loner"],
            hands=[["jail:Q:spades", "shot"], None, None, None],
            deck=["wagon:9:clubs"] * 2 + ["shot:2:spades"] * 10,
        )
    )
    jail = next(c["id"] for c in game.view(0)["hand"] if c["kind"] == "jail")
    game.apply(0, {"type": "play", "card": jail, "target": 1})
    game.apply(0, {"type": "end_turn"})
    assert game.awaiting() == [1]
    centre = re.search(r'id="table-centre".*?</div>\n</div>', render(game, 2), re.S).group(0)
    assert "Jail check for Bot 2" in visible_text(centre)

    while game.view(None)["turn"] == 1:
        [seat] = game.awaiting()
        game.apply(seat, game.legal_actions(seat)[-1])
    fragment = render(game, 2)
    centre = re.search(r'id="table-centre".*?</div>\n</div>', fragment, re.S).group(0)
    assert "Jail check" not in visible_text(centre)
    assert "stays in Jail" in visible_text(fragment.split("data-log>")[1])


def test_a_dimmed_card_says_why_it_cannot_be_played():
    """R45, R49, R50: on the player's own turn each card that cannot be played says why, on
    the card and as its tooltip; while someone else decides the hand says once that it waits."""
    game, marshal = marshal_game(["shot:7:clubs", "shot:8:clubs", "ricochet:K:hearts", "flask"])
    shot = next(c["id"] for c in game.view(marshal)["hand"] if c["kind"] == "shot")
    target = next(a for a in game.legal_actions(marshal) if a.get("card") == shot)
    game.apply(marshal, target)
    while game.awaiting() != [marshal]:
        [seat] = game.awaiting()
        game.apply(seat, {"type": "pass"})
    hand = re.search(r'id="table-hand".*</section>', render(game, marshal), re.S).group(0)
    reasons = re.findall(r"<span class=\"card__why\"[^>]*>([^<]*)</span>", hand)
    assert "One Shot per turn" in reasons
    assert "Only as an answer to a Shot" in reasons
    assert "You are at full health" in reasons
    assert 'title="One Shot per turn"' in hand

    waiting = re.search(r'id="table-hand".*</section>', render(game, 1), re.S).group(0)
    assert visible_text(waiting).count("Wait for your turn") == 1
    assert "card__why" not in waiting

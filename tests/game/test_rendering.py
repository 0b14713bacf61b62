"""The table fragment as each seat receives it (issue 6, R4, R10, R82, R135-R137).

Random engine games are rendered for every seat and for a watcher at many moments. The
engine's full state (``to_dict``, used here only) says what is secret; the rendered HTML must
not contain it. No database: the match and its seats are plain records with the fields the
renderer reads.
"""

from __future__ import annotations

import html
import json
import random
import re
from datetime import UTC, datetime, timedelta
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from django.utils import translation

from bangarena_engine import Game, GameConfig
from game import catalogue
from game.table import context, screens

NOW = datetime(2026, 11, 29, 20, 0, tzinfo=UTC)
SEAT_BLOCK = re.compile(r'<li class="seat[^"]*"\s+style="[^"]*" data-seat="(\d+)"(.*?)</li>', re.S)
#: A control: a submit button whose value is the action, inside a ws-send form that carries
#: the match version once for all its buttons.
FORM = re.compile(r"<form ws-send[^>]*>(.*?)</form>", re.S)
ACTION = re.compile(r"<button type=\"submit\" name=\"action\" value='([^']*)'")
ROOT = Path(__file__).resolve().parents[2]
# The match version every frame's table-state element carries; table.js sends it with a click.
STATE_VERSION = re.compile(r'<div id="table-state"[^>]* data-version="(\d+)"')


def match_record(version: int = 3, host_seat: int | None = None) -> SimpleNamespace:
    return SimpleNamespace(
        id=41,
        pk=None,
        version=version,
        table_version=version,
        deadline=NOW + timedelta(seconds=20),
        host_seat=host_seat,
        tempo="normal",
        status="running",
    )


def seat_records(count: int, names: dict[int, str] | None = None) -> list[SimpleNamespace]:
    names = names or {}
    records = []
    for seat in range(count):
        human = seat % 2 == 0
        records.append(
            SimpleNamespace(
                seat=seat,
                kind="human" if human else "bot",
                name=names.get(seat, f"Player {seat + 1}" if human else f"Bot {seat + 1}"),
                label="" if human else f"Bot {seat + 1}",
                autopilot=False,
                connected=True,
            )
        )
    return records


def table_fragment(match, seats, game: Game, viewer: int | None) -> str:
    """The whole table of ``viewer`` for a match and seats made of plain records."""
    return screens.full_table(game, viewer, context.build(match, seats, now=NOW))


def render(game: Game, viewer: int | None, names: dict[int, str] | None = None) -> str:
    count = len(game.view(None)["players"])
    return table_fragment(match_record(), seat_records(count, names), game, viewer)


def sent_actions(fragment: str) -> list[dict[str, Any]]:
    """Every action a button would send, each from a form the table's script sends with the
    match version of the latest frame (the table-state element every frame starts with)."""
    actions = []
    for form in FORM.findall(fragment):
        actions.extend(json.loads(html.unescape(raw)) for raw in ACTION.findall(form))
    assert len(actions) == len(ACTION.findall(fragment)), "an action button outside a form"
    if actions:
        assert STATE_VERSION.search(fragment), "actions without the match version to send"
    return actions


def canonical(action: dict[str, Any]) -> str:
    return json.dumps(action, sort_keys=True)


def seat_blocks(fragment: str) -> dict[int, str]:
    return {int(seat): body for seat, body in SEAT_BLOCK.findall(fragment)}


def random_moments(seed: int, seats: int, mode: str, every: int = 9):
    """Yield (game) at many points of one random game, ending with the finished game."""
    game = Game.new(GameConfig(seats=seats, mode=mode, seed=seed))
    rng = random.Random(seed)
    step = 0
    while game.result is None and step < 900:
        if step % every == 0:
            yield game
        seat = game.awaiting()[0]
        game.apply(seat, rng.choice(game.legal_actions(seat)))
        step += 1
    yield game


GAMES = [
    (1, 4, "classic"),
    (2, 5, "double_agent"),
    (3, 6, "partners"),
    (4, 7, "double_agent"),
    (5, 8, "old_classic"),
    (6, 8, "classic"),
]


def secrets_for(state: dict[str, Any], viewer: int | None, view: dict[str, Any]) -> dict[str, Any]:
    """What the viewer may not know, read from the engine's internals (test only)."""
    looking_at = {card["id"] for card in (view.get("pending") or {}).get("looking_at", [])}
    hidden_hand_ids = {
        card[0]
        for player in state["players"]
        if player["seat"] != viewer
        for card in player["hand"]
    }
    deck_ids = {card[0] for card in state["deck"]} - looking_at
    hidden_roles = {
        player["seat"]: player["role"]
        for player in state["players"]
        if view["players"][player["seat"]]["role"] is None
    }
    return {"hand_ids": hidden_hand_ids, "deck_ids": deck_ids, "roles": hidden_roles}


@pytest.mark.parametrize(("seed", "seats", "mode"), GAMES)
def test_no_seat_or_watcher_receives_hidden_information(seed: int, seats: int, mode: str):
    """Issue 6 leak test (R4, R10, R82): no other hand's cards or ids, no deck card, no hidden
    role, in any attribute or text, for every seat and the watchers, at many moments."""
    for game in random_moments(seed, seats, mode):
        state = game.to_dict()
        for viewer in [*range(seats), None]:
            view = game.view(viewer)
            fragment = render(game, viewer)
            secret = secrets_for(state, viewer, view)
            for card_id in secret["hand_ids"] | secret["deck_ids"]:
                assert card_id not in fragment, (viewer, card_id)
            blocks = seat_blocks(fragment)
            for seat, role in secret["roles"].items():
                assert f"role-tag--{role}" not in blocks[seat], (viewer, seat, role)
            # Another seat shows as cards only what lies in front of it.
            for player in state["players"]:
                if player["seat"] == viewer:
                    continue
                shown = re.findall(
                    r'<span class="chip__name">([^<]*)</span>', blocks[player["seat"]]
                )
                in_front = [card[1] for card in player["in_play"]]
                if player["weapon"]:
                    in_front.append(player["weapon"][1])
                expected = sorted(html.escape(str(catalogue.card_name(kind))) for kind in in_front)
                assert sorted(shown) == expected


@pytest.mark.parametrize(("seed", "seats", "mode"), GAMES[:4])
def test_the_viewers_legal_actions_and_nothing_else_are_controls(seed: int, seats: int, mode: str):
    """Issue 6: every decision the engine offers is a control, and only legal ones exist; a
    watcher, or a seat not awaited, has none (R28)."""
    for game in random_moments(seed, seats, mode, every=5):
        for viewer in range(seats):
            fragment = render(game, viewer)
            expected = sorted(canonical(a) for a in game.legal_actions(viewer))
            assert sorted(canonical(a) for a in sent_actions(fragment)) == expected
            assert STATE_VERSION.findall(fragment) == ["3"]
        assert sent_actions(render(game, None)) == []


def test_every_action_carries_the_match_version():
    """Issue 6: a stale or repeated click changes nothing because each action names its version:
    the table's state element holds the match version, which the table's script adds to every
    action it sends (table.js, htmx:wsConfigSend), and the forms carry no stale copy of it."""
    game = Game.new(GameConfig(seats=4, seed=9))
    seat = game.awaiting()[0]
    fragment = table_fragment(match_record(version=77), seat_records(4), game, seat)
    assert STATE_VERSION.findall(fragment) == ["77"]
    assert 'name="version"' not in fragment
    script = (ROOT / "game" / "static" / "game" / "table.js").read_text()
    assert "parameters.version = " in script


def test_player_names_are_escaped_everywhere():
    """Security: a name like <script> is shown as text, never as markup."""
    evil = '<script>alert("x")</script>'
    game = Game.new(GameConfig(seats=4, seed=3))
    for _ in range(30):
        seat = game.awaiting()[0]
        game.apply(seat, game.legal_actions(seat)[-1])
    for viewer in (0, None):
        fragment = render(game, viewer, names={0: evil, 1: evil})
        assert "<script>" not in fragment
        assert "&lt;script&gt;" in fragment


def visible_text(fragment: str) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", fragment)).split())


@pytest.mark.parametrize("language", ["ru", "de"])
def test_translated_table_shows_no_english_card_or_character_names(language: str):
    """R1 names: in Russian and German the cards, characters and roles carry their own names."""
    english_only = []
    with translation.override(language):
        for kind, text in catalogue.CARDS.items():
            if str(text.name) != pgettext_en("card", kind):
                english_only.append(pgettext_en("card", kind))
        for character, text in catalogue.CHARACTERS.items():
            if str(text.name) != pgettext_en("character", character):
                english_only.append(pgettext_en("character", character))
    assert len(english_only) > 20
    for seed in (2, 4):
        for game in random_moments(seed, 7, "classic", every=25):
            for viewer in range(7):
                with translation.override(language):
                    text = visible_text(render(game, viewer))
                for name in english_only:
                    assert not re.search(rf"(?<!\w){re.escape(name)}(?!\w)", text), name


def pgettext_en(context: str, key: str) -> str:
    with translation.override("en"):
        table = catalogue.CARDS if context == "card" else catalogue.CHARACTERS
        return str(table[key].name)


@pytest.mark.parametrize("seats", [4, 5, 8])
def test_the_viewer_sits_at_the_bottom_and_others_follow_clockwise(seats: int):
    """R135: own seat at the bottom, then the others clockwise (bottom, left, top, right)."""
    game = Game.new(GameConfig(seats=seats, seed=seats))
    for viewer in range(seats):
        fragment = render(game, viewer)
        placed = [
            (int(seat), float(x), float(y))
            for x, y, seat in re.findall(
                r'style="--x: ([\d.]+)%; --y: ([\d.]+)%" data-seat="(\d+)"', fragment
            )
        ]
        order = [seat for seat, _, _ in placed]
        assert order == [(viewer + step) % seats for step in range(1, seats)] + [viewer]
        me = placed[-1]
        assert me[1] == 50
        assert me[2] == max(y for _, _, y in placed)
        # The next seat clockwise is drawn on the viewer's left, the last one on the right.
        assert placed[0][1] < 50 < placed[-2][1]


def test_a_watcher_sees_seat_one_at_the_bottom():
    """R135 / Q55: a spectator's table is drawn from the first seat."""
    game = Game.new(GameConfig(seats=6, seed=1))
    order = re.findall(r'data-seat="(\d+)"', render(game, None))
    assert order == ["1", "2", "3", "4", "5", "0"]


def marshal_game(hand: list[str], seats: int = 4, **config: Any) -> tuple[Game, int]:
    roles = ["marshal", "bandit", "bandit", "loner", "deputy", "bandit", "deputy", "loner"]
    game = Game.new(
        GameConfig(
            seats=seats,
            seed=5,
            roles=roles[:seats],
            characters=["lucky"] + [None] * (seats - 1),
            hands=[hand] + [None] * (seats - 1),
            **config,
        )
    )
    return game, 0


def test_putting_dynamite_in_front_of_yourself_asks_to_confirm():
    """UI.md self-harm: the Dynamite play (R65) carries a confirmation question."""
    game, marshal = marshal_game(["dynamite", "shot", "horse"])
    fragment = render(game, marshal)
    card = re.search(
        r"<button type=\"submit\" name=\"action\" value='([^']*)' class=\"[^\"]*act--card\" "
        r'data-confirm="([^"]+)"',
        fragment,
    )
    assert card is not None
    assert json.loads(html.unescape(card.group(1)))["card"] == game.view(marshal)["hand"][0]["id"]


def test_targets_of_a_card_light_up_on_the_seats_they_belong_to():
    """Issue 6 controls: a Shot's targets are buttons on the target seats (R36), hidden until
    the card is picked."""
    game, marshal = marshal_game(["shot", "jail"])
    fragment = render(game, marshal)
    blocks = seat_blocks(fragment)
    shot_id = game.view(marshal)["hand"][0]["id"]
    for action in game.legal_actions(marshal):
        if action.get("card") == shot_id:
            targets = re.findall(
                r"<span class=\"target\" hidden>\s*<button type=\"submit\" name=\"action\" "
                r"value='([^']*)'",
                blocks[action["target"]],
            )
            # On the target's own seat, hidden until the card is picked.
            assert action in [json.loads(html.unescape(value)) for value in targets]
    assert f'data-select-card="{shot_id}"' in fragment


def test_discard_step_says_how_many_cards_must_go():
    """R25: the player is told how many cards to discard."""
    game, marshal = marshal_game(["shot", "shot", "shot", "shot", "shot", "shot", "shot", "shot"])
    game.apply(marshal, {"type": "end_turn"})
    pending = game.view(marshal)["pending"]
    assert pending["kind"] == "discard"
    text = visible_text(render(game, marshal))
    assert f"discard {pending['count']} more cards" in text


def test_high_noon_is_shown_in_the_header():
    """R30, R137: ☀ in the header while High Noon is on."""
    game = Game.new(GameConfig(seats=4, seed=2, start_round=8))
    assert "☀ High Noon" in visible_text(render(game, 0))
    assert "☀" not in visible_text(render(Game.new(GameConfig(seats=4, seed=2)), 0))


def test_double_agent_candidates_are_marked_only_for_the_marshal():
    """R10 a: the Marshal alone sees "Deputy?" on his two names."""
    game = Game.new(GameConfig(seats=6, mode="double_agent", seed=8))
    marshal = game.awaiting()[0]
    candidates = game.view(marshal)["deputy_candidates"]
    blocks = seat_blocks(render(game, marshal))
    marked = sorted(seat for seat, body in blocks.items() if "Deputy?" in body)
    assert marked == sorted(candidates)
    for viewer in [*(s for s in range(6) if s != marshal), None]:
        assert "Deputy?" not in visible_text(render(game, viewer)).replace("Deputy?</", "")


def test_the_bandit_team_sees_each_other_in_double_agent_mode():
    """R10 b: a Bandit's screen shows the Double Agent's role; a Deputy's does not."""
    game = Game.new(GameConfig(seats=6, mode="double_agent", seed=8))
    roles = {p["seat"]: p["role"] for p in game.to_dict()["players"]}
    agent = next(s for s, r in roles.items() if r == "double_agent")
    bandit = next(s for s, r in roles.items() if r == "bandit")
    deputy = next(s for s, r in roles.items() if r == "deputy")
    assert "role-tag--double_agent" in seat_blocks(render(game, bandit))[agent]
    assert "role-tag--double_agent" not in seat_blocks(render(game, deputy))[agent]


def test_the_you_are_bar_names_the_own_role_and_the_table_line_the_role_set():
    """R4, R137: "You are …" with the viewer's role; "Roles at the table" with the set."""
    game = Game.new(GameConfig(seats=7, seed=4))
    role = game.view(2)["role"]
    text = visible_text(render(game, 2))
    assert f"You are: {catalogue.role_name(role)}" in text
    assert "Roles at the table: Marshal, Deputy ×2, Bandit ×3, Loner" in text
    assert "You are watching." in visible_text(render(game, None))


def test_an_arena_cover_check_shows_its_coin():
    """R73, issue 6: the Cover coin is shown at the centre when it decides a hit."""
    for seed in range(200):
        game = Game.new(GameConfig(seats=4, seed=seed))
        rng = random.Random(seed)
        for _ in range(300):
            if game.result is not None:
                break
            check = game.view(None)["last_check"]
            if check and check.get("coins"):
                fragment = render(game, 0)
                assert fragment.count('class="coin coin--') == len(check["coins"])
                return
            seat = game.awaiting()[0]
            game.apply(seat, rng.choice(game.legal_actions(seat)))
    pytest.fail("no Cover check in 200 games")


def test_the_log_names_cards_and_reads_newest_last():
    """R137: readable sentences with the cards named, oldest first, newest at the bottom."""
    game, marshal = marshal_game(["wagon"])
    wagon = game.view(marshal)["hand"][0]["id"]
    game.apply(marshal, {"type": "play", "card": wagon})
    lines = re.findall(r"<li>(.*?)</li>", render(game, 1).split("data-log>")[1], re.S)
    texts = [" ".join(html.unescape(re.sub(r"<[^>]+>", "", line)).split()) for line in lines]
    assert texts[-2] == "Player 1 played Wagon 9♠."
    assert texts[-1] == "Player 1 drew 2 cards."


def test_host_controls_show_only_on_the_hosts_screen():
    """R132: tempo and Hand to bot on another's seat belong to the host; R121: each player
    has the same control for his own seat (the host too); nobody else sees them."""
    game = Game.new(GameConfig(seats=4, seed=6))
    seats = seat_records(4)
    for viewer in (*range(4), None):
        fragment = table_fragment(match_record(host_seat=0), seats, game, viewer)
        assert ("/host/tempo/" in fragment) == (viewer == 0)
        assert ("/seat/2/hand-to-bot/" in fragment) == (viewer in (0, 2))
        assert ("/seat/0/hand-to-bot/" in fragment) == (viewer == 0)
        assert "/seat/1/hand-to-bot/" not in fragment  # seat 1 is a bot's


def test_every_public_event_reads_as_a_sentence():
    """R137: the log tells every event of random games in words, with no raw ids or keys."""
    from game.table.log import LogWriter

    writer = LogWriter({seat: f"Player {seat + 1}" for seat in range(8)})
    seen = set()
    for seed, seats, mode in GAMES:
        game = list(random_moments(seed, seats, mode, every=10_000))[-1]
        for event in game.view(None)["log"]:
            line = writer.sentence(event)
            assert line, event
            assert "{" not in line, line
            assert "None" not in line, line
            seen.add(event["type"])
    assert {"turn", "played", "damage", "eliminated", "game_over", "drew"} <= seen


def test_the_countdown_is_painted_as_minutes_and_seconds_from_the_first_render():
    """R118: the timer reads m:ss at once (it used to flash a bare "20" before the script)."""
    game = Game.new(GameConfig(seats=4, seed=3))
    [seat] = game.awaiting()

    fragment = render(game, seat)

    assert re.search(r'role="timer"[^>]*>0:20</span>', fragment)
    assert not re.search(r'role="timer"[^>]*>20</span>', fragment)


def test_an_eliminated_player_is_no_longer_told_to_watch_once_the_game_is_over():
    """R82, R98: "you are out and watch the rest" only while there is a rest to watch."""
    rng = random.Random(7)
    game = Game.new(GameConfig(seats=5, seed=7))
    out_while_playing = None
    while game.result is None:
        [seat] = game.awaiting()
        game.apply(seat, rng.choice(game.legal_actions(seat)))
        dead = [p["seat"] for p in game.view(None)["players"] if not p["alive"]]
        if dead and game.result is None and out_while_playing is None:
            out_while_playing = render(game, dead[0])
            eliminated = dead[0]
    assert out_while_playing is not None, "nobody was eliminated before the end"

    assert "You are out and watch the rest." in out_while_playing
    assert "You are out and watch the rest." not in render(game, eliminated)


def test_the_top_line_names_the_shooter_once_during_a_response():
    """R137: the top line reads "Player 1 fired Shot · Response · Bot 2", not
    "Turn: Player 1 — Player 1 fired Shot · …" (the name was repeated)."""
    game = Game.new(
        GameConfig(
            seats=4,
            seed=1,
            roles=["marshal", "bandit", "bandit", "loner"],
            characters=["lucky", "scavenger", "bonesetter", "empty_hands"],
            hands=[["shot:7:clubs"], ["flask:6:hearts"], [], []],
            deck=["wagon:9:spades", "wagon:9:spades"],
        )
    )
    shot = next(c["id"] for c in game.view(0)["hand"] if c["kind"] == "shot")
    game.apply(0, {"type": "play", "card": shot, "target": 1})
    assert game.awaiting() == [1]

    fragment = render(game, 2)

    top = re.search(r'<p class="topline"[^>]*>(.*?)</p>', fragment, re.S).group(1)
    assert "Player 1 fired Shot · Response · Bot 2" in html.unescape(top)
    assert html.unescape(top).count("Player 1") == 1


@pytest.mark.parametrize("language", ["en", "ru", "pl", "tr", "id", "nl", "de"])
def test_seats_sit_around_the_table_in_every_language(language):
    """R135, issue 10: each seat's place on the oval is a CSS length, so it must be written
    with a decimal point whatever the language: "86,0%" (German, Polish, ...) is not CSS, and
    every seat piled up in one corner of the desktop table."""
    from django.utils import translation

    game = Game.new(GameConfig(seats=7, seed=2))
    with translation.override(language):
        fragment = render(game, 0)

    places = re.findall(r'style="--x: ([^%]*)%; --y: ([^%]*)%"', fragment)
    assert len(places) == 7
    assert all(
        re.fullmatch(r"\d+(\.\d+)?", x) and re.fullmatch(r"\d+(\.\d+)?", y) for x, y in places
    )
    assert len(set(places)) == 7


def test_hand_cards_tell_screen_readers_their_suit_in_the_players_language():
    """R139, issue 10: the suit is drawn as a symbol only, so each hand card carries its rank
    and suit in words, in the reader's language (it read "J clubs" in every language)."""
    from django.utils import translation

    game = Game.new(GameConfig(seats=4, seed=3))
    [seat] = game.awaiting()
    hand = game.view(seat)["hand"]
    with translation.override("de"):
        fragment = render(game, seat)
        spoken = {f"{card['rank']} {catalogue.SUITS[card['suit']]}" for card in hand}
    labels = set(re.findall(r'<span class="visually-hidden">([^<]+)</span>', fragment))
    assert spoken <= labels
    assert not any(suit in labels_text for labels_text in labels for suit in ("clubs", "spades"))


def test_r121_the_bot_playing_a_seat_shows_im_back_and_no_decision_on_its_screen():
    """While the bot plays his seat, its player is told so and offered "I'm back"; his screen
    does not say "Your decision" or offer End turn (a click would race the bot)."""
    seed = next(s for s in range(500) if Game.new(GameConfig(seats=4, seed=s)).awaiting() == [0])
    game = Game.new(GameConfig(seats=4, seed=seed))
    seats = seat_records(4)
    yours = table_fragment(match_record(), seats, game, 0)
    assert "Your decision." in yours
    assert "End turn" in yours

    seats[0].autopilot = True
    piloted = table_fragment(match_record(), seats, game, 0)

    assert "The bot is playing your seat." in piloted
    assert "I&#x27;m back" in piloted or "I'm back" in piloted
    assert "/seat/0/return/" in piloted
    assert "Your decision." not in piloted
    assert "End turn" not in piloted
    assert sent_actions(piloted) == []

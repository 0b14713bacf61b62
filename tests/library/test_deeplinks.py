"""Deep links at the table (R44, R139): a card in the viewer's hand, a card in play on a seat,
the check card in the centre and card names in the log link to that card's library entry with
the physical card's rank and suit, without touching the click-to-play controls."""

from __future__ import annotations

import re
from html import unescape

from django.test import Client
from django.urls import reverse

from bangarena_engine import Game, GameConfig
from tests.game.test_rendering import render, seat_blocks

HAND_SLOT = re.compile(r'<li class="hand__slot"[^>]*>(.*?)</li>', re.S)


def entry(kind: str, rank: str, suit: str) -> str:
    return reverse("library:card", args=[kind]) + f"?rank={rank}&amp;suit={suit}"


def marshal_with_horse_in_play() -> Game:
    game = Game.new(
        GameConfig(
            seats=4,
            seed=5,
            roles=["marshal", "bandit", "bandit", "loner"],
            characters=["lucky", None, None, None],
            hands=[["horse:9:hearts", "shot:7:clubs", "jail:J:spades"], None, None, None],
        )
    )
    horse = next(c["id"] for c in game.view(0)["hand"] if c["kind"] == "horse")
    game.apply(0, {"type": "play", "card": horse})
    return game


def test_every_hand_card_has_its_entry_beside_the_play_control():
    """R139: each hand card gets an ⓘ link with its own rank and suit; the playable card is
    still the form/button that plays it (the link sits next to it, not inside it)."""
    fragment = render(marshal_with_horse_in_play(), 0)
    slots = HAND_SLOT.findall(fragment)
    assert slots
    shot = next(s for s in slots if "7</span><span>♣" in s)
    assert f'class="libref" href="{entry("shot", "7", "clubs")}" data-library-link' in shot
    assert re.search(r"<button[^>]*card--playable", shot)  # still playable
    assert not re.search(r"<button[^>]*>(?:(?!</button>).)*libref", shot, re.S)
    for slot in slots:
        assert slot.count("data-library-link") == 1


def test_a_card_in_play_links_to_its_entry_on_every_screen():
    """R44, R139: the Horse in front of the Marshal opens its entry, for him, the others and a
    watcher."""
    game = marshal_with_horse_in_play()
    for viewer in (0, 1, None):
        marshal_seat = seat_blocks(render(game, viewer))[0]
        assert entry("horse", "9", "hearts") in marshal_seat


def test_log_card_names_link_to_their_entry():
    """R137, R139: "played Horse 9♥" in the log is a link to the Horse's entry."""
    fragment = render(marshal_with_horse_in_play(), 1)
    log = re.search(r"<ol class=\"log__lines\".*?</ol>", fragment, re.S).group(0)
    link = re.search(r'<a class="cardref cardref--blue" href="([^"]+)" data-library-link>', log)
    assert link
    assert unescape(link.group(1)) == unescape(entry("horse", "9", "hearts"))


def test_the_check_card_in_the_centre_links_to_its_entry():
    """R74, R139: the flipped Jail check card in the centre opens its entry."""
    game = Game.new(
        GameConfig(
            seats=4,
            seed=5,
            roles=["marshal", "bandit", "bandit", "loner"],
            # No draw-step choices, so the Marshal plays at once.
            characters=["double_barrel", "two_face", "scavenger", "empty_hands"],
            hands=[["jail:J:spades"], None, None, None],
            deck=["shot:5:hearts"] * 2 + ["flask:6:hearts"] * 2 + ["duel:Q:diamonds"] * 20,
        )
    )
    jail = game.view(0)["hand"][0]["id"]
    game.apply(0, {"type": "play", "card": jail, "target": 1})
    while game.view(1)["turn"] != 1:
        seat = game.awaiting()[0]
        game.apply(seat, game.default_action(seat))
    check = game.view(1).get("last_check")
    assert check
    assert check["check"] == "jail"
    card = check["cards"][0]
    centre = re.search(r'<figure class="check">.*?</figure>', render(game, 2), re.S).group(0)
    assert entry(card["kind"], card["rank"], card["suit"]) in centre


def test_the_linked_entry_shows_the_tapped_cards_rank_and_suit(client: Client):
    """R139 end to end on the server: the log link's address answers with the entry and the
    physical card's rank and suit."""
    fragment = render(marshal_with_horse_in_play(), 1)
    href = unescape(re.search(r'class="cardref[^"]*" href="([^"]+)"', fragment).group(1))
    html = client.get(href, headers={"HX-Request": "true"}).content.decode()
    assert "This card:" in html
    assert "9♥" in html
    assert "Hearts" in html


def test_each_seats_character_links_to_its_entry():
    """R136: the ability under each portrait opens the character's library entry."""
    game = marshal_with_horse_in_play()
    blocks = seat_blocks(render(game, 1))
    for seat, block in blocks.items():
        character = game.view(1)["players"][seat]["character"]
        assert reverse("library:character", args=[character]) in block

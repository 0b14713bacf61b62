"""The deltas of the live table (issue 16): what a change sends each screen.

Random engine games are played; at every move, every seat and a watcher get the frame that
takes their screen from the table before the move to the table after it. Applied to the whole
table drawn before, the frame must give exactly the whole table drawn after (so no region is
ever left stale), it must be small, and it must hold nothing the screen's seat may not know
(R4, R10, R82). No database: the match and its seats are plain records.
"""

from __future__ import annotations

import random
import re
from datetime import UTC, datetime, timedelta
from types import SimpleNamespace

import pytest

from bangarena_engine import Game, GameConfig
from game.table import context, delta, screens
from tests.game.test_rendering import GAMES, seat_records, secrets_for

NOW = datetime(2026, 11, 29, 20, 0, tzinfo=UTC)
REGION = re.compile(r'<(\w+) (?:class="[^"]*" )?id="([\w-]+)"')


def ctx_at(game: Game, version: int) -> context.TableContext:
    match = SimpleNamespace(
        id=7,
        pk=None,
        version=version,
        table_version=version,
        deadline=NOW + timedelta(seconds=30) if game.result is None else None,
        host_seat=0,
        tempo="fast",
        status="running" if game.result is None else "finished",
    )
    count = len(game.view(None)["players"])
    return context.build(match, seat_records(count), now=NOW, signals=())


def regions_of(html: str) -> dict[str, str]:
    """Region id -> its element, for every region of a whole table (by the region's ids)."""
    found = {}
    for element_id in re.findall(
        r' id="((?:seat-\d+-(?:pub|you|play|now|mark))|table-[a-z]+|log-lines)"', html
    ):
        found[element_id] = element(html, element_id)
    return found


def element(html: str, element_id: str) -> str:
    """The element with ``element_id`` (balanced on its own tag name)."""
    start = re.search(rf'<(\w+)[^>]* id="{element_id}"', html)
    assert start, element_id
    tag = start.group(1)
    depth, index = 0, start.start()
    for match in re.finditer(rf"<(/?){tag}\b[^>]*>", html[index:]):
        depth += -1 if match.group(1) else 1
        if depth == 0:
            return html[index : index + match.end()]
    raise AssertionError(f"unbalanced {element_id}")


def apply(whole: str, frame: str) -> str:
    """What htmx does with a frame's out-of-band swaps, in order: "true" replaces the element
    of the same id, "beforeend" appends the children (new log lines, cards new in the hand),
    "delete" removes the element (a card that left the hand)."""
    for element_id, swap in re.findall(
        r'<\w+[^>]* id="([\w-]+)"[^>]* hx-swap-oob="([^"]+)"', frame
    ):
        if element_id == "toasts":
            continue  # news for the moment, outside the table
        new = element(frame, element_id)
        old = element(whole, element_id)
        if swap == "delete":
            whole = whole.replace(old, "")
        elif swap == "beforeend" or element_id == "log-lines":
            tag = re.match(r"<(\w+)", old).group(1)
            children = re.sub(rf"^<{tag}[^>]*>|</{tag}>$", "", new)
            whole = whole.replace(old, old[: -len(f"</{tag}>")] + children + f"</{tag}>")
        else:
            whole = whole.replace(old, new.replace(f' hx-swap-oob="{swap}"', ""))
    return whole


def screens_of(game: Game) -> list[int | None]:
    return [*range(len(game.view(None)["players"])), None]


def moves(seed: int, seats: int, mode: str, limit: int = 400):
    """(before, after) games of each move of one random game."""
    game = Game.new(GameConfig(seats=seats, mode=mode, seed=seed))
    rng = random.Random(seed)
    for version in range(limit):
        if game.result is not None:
            return
        before = Game.from_dict(game.to_dict())
        seat = game.awaiting()[0]
        game.apply(seat, rng.choice(game.legal_actions(seat)))
        yield version, before, game


def frame_for(before: Game, after: Game, viewer: int | None, version: int) -> str:
    ctx_before, ctx_after = ctx_at(before, version), ctx_at(after, version + 1)
    shared = delta.public_delta(
        screens.sight(before, None, ctx_before), screens.sight(after, None, ctx_after)
    )
    private, _ = delta.private_delta(
        screens.sight(before, viewer, ctx_before), screens.sight(after, viewer, ctx_after)
    )
    return delta.frame(private, shared)


def without_versions(html: str) -> str:
    return re.sub(r'data-(table-)?version="\d+"|data-previous="\d*"', "", html)


@pytest.mark.parametrize(("seed", "seats", "mode"), GAMES[:2])
def test_a_frame_turns_the_table_before_into_the_table_after(seed: int, seats: int, mode: str):
    """Issue 16: the regions a change sends, swapped into the whole table drawn before it,
    give the whole table drawn after it, for every seat and a watcher, at every move."""
    for version, before, after in moves(seed, seats, mode, limit=50):
        for viewer in screens_of(after):
            whole_before = screens.full_table(before, viewer, ctx_at(before, version))
            whole_after = screens.full_table(after, viewer, ctx_at(after, version + 1))
            frame = frame_for(before, after, viewer, version)
            assert 'id="table"' not in frame
            got = regions_of(apply(whole_before, frame))
            want = regions_of(whole_after)
            assert without_versions(got.pop("table-state")) == without_versions(
                want.pop("table-state")
            )
            assert got == want, (version, viewer)


@pytest.mark.parametrize(("seed", "seats", "mode"), GAMES)
def test_no_frame_holds_another_seats_hand_a_hidden_role_or_the_deck(
    seed: int, seats: int, mode: str
):
    """Issue 16 leak test on the deltas (R4, R10, R82): for every seat and the watchers, no
    frame holds a card id of another living seat's hand or of the deck, nor a role the screen
    may not see."""
    for version, before, after in moves(seed, seats, mode, limit=150):
        state = after.to_dict()
        for viewer in screens_of(after):
            frame = frame_for(before, after, viewer, version)
            secret = secrets_for(state, viewer, after.view(viewer))
            # A card that just left the viewer's own hand (taken by a Grab, say) is removed
            # from the screen by its id, which that viewer knew: it tells nothing new.
            held = {c["id"] for c in before.view(viewer)["hand"]} if viewer is not None else set()
            for card_id in (secret["hand_ids"] | secret["deck_ids"]) - held:
                assert card_id not in frame, (viewer, card_id)
            for card_id in held & secret["hand_ids"]:
                assert frame.count(card_id) == 1, "a card that left the hand is only removed"
                assert f'<li id="hand-card-{card_id}" hx-swap-oob="delete"></li>' in frame
            for seat, role in secret["roles"].items():
                for part in re.findall(
                    rf'id="seat-{seat}-(?:pub|you)".*?(?=<\w+ [^>]*id="seat-|$)', frame, re.S
                ):
                    assert f'<span class="role-tag role-tag--{role}"' not in part, (viewer, seat)


def test_a_move_sends_a_few_kilobytes_not_the_whole_table():
    """Issue 16: a screen gets the regions that changed, a small part of the whole table."""
    sizes, wholes = [], []
    for version, before, after in moves(6, 8, "classic", limit=60):
        frame = frame_for(before, after, 0, version)
        sizes.append(len(frame.encode()))
        wholes.append(len(screens.full_table(after, 0, ctx_at(after, version + 1)).encode()))
    sizes.sort()
    assert sizes[len(sizes) // 2] * 5 < min(wholes)


def test_grab_tells_only_the_grabber_which_card_they_took():
    """Issue 16, R52: a Grab on a hand says "a card from the hand" in the log; the grabber's
    own frame names the card in a toast, and nobody else's frame holds it."""
    game = Game.new(
        GameConfig(
            seats=4,
            seed=5,
            roles=["marshal", "bandit", "bandit", "loner"],
            characters=["lucky", "scavenger", "bonesetter", "empty_hands"],
            hands=[["grab:Q:hearts"], ["flask:6:hearts"], [], []],
            deck=["wagon:9:spades"] * 8,
        )
    )
    grab = next(c["id"] for c in game.view(0)["hand"] if c["kind"] == "grab")
    before = Game.from_dict(game.to_dict())
    game.apply(0, {"type": "play", "card": grab, "target": 1, "target_card": "hand"})
    flask = next(c for c in game.view(0)["hand"] if c["kind"] == "flask")

    mine = frame_for(before, game, 0, 4)
    assert "You took Flask 6♥ from Bot 2." in mine
    assert "toast--refusal" not in mine  # news, not a move refused
    for viewer in (2, 3, None):
        assert flask["id"] not in frame_for(before, game, viewer, 4)
        assert "You took" not in frame_for(before, game, viewer, 4)

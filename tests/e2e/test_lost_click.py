"""A click lost with its socket is sent again after the reconnect, and made once (issue 19,
item 7 "no click vanishes"; Q48: a player whose connection drops keeps playing).

The browser's WebSocket is wrapped so that the first move after the test arms it never leaves
the page and its socket then closes as a dropped network does (code 1006): what a player sees
when the server went away with the click. game/static/game/table.js keeps the unanswered move
and sends it again with its version once the new socket has brought the whole table; the
server's version check would refuse a duplicate.
"""

from __future__ import annotations

import re
import sqlite3
import time
from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from tests.e2e.test_table_screen import start_match

pytestmark = pytest.mark.e2e

STEP_TIMEOUT_MS = 30_000

# Installed before the page's scripts: the ws extension creates its sockets through it.
FLAKY_SOCKETS = """
(() => {
  const Real = window.WebSocket;
  window.__lostMoves = 0;
  window.__sockets = 0;
  window.__loseNextMove = false;
  class Flaky extends Real {
    constructor(...args) { super(...args); window.__sockets += 1; this.__code = 0; }
    set onclose(handler) {
      super.onclose = (event) => handler(this.__code ? {code: this.__code, reason: ""} : event);
    }
    get onclose() { return super.onclose; }
    send(data) {
      if (window.__loseNextMove && String(data).indexOf('"version"') >= 0) {
        window.__loseNextMove = false;
        window.__lostMoves += 1;
        this.__code = 1006;  // as a dropped network looks
        super.close();
        return;
      }
      super.send(data);
    }
  }
  window.WebSocket = Flaky;
})();
"""


def moves_by_the_player(tmp_path_factory: pytest.TempPathFactory, match_id: int) -> int:
    """Moves the live server recorded as the player's own (not a timeout's) for the match,
    read from its SQLite file (conftest's live_url puts it under the session's e2e folder)."""
    [database] = Path(tmp_path_factory.getbasetemp()).glob("e2e[0-9]*/db.sqlite3")
    with sqlite3.connect(f"file:{database}?mode=ro", uri=True) as db:
        [(count,)] = db.execute(
            "SELECT COUNT(*) FROM game_matchaction WHERE match_id = ? AND cause = 'player'",
            (match_id,),
        )
    return count


def test_a_move_lost_with_its_socket_is_sent_again_and_made_once(
    browser: Browser, live_url: str, tmp_path_factory: pytest.TempPathFactory
) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    context.add_init_script(FLAKY_SOCKETS)
    page = context.new_page()
    try:
        start_match(page, live_url)  # a guest and three bots, Fast tempo
        match_id = int(re.search(r"/match/(\d+)/$", page.url).group(1))

        # Wait for a decision of ours (bots play in between at Fast tempo).
        mine = page.locator("#table.tablescreen--mine:not(.is-sending)")
        deadline = time.monotonic() + 120
        while not mine.count():
            assert time.monotonic() < deadline, "no decision of ours came"
            page.wait_for_timeout(100)  # polling what the page shows
        version = int(page.locator("#table").get_attribute("data-version"))
        # (:visible: a Bonesetter's heal controls sit folded in the panel, R111)
        button = page.locator(
            "#table .act--end .act__button:visible, #table .prompt .act__button:visible"
        )
        before = moves_by_the_player(tmp_path_factory, match_id)
        page.evaluate("window.__loseNextMove = true")
        button.first.click()

        # The click went nowhere and its socket dropped; a new socket brings the table and the
        # move goes again: the table moves past the version it was made on.
        expect(page.locator("#table")).not_to_have_attribute(
            "data-version", str(version), timeout=STEP_TIMEOUT_MS
        )
        assert page.evaluate("window.__lostMoves") == 1
        assert page.evaluate("window.__sockets") >= 2
        # Made once, as the player's own move (a dropped socket also cuts the decision to 8 s,
        # R119, whose timeout would move the table on too), and no refusal was shown. News may
        # be: a Toll Collector or Grip seat is told which card it took (R103, R104).
        assert moves_by_the_player(tmp_path_factory, match_id) == before + 1
        refusals = page.locator("#toasts .toast--refusal")
        assert not refusals.count(), refusals.all_inner_texts()
    finally:
        context.close()

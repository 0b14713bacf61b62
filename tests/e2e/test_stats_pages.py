"""Browser check of the statistics screens (issue 7): the match summary (R140), the profile's
match history, a player's statistics page and the leaderboards, at desktop (1280 px) and phone
(360 px) widths, in headless Chromium against the live embedded server.

The matches are real games played to the end by the engine and recorded by stats.recording,
written into the live server's own database by a small script (the same rows a finished live
table leaves). Screenshots land in artifacts/stats/ for a human to look at.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import ARTIFACTS, ROOT, server_env

pytestmark = pytest.mark.e2e

SHOTS = ARTIFACTS / "stats"
USERNAME = "stats_ana"
PASSWORD = "tumbleweed-at-noon-42"
FRIENDS = ["stats_bo", "stats_cy", "stats_di", "stats_ed", "stats_fay"]
PEOPLE = [USERNAME, *FRIENDS]
MATCHES = 14


def plan() -> list[tuple[list[str], int, str]]:
    """(usernames at the table, seats, mode) of each seeded match, oldest first."""
    return [
        (
            [PEOPLE[(n + k) % len(PEOPLE)] for k in range(4)],
            5 + n % 3,
            ["classic", "double_agent", "classic"][n % 3],
        )
        for n in range(MATCHES)
    ]


ANA_MATCHES = [(seats, mode) for names, seats, mode in plan() if USERNAME in names]


def seed() -> None:
    """Run inside the live server's database (see ``seeded``): accounts and finished, recorded
    matches with several of them at each table, so every leaderboard has rows."""
    from datetime import UTC, timedelta

    from django.utils import timezone

    from bangarena_site.accounts.models import User
    from stats.recording import record_match
    from tests.stats.conftest import finished_match

    users = {name: User.objects.create_user(username=name, password=PASSWORD) for name in PEOPLE}
    User.objects.filter(username="stats_cy").update(display_name="<b>Cy</b> the Kid")
    start = timezone.now().astimezone(UTC) - timedelta(days=MATCHES + 2)
    for n, (names, seats, mode) in enumerate(plan()):
        match = finished_match(
            [{"user": users[name]} for name in names],
            seats=seats,
            seed=100 + n,
            mode=mode,
            started_at=start + timedelta(days=n, hours=n % 5),
        )
        record_match(match)


@pytest.fixture(scope="module")
def seeded(live_url: str, tmp_path_factory: pytest.TempPathFactory) -> str:
    """Write the seed into the database the live server uses (its file under the session's
    temporary directory)."""
    # live_url's numbered directory (pytest also links it as "e2ecurrent").
    [database] = {path.resolve() for path in tmp_path_factory.getbasetemp().glob("e2e*/db.sqlite3")}
    env = server_env(database)
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT), env.get("PYTHONPATH", "")])
    code = "import django; django.setup(); from tests.e2e.test_stats_pages import seed; seed()"
    subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, check=True)
    return live_url


def log_in(page: Page, live_url: str) -> None:
    page.goto(f"{live_url}/accounts/login/")
    page.fill("input[name=username]", USERNAME)
    page.fill("input[name=password]", PASSWORD)
    page.locator("main form button[type=submit]").click()
    expect(page.locator(".account-menu__name")).to_have_text(USERNAME)


def shoot(page: Page, name: str) -> None:
    """The full page, and on a phone also its first screens one by one (a full phone page is
    too tall to judge at a glance)."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)
    width = page.viewport_size["width"]
    if width < 600:
        height = page.evaluate("document.scrollingElement.scrollHeight")
        for part, top in enumerate(range(0, min(height, 3 * 900), 900), start=1):
            clip = {"x": 0, "y": top, "width": width, "height": min(900, height - top)}
            page.screenshot(path=str(SHOTS / f"{name}-part{part}.png"), full_page=True, clip=clip)


def fits(page: Page) -> bool:
    """Nothing pushes the page sideways (a wide table scrolls inside its own box), measured
    once the page and its stylesheets have loaded (unstyled, a page lays out otherwise)."""
    page.wait_for_load_state("load")
    return page.evaluate(
        "document.scrollingElement.scrollWidth <= document.documentElement.clientWidth + 1"
    )


def visit_all(page: Page, base: str, width: int) -> None:
    page.set_viewport_size({"width": width, "height": 860})
    suffix = f"{width}"

    # History: every match of the player, newest first, each linking to its summary and to
    # its replay (issue 18).
    page.goto(f"{base}/stats/history/")
    rows = page.locator("table.history tbody tr")
    expect(rows).to_have_count(len(ANA_MATCHES))
    expect(rows.first.locator(".history__link a").first).to_contain_text("Summary")
    expect(rows.first.locator("a.history__replay")).to_contain_text("Replay")
    assert fits(page)
    shoot(page, f"history-{suffix}")

    # Filter by role with the form (no JavaScript needed): only that role's rows remain.
    page.select_option("#id_role", "bandit")
    page.locator("form.filters button[type=submit]").click()
    expect(page).to_have_url(f"{base}/stats/history/?mode=&role=bandit")
    for tag in page.locator("table.history tbody .role-tag").all():
        expect(tag).to_have_class("role-tag role-tag--bandit")

    # The summary of the newest match, from the history.
    page.goto(f"{base}/stats/history/")
    page.locator("table.history tbody tr").first.locator(".history__link a").first.click()
    expect(page.locator("h1")).to_have_text("Match summary")
    newest_seats = ANA_MATCHES[-1][0]
    expect(page.locator(".summary-table tbody tr")).to_have_count(newest_seats)
    expect(page.locator(".result__team")).to_contain_text("Winners:")
    expect(page.locator(".summary-table .role-tag")).to_have_count(newest_seats)  # every role
    assert fits(page)
    shoot(page, f"summary-{suffix}")

    # Statistics page: figures, two SVG charts with their titles, achievements.
    page.goto(f"{base}/stats/players/{USERNAME}/")
    expect(page.locator("svg.chart")).to_have_count(2)
    expect(page.locator("svg.chart title").first).to_have_text("Win rate by role")
    expect(page.locator(".figure").first).to_contain_text(str(len(ANA_MATCHES)))
    assert fits(page)
    shoot(page, f"player-{suffix}")

    # Leaderboards: all time, each tab; the viewer's own rank is shown.
    page.goto(f"{base}/stats/leaderboards/?period=all")
    # Every seeded player is ranked once (other browser tests share this server's database
    # and may rank players of their own, so the board is not counted whole).
    for name in PEOPLE:
        shown = "<b>Cy</b> the Kid" if name == "stats_cy" else name
        expect(page.locator(".board tbody .board__name", has_text=shown)).to_have_count(1)
    expect(page.locator("#own-rank")).to_contain_text("Your rank:")
    # A hostile display name is shown as text, never as markup.
    expect(page.locator(".board__name", has_text="<b>Cy</b> the Kid")).to_have_count(1)
    assert fits(page)
    shoot(page, f"leaderboard-rating-{suffix}")
    page.locator(".tab", has_text="Most wins").click()
    expect(page.locator(".tab[aria-current=page]")).to_have_text("Most wins")
    shoot(page, f"leaderboard-wins-{suffix}")
    page.locator(".tab", has_text="Win rate by role").click()
    # The role board's page has loaded, its deferred site.js too, before a role is chosen: a
    # choice made while the previous page is still showing, or before the script listens,
    # would be lost (the test used to race the navigation and failed on a busy machine).
    expect(page.locator(".tab[aria-current=page]")).to_have_text("Win rate by role")
    page.wait_for_load_state("load")
    # Choosing a role (or a period) shows it at once: there is no Show button to press.
    expect(page.locator("form.filters button")).to_have_count(0)
    # Each choice loads the page anew: on a busy machine that takes more than expect's 5 s.
    page.select_option("#id_role", "bandit")
    expect(page.locator(".board caption")).to_contain_text("Bandit", timeout=30_000)
    # The Bandit board is a new page: its deferred script must listen before the next choice.
    page.wait_for_load_state("load")
    page.select_option("#id_period", "month")
    expect(page).to_have_url(re.compile(r"period=month"), timeout=30_000)
    assert fits(page)
    shoot(page, f"leaderboard-role-{suffix}")


def test_summary_history_stats_and_leaderboards_at_desktop_and_phone_widths(
    page: Page, seeded: str
) -> None:
    log_in(page, seeded)
    for width in (1280, 360):
        visit_all(page, seeded, width)

"""Issue 20 in a real browser: the pages of a newcomer's first hour at 1280 and 360 px, in
English and Turkish. Every page has no serious or critical axe-core violation, is never wider
than the screen (long names included), and keeps a phone's header under 100 px; the summary's
statistics fit a 1280 px screen and the rules page keeps its contents in view. Screenshots go
to artifacts/newcomer/ for a person to look at."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e.accessibility import check
from tests.e2e.conftest import ARTIFACTS, ROOT, server_env
from tests.e2e.test_languages import NAV_CUT

pytestmark = pytest.mark.e2e

SHOTS = ARTIFACTS / "newcomer"
USERNAME = "newcomer"
PASSWORD = "tumbleweed-at-noon-42"
LONG_NAME = "W" * 20  # the widest 20 characters there are
LEGACY = "old_" + "x" * 146  # an account made before names had a limit
WIDTHS = ((1280, 800), (360, 740))
PHONE_HEADER_MAX = 100
DESKTOP_HEADER_MAX = 72  # one row: brand, five links, language and account


def seed() -> None:
    """Run inside the live server's database: the newcomer (a 20-character display name) with
    one finished match with bots and a friend, an 8-seat match the Loner won, and an account
    whose 150-character username predates the limit."""
    from bangarena_site.accounts.models import User
    from stats.recording import record_match
    from tests.stats.conftest import finished_match

    me = User.objects.create_user(USERNAME, password=PASSWORD, display_name=LONG_NAME)
    friend = User.objects.create_user("friend", password=PASSWORD)
    legacy = User.objects.create_user("legacy", password=PASSWORD)
    User.objects.filter(pk=legacy.pk).update(username=LEGACY)
    people = [{"user": me}, {"user": friend}, {"user": legacy}]
    first = finished_match(people, seats=5, seed=4)
    record_match(first)
    loner = finished_match([{"user": me}], seats=8, seed=18)
    record_match(loner)
    print(first.pk, loner.pk)


@pytest.fixture(scope="module")
def seeded(live_url: str, tmp_path_factory: pytest.TempPathFactory) -> dict[str, object]:
    [database] = {path.resolve() for path in tmp_path_factory.getbasetemp().glob("e2e*/db.sqlite3")}
    env = server_env(database)
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT), env.get("PYTHONPATH", "")])
    code = "import django; django.setup(); from tests.e2e.test_newcomer import seed; seed()"
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env, check=True, capture_output=True, text=True
    )
    first, loner = (int(n) for n in done.stdout.split()[-2:])
    return {"url": live_url, "first": first, "loner": loner}


def _context(browser: Browser, width: int, height: int, language: str):  # noqa: ANN202
    return browser.new_context(
        viewport={"width": width, "height": height},
        locale=language,
        extra_http_headers={"Accept-Language": language},
    )


def _log_in(page: Page, base: str) -> None:
    page.goto(f"{base}/accounts/login/")
    page.fill("input[name=username]", USERNAME)
    page.fill("input[name=password]", PASSWORD)
    page.locator("main form button[type=submit]").click()
    expect(page.locator(".account-menu")).to_be_visible()


def _inspect(page: Page, name: str, width: int, language: str) -> None:
    """The checks every page passes, then its screenshot."""
    # Measured once the page has loaded, its stylesheets too: right after a form's answer the
    # new page's elements can be laid out before site.css has arrived, with the unstyled
    # header three times its height (213 px, a failure seen on busy machines only).
    page.wait_for_load_state("load")
    wide = page.evaluate("document.documentElement.scrollWidth")
    assert wide <= width, f"{name} is {wide} px wide at {width} px ({language})"
    header = page.locator(".site-header").bounding_box()
    assert header is not None
    limit = PHONE_HEADER_MAX if width < 600 else DESKTOP_HEADER_MAX
    assert header["height"] <= limit, f"{name}: header {header['height']} px at {width} px"
    links = page.evaluate(NAV_CUT)
    assert links is None, f"{name}: the header's links do not fit at {width} px: {links}"
    check(page, f"{name} at {width} px ({language})")
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}-{language}-{width}.png"), full_page=True)


@pytest.mark.parametrize("language", ["en", "tr"])
def test_a_guest_meets_home_sign_up_and_the_start_screen(
    browser: Browser, seeded: dict, language: str
) -> None:
    base = seeded["url"]
    for width, height in WIDTHS:
        context = _context(browser, width, height, language)
        page = context.new_page()
        page.goto(f"{base}/")
        expect(page.locator("#live-count")).to_be_visible()
        expect(page.locator(".site-nav a[href='/play/#watch']")).to_have_count(1)
        _inspect(page, "home", width, language)

        # A name as long as the one that once pushed pages to 2,000 px is refused, clearly.
        page.goto(f"{base}/accounts/signup/")
        page.fill("input[name=username]", "a" * 150)  # pasted: more than the field's room
        page.fill("input[name=password1]", PASSWORD)
        page.fill("input[name=password2]", PASSWORD)
        page.locator("main form button[type=submit]").click()
        expect(page.locator(".errorlist")).to_contain_text("20")
        _inspect(page, "signup-long-name", width, language)

        page.goto(f"{base}/accounts/login/")
        _inspect(page, "login", width, language)

        page.goto(f"{base}/play/")
        expect(page.locator("#partners-note")).to_be_visible()
        _inspect(page, "start", width, language)

        # A room for friends, with a Partners table too small for its mode: it says so.
        page.fill("input[name=name]", LONG_NAME)
        page.locator("label.pill", has=page.locator("input[name=mode][value=partners]")).click()
        page.locator("#create-button").click()
        expect(page.locator("#plays-classic")).to_be_visible()
        _inspect(page, "room", width, language)
        context.close()


@pytest.mark.parametrize("language", ["en", "tr"])
def test_a_newcomer_reads_summary_statistics_history_and_profile(
    browser: Browser, seeded: dict, language: str
) -> None:
    base = seeded["url"]
    for width, height in WIDTHS:
        context = _context(browser, width, height, language)
        page = context.new_page()
        _log_in(page, base)
        expect(page.locator(".account-menu__name")).to_have_attribute("title", LONG_NAME)
        page.goto(f"{base}/")
        _inspect(page, "home-signed-in", width, language)

        for key in ("first", "loner"):
            page.goto(f"{base}/match/{seeded[key]}/result/")
            expect(page.locator(".summary-table tbody tr").first).to_be_visible()
            if width >= 1280:
                scroll = page.locator(".summary__scroll")
                wide = scroll.evaluate("box => box.scrollWidth - box.clientWidth")
                assert wide <= 0, f"the summary scrolls sideways by {wide} px ({language})"
            _inspect(page, f"summary-{key}", width, language)

        page.goto(f"{base}/stats/players/{USERNAME}/")
        expect(page.locator("#own-rating")).to_be_visible()
        expect(page.locator("#chart-results-title")).to_have_count(1)
        _inspect(page, "statistics", width, language)

        page.goto(f"{base}/stats/history/")
        expect(page.locator(".history__others").last).to_contain_text("friend")
        _inspect(page, "history", width, language)

        page.goto(f"{base}/stats/leaderboards/?period=all")
        _inspect(page, "leaderboards", width, language)

        page.goto(f"{base}/stats/players/{LEGACY}/")
        _inspect(page, "statistics-legacy-name", width, language)

        page.goto(f"{base}/accounts/profile/")
        expect(page.locator("#own-board-rank")).to_be_visible()
        _inspect(page, "profile", width, language)

        page.goto(f"{base}/accounts/delete/")
        _inspect(page, "delete-account", width, language)
        context.close()


def test_the_library_keeps_its_contents_in_view_and_forgives_typos(
    browser: Browser, seeded: dict
) -> None:
    base = seeded["url"]
    for width, height in WIDTHS:
        context = _context(browser, width, height, "en")
        page = context.new_page()
        page.goto(f"{base}/library/")
        page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight * 0.6)")
        toc = page.locator(".library__toc").bounding_box()
        assert toc is not None
        assert 0 <= toc["y"] < height, f"the contents left the screen at {width} px"
        # The sideways-scrolling tables are reached from the keyboard (axe: focusable region).
        assert page.locator(".libtable-wrap[tabindex='0']").count() >= 2
        _inspect(page, "library", width, "en")

        page.goto(f"{base}/library/cards/ricochet/")
        _inspect(page, "library-card", width, "en")

        page.goto(f"{base}/library/search/?q=ricochett")
        expect(page.locator(".libresult a").first).to_have_text("Ricochet")
        _inspect(page, "library-search", width, "en")
        context.close()

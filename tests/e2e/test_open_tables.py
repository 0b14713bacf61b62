"""Browser test of open tables (issue 23, R130, R131): a host makes a room public; a stranger
who already has /play/ open sees it appear without a reload (the lobby socket), takes the free
seat from the list, and the host sees him arrive. Screenshots at 1280 and 360 px go to
artifacts/strangers/."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page, Route, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.e2e.conftest import ARTIFACTS, HTMX_SCRIPT
from tests.e2e.test_absent_vote import join

pytestmark = pytest.mark.e2e

SHOTS = ARTIFACTS / "strangers"
LIVE_TIMEOUT_MS = 15_000


def shoot(page: Page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def click_until(page: Page, button: str, shown: str, attempts: int = 5) -> None:
    """Click ``button`` until ``shown`` appears. The room socket redraws the room right after
    the page opens; a click landing on the button it replaces is lost (the switch is
    idempotent, so a second click is harmless)."""
    for _attempt in range(attempts):
        page.locator(button).click()
        try:
            page.locator(shown).wait_for(state="visible", timeout=3000)
            return
        except PlaywrightTimeout:
            continue
    expect(page.locator(shown)).to_be_visible()


def make_private(host: Page, live_url: str, code: str) -> None:
    host.goto(f"{live_url}/r/{code}/")
    if host.locator("#make-private").count():
        click_until(host, "#make-private", "#make-public")


@pytest.fixture
def host_and_stranger(browser: Browser):  # type: ignore[no-untyped-def]
    host = browser.new_context(viewport={"width": 1280, "height": 860})
    phone = browser.new_context(viewport={"width": 360, "height": 740}, is_mobile=True)
    yield host.new_page(), phone.new_page()
    host.close()
    phone.close()


def test_a_public_room_appears_live_and_a_stranger_takes_its_seat(
    host_and_stranger: tuple[Page, Page], live_url: str
) -> None:
    host, stranger = host_and_stranger

    # The stranger opens /play/ first: nothing is listed yet.
    stranger.goto(f"{live_url}/play/")
    expect(stranger.locator("#open-rooms")).to_contain_text("No open tables right now")

    host.goto(f"{live_url}/play/")
    host.fill("input[name=name]", "Calamity Jane")
    host.locator("label.pill", has_text="4").first.click()
    host.locator("#create-button").click()
    expect(host.locator("#room-code")).to_be_visible()
    code = host.locator("#room-code").inner_text()
    expect(host.locator("#public-switch")).to_contain_text("Private:")
    # Still private: the stranger's list stays empty.
    expect(stranger.locator(f"[data-room='{code}']")).to_have_count(0)

    try:
        click_until(host, "#make-public", "#make-private")
        shoot(host, "01-room-made-public-1280")

        # The stranger's list shows it without a reload.
        entry = stranger.locator(f"[data-room='{code}']")
        expect(entry).to_contain_text("1/4 seated · 3 seats free", timeout=LIVE_TIMEOUT_MS)
        expect(entry).to_contain_text("Host: Calamity Jane")
        shoot(stranger, "02-open-tables-360")

        host.goto(f"{live_url}/play/")
        expect(host.locator(f"[data-room='{code}']")).to_contain_text("Your room")
        shoot(host, "03-open-tables-1280")
        host.go_back()

        stranger.fill("input[name=name]", "Wild Bill")
        entry.get_by_role("button", name="Take a free seat").click()
        expect(stranger.locator(".seat--me")).to_contain_text("Wild Bill")
        shoot(stranger, "04-seated-from-the-list-360")

        host.goto(f"{live_url}/r/{code}/")
        expect(host.locator(".seat[data-seat='2']")).to_contain_text(
            "Wild Bill", timeout=LIVE_TIMEOUT_MS
        )
        shoot(host, "05-host-sees-the-stranger-1280")

        # The stranger may report the host: the form page, then back to the room with thanks.
        stranger.locator(".seat[data-seat='1'] .seat__report").click()
        expect(stranger.locator("#page-title")).to_contain_text("Report Calamity Jane")
        shoot(stranger, "06-report-form-360")
        stranger.locator("label.report-form__reason").first.click()
        stranger.locator("#send-report").click()
        expect(stranger.locator(".messages")).to_contain_text("the moderators will look into it")

        # The host kicks the stranger, whose page says so at once.
        host.once("dialog", lambda dialog: dialog.accept())
        host.locator(".seat[data-seat='2'] .seat__kick").click()
        expect(stranger.locator("#kicked-notice")).to_be_visible(timeout=LIVE_TIMEOUT_MS)
        shoot(stranger, "07-kicked-360")
    finally:
        # A public room outlives the test and would be listed on every later /play/ page,
        # this test's own rerun included (it expects the list empty): it goes private again.
        make_private(host, live_url, code)


def test_kick_waits_for_htmx_then_works_r131(two_guests: list[Page], live_url: str) -> None:
    """R131: Kick asks first, so it cannot post before htmx binds the room; it comes disabled
    and htmx's arrival enables it, on the page's first drawing and on the socket's redraws.
    It once looked ready at once and a click in the page's first moments did nothing."""
    host, guest = two_guests
    host.goto(f"{live_url}/play/")
    host.fill("input[name=name]", "Belle Starr")
    host.locator("label.pill", has_text="4").first.click()
    host.locator("#create-button").click()
    code = host.locator("#room-code").inner_text()
    join(guest, live_url, "Wild Bill", code)

    # The guest's arrival came to the host's open page in a redraw of the room's socket.
    kick = host.locator(".seat", has_text="Wild Bill").locator(".seat__kick")
    expect(kick).to_be_enabled(timeout=LIVE_TIMEOUT_MS)

    held: list[Route] = []
    host.route(HTMX_SCRIPT, lambda route: held.append(route))
    host.reload(wait_until="commit")
    expect(kick).to_be_disabled()
    assert len(held) == 1
    held[0].continue_()
    host.unroute(HTMX_SCRIPT)

    host.once("dialog", lambda dialog: dialog.accept())
    kick.click()
    expect(guest.locator("#kicked-notice")).to_be_visible(timeout=LIVE_TIMEOUT_MS)

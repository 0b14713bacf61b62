"""Browser smoke test: what a new player does first, in headless Chromium against the live
embedded server: sign up, log out, log in, get the welcome toast over the WebSocket, switch
to German. Screenshots land in artifacts/ for a human to look at."""

from __future__ import annotations

import re

import pytest
from django.utils import translation
from playwright.sync_api import Page, expect

from tests.e2e.conftest import ARTIFACTS

pytestmark = pytest.mark.e2e

USERNAME = "dusty_rhodes"
PASSWORD = "tumbleweed-at-noon-42"
TOAST_TIMEOUT_MS = 15_000  # the toast is sent two seconds after login, then travels the socket


def german(text: str) -> str:
    with translation.override("de"):
        return translation.gettext(text)


def shoot(page: Page, name: str) -> None:
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)


def log_in(page: Page, live_url: str) -> None:
    page.goto(f"{live_url}/accounts/login/")
    page.fill("input[name=username]", USERNAME)
    page.fill("input[name=password]", PASSWORD)
    page.locator("main form button[type=submit]").click()


def log_out(page: Page) -> None:
    page.locator(".account-menu summary").click()
    page.locator(".account-menu__logout").click()


def test_sign_up_log_out_log_in_live_toast_and_language_switch(page: Page, live_url: str) -> None:
    welcome = re.compile(r"Welcome to the saloon, dusty_rhodes!")

    # A guest sees the home page with sign-up and log-in links.
    page.goto(live_url)
    expect(page.locator("html")).to_have_attribute("lang", "en")
    shoot(page, "01-home-guest")

    # Sign up: the new player is signed in and their page opens the notification socket.
    page.locator(".account a[href$='/accounts/signup/']").click()
    page.fill("input[name=username]", USERNAME)
    page.fill("input[name=password1]", PASSWORD)
    page.fill("input[name=password2]", PASSWORD)
    page.locator("main form button[type=submit]").click()
    expect(page.locator(".account-menu__name")).to_have_text(USERNAME)
    shoot(page, "02-signed-up")

    # Log out: the header offers log-in again.
    log_out(page)
    expect(page.locator(".account a[href$='/accounts/login/']")).to_be_visible()

    # Log in: a moment later the welcome toast arrives over the WebSocket (pushed by a job on
    # the server's embedded scheduler), appended out-of-band into #toasts.
    log_in(page, live_url)
    expect(page.locator(".account-menu__name")).to_have_text(USERNAME)
    toast = page.locator("#toasts .toast").last
    expect(toast).to_have_text(welcome, timeout=TOAST_TIMEOUT_MS)
    shoot(page, "03-logged-in-toast")

    # Switch to German: choosing it is enough (no separate button); the header speaks German
    # and the choice sticks to the profile.
    expect(page.locator(".language-switch button")).to_have_count(0)
    page.select_option("#language-select", "de")
    expect(page.locator("html")).to_have_attribute("lang", "de")
    home_in_german = german("Home")
    assert home_in_german != "Home", "the German catalogue must be compiled (bin/test does)"
    expect(page.locator(".site-nav")).to_contain_text(home_in_german)
    shoot(page, "04-german")

    # The next login's toast is rendered in the player's language by the job.
    log_out(page)
    log_in(page, live_url)
    german_welcome = german("Welcome to the saloon, %(name)s! Live news will pop up here.") % {
        "name": USERNAME
    }
    assert not german_welcome.startswith("Welcome"), "the toast text must be translated"
    expect(page.locator("#toasts .toast").last).to_have_text(
        german_welcome, timeout=TOAST_TIMEOUT_MS
    )
    shoot(page, "05-german-toast")

    # The same page on a 360 px phone.
    page.set_viewport_size({"width": 360, "height": 740})
    shoot(page, "06-phone")

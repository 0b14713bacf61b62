"""Issue 2, item 8: the base layout (header, nav, language switch, account menu), served
without any CDN, accessible, and wired for htmx."""

import re

import pytest
from django.test import Client
from django.urls import reverse

from tests.accounts.helpers import make_user

from .pages import GUEST_PAGES, PLAYER_PAGES, parse, url

pytestmark = pytest.mark.django_db


@pytest.fixture
def serve_static_from_sources(settings):
    """WhiteNoise serves collected files; tests have none collected, so let it use finders."""
    settings.WHITENOISE_USE_FINDERS = True
    settings.WHITENOISE_AUTOREFRESH = True


@pytest.fixture
def player_client(client: Client) -> Client:
    client.force_login(make_user(display_name="Calamity Jane"))
    return client


def pages_of_everyone(client: Client) -> list[str]:
    guest_pages = [client.get(url(name)).content.decode() for name in GUEST_PAGES]
    client.force_login(make_user("marshal", is_staff=True))
    player_pages = [client.get(url(name)).content.decode() for name in PLAYER_PAGES]
    return guest_pages + player_pages


def test_no_page_loads_anything_from_another_site(client):
    for html in pages_of_everyone(client):
        for asset in parse(html).asset_urls:
            assert not re.match(r"^(https?:)?//", asset), asset
            assert asset.startswith("/static/"), asset


def test_htmx_and_its_websocket_extension_are_served_locally(client, serve_static_from_sources):
    html = client.get(url("home")).content.decode()

    assets = parse(html).asset_urls
    assert "/static/django_htmx/htmx-2.min.js" in assets
    assert "/static/django_htmx/ext/hx-ws-2.min.js" in assets
    for asset in assets:
        assert client.get(asset).status_code == 200, asset


def test_every_link_in_the_layout_leads_to_a_page_that_exists(client):
    """No placeholder links: everything the header and pages point at answers."""
    for html in pages_of_everyone(client):
        for link in parse(html).attribute_urls:
            if link.startswith(("/static/", "/ws/", "#")):
                continue
            assert client.get(link).status_code in {200, 302, 405}, link


def test_layout_has_landmarks_language_and_a_skip_link(client):
    html = client.get(url("home")).content.decode()

    assert re.search(r'<html lang="en"', html)
    assert '<header class="site-header">' in html
    assert re.search(r'<nav class="site-nav" aria-label="[^"]+">', html)
    assert '<main id="main"' in html
    assert "<footer" in html
    assert 'href="#main"' in html
    assert "<h1" in html


def test_header_shows_name_nav_and_guest_account_links(client):
    html = client.get(url("home")).content.decode()

    assert "BangArena" in html
    assert f'href="{reverse("home")}"' in html
    assert f'href="{reverse("login")}"' in html
    assert f'href="{reverse("signup")}"' in html
    assert f'action="{reverse("logout")}"' not in html
    # Guests have no notification socket (the live numbers have one of their own, issue 23).
    assert "/ws/notifications/" not in html


def test_header_shows_the_player_menu(player_client):
    html = player_client.get(url("home")).content.decode()

    assert "Calamity Jane" in html
    assert f'href="{reverse("profile")}"' in html
    assert f'href="{reverse("password_change")}"' in html
    # Log out is a POST form with a CSRF token, never a link.
    logout = html[html.index(f'action="{reverse("logout")}"') :]
    assert logout.index("csrfmiddlewaretoken") < logout.index("</form>")
    assert f'href="{reverse("logout")}"' not in html
    assert f'href="{reverse("signup")}"' not in html


def test_signed_in_players_get_the_notification_socket_and_toast_area(player_client):
    html = player_client.get(url("home")).content.decode()

    assert 'hx-ext="ws" ws-connect="/ws/notifications/"' in html
    assert '<div id="toasts" class="toasts" aria-live="polite"></div>' in html


def test_htmx_requests_carry_the_csrf_token(player_client):
    html = player_client.get(url("home")).content.decode()

    match = re.search(r"<body hx-headers='\{\"X-CSRFToken\": \"([^\"]+)\"\}'>", html)
    assert match
    assert len(match.group(1)) >= 32


def test_language_switch_is_a_post_form_with_all_seven_languages(client):
    html = client.get(url("home")).content.decode()

    form = html[html.index('class="language-switch"') :]
    form = form[: form.index("</form>")]
    assert 'method="post"' in form
    assert "csrfmiddlewaretoken" in form
    assert 'type="submit"' in form
    assert re.findall(r'<option value="(\w+)"', form) == ["en", "ru", "pl", "tr", "id", "nl", "de"]
    assert "Deutsch" in form  # each language in its own name
    assert "Русский" in form


def test_home_welcomes_guests_with_sign_up_and_log_in(client):
    html = client.get(url("home")).content.decode()

    assert "Welcome to BangArena" in html
    assert "hidden roles" in html
    assert html.count(f'href="{reverse("signup")}"') >= 2  # header and call to action


def test_home_and_nav_lead_to_the_start_screen(player_client):
    """R130: every way into a match starts on the start screen, reachable from home and nav."""
    html = player_client.get(url("home")).content.decode()

    assert html.count(f'href="{url("lobby:start")}"') >= 2


def test_stylesheet_and_logo_are_served(client, serve_static_from_sources):
    for asset in ("/static/css/site.css", "/static/img/logo.svg", "/static/img/favicon.svg"):
        response = client.get(asset)
        assert response.status_code == 200, asset
        body = b"".join(response.streaming_content).decode()
        assert "http://" not in body.replace("http://www.w3.org/2000/svg", "")
        assert "https://" not in body

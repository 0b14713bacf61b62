"""Issue 2, item 2: logging in and out, wrong passwords, and throttling against brute force."""

import pytest
from django.urls import reverse

from bangarena_site.accounts.forms import LoginForm
from bangarena_site.accounts.throttle import (
    FREE_FAILURES_PER_USERNAME,
    LONGEST_SLOW_DOWN_SECONDS,
    MAX_FAILURES_PER_ADDRESS,
    MAX_FAILURES_PER_USERNAME,
)

from .helpers import STRONG_PASSWORD, make_user

pytestmark = pytest.mark.django_db

GENERIC_ERROR = "That username and password do not match. Please try again."


def log_in(client, username="calamity", password=STRONG_PASSWORD, address="203.0.113.7"):
    return client.post(
        reverse("login"), {"username": username, "password": password}, REMOTE_ADDR=address
    )


def is_logged_in(client) -> bool:
    return "_auth_user_id" in client.session


def test_right_password_logs_in_and_goes_home(client):
    make_user()

    response = log_in(client)

    assert response.status_code == 302
    assert response.url == reverse("home")
    assert is_logged_in(client)


def test_username_case_does_not_matter_at_login(client):
    make_user("Calamity")

    log_in(client, username="calamity")

    assert is_logged_in(client)


def test_wrong_password_gets_a_clear_error(client):
    make_user()

    response = log_in(client, password="not-my-password")

    assert response.status_code == 200
    assert GENERIC_ERROR in response.content.decode()
    assert not is_logged_in(client)


def test_unknown_username_gets_the_same_error_as_a_wrong_password(client):
    response = log_in(client, username="nobody_here")

    assert GENERIC_ERROR in response.content.decode()


def test_login_is_throttled_per_username_then_allowed_after_the_window(client, clock):
    make_user()
    for _ in range(MAX_FAILURES_PER_USERNAME):
        assert GENERIC_ERROR in log_in(client, password="guess").content.decode()

    # Even the right password is refused while throttled: a guesser learns nothing.
    refused = log_in(client).content.decode()
    assert "Too many failed log-in attempts. Please try again in 15 minutes." in refused
    assert not is_logged_in(client)

    clock.advance(10 * 60)
    assert "try again in 5 minutes" in log_in(client).content.decode()

    clock.advance(5 * 60)
    log_in(client)
    assert is_logged_in(client)


def test_throttle_counts_down_to_one_minute_in_the_singular(client, clock):
    make_user()
    for _ in range(MAX_FAILURES_PER_USERNAME):
        log_in(client, password="guess")

    clock.advance(14 * 60 + 30)

    assert "Please try again in 1 minute." in log_in(client).content.decode()


def test_throttle_per_address_stops_spraying_many_usernames(client, clock):
    make_user("victim")
    for attempt in range(MAX_FAILURES_PER_ADDRESS):
        log_in(client, username=f"guess{attempt}", password="guess")

    response = log_in(client, username="victim")

    assert "Too many failed log-in attempts" in response.content.decode()
    # Another address is not blocked by the first one's failures.
    log_in(client, username="victim", address="198.51.100.9")
    assert is_logged_in(client)


def test_success_clears_the_username_failures(client, clock):
    make_user()
    for _ in range(MAX_FAILURES_PER_USERNAME - 1):
        log_in(client, password="guess")
    log_in(client)
    client.post(reverse("logout"))

    for _ in range(MAX_FAILURES_PER_USERNAME - 1):
        log_in(client, password="guess")

    log_in(client)
    assert is_logged_in(client)


def test_logout_refuses_get(client):
    client.force_login(make_user())

    response = client.get(reverse("logout"))

    assert response.status_code == 405
    assert is_logged_in(client)


def test_logout_by_post_ends_the_session(client):
    client.force_login(make_user())

    response = client.post(reverse("logout"))

    assert response.status_code == 302
    assert not is_logged_in(client)
    assert client.get(reverse("profile")).status_code == 302


def test_login_page_sends_players_back_where_they_came_from(client):
    make_user()
    response = client.post(
        reverse("login") + "?next=/accounts/profile/",
        {"username": "calamity", "password": STRONG_PASSWORD},
    )

    assert response.url == "/accounts/profile/"


def test_login_never_redirects_off_site(client):
    make_user()
    response = client.post(
        reverse("login") + "?next=https://evil.example/",
        {"username": "calamity", "password": STRONG_PASSWORD},
    )

    assert response.url == reverse("home")


def test_a_strangers_wrong_passwords_do_not_lock_the_owner_out(client, clock):
    """Found measuring the limits: 5 wrong passwords from anyone locked the account's owner
    out for 15 minutes. The hard limit is per username and address: the stranger's own
    address is locked, the owner at home logs in at once."""
    make_user()
    for _ in range(MAX_FAILURES_PER_USERNAME):
        log_in(client, password="guess", address="192.0.2.66")
    assert "Too many failed" in log_in(client, address="192.0.2.66").content.decode()

    log_in(client, address="203.0.113.7")
    assert is_logged_in(client)


def guess_from_many_addresses(client, clock, count: int) -> None:
    """Wrong passwords from ``count`` addresses, each waiting out any slow-down first (a
    refused attempt is not even checked, so it does not count)."""
    for attempt in range(count):
        address = f"192.0.2.{attempt}"
        clock.advance(LoginForm.throttle.seconds_until_allowed("calamity", address))
        assert GENERIC_ERROR in log_in(client, password="guess", address=address).content.decode()


def test_a_guesser_on_many_addresses_only_slows_the_username_down_never_locks_it(client, clock):
    """Spread over addresses, guesses slow the username down (1, 2, 4 ... seconds after the
    last failure, at most a minute); the owner waits that at most, never a lock-out."""
    make_user()
    guess_from_many_addresses(client, clock, FREE_FAILURES_PER_USERNAME + 10)
    refused = log_in(client, address="203.0.113.7").content.decode()
    assert "Please try again in 60 seconds." in refused
    assert not is_logged_in(client)

    clock.advance(LONGEST_SLOW_DOWN_SECONDS)
    log_in(client, address="203.0.113.7")
    assert is_logged_in(client)


def test_the_slow_down_grows_with_each_failure(client, clock):
    make_user()
    guess_from_many_addresses(client, clock, FREE_FAILURES_PER_USERNAME)
    assert "Please try again in 1 second." in log_in(client, address="203.0.113.7").content.decode()
    guess_from_many_addresses(client, clock, 2)
    assert (
        "Please try again in 4 seconds." in log_in(client, address="203.0.113.7").content.decode()
    )
    clock.advance(1)
    assert "in 3 seconds" in log_in(client, address="203.0.113.7").content.decode()

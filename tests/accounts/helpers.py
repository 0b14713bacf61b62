"""Small builders shared by the account and site tests."""

from __future__ import annotations

from typing import Any

from django.urls import reverse

from bangarena_site.accounts.models import User

STRONG_PASSWORD = "Tumbleweed-Saloon-42"
#: The admin's list of players (the moderators' page).
CHANGELIST = reverse("admin:accounts_user_changelist")


def make_user(username: str = "calamity", password: str = STRONG_PASSWORD, **fields: Any) -> User:
    return User.objects.create_user(username=username, password=password, **fields)


class FakeClock:
    """A clock the test moves by hand, so throttling windows pass without sleeping."""

    def __init__(self, start: float = 1_800_000_000.0) -> None:
        self.now = start

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds

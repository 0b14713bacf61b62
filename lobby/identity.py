"""Who is asking: a signed-in account, or a guest known by their session key."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django.db.models import Q
from django.http import HttpRequest

# Set in a guest's session so the session is saved and its cookie sent: a guest's seat is
# tied to the session key, which must outlive the request that took the seat.
GUEST_MARK = "lobby_guest"
# The guest's key, kept inside the session's own data: logging in or signing up rotates the
# session key, and the seats the guest holds are found by the old one (adopt_guest_seats).
GUEST_KEY = "lobby_guest_key"


@dataclass(frozen=True)
class Person:
    user_id: int | None
    guest_key: str

    @property
    def known(self) -> bool:
        return self.user_id is not None or bool(self.guest_key)

    @property
    def limit_key(self) -> str:
        """Who this is, for rate limits: the account, else the guest's session."""
        return f"user:{self.user_id}" if self.user_id is not None else f"guest:{self.guest_key}"

    def seat_filter(self) -> Q:
        """Rows of RoomSeat / MatchSeat that belong to this person."""
        if self.user_id is not None:
            return Q(user_id=self.user_id)
        if self.guest_key:
            return Q(user__isnull=True, guest_key=self.guest_key)
        return Q(pk__in=[])


def person_of(request: HttpRequest, *, create_session: bool = False) -> Person:
    """The person behind a request; with ``create_session`` a guest gets a saved session."""
    user = request.user
    if user.is_authenticated:
        return Person(user.pk, "")
    session = request.session
    if create_session:
        if not session.session_key:
            session[GUEST_MARK] = True
            session.save()
        session[GUEST_MARK] = True
        session[GUEST_KEY] = session.session_key
    return Person(None, session.session_key or "")


def person_of_scope(scope: Mapping[str, Any]) -> Person:
    """The person behind a WebSocket (after the auth middleware)."""
    user = scope.get("user")
    if user is not None and user.is_authenticated:
        return Person(user.pk, "")
    session = scope.get("session")
    return Person(None, getattr(session, "session_key", None) or "")

"""The notification socket: who may connect, and who hears what is pushed to a user's group."""

from __future__ import annotations

import pytest
from channels.db import database_sync_to_async

from bangarena_site.live.consumers import CLOSE_NOT_SIGNED_IN
from bangarena_site.live.groups import push_fragment, user_group
from tests.live.conftest import make_user, notification_socket, session_cookie_for

pytestmark = pytest.mark.django_db(transaction=True)

FRAGMENT = '<div id="toasts" hx-swap-oob="beforeend"><div class="toast">Howdy</div></div>'


async def test_anonymous_visitor_is_refused_with_the_not_signed_in_code() -> None:
    socket = notification_socket(cookie=None)
    connected, code = await socket.connect()
    assert not connected
    assert code == CLOSE_NOT_SIGNED_IN


async def test_socket_from_a_foreign_origin_is_refused_even_when_signed_in() -> None:
    """A page on another site must not open a socket with the player's cookies."""
    user = await database_sync_to_async(make_user)("calamity")
    cookie = await database_sync_to_async(session_cookie_for)(user)
    socket = notification_socket(cookie, origin=b"https://evil.example")
    connected, _ = await socket.connect()
    assert not connected


async def test_pushed_fragment_reaches_only_the_users_own_sockets(open_socket) -> None:
    alice = await database_sync_to_async(make_user)("alice")
    bob = await database_sync_to_async(make_user)("bob")
    alice_tab_1 = await open_socket(alice)
    alice_tab_2 = await open_socket(alice)
    bob_socket = await open_socket(bob)

    await push_fragment(user_group(alice.pk), FRAGMENT)

    assert await alice_tab_1.receive_from() == FRAGMENT
    assert await alice_tab_2.receive_from() == FRAGMENT
    assert await bob_socket.receive_nothing()

"""Sockets that belong to an account close when the account is closed (banned).

A ban already invalidates every session at its next request, but a WebSocket opened before the
ban would stay open: every consumer of a signed-in user therefore also listens on the account's
own group, where a ban sends one "account.closed" message that closes the socket. It is not the
user's notification group, whose toasts only the notification socket knows how to show.
"""

from __future__ import annotations

from typing import Any

from asgiref.sync import async_to_sync

from bangarena_site.live.sender import channel_layer

ACCOUNT_CLOSED_MESSAGE = "account.closed"


def account_group(user_id: int) -> str:
    """Group every socket of one signed-in account joins, whatever page it serves."""
    return f"account.{user_id}"


# Close code for "this account may no longer connect" (mirrors HTTP 403).
CLOSE_ACCOUNT_CLOSED = 4403


class AccountSocketMixin:
    """Mix into an AsyncWebsocketConsumer; call ``join_account_group`` after accepting and
    ``leave_account_group`` on disconnect."""

    account_group: str | None = None

    async def join_account_group(self) -> None:
        user = self.scope.get("user")  # type: ignore[attr-defined]
        if user is None or not user.is_authenticated:
            return
        self.account_group = account_group(user.pk)
        await self.channel_layer.group_add(self.account_group, self.channel_name)  # type: ignore[attr-defined]

    async def leave_account_group(self) -> None:
        if self.account_group is not None:
            await self.channel_layer.group_discard(self.account_group, self.channel_name)  # type: ignore[attr-defined]
            self.account_group = None

    async def account_closed(self, event: dict[str, Any]) -> None:
        await self.close(code=CLOSE_ACCOUNT_CLOSED)  # type: ignore[attr-defined]


def close_account_sockets(user_id: int) -> None:
    """Close every open socket of this account (sync code: the ban action)."""
    async_to_sync(channel_layer().group_send)(
        account_group(user_id), {"type": ACCOUNT_CLOSED_MESSAGE}
    )

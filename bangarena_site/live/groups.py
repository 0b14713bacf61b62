"""Channel-layer group names and pushing HTML fragments to them."""

from __future__ import annotations

from bangarena_site.live.sender import channel_layer, run_from_sync

# The consumer handles messages of this type by forwarding their "html" as one text frame.
FRAGMENT_MESSAGE = "fragment.push"


def user_group(user_id: int) -> str:
    """Group every socket of one signed-in user joins; only that user's sockets listen."""
    return f"user.{user_id}"


async def push_fragment(group: str, html: str) -> None:
    """Send an htmx fragment (elements with hx-swap-oob) to every socket in ``group``."""
    layer = channel_layer()
    await layer.group_send(group, {"type": FRAGMENT_MESSAGE, "html": html})


def push_fragment_sync(group: str, html: str) -> None:
    """``push_fragment`` for sync code (jobs, views). Inside the embedded server's job thread
    this runs on the server's own loop, which the in-memory channel layer requires."""
    run_from_sync(lambda: push_fragment(group, html))

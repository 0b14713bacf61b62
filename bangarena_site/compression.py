"""permessage-deflate (RFC 7692) for every WebSocket Daphne serves.

Daphne builds its sockets with Autobahn, which implements the extension, but Daphne never asks
Autobahn to accept it, so browsers' offers were turned down and every table frame went out as
plain text. ``enable`` makes Daphne's socket factory accept a browser's deflate offer; it is
called when the ASGI application is imported (bangarena_site.asgi), which both ``daphne`` and
``manage.py runserver`` do before they build the factory.

The window is kept small (2^12 bytes, memory level 5: about 32 KiB of zlib state per socket
and direction instead of about 256 KiB) because a table frame is a few kilobytes and a
process holds thousands of sockets. Context takeover stays on: a seat's frames repeat each
other's markup, which is where most of the saving comes from. Only a seat's own frames share
its compression context, so nothing another seat may know is compressed alongside them.
"""

from __future__ import annotations

from typing import Any

WINDOW_BITS = 12
MEMORY_LEVEL = 5


def accept_deflate(offers: list[Any]) -> Any:
    """Autobahn's callback: accept the browser's first permessage-deflate offer."""
    from autobahn.websocket.compress import PerMessageDeflateOffer, PerMessageDeflateOfferAccept

    for offer in offers:
        if isinstance(offer, PerMessageDeflateOffer):
            return PerMessageDeflateOfferAccept(
                offer, window_bits=WINDOW_BITS, mem_level=MEMORY_LEVEL
            )
    return None


def enable() -> None:
    """Make every socket factory Daphne creates from now on accept permessage-deflate."""
    from daphne.ws_protocol import WebSocketFactory

    if getattr(WebSocketFactory, "accepts_deflate", False):
        return
    plain_init = WebSocketFactory.__init__

    def __init__(self: Any, *args: Any, **kwargs: Any) -> None:
        plain_init(self, *args, **kwargs)
        self.setProtocolOptions(perMessageCompressionAccept=accept_deflate)

    WebSocketFactory.__init__ = __init__
    WebSocketFactory.accepts_deflate = True

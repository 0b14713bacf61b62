"""What goes over the wire from the live server (issue 16): pages and static files gzipped in
the embedded default, and WebSocket frames deflated (permessage-deflate) when the browser
offers it, as Chromium does."""

from __future__ import annotations

import gzip
import urllib.request

import pytest
from websockets.sync.client import connect

pytestmark = pytest.mark.e2e


def fetch(url: str) -> tuple[dict[str, str], bytes]:
    request = urllib.request.Request(url, headers={"Accept-Encoding": "gzip"})
    with urllib.request.urlopen(request, timeout=30) as response:  # noqa: S310 (loopback)
        return dict(response.headers), response.read()


@pytest.mark.parametrize("path", ["/", "/static/game/table.css", "/static/game/table.js"])
def test_pages_and_static_files_are_gzipped(live_url: str, path: str) -> None:
    headers, body = fetch(live_url + path)
    assert headers.get("Content-Encoding") == "gzip"
    assert len(gzip.decompress(body)) > 2 * len(body)


def test_sockets_deflate_their_frames(live_url: str) -> None:
    """A client offering permessage-deflate (as browsers do) gets it accepted: here the agent
    socket, which any client may open; every socket is served by the same Daphne factory.
    (The sync client: Playwright's tests in this process keep an event loop running.)"""
    url = live_url.replace("http://", "ws://") + "/ws/agent/"
    with connect(url, compression="deflate", open_timeout=30) as socket:
        extensions = socket.response.headers.get("Sec-WebSocket-Extensions", "")
    assert "permessage-deflate" in extensions

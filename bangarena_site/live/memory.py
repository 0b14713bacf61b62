"""Free a closed socket's memory when it closes, not when the collector gets round to it.

A WebSocket that closes leaves a reference cycle behind (autobahn's protocol and its
``is_closed`` Deferred point at each other), and with it the socket's permessage-deflate state:
a zlib compressor and decompressor, some hundreds of KB that Python's collector cannot see
(their objects are small). Only a full collection frees a cycle that lived long enough to reach
the oldest generation, and CPython starts one only when the objects promoted since the last
one reach a quarter of all long-lived objects: with the 150 000 objects Django, Channels and
the site leave behind at start, that is tens of thousands of survivors, so a web process whose
screens come and go grew about 1 MB a minute, steadily (docs/performance.md, the soak).

``gc.freeze()`` moves everything alive at start into a permanent generation the collector never
scans (code, settings, templates, catalogues: alive for the process's life anyway), and the
collection after it makes the long-lived count start from what is left. Full collections
then come every few seconds under load and each scans only what was made since start
(milliseconds), so a closed socket is freed within seconds.
"""

from __future__ import annotations

import gc


def free_closed_sockets_promptly() -> None:
    """Call once, after the application is built (bangarena_site.asgi)."""
    gc.freeze()
    gc.collect()

"""ASGI entry point: HTTP through Django, WebSockets through Channels.

Daphne's sockets accept permessage-deflate (bangarena_site.compression).
WebSockets pass the origin check (ALLOWED_HOSTS) and get the session's user before routing,
except the agents' /ws/agent/ (machines.agents.routing: no Origin needed, the token is the login).
Everything built at start is then frozen out of the garbage collector's scans, so the memory
of closed sockets is freed promptly (bangarena_site.live.memory). In the embedded default the
app also hands the server's event loop to the job scheduler and re-arms the timers of running
matches.
"""

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "bangarena_site.settings")
# Django must be set up before anything imports models (consumers, auth middleware).
django_asgi_app = get_asgi_application()

from channels.auth import AuthMiddlewareStack  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from channels.security.websocket import AllowedHostsOriginValidator  # noqa: E402
from django.conf import settings  # noqa: E402

from bangarena_site import compression  # noqa: E402
from bangarena_site.jobs import embedded_scheduler  # noqa: E402
from bangarena_site.live.memory import free_closed_sockets_promptly  # noqa: E402
from bangarena_site.live.routing import websocket_urlpatterns  # noqa: E402
from game.routing import websocket_urlpatterns as game_websocket_urlpatterns  # noqa: E402
from game.tasks import rearm_on_start  # noqa: E402
from lobby.routing import websocket_urlpatterns as lobby_websocket_urlpatterns  # noqa: E402
from machines.agents.routing import AgentBranch  # noqa: E402

# Daphne's sockets accept the browsers' permessage-deflate offers (docs/performance.md).
compression.enable()

router = ProtocolTypeRouter(
    {
        "http": django_asgi_app,
        # Programs (/ws/agent/) send no Origin and no cookie: their branch has its own checks.
        "websocket": AgentBranch(
            AllowedHostsOriginValidator(
                AuthMiddlewareStack(
                    # The routes are path() patterns of consumers (see the routing modules).
                    URLRouter(
                        websocket_urlpatterns  # type: ignore[arg-type]
                        + game_websocket_urlpatterns
                        + lobby_websocket_urlpatterns
                    )
                )
            )
        ),
    }
)

# Embedded: the first call attaches the server's loop, then running matches get their timers
# back (they died with the previous process).
application = (
    embedded_scheduler.capture_loop(rearm_on_start(router)) if settings.EMBEDDED else router
)

# Everything above lives as long as the process: out of the collector's way, so that a closed
# socket's cycle (and its deflate buffers) is freed within seconds, not after tens of minutes.
free_closed_sockets_promptly()

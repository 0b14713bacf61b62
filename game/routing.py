"""WebSocket routes of the live table (mounted by bangarena_site.asgi)."""

from django.urls import path

from game.consumers import MatchConsumer
from game.summary_socket import AfterMatchConsumer

# Channels routes consumers with Django's path(), whose stubs expect a view (ignored below).
websocket_urlpatterns = [
    path("ws/match/<int:match_id>/", MatchConsumer.as_asgi()),  # type: ignore[arg-type]
    # The summary page: the notice of the room's next match, and its heartbeats (issue 17).
    path("ws/match/<int:match_id>/after/", AfterMatchConsumer.as_asgi()),  # type: ignore[arg-type]
]

"""WebSocket routes of the live table (mounted by bangarena_site.asgi)."""

from django.urls import path

from game.consumers import MatchConsumer
from game.summary_socket import AfterMatchConsumer

websocket_urlpatterns = [
    path("ws/match/<int:match_id>/", MatchConsumer.as_asgi()),
    # The summary page: the notice of the room's next match, and its heartbeats (issue 17).
    path("ws/match/<int:match_id>/after/", AfterMatchConsumer.as_asgi()),
]

"""WebSocket routes of the live table (mounted by bangarena_site.asgi)."""

from django.urls import path

from game.consumers import MatchConsumer

websocket_urlpatterns = [
    path("ws/match/<int:match_id>/", MatchConsumer.as_asgi()),
]

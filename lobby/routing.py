"""WebSocket routes of the lobby (mounted by bangarena_site.asgi)."""

from django.urls import path

from lobby.consumers import RoomConsumer

websocket_urlpatterns = [
    path("ws/room/<str:code>/", RoomConsumer.as_asgi()),
]

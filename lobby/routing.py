"""WebSocket routes of the lobby (mounted by bangarena_site.asgi)."""

from django.urls import path

from lobby.consumers import RoomConsumer

# Channels routes consumers with Django's path(), whose stubs expect a view (ignored below).
websocket_urlpatterns = [
    path("ws/room/<str:code>/", RoomConsumer.as_asgi()),  # type: ignore[arg-type]
]

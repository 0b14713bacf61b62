"""WebSocket routes of the lobby (mounted by bangarena_site.asgi)."""

from django.urls import path

from lobby.consumers import RoomConsumer
from lobby.open_rooms_socket import LiveNumbersConsumer, OpenRoomsConsumer
from lobby.quick_socket import QuickMatchConsumer

# Channels routes consumers with Django's path(), whose stubs expect a view (ignored below).
websocket_urlpatterns = [
    path("ws/room/<str:code>/", RoomConsumer.as_asgi()),  # type: ignore[arg-type]
    path("ws/lobby/", OpenRoomsConsumer.as_asgi()),  # type: ignore[arg-type]
    path("ws/lobby/numbers/", LiveNumbersConsumer.as_asgi()),  # type: ignore[arg-type]
    path("ws/quick/", QuickMatchConsumer.as_asgi()),  # type: ignore[arg-type]
]

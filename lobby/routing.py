"""WebSocket routes of the lobby (mounted by bangarena_site.asgi)."""

from django.urls import path

from lobby.consumers import RoomConsumer
from lobby.open_rooms_socket import LiveNumbersConsumer, OpenRoomsConsumer
from lobby.quick_socket import QuickMatchConsumer

websocket_urlpatterns = [
    path("ws/room/<str:code>/", RoomConsumer.as_asgi()),
    path("ws/lobby/", OpenRoomsConsumer.as_asgi()),
    path("ws/lobby/numbers/", LiveNumbersConsumer.as_asgi()),
    path("ws/quick/", QuickMatchConsumer.as_asgi()),
]

"""WebSocket routes of the live plumbing (mounted by bangarena_site.asgi)."""

from django.urls import path

from bangarena_site.live.consumers import NotificationConsumer

websocket_urlpatterns = [
    path("ws/notifications/", NotificationConsumer.as_asgi()),
]

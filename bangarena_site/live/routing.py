"""WebSocket routes of the live plumbing (mounted by bangarena_site.asgi)."""

from django.urls import path

from bangarena_site.live.consumers import NotificationConsumer

# Channels routes consumers with Django's path(), whose stubs expect a view (ignored below).
websocket_urlpatterns = [
    path("ws/notifications/", NotificationConsumer.as_asgi()),  # type: ignore[arg-type]
]

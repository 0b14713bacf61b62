"""Telling open room pages that their room changed.

Each room socket redraws the room itself, for its own viewer and in its own language (a host
sees host controls, a member sees "you" on their seat), so one short message per change goes
to the room's group and no socket ever receives HTML made for someone else.
"""

from __future__ import annotations

from bangarena_site.live.sender import channel_layer, run_from_sync

# RoomConsumer.room_changed handles this message type.
ROOM_CHANGED = "room.changed"
# OpenRoomsConsumer.open_rooms_changed handles this one (the list of public rooms at /play/).
OPEN_ROOMS_CHANGED = "open_rooms.changed"
OPEN_ROOMS_GROUP = "lobby.open_rooms"
# QuickMatchConsumer.queue_changed handles this one (every queue page redraws its status).
QUEUE_CHANGED = "queue.changed"
QUEUE_GROUP = "lobby.queue"


def room_group(room_id: int) -> str:
    return f"room.{room_id}"


def room_changed(room_id: int) -> None:
    """Ask every open page of the room to redraw it (call after the change committed)."""
    layer = channel_layer()
    run_from_sync(lambda: layer.group_send(room_group(room_id), {"type": ROOM_CHANGED}))


def open_rooms_changed() -> None:
    """Ask every open /play/ page to redraw the list of public rooms (each for its viewer, in
    its language); called after a public room changed, or a room stopped being public."""
    layer = channel_layer()
    run_from_sync(lambda: layer.group_send(OPEN_ROOMS_GROUP, {"type": OPEN_ROOMS_CHANGED}))


def queue_changed() -> None:
    """Ask every quick-match page to redraw its status (who waits, when the table starts)."""
    layer = channel_layer()
    run_from_sync(lambda: layer.group_send(QUEUE_GROUP, {"type": QUEUE_CHANGED}))

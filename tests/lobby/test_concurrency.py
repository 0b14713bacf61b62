"""Two players taking the last seat at once: exactly one gets it, the other is told the room is
full (issue 5)."""

from __future__ import annotations

import threading

import pytest
from django.db import connection, connections

from lobby import services
from lobby.identity import Person
from lobby.models import Room, RoomSeat
from lobby.services import RoomError, RoomSettings

FOUR = RoomSettings(seats=4, mode="classic", move_time=30, tempo="normal")


def room_with_one_free_seat() -> Room:
    room = services.create_room(Person(None, "host-key"), "Host", FOUR)
    services.seat_bot(room.pk, Person(None, "host-key"), 1)
    services.seat_bot(room.pk, Person(None, "host-key"), 2)
    return room


@pytest.mark.django_db
def test_a_join_that_lost_the_race_is_told_the_room_is_full(monkeypatch):
    """Deterministic interleaving on any database: the second player computed the free seats
    before the first one's insert committed (as happens without row locks); the unique
    (room, index) constraint stops the second insert."""
    room = room_with_one_free_seat()
    stale = services._free_indices(room)
    assert stale == [3]
    services.join(room.code, Person(None, "first"), "First")
    monkeypatch.setattr(services, "_free_indices", lambda _room: stale)
    with pytest.raises(RoomError) as refused:
        services.join(room.code, Person(None, "second"), "Second")
    assert refused.value.code == "full"
    assert list(room.members.filter(kind="human").values_list("name", flat=True)) == [
        "Host",
        "First",
    ]


@pytest.mark.services
@pytest.mark.django_db(transaction=True)
def test_two_threads_taking_the_last_seat_on_postgresql_get_one_seat():
    """Two real connections race for the last seat; the room row lock serialises them."""
    assert connection.vendor == "postgresql"
    room = room_with_one_free_seat()
    barrier = threading.Barrier(2)
    outcomes: dict[str, str] = {}

    def take(name: str) -> None:
        try:
            barrier.wait(timeout=10)
            services.join(room.code, Person(None, f"key-{name}"), name)
            outcomes[name] = "seated"
        except RoomError as error:
            outcomes[name] = error.code
        finally:
            connections.close_all()

    threads = [threading.Thread(target=take, args=(name,)) for name in ("A", "B")]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    assert sorted(outcomes.values()) == ["full", "seated"]
    assert RoomSeat.objects.filter(room=room).count() == 4

"""Who a change of the table reaches: the open table screens (``TableScreen`` rows).

Read by the broadcast for every change, so it stays below the services; ``game.presence``
writes the rows from the sockets' heartbeats and keeps the seats' presence in step with them.
"""

from __future__ import annotations

from game.models import TableScreen


def listeners(match_id: int) -> tuple[set[int], set[str]]:
    """Seats with an open screen and the languages watchers read: who a change is sent to.
    Every row counts, fresh or not: a late beat must not cost a screen its frames."""
    seats: set[int] = set()
    languages: set[str] = set()
    for seat, language in TableScreen.objects.filter(match_id=match_id).values_list(
        "seat", "language"
    ):
        if seat is None:
            languages.add(language)
        else:
            seats.add(seat)
    return seats, languages

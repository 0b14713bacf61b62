"""Send every screen at a table its own new table fragment (DESIGN.md section 3, step 3).

Each seat's HTML is rendered once, from that seat's own view and in that player's language,
and sent only to that seat's group; the watchers get the public view, rendered once per
language they read. No group ever receives HTML rendered for another seat.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.conf import settings
from django.utils import translation

from game.engine import Game
from game.models import Match, MatchSeat

# Consumers handle this message type (MatchConsumer.table_update).
TABLE_MESSAGE = "table.update"


def seat_group(match_id: int, seat: int) -> str:
    """The group of one seat's sockets; only that seat's player listens."""
    return f"match.{match_id}.seat.{seat}"


def watchers_group(match_id: int, language: str) -> str:
    """The group of everyone watching without a seat in ``language``; they get the public
    view, rendered once for all of them."""
    return f"match.{match_id}.watchers.{language}"


def language_of_seat(player: MatchSeat) -> str:
    """The language the seat's player reads: the socket's, else the account's, else default."""
    if player.language:
        return player.language
    user = player.user
    return getattr(user, "preferred_language", "") or settings.LANGUAGE_CODE


def all_knowing_hands(match: Match, seats: list[MatchSeat], game: Game) -> dict[int, list] | None:
    """Every hand, for watchers of an all-bot match only (Q55), each taken from its own seat's
    view (never from a god view of the state)."""
    if any(player.is_human for player in seats):
        return None
    return {player.seat: game.view(player.seat)["hand"] for player in seats}


def render_table(
    match: Match,
    seats: list[MatchSeat],
    game: Game,
    viewer: int | None,
    *,
    now: datetime | None = None,
    signals: list[Any] | None = None,
) -> str:
    """The table as ``viewer`` (None = spectator) may see it, in the active language.

    ``signals`` are the match's TableSignal rows, loaded here unless the caller has them (a
    broadcast loads them once for every seat). They go only into this human-facing HTML."""
    from game import table_signals
    from game.rendering import table_fragment

    if viewer is not None and not any(p.seat == viewer and p.is_human for p in seats):
        # R128: a bot or AI seat's screen (an AI's developer may open it) carries no signals.
        signals = None
    elif signals is None:
        signals = table_signals.load(match.pk)
    if viewer is None:
        return table_fragment(
            match,
            seats,
            game.view(None),
            None,
            legal=[],
            all_knowing_hands=all_knowing_hands(match, seats, game),
            now=now,
            signals=signals,
        )
    return table_fragment(
        match,
        seats,
        game.view(viewer),
        viewer,
        legal=game.legal_actions(viewer),
        now=now,
        signals=signals,
    )


def table_message(match: Match, html: str) -> dict[str, Any]:
    return {"type": TABLE_MESSAGE, "html": html, "version": match.version}


def broadcast_match(match_id: int) -> None:
    """Load the match and send every screen its current table (after a non-move change:
    presence, tempo, autopilot, host)."""
    match = Match.objects.get(pk=match_id)
    broadcast_table(match, list(match.seats.select_related("user")), match.game())


def broadcast_table(match: Match, seats: list[MatchSeat], game: Game) -> None:
    """Render the table of ``match`` at its version for each connected seat and the watchers,
    and send it. ``game`` is the match's game at that version."""
    from game import services, table_signals

    now = services.clock()
    signals = table_signals.load(match.pk)
    outgoing: list[tuple[str, dict[str, Any]]] = []
    for player in seats:
        # Bot seats and humans without an open socket have nobody listening (nor has an
        # unwatched match's watchers group, below).
        if not player.is_human or player.sockets == 0:
            continue
        with translation.override(language_of_seat(player)):
            html = render_table(match, seats, game, player.seat, now=now, signals=signals)
        outgoing.append((seat_group(match.pk, player.seat), table_message(match, html)))
    for language in sorted(match.watchers):
        with translation.override(language):
            html = render_table(match, seats, game, None, now=now, signals=signals)
        outgoing.append((watchers_group(match.pk, language), table_message(match, html)))
    async_to_sync(_send_all)(outgoing)


async def _send_all(outgoing: list[tuple[str, dict[str, Any]]]) -> None:
    """One hop onto the event loop for the whole batch instead of one per group."""
    layer = get_channel_layer()
    for group, message in outgoing:
        await layer.group_send(group, message)

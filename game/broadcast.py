"""Send every screen at a table what a change altered for it (DESIGN.md section 3, step 3).

A change is the table before and after it (``Snapshot``: the game and its context, both read
under the match lock). Its deltas are computed from the engine's views of both sides, never
from stored HTML: public regions are compared once, drawn once per language somebody reads and
shared; each seat's private regions are drawn from that seat's own view, in that player's
language, and sent only to that seat's group. Watchers get the public view's private regions,
once per language they read. No group ever receives HTML drawn for another seat.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any, cast

from django.conf import settings
from django.db import transaction
from django.utils import translation

from bangarena_engine import Game
from bangarena_site.live.sender import channel_layer, run_from_sync
from game import audience, clock
from game.models import Match, MatchSeat
from game.table import context, delta, screens
from game.table.context import TableContext

# Consumers handle these message types (MatchConsumer.table_update, .table_presence).
TABLE_MESSAGE = "table.update"
PRESENCE_MESSAGE = "table.presence"
NEXT_MESSAGE = "table.next"


def seat_group(match_id: int, seat: int) -> str:
    """The group of one seat's sockets; only that seat's player listens."""
    return f"match.{match_id}.seat.{seat}"


def next_group(match_id: int) -> str:
    """Every screen of a match, the summary pages after it included: told when the room
    starts its next match (Play again)."""
    return f"match.{match_id}.next"


def watchers_group(match_id: int, language: str) -> str:
    """The group of everyone watching without a seat in ``language``; they get the public
    view, drawn once for all of them."""
    return f"match.{match_id}.watchers.{language}"


def language_of_seat(player: MatchSeat) -> str:
    """The language the seat's player reads: the socket's, else the account's, else default."""
    if player.language:
        return player.language
    user = player.user
    return getattr(user, "preferred_language", "") or settings.LANGUAGE_CODE


@dataclass(frozen=True)
class Snapshot:
    """One side of a change: the game and everything else its table shows."""

    game: Game
    ctx: TableContext


@dataclass(frozen=True)
class Before:
    """The table before a move, kept cheaply while the move is made: its context, its game as
    stored (rebuilt only if somebody looks once the move commits) and how long its log was,
    which says which signals were already on it."""

    game: Callable[[], Game]
    ctx: TableContext
    log_length: int


def snapshot(match: Match, seats: Sequence[MatchSeat], *, now: datetime) -> Snapshot:
    """The table of ``match`` as loaded (call it under the match lock)."""
    return Snapshot(match.game(), context.load(match, seats, now=now))


def render_table(
    match: Match,
    seats: list[MatchSeat],
    game: Game,
    viewer: int | None,
    *,
    now: datetime | None = None,
) -> str:
    """The whole table as ``viewer`` (None = watcher) may see it, in the active language."""
    ctx = context.load(match, seats, now=now or clock.now())
    return screens.full_table(game, viewer, ctx)


#: How often a whole-table read is tried again when a change commits in the middle of it.
CONSISTENT_READ_TRIES = 5


def current_table(match_id: int, viewer: int | None, language: str) -> tuple[str, int]:
    """The whole current table and its table version, read so that the deltas sent after it
    follow on from exactly this table.

    Every change commits its rows together with a new ``table_version``, so the match, its
    seats and its signals are one table exactly when ``table_version`` is the same before and
    after reading them. Reading this way takes no lock: a screen catching up after a lost frame
    (which happens when a process is overloaded) must not hold up the moves themselves."""
    for _ in range(CONSISTENT_READ_TRIES):
        match = Match.objects.get(pk=match_id)
        seats = list(match.seats.select_related("user"))
        current = snapshot(match, seats, now=clock.now())
        if Match.objects.filter(pk=match_id, table_version=match.table_version).exists():
            break
    else:  # a table changing faster than it can be read: take the lock once
        with transaction.atomic():
            match = Match.objects.select_for_update().get(pk=match_id)
            seats = list(match.seats.select_related("user"))
            current = snapshot(match, seats, now=clock.now())
    with translation.override(language):
        html = screens.full_table(current.game, viewer, current.ctx)
    return html, current.ctx.table_version


def table_message(html: str, table_version: int) -> dict[str, Any]:
    return {"type": TABLE_MESSAGE, "html": html, "version": table_version}


def publish_move(
    match: Match, seats: Sequence[MatchSeat], before: Before, game: Game, *, now: datetime
) -> None:
    """Send each open screen the frame of a committed move: ``before`` as kept when the move
    began, ``game`` after it. The signals are read once, as committed; those placed after the
    log as it was before the move were not on the table before it (the R121 notices the move's
    own transaction added, and any signal sent since, whose own frame follows)."""
    listening = audience.listeners(match.pk)
    if not any(listening):
        return  # nobody looks: nothing is drawn
    signals = context.load_signals(match.pk)
    earlier = tuple(s for s in signals if s.log_position <= before.log_length)
    publish(
        match,
        seats,
        Snapshot(before.game(), replace(before.ctx, signals=earlier)),
        Snapshot(game, context.build(match, seats, now=now, signals=signals)),
        listening=listening,
    )


def publish(
    match: Match,
    seats: Sequence[MatchSeat],
    before: Snapshot,
    after: Snapshot,
    *,
    listening: tuple[set[int], set[str]] | None = None,
) -> None:
    """Send each open screen of ``match`` the frame that takes it from ``before`` to ``after``.

    ``seats`` are the match's seats as of ``after`` (in which language each reads); the open
    screens (game.presence; ``listening`` if the caller read them already) say which seats and
    which watchers' languages look."""
    looking, languages = listening or audience.listeners(match.pk)
    if not looking and not languages:
        return  # nobody looks: nothing is drawn
    listeners = [p for p in seats if p.is_human and p.seat in looking]
    watching = sorted(languages)
    # The presenters read views as the JSON they are (game.table.regions.Sight).
    public_before = cast(dict[str, Any], before.game.view(None))
    public_after = cast(dict[str, Any], after.game.view(None))
    shared_before = screens.sight(before.game, None, before.ctx, public=public_before)
    shared_after = screens.sight(after.game, None, after.ctx, public=public_after)
    regions = delta.public_changes(shared_before, shared_after)
    public: dict[str, delta.PublicDelta] = {}

    def public_part(language: str) -> delta.PublicDelta:
        if language not in public:
            with translation.override(language):
                public[language] = delta.public_delta(shared_before, shared_after, regions)
        return public[language]

    outgoing: list[tuple[str, dict[str, Any]]] = []
    version = after.ctx.table_version
    for player in listeners:
        language = language_of_seat(player)
        mine_before = screens.sight(before.game, player.seat, before.ctx, public=public_before)
        mine_after = screens.sight(after.game, player.seat, after.ctx, public=public_after)
        with translation.override(language):
            private, _ = delta.private_delta(mine_before, mine_after)
        html = delta.frame(private, public_part(language))
        outgoing.append((seat_group(match.pk, player.seat), table_message(html, version)))
    for language in watching:
        with translation.override(language):
            private, _ = delta.private_delta(shared_before, shared_after)
        html = delta.frame(private, public_part(language))
        outgoing.append((watchers_group(match.pk, language), table_message(html, version)))
    run_from_sync(lambda: _send_all(outgoing))


async def _send_all(outgoing: list[tuple[str, dict[str, Any]]]) -> None:
    """One hop onto the event loop for the whole batch instead of one per group, and the
    groups' sends at once (each group gets its own frame, so their order does not matter):
    one Redis round trip of waiting instead of one per group."""
    layer = channel_layer()
    await asyncio.gather(*(layer.group_send(group, message) for group, message in outgoing))


def publish_presence(match_id: int, seats: Sequence[int]) -> None:
    """Send every open screen the presence regions of ``seats`` (Q48), drawn once per
    language: a player coming or going costs these few spans, never a table render."""
    from django.template.loader import render_to_string

    looking, languages = audience.listeners(match_id)
    if not looking and not languages:
        return
    players = list(
        MatchSeat.objects.filter(match_id=match_id).select_related("user").order_by("seat")
    )
    shown = [p for p in players if p.seat in set(seats) and p.is_human]
    if not shown:
        return
    by_language: dict[str, list[str]] = {}
    for player in players:
        if player.seat in looking and player.is_human:
            by_language.setdefault(language_of_seat(player), []).append(
                seat_group(match_id, player.seat)
            )
    for language in languages:
        by_language.setdefault(language, []).append(watchers_group(match_id, language))
    outgoing: list[tuple[str, dict[str, Any]]] = []
    for language, groups in by_language.items():
        with translation.override(language):
            html = "".join(
                render_to_string(
                    "game/table/presence.html",
                    {"seat": p.seat, "connected": p.connected, "oob": True},
                ).strip()
                for p in shown
            )
        message = {"type": PRESENCE_MESSAGE, "html": html}
        outgoing.extend((group, message) for group in groups)
    run_from_sync(lambda: _send_all(outgoing))


def announce_next(match_id: int, next_match_id: int) -> None:
    """Tell every screen of ``match_id`` (tables and summary pages) that the room's next
    match is ``next_match_id``: each draws the notice in its own language and goes there."""
    message = {"type": NEXT_MESSAGE, "match": next_match_id}
    run_from_sync(lambda: _send_all([(next_group(match_id), message)]))

"""The match summary at /match/<id>/result/ (issues 6 and 7; URL name ``game:result``).

Once a match is over, the page is its stats record's summary; while it runs, only what the
viewer may know, from the engine's view for their seat. It lives with the stats that write
the record; bangarena_site.urls mounts it beside the table's pages (stats.result_urls).
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import Any

from django.db import DatabaseError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.urls import reverse

from game import catalogue, presence, seat_labels, services
from game.models import Match
from stats import recording, summary

logger = logging.getLogger(__name__)


def _viewer(request: HttpRequest, match: Match) -> int | None:
    return services.seat_of(match, request.user, request.session.session_key)


def result(request: HttpRequest, match_id: int) -> HttpResponse:
    """The match summary (R98, R140): once the match is over, the winning team and players,
    every role, badges, the viewer's new achievements, everyone's statistics and Play again.
    While it runs, only what the viewer may know (the engine's view for their seat)."""
    match = get_object_or_404(Match, pk=match_id)
    viewer = _viewer(request, match)
    record = None if match.is_running else _record_of(match)
    if record is None:
        return _running_result(request, match, viewer)
    page = summary.context(request, match, record, viewer)
    if match.room_url:
        # The room may start its next match while this page is read (Play again, issue 17).
        page["after_socket_url"] = f"/ws/match/{match.pk}/after/"
        page["heartbeat_ms"] = presence.HEARTBEAT_SECONDS * 1000
    return render(request, "game/result.html", page)


def _record_of(match: Match):  # noqa: ANN202 (a stats.models.MatchRecord)
    """The stats record of a finished match. The match_finished hook writes it a moment after
    the end; a viewer who is quicker records it here (record_match is idempotent). None only
    if recording fails, and then the page falls back to the engine's view."""
    try:
        return recording.record_match(match)
    except DatabaseError:
        logger.exception("could not record match %s for its summary", match.pk)
        return None


def _running_result(request: HttpRequest, match: Match, viewer: int | None) -> HttpResponse:
    """Who won (or that it still runs), and every role and character the viewer may see."""
    seats = {player.seat: player for player in match.seats.all()}
    game = match.game()
    # Once the game is over every role is public (R140); while it runs, only what the viewer
    # may know is shown.
    view = game.view(viewer)
    outcome: Mapping[str, Any] = view["result"] or {}
    winners = set(outcome.get("winners", []))
    players: list[dict[str, Any]] = []
    for player in view["players"]:
        meta = seats.get(player["seat"])
        players.append(
            {
                "number": player["seat"] + 1,
                "name": seat_labels.seat_name(meta.kind, meta.name)
                if meta
                else str(player["seat"] + 1),
                "badge": seat_labels.shown(meta.label) if meta and meta.label else "",
                "strength": seat_labels.strength_name(meta.kind, meta.strength) if meta else "",
                "role": catalogue.role_name(player["role"]) if player["role"] else None,
                "role_id": player["role"] or "",
                "character": catalogue.character_name(player["character"]),
                "alive": player["alive"],
                "won": player["seat"] in winners,
                "is_viewer": player["seat"] == viewer,
            }
        )
    return render(
        request,
        "game/result.html",
        {
            "match": match,
            "finished": bool(outcome),
            "winners": [p for p in players if p["won"]],
            "winner_line": summary.winner_line(
                outcome.get("team") or "", [p["name"] for p in players if p["won"]]
            )
            if outcome
            else "",
            "players": players,
            "back_url": match.room_url or reverse("home"),
            "back_to_room": bool(match.room_url),
            "mode": catalogue.mode_name(view["mode"]),
            "rounds": view["round"],
        },
    )

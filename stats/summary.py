"""The finished match's summary screen (R140), as one viewer sees it: built from the stats
record, which holds every role (public once the game is over) and what each seat did.

The match's signals (R122-R125) are listed at the end, as the table's log showed them, so
players can look back at who claimed what.

Play again (Q61) is the room's: the room's host gets the same Start POST the room page has
(it starts the next match with the same people and bots and sends the host to the new table);
everyone else goes back to the room, where the next match reaches them.
"""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest
from django.urls import NoReverseMatch, Resolver404, resolve, reverse
from django.utils.translation import gettext, ngettext

from game import catalogue, seat_labels, signal_board
from game.models import Match, MatchSeat
from game.table.context import load_signals
from stats.achievements import unlocked_in_match
from stats.badges import BADGES
from stats.models import MatchRecord, PlayerResult


def _player(row: PlayerResult, viewer: int | None) -> dict[str, Any]:
    return {
        "number": row.seat + 1,
        "name": seat_labels.seat_name(row.kind, row.name),
        "badge": seat_labels.shown(row.label),
        # How well a bot seat's bot played (issue 22); '' for players and AI seats.
        "strength": seat_labels.strength_name(row.kind, row.strength),
        "kind": row.kind,
        "is_viewer": row.seat == viewer,
        "role": catalogue.ROLES[row.role].name if row.role in catalogue.ROLES else row.role,
        "role_id": row.role,
        "character": catalogue.CHARACTERS[row.character].name
        if row.character in catalogue.CHARACTERS
        else row.character,
        "won": row.won,
        "alive": row.eliminated_place is None,
        "eliminated_round": row.eliminated_round,
        "stats": row,
        "badges": [BADGES[code] for code in row.badges if code in BADGES],
    }


def _badge_list(players: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Every badge awarded at this table, in catalogue order, with who got it."""
    out = []
    for code, badge in BADGES.items():
        names = [p["name"] for p in players if any(b.code == code for b in p["badges"])]
        if names:
            out.append({"badge": badge, "names": names})
    return out


def winner_line(team: str, winner_names: list[str]) -> str:
    """The headline of a finished match. A team's win names the team ("Winners: Law"); the
    Loner wins as a person (R95), so the line names him: "The Loner wins: Dusty", and in
    Partners both Loners (R96). "Winners: On Their Own" read like a team that never was."""
    if team != "loner":
        return gettext("Winners: %(team)s") % {"team": catalogue.TEAMS.get(team, team)}
    names = ", ".join(winner_names)
    if not names:
        return gettext("The Loner wins")
    return ngettext("The Loner wins: %(names)s", "The Loners win: %(names)s", len(winner_names)) % {
        "names": names
    }


def play_again_url(match: Match) -> str:
    """The room's Start URL when the match came from a room, else ''. Resolved from the stored
    room link by URL name, so game code needs no import of the lobby."""
    if not match.room_url:
        return ""
    try:
        found = resolve(match.room_url)
        if found.view_name != "lobby:room":
            return ""
        return reverse("lobby:start_match", kwargs=found.kwargs)
    except (Resolver404, NoReverseMatch):
        return ""


def context(
    request: HttpRequest, match: Match, record: MatchRecord, viewer: int | None
) -> dict[str, Any]:
    rows = list(record.players.all())
    players = [_player(row, viewer) for row in rows]
    me = next((p for p in players if p["is_viewer"]), None)
    user = request.user
    unlocked = []
    if user.is_authenticated and me is not None and me["stats"].user_id == user.pk:
        unlocked = unlocked_in_match(user.pk, match.pk)
    start_url = play_again_url(match)
    is_host = viewer is not None and viewer == match.host_seat
    return {
        "match": match,
        "record": record,
        "finished": True,
        "summary": True,
        "team_id": record.winning_team,
        "winners": [p for p in players if p["won"]],
        "winner_line": winner_line(record.winning_team, [p["name"] for p in players if p["won"]]),
        "players": players,
        "me": me,
        "badges": _badge_list(players),
        "unlocked": unlocked,
        # A guest's results stay with the session until they sign up (stats.claims).
        "guest_seat": me is not None
        and me["kind"] == MatchSeat.Kind.HUMAN
        and not me["stats"].user_id,
        "mode": catalogue.MODES.get(record.mode, record.mode),
        "rounds": record.rounds,
        "play_again_url": start_url if is_host else "",
        "back_url": match.room_url or reverse("home"),
        "back_to_room": bool(match.room_url),
        "seated": me is not None,
        "signals": _signal_lines(match, rows),
        "reports": _report_links(match, players, me),
    }


def _report_links(
    match: Match, players: list[dict[str, Any]], me: dict[str, Any] | None
) -> list[tuple[str, str]]:
    """(name, report page) of every other human of the match, for a human who played it
    (issue 23: reports from the summary too); none where the rooms' report page is not
    installed (it is mounted as ``game:report_player``)."""
    if me is None or me["kind"] != MatchSeat.Kind.HUMAN:
        return []
    links = []
    for player in players:
        if player["kind"] != MatchSeat.Kind.HUMAN or player["is_viewer"]:
            continue
        try:
            url = reverse("game:report_player", args=[match.pk, player["stats"].seat])
        except NoReverseMatch:
            return []
        links.append((player["name"], url))
    return links


def _signal_lines(match: Match, rows: list[PlayerResult]) -> list[str]:
    """Every signal of the match as its log sentence (names escaped there), oldest first."""
    names = {row.seat: seat_labels.seat_name(row.kind, row.name) for row in rows}
    return [signal_board.signal_sentence(s, names) for s in load_signals(match.pk)]

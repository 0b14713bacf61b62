"""The statistics screens (issue 7): a user's match history, a player's statistics page and the
leaderboards. All read-only GET pages; every list is paginated with a bounded query count
(see stats.queries).
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any
from urllib.parse import quote

from django.contrib import messages
from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required
from django.core.paginator import Page, Paginator
from django.forms import ChoiceField, Form
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import formats, timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from bangarena_site.request_types import SignedInRequest
from game import catalogue, seat_labels
from game import services as game_services
from stats import charts, queries
from stats.achievements import statuses
from stats.filters import BoardFilter, HistoryFilter, cleaned


def _page(request: HttpRequest, rows, size: int) -> Page:  # noqa: ANN001 (any queryset)
    """The requested page; a missing, bad or too-large number gives the first or last page."""
    return Paginator(rows, size).get_page(request.GET.get("page"))


def _warn_ignored(request: HttpRequest) -> None:
    messages.warning(request, _("A filter value was not recognised and has been ignored."))


def _rate(games: int, wins: int) -> str:
    """'60%' (whole percent, localised), or an en dash without games."""
    if not games:
        return "–"
    # A whole percent never needs a thousands separator; the translation places the sign.
    return _("%(rate)s%%") % {"rate": round(100 * wins / games)}


def signed(change: int | None) -> str:
    """A rating change as players read it: "+12", "−5" (a real minus sign), "±0"; "" for a
    match that did not change the rating."""
    if change is None:
        return ""
    if change > 0:
        return f"+{formats.number_format(change)}"
    if change < 0:
        return f"\u2212{formats.number_format(-change)}"
    return "±0"


def _day(moment: datetime | None) -> str:
    """A date in the viewer's language and the site's time zone."""
    return formats.date_format(timezone.localtime(moment), "SHORT_DATE_FORMAT") if moment else ""


# --- history -----------------------------------------------------------------------------------


def _choices(form: Form, field: str) -> Any:
    """The choices of one of the filter forms' select fields (every one is a ChoiceField)."""
    choice_field = form.fields[field]
    if not isinstance(choice_field, ChoiceField):
        raise TypeError(f"{field} is not a choice field")
    return choice_field.choices


def _options(form: Form, field: str, value: str) -> dict[str, Any]:
    """A select's id, label and (value, name, selected) options. Rendered by the page's own
    markup: Django's widget templates cost more than the rest of the page."""
    bound = form[field]
    return {
        "name": field,
        "id": bound.id_for_label,
        "label": bound.label,
        "options": [(key, name, key == value) for key, name in _choices(form, field)],
    }


@login_required
@require_GET
def history(request: SignedInRequest) -> HttpResponse:
    """Every match of the signed-in user, newest first, filtered by mode and role."""
    form = HistoryFilter(request.GET)
    values, dropped = cleaned(form)
    if dropped:
        _warn_ignored(request)
    ids = queries.history(request.user.pk, mode=values["mode"], role=values["role"])
    page = _page(request, ids, queries.HISTORY_PAGE_SIZE)
    # Names are translated once per page, not once per row.
    modes = {key: str(name) for key, name in catalogue.MODES.items()}
    roles = {key: str(role.name) for key, role in catalogue.ROLES.items()}
    characters = {key: str(text.name) for key, text in catalogue.CHARACTERS.items()}
    summary_url = reverse("game:result", args=[0])
    replay_url = reverse("game:replay", args=[0])
    rows = queries.history_rows(list(page))
    mates = queries.table_mates(rows)
    changes = queries.rating_changes(request.user.pk, [row["record_id"] for row in rows])
    entries = []
    for row in rows:
        finished = timezone.localtime(row["finished_at"])
        entries.append(
            {
                "iso": finished.isoformat(),
                "when": formats.date_format(finished, "SHORT_DATETIME_FORMAT"),
                "mode": modes.get(row["mode"], row["mode"]),
                "seats": row["record__seats"],
                "role": roles.get(row["role"], row["role"]),
                "role_id": row["role"],
                "character": characters.get(row["character"], row["character"]),
                "won": row["won"],
                "rounds": row["record__rounds"],
                "others": [
                    seat_labels.with_strength(seat_labels.seat_name(kind, name), kind, strength)
                    for kind, name, strength in mates[row["record_id"]]
                ],
                "rating_change": signed(changes.get(row["record_id"])),
                "url": summary_url.replace("/0/", f"/{row['record__match_id']}/"),
                "replay_url": replay_url.replace("/0/", f"/{row['record__match_id']}/"),
            }
        )
    return render(
        request,
        "stats/history.html",
        {
            "page": page,
            "entries": entries,
            "filters": [
                _options(form, "mode", values["mode"]),
                _options(form, "role", values["role"]),
            ],
            "filtered": any(values.values()),
        },
    )


# --- a player's statistics ----------------------------------------------------------------------


@require_GET
def player(request: HttpRequest, username: str) -> HttpResponse:
    """A player's public statistics: totals, per role and character, charts and achievements."""
    user = get_object_or_404(
        get_user_model(), username__iexact=username, is_active=True, banned_at__isnull=True
    )
    if user.username != username:
        return redirect("stats:player", user.username)
    totals = queries.totals(user.pk)
    roles = queries.by_role(user.pk)
    characters = queries.by_character(user.pk)
    against_bots = queries.by_strongest_bot(user.pk)
    line = queries.timeline(user.pk)
    role_chart = charts.bar_chart(
        [
            charts.Bar(
                t.name, t.rate, f"{_rate(t.games, t.wins)} · {t.wins}/{t.games}" if t.games else "–"
            )
            for t in roles
        ],
        chart_id="chart-roles",
        title=_("Win rate by role"),
        desc=", ".join(
            _("%(role)s: %(wins)s wins in %(games)s games")
            % {"role": t.name, "wins": t.wins, "games": t.games}
            for t in roles
        ),
    )
    timeline_chart = None
    if totals.games:
        first, last = _day(line.first), _day(line.last)
        counts = {"first": first, "last": last, "wins": line.wins[-1], "losses": line.losses[-1]}
        if first == last:
            # One day of matches (a newcomer's first): no range with the same date at both ends.
            desc = _(
                "Wins and losses added up match by match, all on %(first)s: %(wins)s wins "
                "and %(losses)s losses."
            )
        else:
            desc = _(
                "Wins and losses added up match by match, from %(first)s to %(last)s: "
                "%(wins)s wins and %(losses)s losses in the end."
            )
        wins_name, losses_name = _("Wins"), _("Losses")
        timeline_chart = charts.line_chart(
            # Both lines start from nothing before the first match, so one match draws a
            # step up from 0 rather than a lone dot.
            [
                charts.Series(wins_name, charts.WINS, [0, *line.wins]),
                charts.Series(losses_name, charts.LOSSES, [0, *line.losses]),
            ],
            chart_id="chart-results",
            title=_("Results over time"),
            desc=desc % counts,
            x_first=first,
            x_last="" if first == last else last,
        )
    is_me = request.user.is_authenticated and request.user.pk == user.pk
    return render(
        request,
        "stats/player.html",
        {
            "player": user,
            "is_me": is_me,
            "own_rating": queries.own_rating(user.pk) if is_me else None,
            "totals": totals,
            "win_rate": _rate(totals.games, totals.wins),
            "roles": [(t, _rate(t.games, t.wins)) for t in roles],
            "characters": [(t, _rate(t.games, t.wins)) for t in characters],
            # Issue 22: how the player fares against each bot strength, once they met bots.
            "against_bots": [(t, _rate(t.games, t.wins)) for t in against_bots]
            if any(t.games for t in against_bots)
            else [],
            "favourite": characters[0] if characters else None,
            "role_chart": role_chart,
            "timeline_chart": timeline_chart,
            "line": line,
            "achievements": statuses(user),
            "replays": recent_replays(user, is_me),
        },
    )


#: How many of a player's latest matches their statistics page links to the replays of.
RECENT_REPLAYS = 5


def recent_replays(user: Any, is_me: bool) -> list[dict[str, Any]]:
    """The player's latest finished matches, each linked to its replay (issue 18). A player
    who hides their name in replays is not linked to them here either, except for themself:
    listing them on the page with the name would undo the "Player N"."""
    if getattr(user, "hide_in_replays", False) and not is_me:
        return []
    modes = {key: str(name) for key, name in catalogue.MODES.items()}
    rows = queries.history_rows(list(queries.history(user.pk)[:RECENT_REPLAYS]))
    replay_url = reverse("game:replay", args=[0])
    result = []
    for row in rows:
        finished = timezone.localtime(row["finished_at"])
        result.append(
            {
                "url": replay_url.replace("/0/", f"/{row['record__match_id']}/"),
                "iso": finished.isoformat(),
                "when": formats.date_format(finished, "SHORT_DATETIME_FORMAT"),
                "mode": modes.get(row["mode"], row["mode"]),
                "won": row["won"],
            }
        )
    return result


# --- leaderboards ------------------------------------------------------------------------------


@require_GET
def leaderboards(request: HttpRequest) -> HttpResponse:
    """Rating, most wins and win rate by role, for this week, this month or all time."""
    form = BoardFilter(request.GET)
    values, dropped = cleaned(form)
    if dropped:
        _warn_ignored(request)
    board = values["board"] or "rating"
    period = values["period"] or "week"
    role = (values["role"] or "marshal") if board == "role" else ""
    start = queries.period_start(period, game_services.clock().astimezone(UTC).date())
    hidden = queries.left_off()
    tallies = queries.board_rows(board, period, start, role, hidden)
    page = queries.board_page(tallies, request.GET.get("page"), queries.LEADERBOARD_PAGE_SIZE)
    # One reverse for the whole page: the player links differ only in the (quoted) username.
    player_url = reverse("stats:player", args=["-"])[:-2]
    percent = _("%(rate)s%%")
    users = queries.names([row.user_id for row in page.rows])
    rows = [
        {
            "rank": page.start_index + offset,
            "user": users[tally.user_id],
            "url": f"{player_url}{quote(users[tally.user_id].username)}/",
            "games": tally.games,
            "wins": tally.wins,
            "rate": percent % {"rate": round(100 * tally.wins / tally.games)},
            "rating": queries.display_rating(tally.ordinal) if board == "rating" else None,
            "is_me": tally.user_id == request.user.pk,
        }
        for offset, tally in enumerate(page.rows)
    ]
    own = None
    if request.user.is_authenticated:
        own = queries.own_standing(board, period, start, role, request.user.pk, hidden)
    boards = _choices(form, "board")
    filters = [_options(form, "period", period)]
    if board == "role":
        filters.append(_options(form, "role", role))
    return render(
        request,
        "stats/leaderboards.html",
        {
            "board": board,
            "period": period,
            "role": role,
            "role_name": catalogue.ROLES[role].name if role else "",
            "page": page,
            "rows": rows,
            "own": own,
            "own_page": (own.rank - 1) // queries.LEADERBOARD_PAGE_SIZE + 1
            if own and own.rank
            else None,
            "filters": filters,
            "min_matches": queries.MIN_MATCHES,
            "boards": boards,
            "board_name": dict(boards)[board],
            "period_name": dict(_choices(form, "period"))[period],
        },
    )

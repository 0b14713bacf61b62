"""The statistics screens (issue 7): a user's match history, a player's statistics page and the
leaderboards. All read-only GET pages; every list is paginated with a bounded query count
(see stats.queries).
"""

from __future__ import annotations

from datetime import UTC, datetime

from django.contrib import messages
from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required
from django.core.paginator import Page, Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import formats, timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from game import catalogue
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
    return _("%(rate)s%%") % {"rate": formats.number_format(round(100 * wins / games))}


def _day(moment: datetime | None) -> str:
    """A date in the viewer's language and the site's time zone."""
    return formats.date_format(timezone.localtime(moment), "SHORT_DATE_FORMAT") if moment else ""


# --- history -----------------------------------------------------------------------------------


@login_required
@require_GET
def history(request: HttpRequest) -> HttpResponse:
    """Every match of the signed-in user, newest first, filtered by mode and role."""
    values, dropped = cleaned(HistoryFilter(request.GET))
    if dropped:
        _warn_ignored(request)
    rows = queries.history(request.user.pk, mode=values["mode"], role=values["role"])
    page = _page(request, rows, queries.HISTORY_PAGE_SIZE)
    entries = [
        {
            "finished_at": row.finished_at,
            "mode": catalogue.MODES.get(row.mode, row.mode),
            "seats": row.record.seats,
            "role": catalogue.ROLES[row.role].name if row.role in catalogue.ROLES else row.role,
            "role_id": row.role,
            "character": catalogue.CHARACTERS[row.character].name
            if row.character in catalogue.CHARACTERS
            else row.character,
            "won": row.won,
            "survived": row.eliminated_place is None,
            "match_id": row.record.match_id,
        }
        for row in page
    ]
    form = HistoryFilter(initial=values)
    return render(
        request,
        "stats/history.html",
        {"page": page, "entries": entries, "form": form, "filtered": any(values.values())},
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
    line = queries.timeline(user.pk)
    role_chart = charts.bar_chart(
        [
            charts.Bar(t.name, t.rate, f"{_rate(t.games, t.wins)} · {t.wins}/{t.games}")
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
        wins_name, losses_name = _("Wins"), _("Losses")
        timeline_chart = charts.line_chart(
            [
                charts.Series(wins_name, charts.WINS, line.wins),
                charts.Series(losses_name, charts.LOSSES, line.losses),
            ],
            chart_id="chart-results",
            title=_("Results over time"),
            desc=_(
                "Wins and losses added up match by match, from %(first)s to %(last)s: "
                "%(wins)s wins and %(losses)s losses in the end."
            )
            % {
                "first": _day(line.first),
                "last": _day(line.last),
                "wins": line.wins[-1],
                "losses": line.losses[-1],
            },
            x_first=_day(line.first),
            x_last=_day(line.last),
        )
    return render(
        request,
        "stats/player.html",
        {
            "player": user,
            "is_me": request.user.is_authenticated and request.user.pk == user.pk,
            "totals": totals,
            "win_rate": _rate(totals.games, totals.wins),
            "roles": [(t, _rate(t.games, t.wins)) for t in roles],
            "characters": [(t, _rate(t.games, t.wins)) for t in characters],
            "favourite": characters[0] if characters else None,
            "role_chart": role_chart,
            "timeline_chart": timeline_chart,
            "line": line,
            "achievements": statuses(user),
        },
    )


# --- leaderboards ------------------------------------------------------------------------------


@require_GET
def leaderboards(request: HttpRequest) -> HttpResponse:
    """Rating, most wins and win rate by role, for this week, this month or all time."""
    values, dropped = cleaned(BoardFilter(request.GET))
    if dropped:
        _warn_ignored(request)
    board = values["board"] or "rating"
    period = values["period"] or "week"
    role = (values["role"] or "marshal") if board == "role" else ""
    start = queries.period_start(period, game_services.clock().astimezone(UTC).date())
    page = _page(
        request, queries.board_rows(board, period, start, role), queries.LEADERBOARD_PAGE_SIZE
    )
    rows = [
        {
            "rank": page.start_index() + offset,
            "user": tally.user,
            "games": tally.games,
            "wins": tally.wins,
            "rate": _rate(tally.games, tally.wins),
            "rating": queries.display_rating(tally.ordinal) if board == "rating" else None,
            "is_me": tally.user_id == request.user.pk,
        }
        for offset, tally in enumerate(page)
    ]
    own = None
    if request.user.is_authenticated:
        own = queries.own_standing(board, period, start, role, request.user.pk)
    form = BoardFilter(initial={"board": board, "period": period, "role": role or "marshal"})
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
            "form": form,
            "min_matches": queries.MIN_MATCHES,
            "boards": form.fields["board"].choices,
            "periods": form.fields["period"].choices,
        },
    )

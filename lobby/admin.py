"""Rooms in the admin: members inline, and two moderation actions (close a room, kick a
member), each asking for a reason that is kept in RoomModerationLog.

Moderators never edit rooms directly: the actions go through lobby.services, so every open
room page redraws and the host passes on as it would in play.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import admin, messages
from django.contrib.admin.helpers import ACTION_CHECKBOX_NAME
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse
from django.template.response import TemplateResponse
from django.urls import reverse
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from bangarena_site.request_types import SignedInRequest
from lobby import services
from lobby.models import PlayerReport, Room, RoomKick, RoomModerationLog, RoomSeat


class ReasonForm(forms.Form):
    reason = forms.CharField(
        label=_("Reason"), widget=forms.Textarea(attrs={"rows": 3}), max_length=500
    )


def _with_reason(
    modeladmin: admin.ModelAdmin,
    request: HttpRequest,
    queryset: QuerySet,
    title: Any,
    apply: Any,
) -> HttpResponse | None:
    """An admin action in two steps: ask for the reason, then apply it to each object."""
    form = ReasonForm(request.POST if "apply" in request.POST else None)
    if form.is_valid():
        count = 0
        for obj in queryset:
            count += apply(obj, form.cleaned_data["reason"])
        modeladmin.message_user(request, _("Done: %(count)d.") % {"count": count}, messages.SUCCESS)
        return None
    context = {
        **modeladmin.admin_site.each_context(request),
        "title": title,
        "form": form,
        "objects": queryset,
        "action": request.POST.get("action", ""),
        "opts": modeladmin.model._meta,
        "selected": request.POST.getlist(ACTION_CHECKBOX_NAME),
    }
    return TemplateResponse(request, "lobby/admin/reason.html", context)


class RoomSeatInline(admin.TabularInline):
    model = RoomSeat
    extra = 0
    can_delete = False
    fields = ["index", "kind", "strength", "name", "user", "connected", "joined_at", "last_seen"]
    # The same names, all read-only: django-stubs types the two lists differently.
    readonly_fields = fields  # type: ignore[assignment]

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


class ModerationLogInline(admin.TabularInline):
    model = RoomModerationLog
    extra = 0
    can_delete = False
    fields = ["created_at", "action", "member_name", "reason", "moderator"]
    # The same names, all read-only: django-stubs types the two lists differently.
    readonly_fields = fields  # type: ignore[assignment]

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(Room)
class RoomAdmin(admin.ModelAdmin):
    list_display = [
        "code",
        "status",
        "seats",
        "mode",
        "is_public",
        "host",
        "created_at",
        "last_activity",
    ]
    list_filter = ["status", "mode", "is_public"]
    search_fields = ["code", "members__name"]
    readonly_fields = [field.name for field in Room._meta.fields]
    inlines = [RoomSeatInline, ModerationLogInline]
    actions = ["close_rooms"]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    @admin.action(description=_("Close the selected rooms (with a reason)"))
    def close_rooms(
        self, request: SignedInRequest, queryset: QuerySet[Room]
    ) -> HttpResponse | None:
        def close(room: Room, reason: str) -> int:
            if room.is_closed:
                return 0
            services.close_room(room.pk)
            RoomModerationLog.objects.create(
                room=room,
                action=RoomModerationLog.Action.CLOSE,
                reason=reason,
                moderator=request.user,
            )
            return 1

        return _with_reason(self, request, queryset, _("Close rooms"), close)


@admin.register(RoomSeat)
class RoomSeatAdmin(admin.ModelAdmin):
    list_display = ["room", "index", "name", "kind", "user", "connected"]
    list_filter = ["kind", "connected"]
    search_fields = ["room__code", "name", "user__username"]
    readonly_fields = [field.name for field in RoomSeat._meta.fields]
    actions = ["kick_members"]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    @admin.action(description=_("Kick the selected members from their rooms (with a reason)"))
    def kick_members(
        self, request: SignedInRequest, queryset: QuerySet[RoomSeat]
    ) -> HttpResponse | None:
        def kick(seat: RoomSeat, reason: str) -> int:
            room = seat.room
            if services.kick(seat.pk) is None:
                return 0
            RoomModerationLog.objects.create(
                room=room,
                action=RoomModerationLog.Action.KICK,
                member_name=seat.name,
                reason=reason,
                moderator=request.user,
            )
            return 1

        return _with_reason(self, request, queryset, _("Kick members"), kick)


@admin.register(RoomModerationLog)
class RoomModerationLogAdmin(admin.ModelAdmin):
    list_display = ["created_at", "room", "action", "member_name", "moderator", "reason"]
    list_filter = ["action"]
    readonly_fields = [field.name for field in RoomModerationLog._meta.fields]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(RoomKick)
class RoomKickAdmin(admin.ModelAdmin):
    """Who hosts kicked out of their rooms (read only: a host's kick is theirs to make)."""

    list_display = ["kicked_at", "room", "name", "user"]
    search_fields = ["room__code", "name", "user__username"]
    readonly_fields = [field.name for field in RoomKick._meta.fields]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False


@admin.register(PlayerReport)
class PlayerReportAdmin(admin.ModelAdmin):
    """Players reported by someone at their table (issue 23), open ones first. Each report
    shows its match and the signals the reported seat sent in it (R122-R128), the signals a
    moderator weighs first; the match's every signal is one link away."""

    list_display = [
        "created_at",
        "reported_name",
        "reason",
        "room",
        "match_link",
        "signal_count",
        "reporter_name",
        "handled",
    ]
    list_filter = ["handled", "reason"]
    search_fields = ["reported_name", "reporter_name", "room__code", "reported_user__username"]
    list_select_related = ["room", "match"]
    readonly_fields = [
        "room",
        "match_link",
        "seat_number",
        "reported_name",
        "reported_user",
        "reporter_name",
        "reporter",
        "reason",
        "details",
        "created_at",
        "seat_signals",
    ]
    fields = [*readonly_fields, "handled"]
    actions = ["mark_handled"]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    @admin.display(description=_("match"))
    def match_link(self, report: PlayerReport) -> SafeString | str:
        if report.match_id is None:
            return "—"
        url = reverse("admin:game_match_change", args=[report.match_id])
        return format_html('<a href="{}">#{}</a>', url, report.match_id)

    @admin.display(description=_("seat"))
    def seat_number(self, report: PlayerReport) -> int:
        return report.seat + 1

    @admin.display(description=_("signals sent"))
    def signal_count(self, report: PlayerReport) -> int:
        return self._signals(report).count()

    @admin.display(description=_("signals of the reported seat"))
    def seat_signals(self, report: PlayerReport) -> SafeString | str:
        signals = list(self._signals(report))
        if report.match_id is None:
            return str(_("The room had no match yet."))
        every = reverse("admin:game_tablesignal_changelist") + f"?q={report.match_id}"
        rows = format_html_join(
            "",
            "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
            (
                (
                    signal.created_at.strftime("%H:%M:%S"),
                    signal.get_kind_display(),
                    signal.value,
                    "" if signal.target is None else signal.target + 1,
                )
                for signal in signals
            ),
        )
        return format_html(
            "<table><thead><tr><th>{}</th><th>{}</th><th>{}</th><th>{}</th></tr></thead>"
            '<tbody>{}</tbody></table><p><a href="{}">{}</a></p>',
            _("sent at"),
            _("kind"),
            _("value"),
            _("target seat"),
            rows,
            every,
            _("Every signal of this match"),
        )

    def _signals(self, report: PlayerReport):  # noqa: ANN202 (a TableSignal queryset)
        from game.models import TableSignal

        if report.match_id is None:
            return TableSignal.objects.none()
        # Notices too: the table's own lines say when the seat went to the bot and came back.
        return TableSignal.objects.filter(match_id=report.match_id, seat=report.seat)

    @admin.action(description=_("Mark the selected reports as handled"))
    def mark_handled(self, request: HttpRequest, queryset: QuerySet[PlayerReport]) -> None:
        count = queryset.update(handled=True)
        message = ngettext(
            "%(count)d report marked as handled.", "%(count)d reports marked as handled.", count
        )
        self.message_user(request, message % {"count": count})

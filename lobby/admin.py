"""Rooms in the admin: members inline, and two moderation actions (close a room, kick a
member), each asking for a reason that is kept in RoomModerationLog.

Moderators never edit rooms directly: the actions go through lobby.services, so every open
room page redraws and the host passes on as it would in play.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import admin, messages
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse
from django.template.response import TemplateResponse
from django.utils.translation import gettext_lazy as _

from lobby import services
from lobby.models import Room, RoomKick, RoomModerationLog, RoomSeat


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
        "selected": request.POST.getlist(admin.helpers.ACTION_CHECKBOX_NAME),
    }
    return TemplateResponse(request, "lobby/admin/reason.html", context)


class RoomSeatInline(admin.TabularInline):
    model = RoomSeat
    extra = 0
    can_delete = False
    fields = ["index", "kind", "name", "user", "connected", "joined_at", "last_seen"]
    readonly_fields = fields

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


class ModerationLogInline(admin.TabularInline):
    model = RoomModerationLog
    extra = 0
    can_delete = False
    fields = ["created_at", "action", "member_name", "reason", "moderator"]
    readonly_fields = fields

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
    def close_rooms(self, request: HttpRequest, queryset: QuerySet[Room]) -> HttpResponse | None:
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
        self, request: HttpRequest, queryset: QuerySet[RoomSeat]
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

"""Moderation in the admin: find players, ban them with a reason, lift bans."""

from __future__ import annotations

from django import forms
from django.contrib import admin, messages
from django.contrib.admin.helpers import ACTION_CHECKBOX_NAME
from django.contrib.auth.admin import UserAdmin as DjangoUserAdmin
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse
from django.template.response import TemplateResponse
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from bangarena_site.request_types import SignedInRequest

from .forget import delete_account
from .models import User
from .services import ban_user, unban_user

admin.site.site_header = _("BangArena moderation")
admin.site.site_title = _("BangArena moderation")
admin.site.index_title = _("Players and moderation")


class BannedFilter(admin.SimpleListFilter):
    title = _("banned")
    parameter_name = "banned"

    def lookups(self, request: HttpRequest, model_admin: admin.ModelAdmin) -> list[tuple]:
        return [("yes", _("Yes")), ("no", _("No"))]

    def queryset(self, request: HttpRequest, queryset: QuerySet[User]) -> QuerySet[User]:
        if self.value() == "yes":
            return queryset.filter(banned_at__isnull=False)
        if self.value() == "no":
            return queryset.filter(banned_at__isnull=True)
        return queryset


class BanForm(forms.Form):
    reason = forms.CharField(
        label=_("Reason"),
        widget=forms.Textarea(attrs={"rows": 3}),
        max_length=500,
        help_text=_("The player sees this reason when they try to log in."),
    )


@admin.register(User)
class UserAdmin(DjangoUserAdmin):
    list_display = (
        "username",
        "display_name",
        "email",
        "date_joined",
        "last_login",
        "is_active",
        "banned_at",
    )
    list_filter = ("is_active", BannedFilter, "is_staff", "date_joined")
    search_fields = ("username", "display_name", "email")
    ordering = ("-date_joined",)
    readonly_fields = ("banned_at", "ban_reason", "last_login", "date_joined")
    actions = ("ban_selected", "unban_selected")
    fieldsets = (
        *(DjangoUserAdmin.fieldsets or ()),
        (_("Player"), {"fields": ("display_name", "preferred_language")}),
        (_("Moderation"), {"fields": ("banned_at", "ban_reason")}),
    )

    # Deleting a player goes through accounts.forget: his matches stay for the others under
    # "Deleted player". Django's own delete would ask for the right to delete his rating and
    # achievements, which nobody has in the admin (they are the recorder's), and answer 403.
    def get_deleted_objects(self, objs, request: HttpRequest):  # noqa: ANN001, ANN201
        deleted, model_count, _perms_needed, protected = super().get_deleted_objects(objs, request)
        return deleted, model_count, set(), protected

    def delete_model(self, request: HttpRequest, obj: User) -> None:
        delete_account(obj)

    def delete_queryset(self, request: HttpRequest, queryset: QuerySet[User]) -> None:
        for user in queryset:
            delete_account(user)

    @admin.action(description=_("Ban selected users"), permissions=["change"])
    def ban_selected(
        self, request: SignedInRequest, queryset: QuerySet[User]
    ) -> HttpResponse | None:
        # Nobody locks themselves out by a slip of the checkbox.
        targets = queryset.exclude(pk=request.user.pk)
        form = BanForm(request.POST if "apply" in request.POST else None)
        if form.is_bound and form.is_valid():
            count = 0
            for user in targets:
                ban_user(user, reason=form.cleaned_data["reason"])
                count += 1
            self.message_user(
                request,
                ngettext("%(count)d user banned.", "%(count)d users banned.", count)
                % {"count": count},
                messages.SUCCESS,
            )
            return None
        context = {
            **self.admin_site.each_context(request),
            "title": _("Ban users"),
            "opts": self.model._meta,
            "form": form,
            "targets": targets,
            "skipped_self": queryset.filter(pk=request.user.pk).exists(),
            "action_checkbox_name": ACTION_CHECKBOX_NAME,
            "selected_ids": [str(pk) for pk in queryset.values_list("pk", flat=True)],
        }
        return TemplateResponse(request, "admin/accounts/user/ban_confirmation.html", context)

    @admin.action(description=_("Unban selected users"), permissions=["change"])
    def unban_selected(self, request: HttpRequest, queryset: QuerySet[User]) -> None:
        count = 0
        for user in queryset.filter(banned_at__isnull=False):
            unban_user(user)
            count += 1
        self.message_user(
            request,
            ngettext("%(count)d user unbanned.", "%(count)d users unbanned.", count)
            % {"count": count},
            messages.SUCCESS,
        )

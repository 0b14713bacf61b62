"""Statistics moderation in the admin (docs/stats.md, "Moderation").

Records and results are what happened: read-only. Moderators may revoke an unlocked
achievement, keep a user off the leaderboards (with a reason) and look at ratings; ratings are
rebuilt from the stored results with ``manage.py recompute_ratings``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from django.contrib import admin, messages
from django.db.models import QuerySet
from django.http import HttpRequest
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from bangarena_site.accounts.models import User
from game import catalogue
from stats.achievements import ACHIEVEMENTS
from stats.badges import BADGES
from stats.models import LeaderboardExclusion, MatchRecord, PlayerResult, Rating, UserAchievement

if TYPE_CHECKING:
    # Lazily translated text (gettext_lazy); a name the stubs alone define.
    from django.utils.functional import _StrPromise


class ReadOnlyMixin:
    """Nothing here is added or edited by hand."""

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


class PlayerResultInline(ReadOnlyMixin, admin.TabularInline):
    model = PlayerResult
    extra = 0
    can_delete = False
    fields = [
        "seat",
        "kind",
        "strength",
        "name",
        "user",
        "role_name",
        "character_name",
        "won",
        "eliminated_place",
        "eliminated_by",
        "damage_dealt",
        "damage_taken",
        "eliminations",
        "shots_fired",
        "shots_dodged",
        "stars",
        "badge_names",
    ]
    # The same names, all read-only: django-stubs types the two lists differently.
    readonly_fields = fields  # type: ignore[assignment]

    @admin.display(description=_("role"))
    def role_name(self, row: PlayerResult) -> str:
        return str(catalogue.role_name(row.role)) if row.role in catalogue.ROLES else row.role

    @admin.display(description=_("character"))
    def character_name(self, row: PlayerResult) -> str:
        known = row.character in catalogue.CHARACTERS
        return str(catalogue.character_name(row.character)) if known else row.character

    @admin.display(description=_("badges"))
    def badge_names(self, row: PlayerResult) -> str:
        return ", ".join(str(BADGES[code].name) for code in row.badges if code in BADGES)


def catalogue_filter(
    field: str, title: _StrPromise, names: dict[str, Promise]
) -> type[admin.SimpleListFilter]:
    """A list filter over a column of catalogue ids (a mode, a team), offering their names in
    the moderator's language instead of the stored ids."""

    class CatalogueFilter(admin.SimpleListFilter):
        parameter_name = field

        # The catalogue's names are lazy text (Promise), which the stubs narrow to _StrPromise.
        def lookups(  # type: ignore[override]
            self, request: HttpRequest, model_admin: Any
        ) -> list[tuple[str, Promise]]:
            return list(names.items())

        def queryset(self, request: HttpRequest, queryset: QuerySet) -> QuerySet:
            return queryset.filter(**{field: self.value()}) if self.value() else queryset

    CatalogueFilter.title = title
    return CatalogueFilter


@admin.register(MatchRecord)
class MatchRecordAdmin(ReadOnlyMixin, admin.ModelAdmin):
    list_display = [
        "match",
        "mode_name",
        "seats",
        "team_name",
        "rated",
        "rounds",
        "finished_at",
    ]
    list_filter = [
        catalogue_filter("mode", _("mode"), catalogue.MODES),
        "rated",
        catalogue_filter("winning_team", _("winning team"), catalogue.TEAMS),
    ]
    search_fields = ["players__name", "players__user__username"]
    date_hierarchy = "finished_at"
    inlines = [PlayerResultInline]
    readonly_fields = [
        "match",
        "mode_name",
        "seats",
        "rounds",
        "turns",
        "actions",
        "duration_seconds",
        "started_at",
        "finished_at",
        "team_name",
        "winners",
        "rated",
        "humans",
        "recorded_at",
    ]
    # Every stored column, with modes and teams by name (the raw ids are not shown again).
    # The same names, all shown: django-stubs types the two lists differently.
    fields = readonly_fields  # type: ignore[assignment]

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        # Deleting a record would leave tallies, achievements and ratings counting it.
        return False

    @admin.display(description=_("mode"), ordering="mode")
    def mode_name(self, record: MatchRecord) -> str:
        return str(catalogue.MODES.get(record.mode, record.mode))

    @admin.display(description=_("winning team"), ordering="winning_team")
    def team_name(self, record: MatchRecord) -> str:
        return str(catalogue.TEAMS.get(record.winning_team, record.winning_team))

    def get_search_results(
        self, request: HttpRequest, queryset: QuerySet, search_term: str
    ) -> tuple[QuerySet, bool]:
        results, _may_have_duplicates = super().get_search_results(request, queryset, search_term)
        return results.distinct(), False


@admin.register(UserAchievement)
class UserAchievementAdmin(ReadOnlyMixin, admin.ModelAdmin):
    list_display = ["user", "achievement_name", "code", "match", "unlocked_at"]
    list_filter = ["code"]
    search_fields = ["user__username", "user__display_name"]
    list_select_related = ["user"]
    raw_id_fields = ["user", "match"]
    actions = ["revoke"]

    @admin.display(description=_("achievement"))
    def achievement_name(self, row: UserAchievement) -> str:
        achievement = ACHIEVEMENTS.get(row.code)
        return str(achievement.name) if achievement else row.code

    def get_actions(
        self, request: HttpRequest, action_location: Any = admin.ActionLocation.CHANGE_LIST
    ) -> dict[str, Any]:
        # Revoke is the one way to remove an achievement (it logs what it removed).
        actions = super().get_actions(request, action_location=action_location)
        actions.pop("delete_selected", None)
        return actions

    @admin.action(description=_("Revoke the selected achievements"), permissions=["delete"])
    def revoke(self, request: HttpRequest, queryset: QuerySet[UserAchievement]) -> None:
        rows = list(queryset)
        # log_deletions only iterates: the rows read once above are the rows deleted below.
        self.log_deletions(request, rows)  # type: ignore[arg-type]
        UserAchievement.objects.filter(pk__in=[row.pk for row in rows]).delete()
        self.message_user(
            request,
            ngettext("Revoked %(count)d achievement.", "Revoked %(count)d achievements.", len(rows))
            % {"count": len(rows)},
            messages.SUCCESS,
        )


@admin.register(LeaderboardExclusion)
class LeaderboardExclusionAdmin(admin.ModelAdmin):
    list_display = ["user", "reason", "created_by", "created_at"]
    search_fields = ["user__username", "user__display_name", "reason"]
    raw_id_fields = ["user"]
    fields = ["user", "reason", "created_by", "created_at"]
    readonly_fields = ["created_by", "created_at"]

    def save_model(self, request: HttpRequest, obj: LeaderboardExclusion, form: Any, change: bool):
        if not change:
            # The admin lets only signed-in staff in: the user is never anonymous here.
            obj.created_by = cast(User, request.user)
        super().save_model(request, obj, form, change)


@admin.register(Rating)
class RatingAdmin(ReadOnlyMixin, admin.ModelAdmin):
    list_display = ["user", "ordinal", "mu", "sigma", "rated_matches", "updated_at"]
    search_fields = ["user__username", "user__display_name"]
    list_select_related = ["user"]
    readonly_fields = ["user", "mu", "sigma", "ordinal", "rated_matches", "updated_at"]

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

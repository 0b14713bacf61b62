"""What a finished match leaves behind: per-seat results, achievements, ratings and tallies.

Rows here are written only by ``stats.recording`` (and ``stats.claims`` / the
``recompute_ratings`` command), once per match, from the engine's log; the screens only read
them. Leaderboards read ``Rating`` and ``PeriodTally`` so they never aggregate the big
``PlayerResult`` table. See docs/stats.md.
"""

from __future__ import annotations

from datetime import date, timedelta

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from game.models import SEAT_NAME_MAX_LENGTH, BotStrength, Match, MatchSeat


class MatchRecord(models.Model):
    """One finished match, recorded once (the one-to-one key makes recording idempotent)."""

    match = models.OneToOneField(
        Match, on_delete=models.CASCADE, related_name="record", verbose_name=_("match")
    )
    mode = models.CharField(_("mode"), max_length=16)
    seats = models.PositiveSmallIntegerField(_("seats"))
    rounds = models.PositiveIntegerField(_("rounds"))
    turns = models.PositiveIntegerField(_("turns"))
    # The match id is the action log id; this is its length (MatchAction rows).
    actions = models.PositiveIntegerField(_("actions"))
    duration_seconds = models.PositiveIntegerField(_("duration (seconds)"))
    started_at = models.DateTimeField(_("started at"))
    finished_at = models.DateTimeField(_("finished at"), db_index=True)
    winning_team = models.CharField(_("winning team"), max_length=10)
    winners = models.JSONField(_("winning seats"), default=list)
    # At least two different signed-up humans played it (issue 23, stats.ratings.is_rated):
    # only then does it move ratings and count on the leaderboards. Every match counts for
    # its players' own statistics and achievements.
    rated = models.BooleanField(_("rated"), default=False)
    # Different accounts at the table (one account at two seats counts once).
    humans = models.PositiveSmallIntegerField(_("signed-up humans"), default=0)
    recorded_at = models.DateTimeField(_("recorded at"), auto_now_add=True)

    class Meta:
        verbose_name = _("match record")
        verbose_name_plural = _("match records")
        ordering = ["-finished_at"]

    def __str__(self) -> str:
        return _("Record of match %(id)s") % {"id": self.match_id}


class PlayerResult(models.Model):
    """One seat's line in a finished match: who played it and what they did."""

    record = models.ForeignKey(
        MatchRecord, on_delete=models.CASCADE, related_name="players", verbose_name=_("record")
    )
    seat = models.PositiveSmallIntegerField(_("seat"), help_text=_("0-based engine seat"))
    kind = models.CharField(_("kind"), max_length=5, choices=MatchSeat.Kind.choices)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="match_results",
        verbose_name=_("user"),
    )
    guest_key = models.CharField(_("guest session key"), max_length=40, blank=True, db_index=True)
    name = models.CharField(_("name at the table"), max_length=SEAT_NAME_MAX_LENGTH)
    label = models.CharField(_("label"), max_length=20, blank=True)
    # How well a bot seat's bot played (issue 22); '' for a human's or an AI seat.
    strength = models.CharField(
        _("bot strength"), max_length=6, choices=BotStrength.choices, blank=True
    )
    character = models.CharField(_("character"), max_length=20)
    role = models.CharField(_("role"), max_length=16)
    team = models.CharField(_("team"), max_length=10)
    won = models.BooleanField(_("won"))
    # 1 = first eliminated; null = alive at the end.
    eliminated_place = models.PositiveSmallIntegerField(
        _("eliminated place"), null=True, blank=True
    )
    eliminated_by = models.PositiveSmallIntegerField(
        _("eliminated by seat"), null=True, blank=True, help_text=_("empty: survived or Dynamite")
    )
    eliminated_round = models.PositiveIntegerField(_("eliminated in round"), null=True, blank=True)
    rounds_survived = models.PositiveIntegerField(_("rounds survived"), default=0)
    turns_played = models.PositiveIntegerField(_("turns played"), default=0)
    damage_dealt = models.PositiveIntegerField(_("damage dealt"), default=0)
    damage_taken = models.PositiveIntegerField(_("damage taken"), default=0)
    healed = models.PositiveIntegerField(_("HP healed"), default=0)
    eliminations = models.PositiveSmallIntegerField(_("eliminations"), default=0)
    shots_fired = models.PositiveIntegerField(_("Shots fired"), default=0)
    shots_dodged = models.PositiveIntegerField(
        _("hits dodged"), default=0, help_text=_("hits cancelled by Ricochet, Cover or Flask")
    )
    cards_played = models.PositiveIntegerField(_("cards played"), default=0)
    cards_drawn = models.PositiveIntegerField(_("cards drawn"), default=0)
    duels_won = models.PositiveSmallIntegerField(_("Duels won"), default=0)
    stars = models.PositiveSmallIntegerField(_("stars"), default=0)
    upgrades = models.JSONField(_("upgrades"), default=list, blank=True)
    bounties_taken = models.PositiveSmallIntegerField(_("Bounties taken"), default=0)
    dynamite_survived = models.PositiveSmallIntegerField(
        _("Dynamite explosions survived"), default=0
    )
    final_hp = models.PositiveSmallIntegerField(_("HP at the end"), default=0)
    badges = models.JSONField(_("badges"), default=list, blank=True)
    # Copied from the record so history filters and period queries need no join.
    mode = models.CharField(_("mode"), max_length=16)
    finished_at = models.DateTimeField(_("finished at"))

    class Meta:
        verbose_name = _("player result")
        verbose_name_plural = _("player results")
        ordering = ["record", "seat"]
        constraints = [
            models.UniqueConstraint(fields=["record", "seat"], name="stats_result_unique_seat"),
        ]
        indexes = [
            models.Index(fields=["user", "-finished_at"], name="stats_result_user_recent"),
            models.Index(fields=["user", "mode"], name="stats_result_user_mode"),
            models.Index(fields=["user", "role"], name="stats_result_user_role"),
        ]

    def __str__(self) -> str:
        return _("Seat %(number)s: %(name)s") % {"number": self.seat + 1, "name": self.name}


class UserAchievement(models.Model):
    """An achievement a user unlocked, once, with the match that unlocked it."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="achievements",
        verbose_name=_("user"),
    )
    code = models.CharField(_("achievement"), max_length=32)
    match = models.ForeignKey(
        Match,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("unlocked in match"),
    )
    unlocked_at = models.DateTimeField(_("unlocked at"))

    class Meta:
        verbose_name = _("unlocked achievement")
        verbose_name_plural = _("unlocked achievements")
        ordering = ["-unlocked_at"]
        constraints = [
            models.UniqueConstraint(fields=["user", "code"], name="stats_achievement_once"),
        ]

    def __str__(self) -> str:
        return f"{self.user_id}: {self.code}"


class Rating(models.Model):
    """A user's skill rating (openskill Plackett-Luce); leaderboards sort by ``ordinal``."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="rating",
        verbose_name=_("user"),
    )
    mu = models.FloatField(_("mu"))
    sigma = models.FloatField(_("sigma"))
    ordinal = models.FloatField(_("rating"), db_index=True, help_text=_("mu - 3 sigma"))
    rated_matches = models.PositiveIntegerField(_("rated matches"), default=0)
    updated_at = models.DateTimeField(_("updated at"))

    class Meta:
        verbose_name = _("rating")
        verbose_name_plural = _("ratings")
        ordering = ["-ordinal"]
        indexes = [
            # The rating board's order: its pages and the "Your rank" standings read only
            # this index (docs/performance.md).
            models.Index(fields=["-ordinal", "user"], name="stats_rating_board"),
        ]

    def __str__(self) -> str:
        return f"{self.user_id}: {self.ordinal:.1f}"


class RatingChange(models.Model):
    """What one rated match did to one user's rating (replayed by ``recompute_ratings``)."""

    record = models.ForeignKey(
        MatchRecord,
        on_delete=models.CASCADE,
        related_name="rating_changes",
        verbose_name=_("record"),
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="rating_changes",
        verbose_name=_("user"),
    )
    mu_before = models.FloatField(_("mu before"))
    sigma_before = models.FloatField(_("sigma before"))
    ordinal_before = models.FloatField(_("rating before"))
    mu_after = models.FloatField(_("mu after"))
    sigma_after = models.FloatField(_("sigma after"))
    ordinal_after = models.FloatField(_("rating after"))

    class Meta:
        verbose_name = _("rating change")
        verbose_name_plural = _("rating changes")
        ordering = ["record", "user"]
        constraints = [
            models.UniqueConstraint(fields=["record", "user"], name="stats_rating_change_once"),
        ]

    def __str__(self) -> str:
        before, after = self.ordinal_before, self.ordinal_after
        return f"{self.user_id} @ {self.record_id}: {before:.1f} -> {after:.1f}"


#: The ``start`` of every "all" tally.
ALL_TIME_START = date(2000, 1, 1)


class PeriodTally(models.Model):
    """Games and wins of a user in one period (and one role, or all roles with ``role=""``).

    Kept up to date at recording time so leaderboards read a few rows per user instead of
    aggregating every result. Periods use the UTC date of ``finished_at``."""

    class Period(models.TextChoices):
        WEEK = "week", _("This week")
        MONTH = "month", _("This month")
        ALL = "all", _("All time")

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="period_tallies",
        verbose_name=_("user"),
    )
    period = models.CharField(_("period"), max_length=5, choices=Period.choices)
    # Monday of the week, the 1st of the month, or ALL_TIME_START for "all".
    start = models.DateField(_("period start"))
    role = models.CharField(_("role"), max_length=16, blank=True, help_text=_("empty: all roles"))
    games = models.PositiveIntegerField(_("games"), default=0)
    wins = models.PositiveIntegerField(_("wins"), default=0)

    class Meta:
        verbose_name = _("period tally")
        verbose_name_plural = _("period tallies")
        constraints = [
            models.UniqueConstraint(
                fields=["user", "period", "start", "role"], name="stats_tally_unique"
            ),
        ]
        indexes = [
            # Covering, in the most-wins order: boards, deep pages and the win-rate sort read
            # only this index, never a scattered table row per tally (docs/performance.md).
            models.Index(
                fields=["period", "start", "role", "-wins", "games", "user"],
                name="stats_tally_board_cover",
            ),
        ]

    def __str__(self) -> str:
        role = self.role or "*"
        return f"{self.user_id} {self.period} {self.start} {role}: {self.wins}/{self.games}"

    @staticmethod
    def start_of(period: str, day: date) -> date:
        """The start of the ``period`` containing ``day`` (a UTC date): Monday, the 1st, or
        ALL_TIME_START."""
        if period == PeriodTally.Period.WEEK:
            return day - timedelta(days=day.weekday())
        if period == PeriodTally.Period.MONTH:
            return day.replace(day=1)
        return ALL_TIME_START


class LeaderboardExclusion(models.Model):
    """A moderator's decision to keep a user off every leaderboard (the rating is still kept)."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="leaderboard_exclusion",
        verbose_name=_("user"),
    )
    reason = models.TextField(_("reason"))
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("excluded by"),
    )
    created_at = models.DateTimeField(_("excluded at"), auto_now_add=True)

    class Meta:
        verbose_name = _("leaderboard exclusion")
        verbose_name_plural = _("leaderboard exclusions")
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return str(self.user_id)


class GuestClaim(models.Model):
    """A guest session key whose owner signed up: results recorded later under that key (a
    match still running at signup) go to the account, like the ones claimed at signup."""

    session_key = models.CharField(_("guest session key"), max_length=40, unique=True)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="+",
        verbose_name=_("user"),
    )
    claimed_at = models.DateTimeField(_("claimed at"), auto_now_add=True)

    class Meta:
        verbose_name = _("claimed guest session")
        verbose_name_plural = _("claimed guest sessions")

    def __str__(self) -> str:
        return f"{self.user_id}"

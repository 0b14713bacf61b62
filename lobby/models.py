"""Rooms: the way into every match (R129-R134, issue 5).

A room has fixed settings (chosen on the start screen when it was created, Q59), a host and up
to eight seats. A seat row exists only while someone sits there: an empty seat is a missing
row, so "take the last free seat" is an insert that the unique (room, index) constraint lets
succeed exactly once.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from bangarena_site.accounts.validators import validate_no_control_characters
from game import catalogue
from game.models import SEAT_NAME_MAX_LENGTH, BotStrength, Match, MatchSeat, MoveTime, Tempo

MIN_SEATS = 4
MAX_SEATS = 8
CODE_LENGTH = 6


#: Role modes (R129), named as everywhere else on the site (game.catalogue).
MODE_CHOICES = list(catalogue.MODES.items())


class Room(models.Model):
    class Status(models.TextChoices):
        OPEN = "open", _("Open")
        PLAYING = "playing", _("Playing")
        CLOSED = "closed", _("Closed")

    code = models.CharField(_("code"), max_length=CODE_LENGTH, unique=True)
    host = models.ForeignKey(
        "RoomSeat",
        verbose_name=_("host"),
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    seats = models.PositiveSmallIntegerField(_("seats"))
    mode = models.CharField(_("mode"), max_length=16, choices=MODE_CHOICES)
    move_time = models.PositiveSmallIntegerField(_("move time"), choices=MoveTime.choices)
    tempo = models.CharField(_("tempo"), max_length=8, choices=Tempo.choices)
    status = models.CharField(
        _("status"), max_length=8, choices=Status.choices, default=Status.OPEN
    )
    current_match = models.ForeignKey(
        Match,
        verbose_name=_("current match"),
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    created_at = models.DateTimeField(_("created at"))
    last_activity = models.DateTimeField(_("last activity"))
    # Since when no human has been connected; the daily clean-up closes rooms empty that long.
    empty_since = models.DateTimeField(_("empty since"), null=True, blank=True)
    closed_at = models.DateTimeField(_("closed at"), null=True, blank=True)
    # Open rooms (issue 23): the host's switch lists the room at /play/ for strangers. Private
    # (the default) rooms are reached only by their code or link.
    is_public = models.BooleanField(_("public"), default=False)
    public_since = models.DateTimeField(_("public since"), null=True, blank=True)
    # The host's language when the room was made public: strangers pick a table they can talk at.
    language = models.CharField(_("language"), max_length=8, blank=True)

    class Meta:
        verbose_name = _("room")
        verbose_name_plural = _("rooms")
        ordering = ["-created_at"]
        constraints = [
            models.CheckConstraint(
                condition=Q(seats__gte=MIN_SEATS, seats__lte=MAX_SEATS),
                name="lobby_room_seats_4_to_8",
            )
        ]

    def __str__(self) -> str:
        return self.code

    @property
    def is_open(self) -> bool:
        return self.status == self.Status.OPEN

    @property
    def is_playing(self) -> bool:
        return self.status == self.Status.PLAYING

    @property
    def is_closed(self) -> bool:
        return self.status == self.Status.CLOSED


class RoomSeat(models.Model):
    # The same three controllers as a match seat: a room seat becomes one at the start.
    Kind = MatchSeat.Kind

    room = models.ForeignKey(Room, on_delete=models.CASCADE, related_name="members")
    index = models.PositiveSmallIntegerField(_("seat"), help_text=_("0-based, in table order"))
    kind = models.CharField(_("kind"), max_length=5, choices=Kind.choices)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="room_seats",
        verbose_name=_("user"),
    )
    guest_key = models.CharField(_("guest session key"), max_length=40, blank=True)
    name = models.CharField(
        _("name at the table"),
        max_length=SEAT_NAME_MAX_LENGTH,
        validators=[validate_no_control_characters],
    )
    # A bot seat's strength, the host's choice (issue 22); the match's seat gets it at Start
    # and Play again. Other seats keep Normal: the bot plays a player's seat only at Normal.
    strength = models.CharField(
        _("bot strength"), max_length=6, choices=BotStrength.choices, default=BotStrength.NORMAL
    )
    joined_at = models.DateTimeField(_("joined at"))
    connected = models.BooleanField(_("connected"), default=False)
    # Open room sockets (two tabs count twice): away only when the last one closes.
    sockets = models.PositiveSmallIntegerField(_("open sockets"), default=0)
    last_seen = models.DateTimeField(_("last seen"), null=True, blank=True)

    class Meta:
        verbose_name = _("room member")
        verbose_name_plural = _("room members")
        ordering = ["room", "index"]
        constraints = [
            models.UniqueConstraint(fields=["room", "index"], name="lobby_roomseat_unique_index"),
            # One seat per person per room, so a double click cannot seat someone twice.
            models.UniqueConstraint(
                fields=["room", "user"],
                condition=Q(user__isnull=False),
                name="lobby_roomseat_unique_user",
            ),
            models.UniqueConstraint(
                fields=["room", "guest_key"],
                condition=~Q(guest_key=""),
                name="lobby_roomseat_unique_guest",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.room.code} #{self.index + 1}: {self.name}"

    @property
    def is_human(self) -> bool:
        return self.kind == self.Kind.HUMAN

    @property
    def number(self) -> int:
        """The seat number players read (R1: seats are numbered 1..N)."""
        return self.index + 1


class LobbyPreferences(models.Model):
    """A signed-in player's start-screen settings, remembered across devices (guests keep
    theirs in the session)."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="lobby_preferences",
        verbose_name=_("user"),
    )
    settings = models.JSONField(_("settings"), default=dict)

    class Meta:
        verbose_name = _("lobby preferences")
        verbose_name_plural = _("lobby preferences")

    def __str__(self) -> str:
        return str(self.user)


class RoomModerationLog(models.Model):
    """What a moderator did to a room, and why."""

    class Action(models.TextChoices):
        CLOSE = "close", _("Closed the room")
        KICK = "kick", _("Kicked a member")

    room = models.ForeignKey(Room, on_delete=models.CASCADE, related_name="moderation_log")
    action = models.CharField(_("action"), max_length=8, choices=Action.choices)
    member_name = models.CharField(_("member"), max_length=SEAT_NAME_MAX_LENGTH, blank=True)
    reason = models.TextField(_("reason"))
    moderator = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        related_name="+",
    )
    created_at = models.DateTimeField(_("when"), auto_now_add=True)

    class Meta:
        verbose_name = _("room moderation entry")
        verbose_name_plural = _("room moderation log")
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"{self.room.code}: {self.get_action_display()}"


class RoomKick(models.Model):
    """A player the host kicked out of a room (issue 23): they cannot take a seat in it again
    (by code, link or the open list), and their room page tells them why."""

    room = models.ForeignKey(Room, on_delete=models.CASCADE, related_name="kicks")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("user"),
    )
    guest_key = models.CharField(_("guest session key"), max_length=40, blank=True)
    name = models.CharField(_("name at the table"), max_length=SEAT_NAME_MAX_LENGTH)
    kicked_at = models.DateTimeField(_("kicked at"))

    class Meta:
        verbose_name = _("kicked player")
        verbose_name_plural = _("kicked players")
        ordering = ["-kicked_at"]
        constraints = [
            models.UniqueConstraint(
                fields=["room", "user"],
                condition=Q(user__isnull=False),
                name="lobby_roomkick_unique_user",
            ),
            models.UniqueConstraint(
                fields=["room", "guest_key"],
                condition=~Q(guest_key=""),
                name="lobby_roomkick_unique_guest",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.room.code}: {self.name}"


class PlayerBlock(models.Model):
    """A player someone with an account never wants to sit with again (issue 23).

    Blocks work both ways and quietly: neither player is ever seated with the other through
    the open tables or quick match, and the blocked player is not told (their list simply
    lacks those tables). A guest is blocked by their session key, which follows them when
    they sign up. Friends who share a code or a link can still sit together.
    """

    blocker = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="player_blocks",
        verbose_name=_("blocked by"),
    )
    blocked_user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("blocked account"),
    )
    blocked_guest_key = models.CharField(_("blocked guest session key"), max_length=40, blank=True)
    name = models.CharField(_("name at the table"), max_length=SEAT_NAME_MAX_LENGTH)
    created_at = models.DateTimeField(_("blocked at"))

    class Meta:
        verbose_name = _("blocked player")
        verbose_name_plural = _("blocked players")
        ordering = ["-created_at"]
        constraints = [
            models.UniqueConstraint(
                fields=["blocker", "blocked_user"],
                condition=Q(blocked_user__isnull=False),
                name="lobby_playerblock_unique_user",
            ),
            models.UniqueConstraint(
                fields=["blocker", "blocked_guest_key"],
                condition=~Q(blocked_guest_key=""),
                name="lobby_playerblock_unique_guest",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.blocker} ⊘ {self.name}"


class PlayerReport(models.Model):
    """A player reported to the moderators by someone at the same table (issue 23), with the
    room's match at that moment, so the admin can look at what the seat did (its signals)."""

    class Reason(models.TextChoices):
        ABUSE = "abuse", _("Abusive or offensive name or signals")
        CHEATING = "cheating", _("Cheating or teaming up with another player")
        STALLING = "stalling", _("Leaving or stalling the game on purpose")
        SPAM = "spam", _("Spamming signals")
        OTHER = "other", _("Something else")

    room = models.ForeignKey(Room, on_delete=models.CASCADE, related_name="reports")
    match = models.ForeignKey(
        Match,
        verbose_name=_("match"),
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    seat = models.PositiveSmallIntegerField(_("seat"), help_text=_("0-based, in table order"))
    reported_user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("reported account"),
    )
    reported_guest_key = models.CharField(
        _("reported guest session key"), max_length=40, blank=True
    )
    reported_name = models.CharField(_("reported player"), max_length=SEAT_NAME_MAX_LENGTH)
    reporter = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("reported by"),
    )
    reporter_guest_key = models.CharField(
        _("reporter guest session key"), max_length=40, blank=True
    )
    reporter_name = models.CharField(_("reporter"), max_length=SEAT_NAME_MAX_LENGTH)
    reason = models.CharField(_("reason"), max_length=10, choices=Reason.choices)
    details = models.TextField(_("details"), max_length=1000, blank=True)
    created_at = models.DateTimeField(_("reported at"))
    handled = models.BooleanField(_("handled"), default=False)

    class Meta:
        verbose_name = _("player report")
        verbose_name_plural = _("player reports")
        ordering = ["handled", "-created_at"]

    def __str__(self) -> str:
        return f"{self.reported_name} ({self.get_reason_display()})"


class QueueTicket(models.Model):
    """A place in the quick-match queue (issue 23): "Play with people" for a range of seat
    counts, a mode and a move time (blank: any). The server forms tables from the waiting
    tickets (lobby.quick_match); a placed ticket points at the room its table was made in."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("user"),
    )
    guest_key = models.CharField(_("guest session key"), max_length=40, blank=True)
    name = models.CharField(_("name at the table"), max_length=SEAT_NAME_MAX_LENGTH)
    min_seats = models.PositiveSmallIntegerField(_("fewest seats"))
    max_seats = models.PositiveSmallIntegerField(_("most seats"))
    mode = models.CharField(_("mode"), max_length=16, blank=True, choices=MODE_CHOICES)
    # Seconds per decision the player asked for (R118, R129); null: any move time suits them.
    move_time = models.PositiveSmallIntegerField(
        _("move time"), null=True, blank=True, choices=MoveTime.choices
    )
    joined_at = models.DateTimeField(_("joined at"))
    # The queue page beats like a room page: a ticket nobody looks at any more is dropped.
    last_seen = models.DateTimeField(_("last seen"))
    room = models.ForeignKey(
        Room, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )

    class Meta:
        verbose_name = _("quick-match ticket")
        verbose_name_plural = _("quick-match queue")
        ordering = ["joined_at", "pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["user"], condition=Q(user__isnull=False), name="lobby_ticket_one_per_user"
            ),
            models.UniqueConstraint(
                fields=["guest_key"], condition=~Q(guest_key=""), name="lobby_ticket_one_per_guest"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.min_seats}-{self.max_seats})"

    @property
    def is_waiting(self) -> bool:
        return self.room_id is None

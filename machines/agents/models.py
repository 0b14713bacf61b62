"""Seat tokens of agent programs (docs/agent-protocol.md).

A token is the only credential of an agent: the host creates it for one seat ("Seat an
agent"), sees it once, and may revoke it. Only its SHA-256 hash is stored, so a database leak
does not hand out seats. A room-bound token follows the room's matches (Play again); a
match-bound token plays one match seat.
"""

from __future__ import annotations

from django.conf import settings
from django.core.validators import MinLengthValidator
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from bangarena_site.accounts.validators import validate_no_control_characters
from game.models import SEAT_NAME_MAX_LENGTH


class AgentToken(models.Model):
    token_hash = models.CharField(_("token hash"), max_length=64, unique=True)
    name = models.CharField(
        _("agent name"),
        max_length=SEAT_NAME_MAX_LENGTH,
        validators=[MinLengthValidator(1), validate_no_control_characters],
        help_text=_("the name the host gave the agent; shown on its seat's badge"),
    )
    room_seat = models.ForeignKey(
        "lobby.RoomSeat",
        verbose_name=_("room seat"),
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="agent_tokens",
    )
    match_seat = models.ForeignKey(
        "game.MatchSeat",
        verbose_name=_("match seat"),
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="agent_tokens",
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("created by"),
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)
    revoked_at = models.DateTimeField(_("revoked at"), null=True, blank=True)
    last_used_at = models.DateTimeField(_("last used at"), null=True, blank=True)

    class Meta:
        verbose_name = _("agent token")
        verbose_name_plural = _("agent tokens")
        ordering = ["-created_at"]
        constraints = [
            # A token plays exactly one seat: a room seat (following its matches) or a match seat.
            models.CheckConstraint(
                condition=Q(room_seat__isnull=False, match_seat__isnull=True)
                | Q(room_seat__isnull=True, match_seat__isnull=False),
                name="agents_token_one_seat",
            )
        ]

    def __str__(self) -> str:
        return self.name

    @property
    def is_active(self) -> bool:
        return self.revoked_at is None

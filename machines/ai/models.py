"""Language-model seats ("AI N", R142): the models admins register, which model a room's or a
match's AI seat is bound to, and the log of every decision a model made or failed to make.

An AI seat is either bound to a model here or to an agent program (``machines.agents``); the
decision job in ``machines.ai.tasks`` only acts on seats with a ``MatchSeatModel``.
"""

from __future__ import annotations

from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.utils.translation import gettext_lazy as _

from game.models import Match, MatchSeat


class AIModel(models.Model):
    """An OpenAI-compatible chat model an admin made available to hosts.

    The API key itself is never stored: ``api_key_env`` names the environment variable of the
    worker process that holds it (a missing variable is a logged failure, not a crash)."""

    display_name = models.CharField(
        _("display name"), max_length=40, help_text=_("shown on the model badge at the table")
    )
    base_url = models.URLField(
        _("base URL"),
        max_length=200,
        help_text=_("OpenAI-compatible API root, e.g. https://api.example.com/v1"),
    )
    model = models.CharField(_("model id"), max_length=100)
    api_key_env = models.CharField(
        _("API key environment variable"),
        max_length=64,
        blank=True,
        help_text=_("name of the variable holding the key; empty for a server without keys"),
    )
    timeout_seconds = models.PositiveSmallIntegerField(
        _("timeout per decision (s)"),
        default=10,
        validators=[MinValueValidator(1), MaxValueValidator(90)],
        help_text=_("capped by the table's move time"),
    )
    token_budget = models.PositiveIntegerField(
        _("token budget per match"),
        default=200_000,
        help_text=_("once a seat has used this many tokens, it only makes automatic moves"),
    )
    json_mode = models.BooleanField(
        _("ask for JSON mode"),
        default=True,
        help_text=_("sends response_format json_object; turn off if the server refuses it"),
    )
    enabled = models.BooleanField(_("enabled"), default=True)
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)

    class Meta:
        verbose_name = _("language model")
        verbose_name_plural = _("language models")
        ordering = ["display_name", "pk"]

    def __str__(self) -> str:
        return self.display_name


class RoomSeatModel(models.Model):
    """The host's choice: this room seat is an AI played by this model."""

    # By label, as AgentToken does: the lobby's room seat is a table above this part, which
    # this part never imports (docs/architecture.md).
    room_seat = models.OneToOneField(
        "lobby.RoomSeat", on_delete=models.CASCADE, related_name="ai_model"
    )
    model = models.ForeignKey(AIModel, on_delete=models.PROTECT, related_name="room_seats")

    class Meta:
        verbose_name = _("room seat model")
        verbose_name_plural = _("room seat models")

    def __str__(self) -> str:
        return f"{self.room_seat}: {self.model}"


class MatchSeatModel(models.Model):
    """A match's AI seat played by this model, bound when the match starts."""

    match_seat = models.OneToOneField(MatchSeat, on_delete=models.CASCADE, related_name="ai_model")
    model = models.ForeignKey(AIModel, on_delete=models.PROTECT, related_name="match_seats")
    tokens_used = models.PositiveIntegerField(_("tokens used"), default=0)

    class Meta:
        verbose_name = _("match seat model")
        verbose_name_plural = _("match seat models")

    def __str__(self) -> str:
        return f"{self.match_seat}: {self.model}"


class AIDecisionLog(models.Model):
    """One decision of a model seat: its outcome, and on failure why the automatic move was
    made (R120, R142). Admin only: ``reason`` may hold the model's reasoning, which no player
    sees during the match."""

    class Outcome(models.TextChoices):
        OK = "ok", _("Chose a move")
        RETRY_OK = "retry_ok", _("Chose a move on the retry")
        TIMEOUT = "timeout", _("Timed out")
        HTTP_ERROR = "http_error", _("HTTP or connection error")
        MALFORMED = "malformed", _("Malformed answer")
        ILLEGAL = "illegal", _("Illegal move")
        BUDGET = "budget", _("Token budget used up")
        DISABLED = "disabled", _("Model disabled")
        NO_KEY = "no_key", _("API key variable missing")
        STALE = "stale", _("Table moved on first")

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="ai_decisions")
    seat = models.PositiveSmallIntegerField(_("seat"))
    version = models.PositiveIntegerField(_("version"))
    model = models.ForeignKey(
        AIModel, on_delete=models.SET_NULL, null=True, related_name="decisions"
    )
    outcome = models.CharField(_("outcome"), max_length=10, choices=Outcome.choices)
    action = models.JSONField(_("move made"), null=True, blank=True)
    detail = models.CharField(_("detail"), max_length=300, blank=True)
    reason = models.TextField(_("model's reason"), blank=True)
    tokens = models.PositiveIntegerField(_("tokens"), default=0)
    latency_ms = models.PositiveIntegerField(_("latency (ms)"), default=0)
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)

    class Meta:
        verbose_name = _("AI decision")
        verbose_name_plural = _("AI decisions")
        ordering = ["-created_at", "-pk"]
        indexes = [models.Index(fields=["match", "seat", "version"], name="ai_decision_at")]

    def __str__(self) -> str:
        return f"{self.match_id} seat {self.seat} v{self.version}: {self.outcome}"

"""A match in the database: its config and action log (the truth) plus a state snapshot.

A match is ``config + actions``: replaying the MatchAction rows on ``Game.new(config)`` gives the
same game byte for byte (engine/README.md, "Determinism and replay"). ``state`` is a snapshot
of the whole game and ``tail`` the moves made since it (``game.storage``): a move writes its
one action, not the whole game with its ever longer log.

Only ``game.services`` changes these rows (the Zulip ``do_*`` rule of DESIGN.md section 5).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from bangarena_engine import Game, GameConfig
from game import storage

SEAT_NAME_MAX_LENGTH = 20


class Tempo(models.TextChoices):
    """Pauses between bot moves (Q57); the host may change it live (R132)."""

    SLOW = "slow", _("Slow")
    NORMAL = "normal", _("Normal")
    FAST = "fast", _("Fast")


class BotStrength(models.TextChoices):
    """How well the server bot plays a bot seat (issue 22, R141), chosen per seat in the room
    and on the start screen; the values are ``machines.bots.STRENGTHS``. A human's or an AI
    seat handed to the bot (R121) is not a bot seat and always plays Normal."""

    EASY = "easy", pgettext_lazy("bot strength", "Easy")
    NORMAL = "normal", pgettext_lazy("bot strength", "Normal")
    HARD = "hard", pgettext_lazy("bot strength", "Hard")


class MoveTime(models.IntegerChoices):
    """Seconds per decision (R118, R129)."""

    S15 = 15, _("15 s")
    S30 = 30, _("30 s")
    S60 = 60, _("60 s")
    S90 = 90, _("90 s")


class SeedField(models.CharField):
    """A game seed: an integer of up to 256 bits (bangarena_engine.rng.SEED_BITS), wider than any
    database integer, so it is stored as its decimal digits and read back as an ``int``."""

    # For django-stubs (annotations only): what the field takes and what it reads back, an
    # int where CharField reads back text.
    _pyi_private_set_type: int | str
    _pyi_private_get_type: int  # type: ignore[assignment]

    def __init__(self, *args, **kwargs) -> None:
        kwargs.setdefault("max_length", 80)
        super().__init__(*args, **kwargs)

    def deconstruct(self):
        name, path, args, kwargs = super().deconstruct()
        if kwargs.get("max_length") == 80:
            del kwargs["max_length"]
        return name, path, args, kwargs

    def from_db_value(self, value, expression, connection) -> int | None:
        return None if value is None else int(value)

    def to_python(self, value) -> int | None:
        if value is None or isinstance(value, int):
            return value
        return int(value)

    def get_prep_value(self, value) -> str | None:
        return None if value is None else str(int(value))


class Match(models.Model):
    class Status(models.TextChoices):
        RUNNING = "running", _("Running")
        FINISHED = "finished", _("Finished")

    # The generator's secret key (bangarena_engine.rng): it decides every shuffle, deal and coin of
    # the match, so it never leaves the server while the match runs (docs/security.md).
    seed = SeedField(_("seed"))
    config = models.JSONField(_("config"), help_text=_("GameConfig fields the match started from"))
    state = models.JSONField(_("state"), help_text=_("game snapshot before the tail's moves"))
    tail = models.JSONField(
        _("tail"), default=list, help_text=_("[seat, action] of every move since the snapshot")
    )
    version = models.PositiveIntegerField(_("version"), default=0)
    # Counts every change the table shows (moves, presence, signals, host controls): each
    # screen's frames carry it, so a late frame is dropped and a lost one noticed (issue 16).
    table_version = models.PositiveIntegerField(_("table version"), default=0)
    status = models.CharField(
        _("status"), max_length=10, choices=Status.choices, default=Status.RUNNING
    )
    move_time = models.PositiveSmallIntegerField(_("move time"), choices=MoveTime.choices)
    tempo = models.CharField(_("tempo"), max_length=8, choices=Tempo.choices)
    # The awaited decision: whose it is, since when, and when it times out (R118-R120). Kept in
    # columns (not only inside ``state``) so the sweeper finds overdue tables with one query.
    awaited_seat = models.PositiveSmallIntegerField(_("awaited seat"), null=True, blank=True)
    awaited_since = models.DateTimeField(_("awaited since"), null=True, blank=True)
    deadline = models.DateTimeField(_("deadline"), null=True, blank=True)
    host_seat = models.PositiveSmallIntegerField(_("host seat"), null=True, blank=True)
    room_url = models.CharField(_("room link"), max_length=200, blank=True)
    result = models.JSONField(_("result"), null=True, blank=True)
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)
    finished_at = models.DateTimeField(_("finished at"), null=True, blank=True)

    class Meta:
        verbose_name = _("match")
        verbose_name_plural = _("matches")
        ordering = ["-created_at"]
        indexes = [models.Index(fields=["status", "deadline"], name="game_match_due")]

    def __str__(self) -> str:
        return _("Match %(id)s") % {"id": self.pk}

    @property
    def is_running(self) -> bool:
        return self.status == self.Status.RUNNING

    def game(self) -> Game:
        """The game as it stands: the snapshot with the tail's moves applied again."""
        return storage.restore(self.state, self.tail)

    def record_move(self, game: Game, seat: int, action: dict[str, Any]) -> list[str]:
        """Keep ``game`` after ``seat`` made ``action`` on it (``game.storage``). Returns the
        fields changed, for ``save(update_fields=...)``."""
        snapshot, self.tail = storage.record(game, self.tail, seat, action)
        if snapshot is None:
            return ["tail"]
        self.state = snapshot
        return ["state", "tail"]

    def stored_game(self) -> Callable[[], Game]:
        """The game as stored now, rebuilt only when called: a change keeps the table before
        it this way and draws it only if somebody looks."""
        state, tail = self.state, list(self.tail)
        return lambda: storage.restore(state, tail)

    def game_config(self) -> GameConfig:
        return GameConfig.from_dict(self.config)

    def replay(self) -> Game:
        """The game rebuilt from config + action log, ignoring the snapshot (restart, audits)."""
        game = Game.new(self.game_config())
        for move in self.actions.order_by("seq"):
            game.apply(move.seat, move.action)
        return game


class MatchSeat(models.Model):
    class Kind(models.TextChoices):
        HUMAN = "human", _("Human")
        BOT = "bot", _("Bot")
        AI = "ai", _("AI")

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="seats")
    seat = models.PositiveSmallIntegerField(_("seat"), help_text=_("0-based engine seat"))
    kind = models.CharField(_("kind"), max_length=5, choices=Kind.choices)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="match_seats",
        verbose_name=_("user"),
    )
    guest_key = models.CharField(_("guest session key"), max_length=40, blank=True, db_index=True)
    name = models.CharField(_("name at the table"), max_length=SEAT_NAME_MAX_LENGTH)
    label = models.CharField(_("label"), max_length=20, blank=True, help_text=_('"Bot 3", "AI 2"'))
    autopilot = models.BooleanField(_("handed to bot"), default=False)
    # How well the server bot plays a bot seat (issue 22); other seats keep Normal, the
    # strength the bot plays a seat handed to it at (R121). Matches from before strengths
    # existed were played by today's Normal bot, and read so.
    strength = models.CharField(
        _("bot strength"), max_length=6, choices=BotStrength.choices, default=BotStrength.NORMAL
    )
    # The player's opt-in: when "pass" is their only answer, the server passes for them after
    # the tempo pause. Off by default, because answering at once tells the table the hand
    # holds nothing to answer with.
    auto_pass = models.BooleanField(_("auto-pass when there is no answer"), default=False)
    # Presence as the table shows it and the timers use it (R119, Q48), kept in step with the
    # seat's TableScreen heartbeats by game.presence. A seat nobody ever opened is away from
    # the start, since the match began.
    connected = models.BooleanField(_("connected"), default=False)
    away_since = models.DateTimeField(_("away since"), null=True, blank=True)
    # Decisions in a row that ran out of time (R120); two hand the seat to the bot (R121).
    timeouts = models.PositiveSmallIntegerField(_("timeouts in a row"), default=0)
    # The language this player last connected with, so jobs render the table the way they read.
    language = models.CharField(_("language"), max_length=8, blank=True)
    last_seen = models.DateTimeField(_("last seen"), null=True, blank=True)
    # Issue 23: the seats whose players voted to hand this absent seat to the bot, and the
    # absence they voted in (its ``away_since``): votes of an earlier absence count no more,
    # so a player who came back and left again starts with none.
    bot_votes = models.JSONField(_("votes to hand to the bot"), default=list, blank=True)
    bot_votes_away_since = models.DateTimeField(
        _("votes cast in the absence since"), null=True, blank=True
    )

    class Meta:
        verbose_name = _("match seat")
        verbose_name_plural = _("match seats")
        ordering = ["match", "seat"]
        constraints = [
            models.UniqueConstraint(fields=["match", "seat"], name="game_matchseat_unique_seat"),
        ]

    def __str__(self) -> str:
        return f"{self.seat}: {self.name}"

    @property
    def is_human(self) -> bool:
        return self.kind == self.Kind.HUMAN

    @property
    def is_ai(self) -> bool:
        return self.kind == self.Kind.AI

    def votes_to_hand_over(self) -> list[int]:
        """The seats that voted to hand this seat to the bot during its current absence."""
        if self.connected or self.autopilot or self.away_since is None:
            return []
        return list(self.bot_votes) if self.bot_votes_away_since == self.away_since else []

    @property
    def plays_itself(self) -> bool:
        """True when the server's bot decides for this seat: a bot, or a seat handed to bot.

        An AI seat is not one of these while its model or program answers: it decides under
        the same timer as a human, and the timeout makes the automatic move (R142, R143).
        When it keeps timing out, the autopilot hands it to the bot too (R121)."""
        return self.kind == self.Kind.BOT or self.autopilot

    @property
    def bot_strength(self) -> str:
        """The strength the server bot plays this seat at: a bot seat's own; Normal for a
        human's or an AI seat handed to the bot (R121), which nobody chose a strength for."""
        return self.strength if self.kind == self.Kind.BOT else BotStrength.NORMAL


class TableScreen(models.Model):
    """One open table socket (a seat's or a watcher's) and when it last beat (Q48).

    Presence is these timestamps, not a count of sockets: a row whose heartbeat is older than
    game.presence.PRESENCE_WINDOW belongs to a frozen, closed or crashed screen and simply stops
    counting, so nothing has to be reset after a web process or Redis restarts, and every web
    process sees the same rows. ``channel`` is the socket's channel-layer name.
    """

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="screens")
    seat = models.PositiveSmallIntegerField(_("seat"), null=True, blank=True)
    language = models.CharField(_("language"), max_length=8)
    channel = models.CharField(_("channel"), max_length=200, unique=True)
    seen_at = models.DateTimeField(_("last heartbeat"))

    class Meta:
        verbose_name = _("table screen")
        verbose_name_plural = _("table screens")
        indexes = [models.Index(fields=["match", "seen_at"], name="game_screen_fresh")]

    def __str__(self) -> str:
        return self.channel


class MatchAction(models.Model):
    class Cause(models.TextChoices):
        PLAYER = "player", _("Player")
        BOT = "bot", _("Bot")
        TIMEOUT = "timeout", _("Timeout")
        AUTO_PASS = "auto_pass", _("Auto-pass")
        AI = "ai", _("AI")

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="actions")
    seq = models.PositiveIntegerField(_("sequence"), help_text=_("match version after it"))
    seat = models.PositiveSmallIntegerField(_("seat"))
    action = models.JSONField(_("action"))
    cause = models.CharField(_("cause"), max_length=9, choices=Cause.choices, default=Cause.PLAYER)
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)

    class Meta:
        verbose_name = _("match action")
        verbose_name_plural = _("match actions")
        ordering = ["match", "seq"]
        constraints = [
            models.UniqueConstraint(fields=["match", "seq"], name="game_matchaction_unique_seq"),
        ]

    def __str__(self) -> str:
        return _("Move %(seq)s by seat %(number)s") % {"seq": self.seq, "number": self.seat + 1}


class TableSignal(models.Model):
    """A preset signal sent at the table (R122-R128): a claim, a mark or a reaction.

    Kept with the match for the summary, replays and moderation. Signals never enter the engine
    or any observation: bots and AI seats never see them (R128).
    """

    class Kind(models.TextChoices):
        CLAIM = "claim", _("Claim")
        MARK = "mark", _("Mark")
        REACTION = "reaction", _("Reaction")
        # Not sent by a player: the table's own line that a seat went to the bot or came back
        # (R121), so everyone reads it in the log. Never counted against R126's limits.
        NOTICE = "notice", _("Notice")

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="signals")
    seat = models.PositiveSmallIntegerField(_("sender seat"))
    kind = models.CharField(_("kind"), max_length=8, choices=Kind.choices)
    # A role id (claim, mark), "" for a mark that clears the guess, or a reaction id (R125).
    value = models.CharField(_("value"), max_length=16, blank=True)
    target = models.PositiveSmallIntegerField(
        _("target seat"), null=True, blank=True, help_text=_("marks only")
    )
    created_at = models.DateTimeField(_("sent at"))
    # How many public log events the game had when the signal was sent, so the table's log
    # shows it after the move it answered (the log is the same for every viewer).
    log_position = models.PositiveIntegerField(_("log position"), default=0)

    class Meta:
        verbose_name = _("table signal")
        verbose_name_plural = _("table signals")
        ordering = ["match", "created_at", "pk"]
        indexes = [models.Index(fields=["match", "seat", "created_at"], name="game_signal_sender")]

    def __str__(self) -> str:
        return _("Signal of seat %(number)s: %(value)s") % {
            "number": self.seat + 1,
            "value": self.value,
        }

"""The only code that changes a match (DESIGN.md section 3).

Every change runs in one transaction holding the match row (``select_for_update``); moves are
checked against the version the client saw, so a stale or repeated click changes nothing. Once
the transaction commits, every seat gets its new table (``game.broadcast``) and the next delayed
job is armed through the one seam (``bangarena_site.jobs.schedule``): a bot move after the tempo
pause, or the timeout of a human decision (R118-R120). Jobs re-enter through ``play_due``.
"""

from __future__ import annotations

import logging
import secrets
from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from django.db import connection, models, transaction
from django.db.models import Exists, OuterRef, Q
from django.utils import timezone
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from bangarena_engine import Game, GameConfig, IllegalAction
from bangarena_engine.rng import SEED_BITS, derived_seed
from bangarena_engine.types import Action, Event
from bangarena_site import jobs
from bangarena_site.logs import about_match
from game import broadcast, hooks, notices, seat_labels
from game import clock as match_clock
from game.models import BotStrength, Match, MatchAction, MatchSeat, MoveTime, TableSignal, Tempo
from game.signals import ai_decision_requested, match_finished, match_started
from game.table import context as table_context

logger = logging.getLogger(__name__)

# Q57: seconds between bot moves per tempo; a new turn waits twice as long.
TEMPO_PAUSE: dict[str, float] = {Tempo.SLOW: 1.5, Tempo.NORMAL: 0.8, Tempo.FAST: 0.3}
TURN_CHANGE_FACTOR = 2
# R119 / Q48: a disconnected human has min(8 s, move time) per decision.
DISCONNECTED_LIMIT_SECONDS = 8
# A timer may fire a moment early (Celery countdowns use the worker's clock).
DEADLINE_TOLERANCE = timedelta(milliseconds=250)
# The answer of a player who has none: take the hit, lose the round (R68, R120).
PASS: Action = {"type": "pass"}
# A bot decision older than this has lost its job: the sweeper plays it (longest pause is 3 s).
BOT_OVERDUE_AFTER = timedelta(seconds=5)
# R121 autopilot: after this many timed-out decisions in a row, or this long away during his
# own turn, a seat is handed to the server bot until its player takes it back.
AUTOPILOT_AFTER_TIMEOUTS = 2
AUTOPILOT_AFTER_AWAY = timedelta(seconds=20)

clock: Callable[[], datetime] = timezone.now
"""The services' clock; tests replace it to drive timers without sleeping."""
# The broadcast, below the services, reads this clock by name through game.clock.
match_clock.follow(lambda: clock())


# What a player is told when a change is refused, by MatchError code.
ERROR_MESSAGES: dict[str, Promise] = {
    "stale": _("The table has moved on since you clicked; look again."),
    "not_your_turn": _("It is not your decision right now."),
    "illegal": _("That move is not allowed now."),
    "finished": _("This match is over."),
    "no_seat": _("You have no seat at this table."),
}


class MatchError(Exception):
    """A refused change; nothing was changed. ``message`` is lazily translated for the player."""

    def __init__(self, code: str, message: str | Promise | None = None) -> None:
        self.code = code
        self.message = message if message is not None else ERROR_MESSAGES[code]
        super().__init__(f"{code}: {self.message}")


@dataclass(frozen=True)
class SeatSpec:
    kind: str
    name: str
    user_id: int | None = None
    guest_key: str = ""
    #: How well the bot plays a bot seat (issue 22); only a bot seat has a choice (R121).
    strength: str = BotStrength.NORMAL


@dataclass(frozen=True)
class SubmitResult:
    """What one applied action did: the new version, its public events, and if it ended the
    match."""

    version: int
    events: list[Event]
    finished: bool


# --- starting a match --------------------------------------------------------------------


def start_match(
    *,
    seats: list[SeatSpec],
    mode: str,
    move_time: int,
    tempo: str,
    seed: int | None = None,
    room_url: str = "",
    host_seat: int | None = None,
    present: Collection[int] = (),
    autopilot: Collection[int] = (),
) -> Match:
    """Deal a new match (engine seat i = seats[i]) and arm its first timer or bot move.

    ``room_url`` is where "Back to room" leads; ``host_seat`` may use the host controls
    (both optional: the lobby may also set the host later with ``set_host``). ``present``:
    the human seats whose players are here as it starts (in the room, on their way to the
    table); every other human seat is away from the start (Q48) until a screen of it beats.
    ``autopilot``: seats the bot plays from the start (R121), e.g. a player absent at Start."""
    if move_time not in MoveTime.values:
        raise ValueError(f"move_time must be one of {MoveTime.values}, got {move_time!r}")
    if tempo not in Tempo.values:
        raise ValueError(f"tempo must be one of {Tempo.values}, got {tempo!r}")
    for spec in seats:
        if spec.kind not in MatchSeat.Kind.values:
            raise ValueError(f"unknown seat kind {spec.kind!r}")
        if spec.strength not in BotStrength.values:
            raise ValueError(f"unknown bot strength {spec.strength!r}")
        if spec.kind != MatchSeat.Kind.BOT and spec.strength != BotStrength.NORMAL:
            raise ValueError(f"only a bot seat has a strength, not a {spec.kind} seat")
    if host_seat is not None and not (
        0 <= host_seat < len(seats) and seats[host_seat].kind == MatchSeat.Kind.HUMAN
    ):
        raise ValueError(f"host_seat {host_seat!r} is not a human seat")
    if seed is None:
        # The generator's key: secret, and far too wide to guess (docs/security.md).
        seed = secrets.randbits(SEED_BITS)
    config = GameConfig(seats=len(seats), mode=mode, seed=seed)
    game = Game.new(config)  # validates the config (ValueError) before anything is saved
    now = clock()
    with transaction.atomic():
        match = Match.objects.create(
            seed=seed,
            config=config.to_dict(),
            state=game.to_dict(),
            move_time=move_time,
            tempo=tempo,
            room_url=room_url,
            host_seat=host_seat,
        )
        table = MatchSeat.objects.bulk_create(
            MatchSeat(
                match=match,
                seat=index,
                kind=spec.kind,
                user_id=spec.user_id,
                guest_key=spec.guest_key,
                name=spec.name[:20],
                label=_label(seats, index),
                strength=spec.strength,
                # Nobody has opened the table yet: a player who is not on his way is away
                # from the start (Q48); one who is counts as seen now, for one window.
                connected=spec.kind == MatchSeat.Kind.HUMAN and index in present,
                last_seen=now if index in present else None,
                away_since=now
                if spec.kind == MatchSeat.Kind.HUMAN and index not in present
                else None,
                autopilot=index in autopilot and spec.kind != MatchSeat.Kind.BOT,
            )
            for index, spec in enumerate(seats)
        )
        # The Marshal's opening was a new turn: the first bot move waits the turn pause.
        _arm_decision(match, game, table, now, turn_changed=True)
        match.save()
        transaction.on_commit(lambda: match_started.send(sender=Match, match=match), robust=True)
    return match


def _label(seats: list[SeatSpec], index: int) -> str:
    """'Bot N' / 'AI N' counted per kind in table order (R141, R142); '' for humans."""
    kind = seats[index].kind
    if kind == MatchSeat.Kind.HUMAN:
        return ""
    number = sum(1 for spec in seats[: index + 1] if spec.kind == kind)
    return seat_labels.stored(kind, number)


# --- moves ----------------------------------------------------------------------------------


@about_match
def submit(
    match_id: int,
    seat: int,
    action: Mapping[str, Any],
    version: int,
    *,
    cause: str = MatchAction.Cause.PLAYER,
) -> SubmitResult:
    """Apply a player's action if it was made on the current version and is legal for them.

    ``cause`` records who made it: the player, or an AI seat's model or program."""
    with transaction.atomic():
        match = _locked(match_id)
        if not match.is_running:
            raise MatchError("finished")
        if version != match.version:
            raise MatchError("stale")
        if match.awaited_seat != seat:
            raise MatchError("not_your_turn")
        seats = _seats(match)
        if seats[seat].timeouts:
            # The player answered: the run of timed-out decisions (R121) starts over.
            seats[seat].timeouts = 0
            seats[seat].save(update_fields=["timeouts"])
        return _apply(match, match.game(), seats, seat, action, cause, clock())


@about_match
def play_due(match_id: int, version: int) -> SubmitResult | None:
    """The delayed jobs' way in: make the awaited move if it is due, else do nothing.

    A seat the server's bot plays (a bot, or a human handed to bot) moves now; a human's or an
    AI seat's decision gets the engine's default action once its deadline has passed (R120,
    R142: an AI that does not answer in time gets the simplest move). A job for an older version,
    or a finished match, does nothing, so running a job twice or late is harmless.
    """
    if _stale_by_a_plain_read(match_id, version):
        return None
    with transaction.atomic():
        match = _locked_if_awaiting(match_id, version)
        if match is None:
            return None
        now = clock()
        seat = match.awaited_seat
        assert seat is not None  # a running match awaits a seat
        seats = _seats(match)
        if seats[seat].plays_itself:
            game = match.game()
            action = _bot_action(match, game, seat, seats[seat].bot_strength)
            return _apply(match, game, seats, seat, action, MatchAction.Cause.BOT, now)
        if seats[seat].auto_pass:
            game = match.game()
            if game.legal_actions(seat) == [PASS]:
                return _apply(match, game, seats, seat, PASS, MatchAction.Cause.AUTO_PASS, now)
        if match.deadline is None or now + DEADLINE_TOLERANCE < match.deadline:
            return None
        return _time_out(match, match.game(), seats, seat, now)


#: A turn's automatic moves never run longer than this (a safety net; a turn has far fewer).
MAX_AUTOMATIC_MOVES = 60


def _time_out(
    match: Match, game: Game, seats: list[MatchSeat], seat: int, now: datetime
) -> SubmitResult:
    """The automatic move of R120 for a decision that ran out of time.

    For an away human in his own turn it finishes the whole turn in one go (end the turn,
    discard down to the hand limit): an away player's turn costs one R119 limit, not one per
    card. Each timed-out decision counts towards the autopilot of R121: after
    ``AUTOPILOT_AFTER_TIMEOUTS`` in a row the server bot takes the seat over."""
    player = seats[seat]
    result = _apply(match, game, seats, seat, automatic_move(game, seat), TIMEOUT, now)
    whole_turn = _away(match, player)
    for _move in range(MAX_AUTOMATIC_MOVES):
        if result.finished or not whole_turn:
            break
        if game.awaiting() != [seat] or game.turn != seat:
            break
        action = automatic_move(game, seat)
        result = _apply(match, game, seats, seat, action, TIMEOUT, now, announce=False)
    player.timeouts += 1
    player.save(update_fields=["timeouts"])
    if player.timeouts >= AUTOPILOT_AFTER_TIMEOUTS and not result.finished:
        _take_over(match, player, now, game=game)
    return result


TIMEOUT = MatchAction.Cause.TIMEOUT


def automatic_move(game: Game, seat: int) -> Action:
    """R120's automatic move for the awaited ``seat`` (the engine has one for every seat it
    awaits, and answers None only for a seat it does not)."""
    action = game.default_action(seat)
    assert action is not None, f"seat {seat} is not awaited"
    return action


def overdue_matches(now: datetime | None = None) -> list[tuple[int, int]]:
    """(match id, version) of every running match whose awaited decision is overdue: a human
    past the deadline, or a server-played seat whose move job should long have run."""
    now = now or clock()
    server_plays_awaited = MatchSeat.objects.filter(
        match=OuterRef("pk"), seat=OuterRef("awaited_seat")
    ).filter(Q(kind=MatchSeat.Kind.BOT) | Q(autopilot=True))
    due = Match.objects.filter(status=Match.Status.RUNNING).filter(
        Q(deadline__lte=now + DEADLINE_TOLERANCE)
        | Q(Exists(server_plays_awaited), awaited_since__lte=now - BOT_OVERDUE_AFTER)
    )
    return list(due.values_list("pk", "version"))


def _bot_action(match: Match, game: Game, seat: int, strength: str) -> Action:
    """The server bot's move for ``seat`` (R121, R141), from that seat's view only, at the
    seat's ``strength`` (issue 22)."""
    view = game.view(seat)
    legal = game.legal_actions(seat)
    action = hooks.bot_move(seat, view, legal, bot_seed(match), strength=strength, match=match.pk)
    if action not in legal:
        # A bot bug must not freeze the table: log it and make the simplest move (R120).
        logger.error("Bot for match %s seat %s chose an illegal %r", match.pk, seat, action)
        return automatic_move(game, seat)
    return action


def bot_seed(match: Match) -> int:
    """The seed of the bot's tie-breaks for the match's current decision: derived from the
    secret seed by a one-way function, so the bots' choices cannot be traced back to it."""
    return derived_seed(match.seed, match.version)


def _apply(
    match: Match,
    game: Game,
    seats: list[MatchSeat],
    seat: int,
    action: Mapping[str, Any],
    cause: str,
    now: datetime,
    *,
    announce: bool = True,
) -> SubmitResult:
    """Apply one action to the locked match, save it, and arm what comes next on commit.

    ``game`` is ``match.game()`` and ``seats`` the match's seats in seat order, loaded once by
    the caller; the broadcast after the commit reuses both instead of reloading the match.
    ``announce`` False: a later move of the same transaction follows at once, and the first
    move's broadcast (drawn from the table as committed) already shows it."""
    # The table before the move, for the deltas: its context as it stands, and its game as
    # stored, rebuilt after the commit only if somebody looks (an unwatched all-bot table
    # draws nothing).
    before = broadcast.Before(
        game=match.stored_game(),
        ctx=table_context.build(match, seats, now=now),
        log_length=game.log_length,
    )
    try:
        events = game.apply(seat, action)
    except IllegalAction as error:
        raise MatchError("illegal") from error
    match.version += 1
    match.table_version += 1
    stored = match.record_move(game, seat, dict(action))
    MatchAction.objects.create(
        match=match, seq=match.version, seat=seat, action=action, cause=cause
    )

    def publish() -> None:
        # The match as committed: its new deadline, or its end (and the notices, R121, that
        # the same transaction added to the log).
        broadcast.publish_move(match, seats, before, game, now=now)

    # Robust, like every change: see publish_change. Registered first so that the players see
    # the new table before the on-commit work of a finished match (statistics) runs;
    # on_commit callbacks run in the order they were registered.
    if announce:
        transaction.on_commit(publish, robust=True)
    finished = game.result is not None
    if finished:
        _finish(match, game, now)
    else:
        turn_changed = any(event["type"] == "turn" for event in events)
        _arm_decision(match, game, seats, now, turn_changed=turn_changed)
    match.save(update_fields=[*MOVE_FIELDS, *stored])
    return SubmitResult(version=match.version, events=events, finished=finished)


#: The columns a move changes besides its stored game (Match.record_move): written alone, so a
#: move never writes the config or the snapshot again.
MOVE_FIELDS = (
    "version",
    "table_version",
    "status",
    "result",
    "finished_at",
    "awaited_seat",
    "awaited_since",
    "deadline",
)


def _finish(match: Match, game: Game, now: datetime) -> None:
    match.status = Match.Status.FINISHED
    match.result = game.result
    match.finished_at = now
    match.deadline = None
    match.awaited_seat = None
    match.awaited_since = None
    # Lobby and stats hear about it only once the result is really saved; a failing receiver
    # is logged and cannot stop the broadcast or the other receivers' work.
    transaction.on_commit(lambda: match_finished.send(sender=Match, match=match), robust=True)


def _arm_decision(
    match: Match, game: Game, table: list[MatchSeat], now: datetime, *, turn_changed: bool
) -> None:
    """Start the timer of the decision the game now awaits and schedule the job that ends it."""
    [seat] = game.awaiting()
    player = next(s for s in table if s.seat == seat)
    match.awaited_seat = seat
    match.awaited_since = now
    # R118 / Q47: every seat, bot or human, shows the same per-decision limit.
    limit = _limit_for(match, player)
    match.deadline = now + timedelta(seconds=limit)
    if player.plays_itself or _passes_itself(player, game, seat):
        _schedule_move(match, _pause(match.tempo, turn_changed))
    else:
        _schedule_move(match, limit)
    if player.is_ai and not player.autopilot:
        _request_ai_decision(match, seat)


def _request_ai_decision(match: Match, seat: int) -> None:
    """Tell the AI seat's controller, once the decision is committed, that it must answer."""
    request = {
        "match_id": match.pk,
        "seat": seat,
        "version": match.version,
        "deadline": match.deadline,
    }
    transaction.on_commit(lambda: ai_decision_requested.send(sender=Match, **request), robust=True)


def _passes_itself(player: MatchSeat, game: Game, seat: int) -> bool:
    """A human who opted in to auto-pass and has nothing but "pass" to answer with."""
    return player.auto_pass and game.legal_actions(seat) == [PASS]


def _limit_for(match: Match, player: MatchSeat) -> int:
    """R118/R119: the move time, or min(8 s, move time) for a seat nobody is at: an away
    human, or an agent seat whose program is not connected (a language model seat has no
    screen and always gets the move time)."""
    if _away(match, player):
        return min(DISCONNECTED_LIMIT_SECONDS, match.move_time)
    return match.move_time


def _away(match: Match, player: MatchSeat) -> bool:
    """Nobody is at the seat (Q48): an away human, or an agent seat without its program."""
    if player.autopilot or player.connected:
        return False
    return player.is_human or (player.is_ai and _played_by_agent(match, player))


def _played_by_agent(match: Match, player: MatchSeat) -> bool:
    return player.seat in hooks.seat_agents(match)


def _pause(tempo: str, turn_changed: bool) -> float:
    pause = TEMPO_PAUSE[tempo]
    return pause * TURN_CHANGE_FACTOR if turn_changed else pause


def _schedule_move(match: Match, delay: float) -> None:
    jobs.schedule(max(0.0, delay), advance, match.pk, match.version)


@jobs.job("game.advance")
def advance(match_id: int, version: int) -> None:
    """The job armed after every change for the decision it opened (game.tasks lists it): make
    the awaited move of ``match_id`` if it is still at ``version`` and due."""
    play_due(match_id, version)


def table_before(match: Match) -> broadcast.Snapshot:
    """The table of the locked ``match`` before a change that is not a move (presence, host
    controls, signals), for the deltas that change sends."""
    return broadcast.snapshot(match, _seats(match), now=clock())


def publish_change(match: Match, before: broadcast.Snapshot) -> None:
    """Count a change of the locked ``match`` that the table shows and send its deltas once
    it commits. Robust: the change is saved; a rendering error is logged and must not break
    the caller (the next change, or a reconnect, shows the table again)."""
    match.table_version += 1
    match.save(update_fields=["table_version"])
    seats = _seats(match)
    after = broadcast.Snapshot(before.game, table_context.load(match, seats, now=clock()))
    transaction.on_commit(lambda: broadcast.publish(match, seats, before, after), robust=True)


def _seats(match: Match) -> list[MatchSeat]:
    """The match's seats, indexed by engine seat."""
    return list(match.seats.select_related("user").order_by("seat"))


def _locked(match_id: int) -> Match:
    return Match.objects.select_for_update().get(pk=match_id)


def _at_version(match_id: int, version: int) -> models.QuerySet[Match]:
    """The match if it is still running at ``version`` (the decision a job was armed for)."""
    return Match.objects.filter(pk=match_id, version=version, status=Match.Status.RUNNING)


def _locked_if_awaiting(match_id: int, version: int) -> Match | None:
    """The running match, locked, if it is still at ``version``; None for a job whose move was
    made. PostgreSQL locks only a row the filter returns, so a stale job takes no lock."""
    return _at_version(match_id, version).select_for_update().first()


def _stale_by_a_plain_read(match_id: int, version: int) -> bool:
    """On SQLite, whether a job's version was already played, by a read outside any
    transaction: every SQLite transaction takes the database's one write lock as it begins
    (IMMEDIATE), and most jobs are stale (each move in time leaves its timer behind), so they
    are turned away before they queue for it. On PostgreSQL the locked read alone decides
    (``_locked_if_awaiting``), one round trip fewer for every job."""
    return connection.vendor == "sqlite" and not _at_version(match_id, version).exists()


# --- host controls and presence -----------------------------------------------------------


def hand_to_bot(match_id: int, seat: int) -> None:
    """Let the server bot play a human's or an AI seat until it is returned (R121, R132)."""
    with transaction.atomic():
        match = _locked(match_id)
        before = table_before(match)
        player = _playable_seat(match, seat)
        if player.autopilot:
            return
        _take_over(match, player, clock(), notice=notices.HANDED, game=before.game)
        publish_change(match, before)


def return_to_player(match_id: int, seat: int) -> None:
    """Give a seat handed to the bot back to its player ("I'm back"); a pending decision gets
    a fresh timer."""
    with transaction.atomic():
        match = _locked(match_id)
        before = table_before(match)
        player = _playable_seat(match, seat)
        if not player.autopilot:
            return
        _give_back(match, player, clock(), game=before.game)
        publish_change(match, before)


@dataclass(frozen=True)
class Vote:
    """Where a vote to hand an absent seat to the bot stands once a vote was counted."""

    votes: int
    needed: int
    passed: bool


def vote_hand_to_bot(match_id: int, voter: int, seat: int) -> Vote:
    """``voter`` votes to hand the absent human ``seat`` to the bot right away (issue 23, the
    host's R132 control for tables whose host is not there to use it, quick tables first).

    The voters are the other humans at the table who are present (presence, Q48): a seat's
    own player is not asked, and neither is anyone away. A majority of them passes it: the
    bot plays the seat (R121) until its player says "I'm back". Votes belong to one absence
    (``MatchSeat.votes_to_hand_over``): a player who came back and left again starts with
    none, and a vote after he came back is refused and changes nothing."""
    with transaction.atomic():
        match = _locked(match_id)
        if not match.is_running:
            raise MatchError("finished")
        players = {player.seat: player for player in match.seats.select_for_update()}
        me, absent = players.get(voter), players.get(seat)
        if me is None or not me.is_human or not me.connected or voter == seat:
            raise MatchError("no_seat")
        if absent is None or not absent.is_human:
            raise MatchError("no_seat")
        if absent.autopilot:
            return Vote(votes=0, needed=0, passed=True)  # the bot plays it already
        if absent.connected:
            raise MatchError("back", _("This player is back at the table: the vote is over."))
        voters = {
            player.seat
            for player in players.values()
            if player.is_human and player.connected and player.seat != seat
        }
        votes = sorted((set(absent.votes_to_hand_over()) | {voter}) & voters)
        needed = len(voters) // 2 + 1
        if votes == absent.votes_to_hand_over() and len(votes) < needed:
            return Vote(votes=len(votes), needed=needed, passed=False)  # a second click
        before = table_before(match)
        # A view, not the stored snapshot: the snapshot lags the moves made since it.
        if not before.game.view(None)["players"][seat]["alive"]:
            out = _(
                "This player is out of the match: "
                "there is nothing left for a bot to play at this seat."
            )
            raise MatchError("out", out)
        passed = len(votes) >= needed
        absent.bot_votes = [] if passed else votes
        absent.bot_votes_away_since = None if passed else absent.away_since
        absent.save(update_fields=["bot_votes", "bot_votes_away_since"])
        if passed:
            _take_over(match, absent, clock(), notice=notices.VOTED, game=before.game)
        publish_change(match, before)
        return Vote(votes=len(votes), needed=needed, passed=passed)


def _give_back(match: Match, player: MatchSeat, now: datetime, *, game: Game | None = None) -> None:
    """The seat's player (or program) plays it again; its pending decision gets a fresh
    timer, and an AI seat is asked for it. ``game``: the match's game, if loaded already."""
    player.autopilot = False
    player.timeouts = 0
    player.save(update_fields=["autopilot", "timeouts"])
    _notice(match, player.seat, notices.BACK, now, (game or match.game()).log_length)
    if match.awaited_seat == player.seat:
        limit = _limit_for(match, player)
        match.awaited_since = now
        match.deadline = now + timedelta(seconds=limit)
        match.save(update_fields=["awaited_since", "deadline"])
        _schedule_move(match, limit)
        if player.is_ai:
            _request_ai_decision(match, player.seat)


def _take_over(
    match: Match, player: MatchSeat, now: datetime, *, notice: str = "", game: Game | None = None
) -> None:
    """The server bot plays ``player``'s seat from now on (R121), with a line in the log that
    everyone reads; a decision the table waits for is played after the tempo pause. ``game``
    is the match's game if the caller has it loaded already."""
    player.autopilot = True
    player.timeouts = 0
    player.save(update_fields=["autopilot", "timeouts"])
    log_length = (game or match.game()).log_length
    _notice(match, player.seat, notice or notices.AUTOPILOT, now, log_length)
    if match.is_running and match.awaited_seat == player.seat:
        _schedule_move(match, _pause(match.tempo, turn_changed=False))


def _notice(match: Match, seat: int, value: str, now: datetime, log_length: int) -> None:
    """A line of the table itself in the log (R121), after the last move (``log_length``
    events)."""
    TableSignal.objects.create(
        match=match,
        seat=seat,
        kind=TableSignal.Kind.NOTICE,
        value=value,
        created_at=now,
        log_position=log_length,
    )


def _playable_seat(match: Match, seat: int) -> MatchSeat:
    """A seat the bot may take over and give back: a human's or an AI's, in a running match."""
    if not match.is_running:
        raise MatchError("finished")
    player = match.seats.filter(seat=seat).first()
    if player is None or player.kind == MatchSeat.Kind.BOT:
        raise MatchError("no_seat")
    return player


def set_auto_pass(match_id: int, seat: int, on: bool) -> None:
    """The seat's player opts in or out of auto-pass. When switched on while "pass" is their
    only answer, that decision is passed after the tempo pause like any later one."""
    with transaction.atomic():
        match = _locked(match_id)
        before = table_before(match)
        if not match.is_running:
            raise MatchError("finished")
        player = _human_seat(match, seat)
        if player.auto_pass == on:
            return
        player.auto_pass = on
        player.save(update_fields=["auto_pass"])
        if on and match.awaited_seat == seat and _passes_itself(player, match.game(), seat):
            _schedule_move(match, _pause(match.tempo, turn_changed=False))
        publish_change(match, before)


def set_tempo(match_id: int, tempo: str) -> None:
    """Change the pauses between bot moves for the rest of the match (R132, Q57)."""
    if tempo not in Tempo.values:
        raise MatchError("illegal", _("Unknown tempo."))
    with transaction.atomic():
        match = _locked(match_id)
        before = table_before(match)
        if not match.is_running:
            raise MatchError("finished")
        if match.tempo != tempo:
            match.tempo = tempo
            match.save(update_fields=["tempo"])
            publish_change(match, before)


def set_host(match_id: int, seat: int | None) -> None:
    """Make ``seat`` the host at the table (the lobby keeps this current, R133); None = nobody."""
    with transaction.atomic():
        match = _locked(match_id)
        before = table_before(match)
        if seat is not None:
            _human_seat(match, seat, running_only=False)
        if match.host_seat != seat:
            match.host_seat = seat
            match.save(update_fields=["host_seat"])
            publish_change(match, before)


@about_match
def mark_present(match_id: int, seat: int, *, language: str = "") -> None:
    """A screen of ``seat`` opened or beat again (game.presence): the seat is present.

    Coming back does not lengthen the decision already running (R119), with one exception:
    a player opening the table for the first time (the seat was away from the start because
    nobody had opened it) gets the full move time for the decision waiting for him, as if he
    had been there when it began. ``language`` is what the screen reads, so jobs render the
    table in it. Only the seat's presence region is sent, unless a clock changed.
    """
    with transaction.atomic():
        match = _locked(match_id)
        player = match.seats.select_for_update().get(seat=seat)
        fields = []
        if language and player.language != language:
            player.language = language
            fields.append("language")
        arrived = not player.connected
        full_time = None
        # R121: an agent program that comes back takes its seat back from the autopilot.
        reclaim = arrived and player.is_ai and player.autopilot and _piloted_for_absence(player)
        if arrived:
            now = clock()
            if player.last_seen is None:
                full_time = _first_arrival_deadline(match, player)
            player.connected = True
            player.away_since = None
            player.last_seen = now
            fields += ["connected", "away_since", "last_seen"]
        before = table_before(match) if full_time is not None or reclaim else None
        if fields:
            player.save(update_fields=fields)
        if before is not None and reclaim:
            _give_back(match, player, clock(), game=before.game)
            publish_change(match, before)
        elif before is not None and full_time is not None:
            match.deadline = full_time
            match.save(update_fields=["deadline"])
            _schedule_move(match, max(0.0, (full_time - clock()).total_seconds()))
            publish_change(match, before)
        elif arrived:
            _publish_presence(match, [seat])


def _piloted_for_absence(player: MatchSeat) -> bool:
    """Whether the autopilot (not a player or the host) took this seat last."""
    last = (
        TableSignal.objects.filter(
            match_id=player.match_id, seat=player.seat, kind=TableSignal.Kind.NOTICE
        )
        .order_by("-created_at", "-pk")
        .values_list("value", flat=True)
        .first()
    )
    return last == notices.AUTOPILOT


def _first_arrival_deadline(match: Match, player: MatchSeat) -> datetime | None:
    """The full-time deadline of the decision waiting for a player who opens the table for
    the first time, if his absence cut it; None otherwise."""
    if not match.is_running or match.awaited_seat != player.seat or player.plays_itself:
        return None
    if match.awaited_since is None or match.deadline is None:
        return None
    full = match.awaited_since + timedelta(seconds=match.move_time)
    return full if full > match.deadline else None


@about_match
def mark_away(match_id: int, away: dict[int, datetime]) -> None:
    """The seats' screens all closed or stopped beating (game.presence); ``away`` maps each
    seat to when it was last there.

    An away human's pending decision is cut to min(8 s, move time) counted from then
    (R119, Q48), and so is every decision until a screen beats again. The seats' presence
    regions go out in one small frame; the clock only when a deadline was cut."""
    with transaction.atomic():
        match = _locked(match_id)
        players = list(match.seats.select_for_update().filter(seat__in=away, connected=True))
        if not players:
            return
        deciding = next(
            (
                player
                for player in players
                if match.is_running
                and match.awaited_seat == player.seat
                and not player.plays_itself
            ),
            None,
        )
        # The table as it was, only when its clock may change (a presence frame needs none).
        before = table_before(match) if deciding is not None else None
        for player in players:
            since = away[player.seat]
            player.connected = False
            player.away_since = since
            player.last_seen = since
            player.save(update_fields=["connected", "away_since", "last_seen"])
        if deciding is not None and before is not None:
            since = away[deciding.seat]
            start = max(match.awaited_since or since, since)
            cut = start + timedelta(seconds=_limit_for(match, deciding))
            if match.deadline is None or cut < match.deadline:
                match.deadline = cut
                match.save(update_fields=["deadline"])
                _schedule_move(match, max(0.0, (cut - clock()).total_seconds()))
                # The clock and every changed seat's region (presence included) in one frame.
                publish_change(match, before)
                return
        _publish_presence(match, [player.seat for player in players])


def _publish_presence(match: Match, seats: list[int]) -> None:
    """Send the presence regions of ``seats`` once the change commits (not versioned: they
    are only ever drawn from the seat's presence, so a late one cannot undo a move)."""
    match_id = match.pk
    transaction.on_commit(lambda: broadcast.publish_presence(match_id, seats), robust=True)


def away_too_long(now: datetime | None = None) -> int:
    """R121: hand to the bot every human seat that has been away ``AUTOPILOT_AFTER_AWAY`` while
    the table waits for it in its own turn. Returns how many seats were handed over."""
    now = now or clock()
    candidates = MatchSeat.objects.filter(
        match__status=Match.Status.RUNNING,
        match__awaited_seat=models.F("seat"),
        kind=MatchSeat.Kind.HUMAN,
        connected=False,
        autopilot=False,
        away_since__lte=now - AUTOPILOT_AFTER_AWAY,
    ).values_list("match_id", "seat")
    handed = 0
    for match_id, seat in list(candidates):
        with transaction.atomic():
            match = _locked(match_id)
            player = match.seats.select_for_update().get(seat=seat)
            if not match.is_running or match.awaited_seat != seat or player.connected:
                continue
            before = table_before(match)
            if player.autopilot or before.game.turn != seat:
                continue
            _take_over(match, player, now, game=before.game)
            publish_change(match, before)
            handed += 1
    return handed


def _human_seat(match: Match, seat: int, *, running_only: bool = True) -> MatchSeat:
    if running_only and not match.is_running:
        raise MatchError("finished")
    player = match.seats.filter(seat=seat).first()
    if player is None or not player.is_human:
        raise MatchError("no_seat")
    return player


# --- who is looking -----------------------------------------------------------------------


def seat_of(match: Match, user: Any, session_key: str | None) -> int | None:
    """The viewer's seat at this match: by account, or by session key for a guest; None =
    spectator."""
    seats = match.seats.all()
    if user is not None and getattr(user, "is_authenticated", False):
        for player in seats:
            if player.user_id == user.pk:
                return player.seat
    if session_key:
        for player in seats:
            if player.guest_key and player.guest_key == session_key and player.user_id is None:
                return player.seat
    return None


def adopt_guest_seats(user_id: int, guest_key: str) -> int:
    """A guest logged in (or signed up): their seats at tables become the account's, so the
    table, its controls and the summary still know them after the session key rotated. A match
    where the account already has a seat is left alone. Returns how many seats changed."""
    with transaction.atomic():
        already = MatchSeat.objects.filter(user_id=user_id).values("match_id")
        return (
            MatchSeat.objects.filter(guest_key=guest_key, user__isnull=True)
            .exclude(match_id__in=already)
            .update(user_id=user_id)
        )


# --- restart ------------------------------------------------------------------------------


def rearm_running_matches() -> int:
    """After an embedded server start every running match needs its timer or bot move
    scheduled again (they lived on the dead process's loop). A human deadline that passed
    while the server was down is renewed with the decision's limit, so nobody loses a move to
    the outage. Presence is not reset: the dead process's screens stopped beating and the
    presence sweep sees them go like any other; only the away clock of a seat that looked
    present starts now rather than during the outage, when nobody could beat. Returns the
    number of matches re-armed."""
    now = clock()
    count = 0
    with transaction.atomic():
        MatchSeat.objects.filter(match__status=Match.Status.RUNNING, connected=True).update(
            last_seen=now
        )
        for match in Match.objects.select_for_update().filter(status=Match.Status.RUNNING):
            assert match.awaited_seat is not None  # a running match awaits a seat
            player = match.seats.get(seat=match.awaited_seat)
            if player.plays_itself:
                _schedule_move(match, _pause(match.tempo, turn_changed=False))
            else:
                if match.deadline is None or match.deadline <= now:
                    match.deadline = now + timedelta(seconds=_limit_for(match, player))
                    match.save(update_fields=["deadline"])
                _schedule_move(match, (match.deadline - now).total_seconds())
                if player.is_ai and not player.autopilot:
                    _request_ai_decision(match, player.seat)
            count += 1
    return count

"""The table screen as regions with stable ids, and what each region is drawn from.

A region is one element of the table page with a fixed id (``seat-3-pub``, ``table-hand``,
...) that a frame replaces as an htmx out-of-band swap; the log is appended to (``log-lines``).
Public regions (a seat's public fields, the round bar, the centre, the clock, the log, the end
panel) read only the public view ``Game.view(None)`` and the public seat metadata, so they are
the same for every viewer and are rendered once per language per change. Private regions (the
viewer's part of each seat, the top line, the role bar, the decision panel, the hand, the
signal bar) read that viewer's own view and legal actions, and are rendered per viewer.

Each region has a *slice*: the part of the views and the context its drawing reads, as plain
comparable values. A region is re-rendered when its slice differs between the views before
and after a change (``game.table.delta``); the drawing reads nothing outside its slice's
sources, so an unchanged slice means an unchanged region.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from django.template.loader import render_to_string
from django.urls import NoReverseMatch, reverse
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from game import catalogue, signal_board
from game.table import panels, seats
from game.table.cards import card_face
from game.table.context import SignalRecord, TableContext
from game.table.controls import WAIT, ControlBuilder, why_not
from game.table.log import LogWriter

#: The tempo buttons of the host (R132); the values are the ones services.set_tempo accepts.
TEMPO_CHOICES = (("slow", _("Slow")), ("normal", _("Normal")), ("fast", _("Fast")))

LOG_REGION = "log-lines"
#: The hand's regions: its head, the list of its cards (membership), each card's control.
HAND_HEAD = "hand-head"
HAND_CARDS = "hand-cards"
HAND_ACT = "hand-act-"
BLANKS = re.compile(r"\s*\n\s*")
PUBLIC_PANELS = ("table-round", "table-centre", "table-clock", "table-over")
PRIVATE_PANELS = (
    "table-top",
    "table-you",
    "table-settings",
    "table-decision",
    "table-hand",
    "table-signals",
)
TEMPLATES = {
    "table-round": "game/table/round.html",
    "table-deck": "game/table/deck.html",
    "table-centre": "game/table/centre.html",
    "table-pile": "game/table/pile.html",
    "table-clock": "game/table/clock.html",
    "table-over": "game/table/over.html",
    "table-top": "game/table/top.html",
    "table-you": "game/table/you.html",
    "table-settings": "game/table/settings.html",
    "table-decision": "game/table/decision.html",
    "table-hand": "game/table/hand.html",
    "table-signals": "game/table/signals.html",
}


def seat_public_id(seat: int) -> str:
    return f"seat-{seat}-pub"


def seat_play_id(seat: int) -> str:
    return f"seat-{seat}-play"


def seat_status_id(seat: int) -> str:
    return f"seat-{seat}-now"


def seat_private_id(seat: int) -> str:
    return f"seat-{seat}-you"


def seat_aim_id(seat: int) -> str:
    return f"seat-{seat}-aim"


def seat_mark_id(seat: int) -> str:
    return f"seat-{seat}-mark"


# ---------------------------------------------------------------------------------------------
# What one viewer's screen is drawn from
# ---------------------------------------------------------------------------------------------


@dataclass
class Sight:
    """One side of a change as one screen sees it: the public view, the viewer's own view and
    legal actions (the public view and none for a watcher), and the context."""

    public: dict[str, Any]
    view: dict[str, Any]
    legal: list[dict[str, Any]]
    viewer: int | None
    ctx: TableContext
    #: Every seat's own hand, for watchers of an all-bot match only (Q55).
    open_hands: dict[int, list[dict[str, Any]]] | None = None

    @property
    def awaiting(self) -> set[int]:
        return set(self.public.get("awaiting") or [])

    @property
    def running(self) -> bool:
        return self.public.get("result") is None

    @property
    def piloted(self) -> bool:
        """The viewer's seat is played by the server bot (R121): his screen says so and offers
        "I'm back" instead of a decision he does not make."""
        info = self.ctx.seat(self.viewer) if self.viewer is not None else None
        return info is not None and info.autopilot

    @property
    def my_decision(self) -> bool:
        return self.viewer is not None and self.viewer in self.awaiting and not self.piloted

    @property
    def signals(self) -> tuple[SignalRecord, ...]:
        return self.ctx.signals or ()


def _signals_about(signals: tuple[SignalRecord, ...], seat: int) -> tuple[SignalRecord, ...]:
    """The signals a seat's public part shows: its own claims and reactions, marks on it."""
    return tuple(
        s
        for s in signals
        if (s.seat == seat and s.kind != signal_board.MARK)
        or (s.kind == signal_board.MARK and s.target == seat)
    )


def public_slices(sight: Sight) -> dict[str, Any]:
    """Region id -> what that public region is drawn from (``log-lines``: how long the log is)."""
    pv, ctx = sight.public, sight.ctx
    awaiting, running = sight.awaiting, sight.running
    slices: dict[str, Any] = {}
    for player in pv["players"]:
        seat = player["seat"]
        deciding = seat in awaiting
        info = ctx.seat(seat)
        slices[seat_status_id(seat)] = (
            info.kind if info else None,
            info.connected if info else None,
            running and pv["turn"] == seat,
            deciding,
            ctx.deadline if deciding else None,
            _signals_about(sight.signals, seat),
        )
        # The board shows the badge (kind, label, autopilot, strength, agent, model), not the
        # presence, nor the cards in front of the seat (their own region, which changes less
        # often).
        badge = (info.kind, info.name, info.label, info.autopilot, info.strength) if info else None
        models = (info.agent_badge, info.model_badge) if info else None
        board = {key: value for key, value in player.items() if key != "in_play"}
        slices[seat_public_id(seat)] = (board, badge, models)
        slices[seat_play_id(seat)] = (player["weapon"], player["in_play"])
    # An outer region before the regions inside it: a frame that redraws both swaps the inner
    # one into the fresh outer one.
    slices["table-round"] = (pv["round"], pv["high_noon"], pv["mode"])
    slices["table-deck"] = (pv["deck_count"],)
    slices["table-centre"] = (panels.current_check(pv), pv["discard_top"])
    slices["table-pile"] = (pv["deck_count"],)
    slices["table-clock"] = (sorted(awaiting), ctx.deadline if awaiting else None, running)
    slices["table-over"] = (pv["result"],)
    slices[LOG_REGION] = (len(pv["log"]), len(sight.signals))
    return slices


def _mark_slice(sight: Sight, seat: int) -> tuple[Any, ...]:
    viewer = sight.viewer
    if viewer is None or not sight.ctx.human(viewer) or sight.ctx.signals is None:
        return ()
    pv = sight.public
    if not (sight.running and pv["players"][viewer]["alive"]):
        return ()
    if not signal_board.markable(pv, viewer, seat):
        return ()
    mine = [
        s.value for s in sight.signals if s.kind == "mark" and s.seat == viewer and s.target == seat
    ]
    return (signal_board.mark_roles(pv), mine[-1] if mine else "")


def private_slices(sight: Sight) -> dict[str, Any]:
    """Region id -> what that region of the viewer's own screen is drawn from."""
    view, viewer, ctx, legal = sight.view, sight.viewer, sight.ctx, sight.legal
    candidates = set(view.get("deputy_candidates") or [])
    slices: dict[str, Any] = {}
    for player in view["players"]:
        seat = player["seat"]
        targets = [a for a in legal if a.get("target") == seat]
        public_role = sight.public["players"][seat]["role"]
        slices[seat_private_id(seat)] = (
            player["distance"],
            player["role"] if not public_role else None,
            seat in candidates and not player["role"],
            seats.host_action(ctx, viewer, seat) if player["alive"] else "",
            (sight.open_hands or {}).get(seat) if viewer is None else None,
            seats.bot_vote(ctx, viewer, seat) if player["alive"] else None,
        )
        # The targets on a seat are a region of their own: they come and go with every
        # decision, while the distance and the known role above them hardly ever change.
        slices[seat_aim_id(seat)] = (view.get("role") if targets else None, targets)
        slices[seat_mark_id(seat)] = _mark_slice(sight, seat)
    pending = dict(view.get("pending") or {})
    pending.pop("looking_at", None)
    mine = sight.my_decision
    slices["table-top"] = (view["turn"], pending, view["result"], viewer, mine)
    slices["table-you"] = (
        viewer,
        view.get("role"),
        view["mode"],
        bool(candidates),
        view["roles_at_table"],
        viewer is not None and not view["players"][viewer]["alive"],
        sight.running,
    )
    slices["table-settings"] = (
        _auto_pass(sight),
        _host(sight),
        ctx.tempo if _host(sight) else None,
        _own_bot(sight),
        seats.report_targets(ctx, viewer),
    )
    slices["table-decision"] = (
        (view.get("pending"), legal, ctx.deadline, view.get("discard_top"))
        if mine
        else _own_bot(sight) == "back"
    )
    slices.update(_hand_slices(sight))
    slices["table-signals"] = _signal_bar_slice(sight)
    return slices


def hand_act_id(card_id: str) -> str:
    return f"{HAND_ACT}{card_id}"


def _hand_slices(sight: Sight) -> dict[str, Any]:
    """The hand as regions: its head, which cards it holds (in order), and per card what it
    does now. A card's face is fixed while it is held, so it is drawn only when it arrives."""
    view, legal = sight.view, sight.legal
    hand = view["hand"] if sight.viewer is not None else []
    slices: dict[str, Any] = {
        HAND_HEAD: (
            sight.viewer is None,
            len(hand),
            any(a["type"] == "end_turn" for a in legal),
            bool(hand) and sight.running and not sight.my_decision,
        ),
        HAND_CARDS: tuple(card["id"] for card in hand),
    }
    uses: dict[str, list[dict[str, Any]]] = {}
    for action in legal:
        if "card" in action and "card2" not in action:
            uses.setdefault(action["card"], []).append(action)
    for card in hand:
        acts = uses.get(card["id"], [])
        reason = "" if acts else why_not(card, view, sight.my_decision)
        slices[hand_act_id(card["id"])] = (acts, reason)
    return slices


def _auto_pass(sight: Sight) -> bool | None:
    """The seated player's auto-pass opt-in, None where it cannot be set (watchers, the
    eliminated, a finished match)."""
    viewer = sight.viewer
    info = sight.ctx.seat(viewer) if viewer is not None else None
    if info is None or not sight.running or not sight.view["players"][viewer]["alive"]:
        return None
    return info.auto_pass


def _own_bot(sight: Sight) -> str:
    """The player's control over his own seat (R121): "bot" (let the bot play for me) or
    "back" (I'm back, while the bot plays it); '' for watchers, the eliminated, a finished
    match."""
    if _auto_pass(sight) is None or not sight.ctx.human(sight.viewer):
        return ""
    return "back" if sight.piloted else "bot"


def _host(sight: Sight) -> bool:
    """Host controls (R132) only on the host's own screen, and only while the match runs."""
    return sight.viewer is not None and sight.ctx.host_seat == sight.viewer and sight.running


def _signal_bar_slice(sight: Sight) -> tuple[Any, ...]:
    viewer = sight.viewer
    if viewer is None or not sight.ctx.human(viewer) or sight.ctx.signals is None:
        return ()
    me = sight.public["players"][viewer]
    sent = [s for s in sight.signals if s.seat == viewer and s.kind in signal_board.SENT_KINDS]
    claims = [s.value for s in sent if s.kind == "claim"]
    return (
        sight.running and me["alive"],
        sight.view.get("role") == "marshal",
        signal_board.mark_roles(sight.public),
        claims[-1] if claims else "",
        len(sent),
    )


# ---------------------------------------------------------------------------------------------
# Drawing
# ---------------------------------------------------------------------------------------------


@dataclass
class Painter:
    """Draws one sight's regions in the active language; the pieces several regions share
    (names, controls, signal boards) are made once and only when a region needs them."""

    sight: Sight
    oob: bool = True
    _names: dict[int, str] | None = field(default=None, init=False)
    _controls: ControlBuilder | None = field(default=None, init=False)
    _boards: dict[bool, signal_board.SignalBoard | None] = field(default_factory=dict, init=False)

    @property
    def names(self) -> dict[int, str]:
        if self._names is None:
            self._names = seats.seat_names(self.sight.ctx)
        return self._names

    @property
    def controls(self) -> ControlBuilder:
        if self._controls is None:
            legal = self.sight.legal if self.sight.viewer is not None else []
            self._controls = ControlBuilder(self.sight.view, legal, self.names)
        return self._controls

    def board(self, *, own: bool) -> signal_board.SignalBoard | None:
        """The signals as everyone sees them (``own`` False) or with the viewer's own buttons."""
        if own not in self._boards:
            sight = self.sight
            if sight.ctx.signals is None:
                self._boards[own] = None
            else:
                self._boards[own] = signal_board.board(
                    sight.signals,
                    sight.public if not own else sight.view,
                    sight.viewer if own else None,
                    self.names,
                    {info.seat: info.kind for info in sight.ctx.seats},
                    running=sight.running,
                    now=sight.ctx.now,
                )
        return self._boards[own]

    def _render(self, template: str, context: dict[str, Any]) -> SafeString:
        context.setdefault("oob", self.oob)
        context.setdefault("match_id", self.sight.ctx.match_id)
        context.setdefault("version", self.sight.ctx.version)
        # Runs of blank space with a line break become one line break: the same to the
        # browser (white space between inline elements still separates them), fewer bytes.
        html = BLANKS.sub("\n", render_to_string(template, context).strip())
        return mark_safe(html)  # noqa: S308 (Django templates, autoescaped)

    # --- public ------------------------------------------------------------------------

    def seat_public(self, seat: int, *, status: bool = False, play: bool = False) -> SafeString:
        """A seat's public board, or (``status``) what it is doing now, or (``play``) the cards
        in front of it."""
        sight = self.sight
        pv = sight.public
        board = self.board(own=False) if status else None
        public = seats.seat_public(
            pv["players"][seat],
            sight.ctx.seat(seat),
            names=self.names,
            is_turn=sight.running and pv["turn"] == seat,
            is_deciding=seat in sight.awaiting,
            ctx=sight.ctx,
            signals=board.for_seat(seat) if board else None,
        )
        if play:
            template = "game/table/seat_play.html"
        elif status:
            template = "game/table/seat_now.html"
        else:
            template = "game/table/seat_pub.html"
        return self._render(template, {"s": public})

    def region(self, region: str) -> SafeString:
        if region == HAND_HEAD:
            return self._render("game/table/hand_head.html", self.hand_head_context())
        if region.startswith(HAND_ACT):
            face = self.hand_faces()[region.removeprefix(HAND_ACT)]
            return self._render("game/table/hand_act.html", {"c": face})
        if region == HAND_CARDS:
            return self.hand_cards()
        if region.startswith("seat-"):
            seat = int(region.split("-")[1])
            if region.endswith("-pub"):
                return self.seat_public(seat)
            if region.endswith("-now"):
                return self.seat_public(seat, status=True)
            if region.endswith("-play"):
                return self.seat_public(seat, play=True)
            if region.endswith("-mark"):
                return self.seat_mark(seat)
            if region.endswith("-aim"):
                return self.seat_aim(seat)
            return self.seat_private(seat)
        return self._render(TEMPLATES[region], self.panel_context(region))

    def panel_context(self, region: str) -> dict[str, Any]:
        sight = self.sight
        pv, view, ctx = sight.public, sight.view, sight.ctx
        if region == "table-round":
            return {
                "round": pv["round"],
                "high_noon": pv["high_noon"],
                "mode_name": catalogue.mode_name(pv["mode"]),
                "deck_count": pv["deck_count"],
            }
        if region in ("table-deck", "table-pile"):
            return {"deck_count": pv["deck_count"]}
        if region == "table-centre":
            top = pv.get("discard_top")
            return {
                "deck_count": pv["deck_count"],
                "check": panels.check_view(panels.current_check(pv), self.names),
                "discard_top": card_face(top) if top else None,
            }
        if region == "table-clock":
            deciding = sorted(sight.awaiting)
            left = seats.seconds_left(ctx) if deciding else None
            return {
                "who": ", ".join(self.names.get(s, "") for s in deciding),
                "deadline": ctx.deadline.isoformat() if deciding and ctx.deadline else "",
                "seconds_left": left,
                "clock_left": seats.clock_text(left),
            }
        if region == "table-over":
            result = pv.get("result")
            return {
                "finished": result is not None,
                "result_line": panels.result_text(result, self.names) if result else "",
                "result_url": result_url(ctx.match_id) if result else "",
            }
        if region == "table-top":
            return {
                "top_line": panels.top_line(view, self.names, sight.viewer),
                "my_decision": sight.my_decision,
            }
        if region == "table-you":
            role = view.get("role")
            eliminated = sight.viewer is not None and not view["players"][sight.viewer]["alive"]
            return {
                "spectator": sight.viewer is None,
                "you_are": str(catalogue.role_name(role)) if role else "",
                "goal": panels.goal_of(view),
                "eliminated": eliminated,
                "finished": not sight.running,
                "roles_at_table": panels.roles_line(view["roles_at_table"]),
            }
        if region == "table-settings":
            return {
                "auto_pass": _auto_pass(sight),
                "own_bot": _own_bot(sight),
                "seat": sight.viewer,
                "host": _host(sight),
                "tempo": ctx.tempo,
                "tempo_choices": TEMPO_CHOICES,
                "reports": self.report_links(),
            }
        if region == "table-decision":
            prompt = None
            if sight.my_decision:
                prompt = panels.prompt_for(view, self.controls, self.names)
            left = seats.seconds_left(ctx) if prompt else None
            return {
                "piloted": _own_bot(sight) == "back",
                "seat": sight.viewer,
                "prompt": prompt,
                "deadline": ctx.deadline.isoformat() if prompt and ctx.deadline else "",
                "seconds_left": left,
                "clock_left": seats.clock_text(left),
            }
        if region == "table-hand":
            return {
                "spectator": sight.viewer is None,
                "hand": list(self.hand_faces().values()),
                **self.hand_head_context(),
            }
        if region == "table-signals":
            board = self.board(own=True) if sight.ctx.human(sight.viewer) else None
            return {"signals": board, "controls": board.controls if board else None}
        raise KeyError(region)

    # --- private -----------------------------------------------------------------------

    def seat_private(self, seat: int) -> SafeString:
        sight = self.sight
        view, viewer = sight.view, sight.viewer
        player = view["players"][seat]
        public_role = sight.public["players"][seat]["role"]
        role_id = player["role"] if not public_role and player["role"] else ""
        hands = sight.open_hands or {}
        private = seats.SeatPrivate(
            seat=seat,
            distance=player["distance"],
            role=str(catalogue.role_name(role_id)) if role_id else "",
            role_id=role_id,
            deputy_candidate=seat in set(view.get("deputy_candidates") or []) and not role_id,
            host_action=seats.host_action(sight.ctx, viewer, seat) if player["alive"] else "",
            open_hand=[card_face(c) for c in hands.get(seat, [])] if viewer is None else [],
            bot_vote=seats.bot_vote(sight.ctx, viewer, seat) if player["alive"] else None,
            name=self.names.get(seat, str(seat + 1)),
        )
        return self._render("game/table/seat_you.html", {"s": private})

    def report_links(self) -> list[tuple[str, str]]:
        """(name, report page) of each player the viewer may report (issue 23); none where no
        report page is installed (the rooms' part mounts it as ``game:report_player``)."""
        links = []
        for seat in seats.report_targets(self.sight.ctx, self.sight.viewer):
            try:
                url = reverse("game:report_player", args=[self.sight.ctx.match_id, seat])
            except NoReverseMatch:
                return []
            links.append((self.names.get(seat, str(seat + 1)), url))
        return links

    def seat_aim(self, seat: int) -> SafeString:
        """The viewer's target buttons on ``seat``, each lit by the hand card it belongs to."""
        viewer = self.sight.viewer
        targets = self.controls.targets.get(seat, []) if viewer is not None else []
        return self._render("game/table/seat_aim.html", {"seat": seat, "targets": targets})

    def seat_mark(self, seat: int) -> SafeString:
        """The viewer's mark menu on ``seat`` (R124), empty where the viewer cannot mark it."""
        board = self.board(own=True) if _mark_slice(self.sight, seat) else None
        mark = {
            "seat": seat,
            "name": self.names.get(seat, str(seat + 1)),
            "signals": board.for_seat(seat) if board else None,
            "marks": board.controls.marks if board and board.controls else [],
        }
        return self._render("game/table/seat_mark.html", {"s": mark})

    def hand_faces(self) -> dict[str, Any]:
        """The viewer's hand cards by id, in hand order, each with what it does now."""
        sight = self.sight
        controls = self.controls
        faces = {}
        for card in sight.view["hand"] if sight.viewer is not None else []:
            face = card_face(card)
            face.control = controls.card_controls.get(card["id"])
            face.selectable = card["id"] in controls.selectable
            face.playable = face.control is not None or face.selectable
            if not face.playable:
                face.why_not = why_not(card, sight.view, sight.my_decision)
            faces[card["id"]] = face
        return faces

    def hand_head_context(self) -> dict[str, Any]:
        sight = self.sight
        count = len(sight.view["hand"]) if sight.viewer is not None else 0
        return {
            "count": count,
            "end_turn": self.controls.end_turn if sight.viewer is not None else None,
            "waiting": str(WAIT) if count and sight.running and not sight.my_decision else "",
        }

    def hand_cards(self, only: list[str] | None = None, *, append: bool = False) -> SafeString:
        """The hand's list, whole (``only`` None) or the cards ``only`` to append to it."""
        faces = self.hand_faces()
        cards = [faces[card_id] for card_id in only] if only is not None else list(faces.values())
        oob, self.oob = self.oob, False  # the cards inside are not swaps of their own
        try:
            slots = "".join(self._render("game/table/hand_card.html", {"c": c}) for c in cards)
        finally:
            self.oob = oob
        swap = "beforeend" if append else "true"
        return mark_safe(  # noqa: S308 (the slots are templates' output, autoescaped)
            f'<ul class="hand__cards" id="{HAND_CARDS}" hx-swap-oob="{swap}">{slots}</ul>'
        )

    def hand_change(self, before: tuple[str, ...], after: tuple[str, ...]) -> SafeString:
        """The swaps that take the hand's list from cards ``before`` to cards ``after``: cards
        leave one by one and new ones are appended (a hand keeps the order cards came in);
        anything else redraws the list."""
        kept = [card_id for card_id in before if card_id in after]
        added = [card_id for card_id in after if card_id not in before]
        if list(after) != kept + added:
            return self.hand_cards()
        gone = "".join(
            f'<li id="hand-card-{card_id}" hx-swap-oob="delete"></li>'
            for card_id in before
            if card_id not in after
        )
        appended = self.hand_cards(added, append=True) if added else ""
        return mark_safe(gone + appended)  # noqa: S308 (ids are the engine's hex card ids)

    # --- the log -----------------------------------------------------------------------

    def log_lines(self, start_events: int = 0, start_signals: int = 0) -> list[SafeString]:
        """The log's lines from event ``start_events`` and signal ``start_signals`` on, in the
        order the whole log shows them (each signal after the move it answered)."""
        events = self.sight.public.get("log") or []
        writer = LogWriter(self.names)
        merged: list[tuple[int, int, SafeString]] = []
        for index in range(start_events, len(events)):
            line = writer.sentence(events[index])
            if line is not None:
                merged.append((index, 0, line))
        for record in self.sight.signals[start_signals:]:
            sentence = signal_board.signal_sentence(record, self.names)
            merged.append((record.log_position - 1, 1, sentence))
        merged.sort(key=lambda item: (item[0], item[1]))
        return [line for _, _, line in merged]

    def log_append(self, start_events: int, start_signals: int) -> SafeString:
        lines = self.log_lines(start_events, start_signals)
        if not lines:
            return SafeString("")
        return self._render("game/table/log_append.html", {"lines": lines})

    def took_toast(self, card: dict[str, Any], source: int) -> SafeString:
        message = gettext("You took {card} from {player}.").format(
            card=card_face(card).label, player=self.names.get(source, str(source + 1))
        )
        return self._render("live/toast.html", {"message": message})

    def state(self, previous: int | None) -> SafeString:
        """The frame's first element: the table version it brings (and the one it follows, for
        a delta), the match version, and the classes of the whole screen."""
        sight = self.sight
        return self._render(
            "game/table/state.html",
            {
                "table_version": sight.ctx.table_version,
                "previous": previous,
                "mine": sight.my_decision,
                "noon": sight.public["high_noon"],
                "result_url": result_url(sight.ctx.match_id) if not sight.running else "",
            },
        )

    # --- the whole table ---------------------------------------------------------------

    def full_table(self) -> str:
        """The whole table as ``<div id="table" hx-swap-oob="true">``, every region inside."""
        sight = self.sight
        self.oob = False
        places = seats.places(sight.public, sight.viewer, sight.ctx)
        seat_regions = [
            {
                "place": place,
                "out": not sight.public["players"][place.seat]["alive"],
                "turn": sight.running and sight.public["turn"] == place.seat,
                "deciding": place.seat in sight.awaiting,
                "now": self.seat_public(place.seat, status=True),
                "pub": self.seat_public(place.seat),
                "play": self.seat_public(place.seat, play=True),
                "you": self.seat_private(place.seat),
                "aim": self.seat_aim(place.seat),
                "mark": self.seat_mark(place.seat),
            }
            for place in places
        ]
        regions = {
            region.replace("-", "_"): self.region(region)
            for region in (*PUBLIC_PANELS, *PRIVATE_PANELS)
        }
        html = render_to_string(
            "game/table/table.html",
            {
                "state": self.state(None),
                "seats": seat_regions,
                "log": self.log_lines(),
                "regions": regions,
                "match_id": sight.ctx.match_id,
                "spectator": sight.viewer is None,
                "mine": sight.my_decision,
                "noon": sight.public["high_noon"],
                "version": sight.ctx.version,
                "table_version": sight.ctx.table_version,
                "result_url": result_url(sight.ctx.match_id) if not sight.running else "",
            },
        )
        return mark_safe(BLANKS.sub("\n", html))  # noqa: S308 (Django templates, autoescaped)


def result_url(match_id: int) -> str:
    try:
        return reverse("game:result", args=[match_id])
    except NoReverseMatch:
        return ""

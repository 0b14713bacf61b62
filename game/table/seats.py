"""A seat as the table draws it, split into what every viewer sees and what only one does.

``SeatPublic`` (hearts, cards in front, presence, the turn and timer marks, claims and guesses)
is the same on every screen and is rendered once per language; ``SeatPrivate`` (distance from
the viewer, a role only the viewer knows, the viewer's targets, mark menu and host buttons) is
rendered per viewer. The seat's place on the oval depends on the viewer and never changes
during a match, so it is drawn only with the whole table.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from django.utils.translation import gettext

from game import catalogue, seat_labels
from game.table.cards import CardFace, card_face
from game.table.portraits import PORTRAITS

if TYPE_CHECKING:
    from game.signal_board import SeatSignals
    from game.table.context import SeatInfo, TableContext


def seat_names(ctx: TableContext) -> dict[int, str]:
    """What a player reads as each seat's name, in the active language."""
    return {info.seat: seat_labels.seat_name(info.kind, info.name) for info in ctx.seats}


def badge_for(info: SeatInfo | None, name: str) -> str:
    """The kind of player at a seat. A bot's or AI's label is its name already ("Bot 5"), so
    the badge says only what it is instead of the same words twice."""
    if info is None:
        return ""
    if info.kind == "human":
        return gettext("Player · bot plays") if info.autopilot else gettext("Player")
    return seat_labels.kind_badge(info.kind, seat_labels.shown(info.label), name)


def strength_for(info: SeatInfo | None) -> str:
    """A bot seat's strength as its badge shows it ("Hard", issue 22); '' for every other
    seat: a seat handed to the bot is no bot seat and has no strength of its own (R121)."""
    return seat_labels.strength_name(info.kind, info.strength) if info is not None else ""


def badge_title(info: SeatInfo | None) -> str:
    """What the badge of a player's seat that the bot plays explains on hover: the host's
    strength choice is for bot seats, so the bot plays it at Normal (R121, issue 22)."""
    if info is None or info.kind != "human" or not info.autopilot:
        return ""
    return gettext("The bot plays this seat at Normal strength until its player takes it back.")


#: How square the ring of seats is: 1 is an ellipse; less pushes the seats between the four
#: sides out towards the corners, where a short laptop felt has room for them.
SQUARENESS = 0.6


#: Seven or eight seats do not fit on the oval of a laptop's short felt: its even steps put
#: a seat at each end just below the one at the top corner. They sit in two columns instead,
#: three on each side (top, middle, bottom) as high and low as the felt goes, the viewer at
#: the bottom between them and an eighth seat at the top.
RIM: dict[int, list[tuple[float, float]]] = {
    7: [(50, 96), (12, 96), (3, 50), (12, 4), (88, 4), (97, 50), (88, 96)],
    8: [(50, 96), (12, 96), (3, 50), (12, 4), (50, 4), (88, 4), (97, 50), (88, 96)],
}


def ring_positions(count: int) -> list[tuple[float, float]]:
    """Points on the oval for ring index 0 (bottom, the viewer) onwards, clockwise (R135);
    in two columns (``RIM``) for seven or eight.

    Screen y grows downwards, so a growing angle turns clockwise: bottom, left, top, right.
    """
    if count in RIM:
        return list(RIM[count])

    def out(value: float) -> float:
        return math.copysign(abs(value) ** SQUARENESS, value)

    points = []
    for index in range(count):
        angle = math.pi / 2 + index * 2 * math.pi / count
        x = 50 + 42 * out(math.cos(angle))
        y = 50 + 46 * out(math.sin(angle))
        points.append((round(x, 2), round(y, 2)))
    return points


def ring_order(seat_count: int, bottom: int) -> list[int]:
    """Seats clockwise starting after `bottom`, then `bottom` itself last (drawn at the bottom)."""
    return [(bottom + step) % seat_count for step in range(1, seat_count)] + [bottom]


@dataclass
class SeatPlace:
    """The still part of a seat on one viewer's screen: where it sits and who it is."""

    seat: int
    number: int
    name: str
    is_viewer: bool
    character: str
    character_name: str
    ability: str
    x: float
    y: float
    portrait: dict[str, str]


@dataclass
class SeatPublic:
    seat: int
    name: str
    badge: str
    #: A bot seat's strength ("Hard"), shown in its badge; '' for other seats (issue 22).
    strength: str
    #: The badge's explanation on hover, '' for none.
    badge_title: str
    kind: str
    connected: bool
    agent_badge: str
    model_badge: str
    hp: int
    max_hp: int
    hearts: list[bool]
    hand_count: int
    in_play: list[CardFace]
    weapon: CardFace | None
    weapon_name: str
    weapon_range: int
    stars: int
    upgrades: list[str]
    #: A role everyone knows (the Marshal's, or an eliminated player's, R4, R82).
    role: str
    role_id: str
    alive: bool
    is_turn: bool
    is_deciding: bool
    deadline: str = ""
    seconds_left: int | None = None
    signals: SeatSignals | None = None

    @property
    def clock_left(self) -> str:
        return clock_text(self.seconds_left)

    @property
    def hearts_full(self) -> str:
        return "♥" * sum(self.hearts)

    @property
    def hearts_lost(self) -> str:
        return "♡" * (len(self.hearts) - sum(self.hearts))


@dataclass(frozen=True)
class BotVote:
    """The vote to hand an absent seat to the bot (issue 23), as one voter sees it."""

    votes: int
    needed: int
    mine: bool


@dataclass
class SeatPrivate:
    seat: int
    distance: int | None
    #: A role only this viewer knows (their own, or a teammate's in Double Agent mode, R10).
    role: str
    role_id: str
    deputy_candidate: bool
    #: Host controls for this seat (R132): "return" or "hand" when the host may use one.
    host_action: str = ""
    #: The viewer's vote to hand this seat to the bot while its player is away (issue 23).
    bot_vote: BotVote | None = None
    name: str = ""
    open_hand: list[CardFace] = field(default_factory=list)


def clock_text(seconds: int | None) -> str:
    """A countdown as the ticking script shows it (m:ss), so the first paint matches."""
    if seconds is None:
        return ""
    minutes, rest = divmod(max(0, seconds), 60)
    return f"{minutes}:{rest:02d}"


def seconds_left(ctx: TableContext) -> int | None:
    if ctx.deadline is None:
        return None
    return max(0, int((ctx.deadline - ctx.now).total_seconds()))


def places(view: dict[str, Any], viewer: int | None, ctx: TableContext) -> list[SeatPlace]:
    """Every seat in drawing order for ``viewer``: the others clockwise, the viewer last, at
    the bottom (R135); a watcher's table is drawn from the first seat."""
    players = view["players"]
    count = len(players)
    order = ring_order(count, viewer if viewer is not None else 0)
    positions = ring_positions(count)
    names = seat_names(ctx)
    result = []
    for index, seat in enumerate(order):
        x, y = positions[(index + 1) % count]  # index 0 of the ring is the bottom seat
        character = players[seat]["character"]
        text = catalogue.CHARACTERS[character]
        result.append(
            SeatPlace(
                seat=seat,
                number=seat + 1,
                name=names.get(seat, str(seat + 1)),
                is_viewer=seat == viewer,
                character=character,
                character_name=str(text.name),
                ability=str(text.ability),
                x=x,
                y=y,
                portrait=PORTRAITS[character],
            )
        )
    return result


def seat_public(
    player: dict[str, Any],
    info: SeatInfo | None,
    *,
    names: dict[int, str],
    is_turn: bool,
    is_deciding: bool,
    ctx: TableContext,
    signals: SeatSignals | None,
) -> SeatPublic:
    """``player`` is the seat's entry of the public view (``Game.view(None)``)."""
    seat = player["seat"]
    weapon = card_face(player["weapon"]) if player["weapon"] else None
    role_id = player["role"] or ""
    name = names.get(seat, str(seat + 1))
    return SeatPublic(
        seat=seat,
        name=name,
        badge=badge_for(info, name),
        strength=strength_for(info),
        badge_title=badge_title(info),
        kind=info.kind if info else "bot",
        connected=info.connected if info else True,
        agent_badge=info.agent_badge if info else "",
        model_badge=info.model_badge if info else "",
        hp=player["hp"],
        max_hp=player["max_hp"],
        hearts=[i < player["hp"] for i in range(player["max_hp"])],
        hand_count=player["hand_count"],
        in_play=[card_face(c) for c in player["in_play"]],
        weapon=weapon,
        weapon_name=weapon.name if weapon else str(catalogue.REVOLVER),
        weapon_range=catalogue.weapon_range(weapon.kind if weapon else None),
        stars=player["stars"],
        upgrades=[str(catalogue.upgrade_name(u)) for u in player["upgrades"]],
        role=str(catalogue.role_name(role_id)) if role_id else "",
        role_id=role_id,
        alive=player["alive"],
        is_turn=is_turn,
        is_deciding=is_deciding,
        deadline=ctx.deadline.isoformat() if is_deciding and ctx.deadline else "",
        seconds_left=seconds_left(ctx) if is_deciding else None,
        signals=signals,
    )


def host_action(ctx: TableContext, viewer: int | None, seat: int) -> str:
    """The host's control on another human's or an AI seat (R132), '' where there is none:
    "hand" (to the bot) or "return". His own seat's control is with his own switches."""
    info = ctx.seat(seat)
    if viewer is None or ctx.host_seat != viewer or not ctx.running or seat == viewer:
        return ""
    if info is None or info.kind == "bot":
        return ""
    return "return" if info.autopilot else "hand"


def bot_vote(ctx: TableContext, viewer: int | None, seat: int) -> BotVote | None:
    """The vote a seated human may cast on another human's seat while the match runs (issue
    23): the majority of the present humans other than that seat's player hands it to the
    bot. The host hands a seat over himself (``host_action``), so he gets none. It is drawn
    whether or not the seat is away, and the page shows it only while the seat's presence
    dot says away (table.css): presence frames redraw only the dot (game.presence), so the
    vote appears the moment a player goes, without waiting for the next move."""
    me = ctx.seat(viewer) if viewer is not None else None
    info = ctx.seat(seat)
    if me is None or info is None or seat == viewer or not ctx.running or not ctx.live:
        return None
    if me.kind != "human" or info.kind != "human" or info.autopilot:
        return None
    if ctx.host_seat == viewer:
        return None
    # The viewer is looking at the table even if his presence has not been written yet.
    here = {other.seat for other in ctx.seats if other.connected} | {viewer}
    voters = {
        other.seat
        for other in ctx.seats
        if other.kind == "human" and other.seat != seat and other.seat in here
    }
    votes = [voter for voter in info.bot_votes if voter in voters]
    return BotVote(votes=len(votes), needed=len(voters) // 2 + 1, mine=viewer in info.bot_votes)


def report_targets(ctx: TableContext, viewer: int | None) -> tuple[int, ...]:
    """The seats a seated human may report to the moderators (issue 23): every other human's,
    during the match and after it. Watchers report nobody."""
    if not ctx.human(viewer):
        return ()
    return tuple(info.seat for info in ctx.seats if info.kind == "human" and info.seat != viewer)

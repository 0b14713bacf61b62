"""The engine's plain data, typed: cards, actions, frames, events, views and results.

At run time every one of these is the plain dict it always was (a TypedDict costs nothing and
keeps the JSON round trip and the speed of ``apply``); the names say what each dict holds, so
mypy checks the engine (strict, engine/pyproject.toml) and its callers (``game/services``,
bots, the SDK) against the contract of engine/README.md.
"""

from __future__ import annotations

from typing import Literal, NotRequired, Required, TypedDict

# --- cards ------------------------------------------------------------------------------


class PublicCard(TypedDict):
    """A card seen face up in an event: what it is, never which physical card (no id)."""

    kind: str
    suit: str
    rank: str


class CardView(TypedDict):
    """A card in a view where the viewer may act on it: its opaque id and what it is."""

    id: str
    kind: str
    suit: str
    rank: str


# --- actions ----------------------------------------------------------------------------


class Action(TypedDict, total=False):
    """One complete action, as ``legal_actions`` lists it and ``apply`` accepts it.

    ``type`` is ``play``, ``respond``, ``pass``, ``end_turn``, ``discard``, ``choose`` or
    ``ability``; the other keys are present as the README's action table says.
    """

    type: Required[str]
    card: str  # a hand card's id (or, in keep_two, the card put back)
    card2: str  # the second Ricochet-equivalent against a Double Barrel hit
    target: int  # a seat
    target_card: str  # Grab/Toss: a card in play's id, or "hand"
    option: str  # a choice: a draw method, an upgrade id, "return"
    ability: str  # which ability (the character's id)
    cards: list[str]  # the ability's hand cards, sorted


# --- frames: the pending-decision stack ----------------------------------------------------

#: Where a turn is in R22's procedure.
TurnStep = Literal["begin", "dynamite", "jail", "draw", "play", "end", "next"]


class TurnFrame(TypedDict):
    """The bottom of the stack: whose turn it is and which step comes next."""

    kind: Literal["turn"]
    seat: int
    step: TurnStep
    jailed: NotRequired[bool]  # the Jail check failed in an Arena mode: no plays (R74)


class PlayFrame(TypedDict):
    """The play step awaits ``seat`` (R24)."""

    kind: Literal["play"]
    seat: int
    jailed: NotRequired[bool]  # a jailed Bonesetter, asked only for his ability (→Q23)


class HitFrame(TypedDict):
    """A Shot or Buckshot hit awaits its target's answer (R68, R69)."""

    kind: Literal["respond_hit"]
    seat: int  # the target
    source: int  # the shooter
    card: str  # "shot" or "buckshot"
    required: int  # Ricochet-equivalents still needed (2 for Double Barrel at distance 1)


class DuelFrame(TypedDict):
    """A Duel round: ``seat`` discards a Shot-equivalent or loses (R54)."""

    kind: Literal["duel"]
    seat: int  # whose discard it is
    source: int  # the challenger
    opponent: int  # the challenged


class RaidFrame(TypedDict):
    """One Raid round: ``seat`` discards a Shot-equivalent or takes 1 damage (R55)."""

    kind: Literal["raid"]
    seat: int
    source: int


class TargetQueueFrame(TypedDict):
    """The rest of a Raid or Buckshot: the targets still to answer, clockwise (R55, R60)."""

    kind: Literal["raid_seq", "buckshot"]
    source: int
    targets: list[int]


class DiscardFrame(TypedDict):
    """The end-of-turn discard down to current HP (R25)."""

    kind: Literal["discard"]
    seat: int


class DrawChoiceFrame(TypedDict):
    """A draw step with more than one method to choose from (R104, R109, R116)."""

    kind: Literal["draw_choice"]
    seat: int


class KeepTwoFrame(TypedDict):
    """Keep 2 of the top 3 (R86, R106); the three stay on the deck meanwhile."""

    kind: Literal["keep_two"]
    seat: int
    cause: str  # "three_eyes" or "instinct": who draws this way
    cards: list[str]  # the ids of the top three, top first


class UpgradeFrame(TypedDict):
    """A Glory choice (R83, R88)."""

    kind: Literal["upgrade"]
    seat: int
    cause: str  # "glory" or "last_bullet"


class BountyFrame(TypedDict):
    """Which of the victim's stars to take (R87)."""

    kind: Literal["bounty"]
    seat: int
    victim: int
    stars: list[str]  # the victim's upgrades, in the order gained


#: A frame that awaits its ``seat``'s decision.
DecisionFrame = (
    PlayFrame
    | HitFrame
    | DuelFrame
    | RaidFrame
    | DiscardFrame
    | DrawChoiceFrame
    | KeepTwoFrame
    | UpgradeFrame
    | BountyFrame
)
#: Any frame on the stack.
Frame = TurnFrame | TargetQueueFrame | DecisionFrame


# --- events (all public) -------------------------------------------------------------------


class RoundEvent(TypedDict):
    type: Literal["round"]
    round: int


class HighNoonEvent(TypedDict):
    type: Literal["high_noon"]
    round: int


class TurnEvent(TypedDict):
    type: Literal["turn"]
    seat: int
    round: int


class TurnEndedEvent(TypedDict):
    type: Literal["turn_ended"]
    seat: int


class CheckEvent(TypedDict):
    type: Literal["check"]
    seat: int
    check: str  # "jail", "dynamite", "cover"
    result: str
    cards: NotRequired[list[PublicCard]]
    coins: NotRequired[list[bool]]  # the Arena Cover coin


DynamitePassedEvent = TypedDict(
    "DynamitePassedEvent", {"type": Literal["dynamite_passed"], "from": int, "to": int}
)


class DrewEvent(TypedDict):
    """Cards drawn face down are only counted; the discard pile's top is named."""

    type: Literal["drew"]
    seat: int
    count: int
    cause: str
    card: NotRequired[PublicCard]


class RevealedEvent(TypedDict):
    type: Literal["revealed"]
    seat: int
    card: PublicCard


class ReshuffledEvent(TypedDict):
    type: Literal["reshuffled"]
    count: int


class PlayedEvent(TypedDict):
    type: Literal["played"]
    seat: int
    card: PublicCard
    target: NotRequired[int]
    target_card: NotRequired[PublicCard | str]  # a card in play, or "hand"


#: A card taken into a hand; ``card`` is None when it came from a hand (face down).
TookEvent = TypedDict(
    "TookEvent",
    {
        "type": Literal["took"],
        "seat": int,
        "from": int,
        "card": PublicCard | None,
        "cause": str,
    },
)


class DiscardedEvent(TypedDict):
    type: Literal["discarded"]
    seat: int
    card: NotRequired[PublicCard]
    cards: NotRequired[list[PublicCard]]
    cause: str


class HitCancelledEvent(TypedDict):
    type: Literal["hit_cancelled"]
    seat: int
    by: str


class PassedEvent(TypedDict):
    type: Literal["passed"]
    seat: int


class DamageEvent(TypedDict):
    type: Literal["damage"]
    seat: int
    amount: int
    source: int | None
    cause: str


class HealedEvent(TypedDict):
    type: Literal["healed"]
    seat: int
    amount: int
    cause: str


class EliminatedEvent(TypedDict):
    type: Literal["eliminated"]
    seat: int
    role: str
    by: int | None


ScavengedEvent = TypedDict(
    "ScavengedEvent", {"type": Literal["scavenged"], "seat": int, "from": int, "count": int}
)


class PenaltyEvent(TypedDict):
    type: Literal["penalty"]
    seat: int
    cards: list[PublicCard]


class StarEvent(TypedDict):
    type: Literal["star"]
    seat: int
    upgrade: str
    cause: str


class GameOverEvent(TypedDict):
    type: Literal["game_over"]
    winners: list[int]
    team: str


Event = (
    RoundEvent
    | HighNoonEvent
    | TurnEvent
    | TurnEndedEvent
    | CheckEvent
    | DynamitePassedEvent
    | DrewEvent
    | RevealedEvent
    | ReshuffledEvent
    | PlayedEvent
    | TookEvent
    | DiscardedEvent
    | HitCancelledEvent
    | PassedEvent
    | DamageEvent
    | HealedEvent
    | EliminatedEvent
    | ScavengedEvent
    | PenaltyEvent
    | StarEvent
    | GameOverEvent
)


# --- results and views ---------------------------------------------------------------------


class GameResult(TypedDict):
    winners: list[int]  # sorted seats
    team: str  # "law", "bandits" or "loner"


class LastCheck(TypedDict):
    """The last check made: a ``check`` event without its type."""

    seat: int
    check: str
    result: str
    cards: NotRequired[list[PublicCard]]
    coins: NotRequired[list[bool]]


class PlayerView(TypedDict):
    """One player as a viewer sees them (README, Views)."""

    seat: int
    character: str
    hp: int
    max_hp: int
    hand_count: int
    role: str | None  # None when the viewer may not know it
    alive: bool
    in_play: list[CardView]
    weapon: CardView | None
    stars: int
    upgrades: list[str]
    distance: int | None  # viewer -> player; None for oneself, a spectator or the dead


class DiscardPending(TypedDict):
    kind: Literal["discard"]
    seat: int
    count: int  # cards still to discard


class PlayerOption(TypedDict):
    """Grip's draw option: take his first card from ``target``'s hand."""

    option: str
    target: int


class DrawChoicePending(TypedDict):
    kind: Literal["draw_choice"]
    seat: int
    options: list[str | PlayerOption]


class KeepTwoPending(TypedDict):
    kind: Literal["keep_two"]
    seat: int
    cause: str
    looking_at: NotRequired[list[CardView]]  # only in the deciding seat's own view


class UpgradePending(TypedDict):
    kind: Literal["upgrade"]
    seat: int
    cause: str
    options: list[str]


class BountyPending(TypedDict):
    kind: Literal["bounty"]
    seat: int
    victim: int
    stars: list[str]
    options: list[str]


#: The public part of the decision awaited (``view["pending"]``); an attack's is its frame.
PendingView = (
    HitFrame
    | DuelFrame
    | RaidFrame
    | DiscardPending
    | DrawChoicePending
    | KeepTwoPending
    | UpgradePending
    | BountyPending
)


class View(TypedDict):
    """All that one seat (or, with ``seat`` None, a spectator) may know (README, Views)."""

    seat: int | None
    mode: str
    round: int
    high_noon: bool
    turn: int
    awaiting: list[int]
    pending: PendingView | None
    hand: list[CardView]
    role: str | None
    players: list[PlayerView]
    roles_at_table: list[str]
    deck_count: int
    discard_count: int
    discard_top: CardView | None
    last_check: LastCheck | None
    log: list[Event]
    result: GameResult | None
    deputy_candidates: NotRequired[list[int]]  # the Marshal's, in Double Agent mode (R10 a)


__all__ = [
    "Action",
    "BountyFrame",
    "BountyPending",
    "CardView",
    "CheckEvent",
    "DamageEvent",
    "DecisionFrame",
    "DiscardFrame",
    "DiscardPending",
    "DiscardedEvent",
    "DrawChoiceFrame",
    "DrawChoicePending",
    "DrewEvent",
    "DuelFrame",
    "DynamitePassedEvent",
    "EliminatedEvent",
    "Event",
    "Frame",
    "GameOverEvent",
    "GameResult",
    "HealedEvent",
    "HighNoonEvent",
    "HitCancelledEvent",
    "HitFrame",
    "KeepTwoFrame",
    "KeepTwoPending",
    "LastCheck",
    "PassedEvent",
    "PenaltyEvent",
    "PendingView",
    "PlayFrame",
    "PlayedEvent",
    "PlayerOption",
    "PlayerView",
    "PublicCard",
    "RaidFrame",
    "ReshuffledEvent",
    "RevealedEvent",
    "RoundEvent",
    "ScavengedEvent",
    "StarEvent",
    "TargetQueueFrame",
    "TookEvent",
    "TurnEndedEvent",
    "TurnEvent",
    "TurnFrame",
    "TurnStep",
    "UpgradeFrame",
    "UpgradePending",
    "View",
]

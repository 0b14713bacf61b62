"""What the match asks of the parts above it, filled in by them as Django starts.

The match (``game``) sits below the seats not played by humans (``machines``) and the rooms
(``lobby``), and never imports them (docs/architecture.md). Where a match needs something only
they know, it calls a hook here and the part that knows registers the answer in its
``AppConfig.ready``:

- ``bot_move``: the rule-based bot's move for a seat (``machines``: bot seats and autopilot);
- ``seat_models`` / ``seat_agents``: the model and agent badges of AI seats, and which AI seats
  a program plays (``machines.ai``, ``machines.agents``);
- ``stored_settings`` / ``store_settings``: the per-account settings the table's tools are
  kept in (``lobby``, whose preferences row holds them);
- ``skill_ratings``: the displayed skill rating of accounts (``stats``), which the quick-match
  queue (``lobby``) reads to seat people of a rating band together. The rooms and the
  statistics know not each other (docs/architecture.md); both build on the match, so the
  seam between them is here.

Each hook has one provider: registering a second replaces the first (a test may swap one in).
Until its provider registers, a hook answers as if the part were absent: no badges, no stored
settings, no ratings; only a bot move has no sensible default and raises.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Hashable, Sequence
from typing import Any

from bangarena_engine.types import Action, View

#: (seat, that seat's engine view, its legal actions, the match's bot seed, the seat's bot
#: strength, the match's key or None) -> one legal action. The key lets the provider keep the
#: seat's memory between moves (issue 22); the move must not depend on it otherwise.
BotMove = Callable[[int, View, list[Action], int, str, Hashable | None], Action]
#: The match's seats (MatchSeat rows or doubles) -> seat -> display name of its model.
SeatModels = Callable[[Sequence[Any]], dict[int, str]]
#: A match -> seat -> name of the agent program that plays it.
SeatAgents = Callable[[Any], dict[int, str]]
#: A signed-in user -> the settings stored on the account (None when none are).
StoredSettings = Callable[[Any], dict[str, Any] | None]
#: (a signed-in user, changed keys) -> None, keeping every other stored setting.
StoreSettings = Callable[[Any, dict[str, Any]], None]
#: Account ids -> the displayed rating of each account that has one (absent: not rated yet).
SkillRatings = Callable[[Collection[int]], dict[int, int]]


def _no_bots(
    seat: int, view: View, legal: list[Action], seed: int, strength: str, match: Hashable | None
) -> Action:
    raise LookupError("no bot is registered (machines is not an installed app)")


def _no_settings_store(user: Any, changes: dict[str, Any]) -> None:
    raise LookupError("no settings store is registered (lobby is not an installed app)")


_bot_move: BotMove = _no_bots
_seat_models: SeatModels = lambda seats: {}  # noqa: E731 (the absent part's answer)
_seat_agents: SeatAgents = lambda match: {}  # noqa: E731
_stored_settings: StoredSettings = lambda user: None  # noqa: E731
_store_settings: StoreSettings = _no_settings_store
_skill_ratings: SkillRatings = lambda user_ids: {}  # noqa: E731


def provide_bot_move(func: BotMove) -> None:
    global _bot_move
    _bot_move = func


def provide_seat_models(func: SeatModels) -> None:
    global _seat_models
    _seat_models = func


def provide_seat_agents(func: SeatAgents) -> None:
    global _seat_agents
    _seat_agents = func


def provide_settings_store(load: StoredSettings, save: StoreSettings) -> None:
    global _stored_settings, _store_settings
    _stored_settings, _store_settings = load, save


def provide_skill_ratings(func: SkillRatings) -> None:
    global _skill_ratings
    _skill_ratings = func


def bot_move(
    seat: int,
    view: View,
    legal: list[Action],
    seed: int,
    *,
    strength: str = "normal",
    match: Hashable | None = None,
) -> Action:
    """The bot's move for ``seat``, chosen from that seat's view and legal actions only, at
    ``strength`` ("easy", "normal" or "hard": game.models.BotStrength, issue 22). ``match``
    (the match's primary key) only lets the bots reuse the seat's memory from its last move."""
    return _bot_move(seat, view, legal, seed, strength, match)


def seat_models(seats: Sequence[Any]) -> dict[int, str]:
    return _seat_models(seats)


def seat_agents(match: Any) -> dict[int, str]:
    return _seat_agents(match)


def stored_settings(user: Any) -> dict[str, Any] | None:
    return _stored_settings(user)


def store_settings(user: Any, changes: dict[str, Any]) -> None:
    _store_settings(user, changes)


def skill_ratings(user_ids: Collection[int]) -> dict[int, int]:
    return _skill_ratings(user_ids)

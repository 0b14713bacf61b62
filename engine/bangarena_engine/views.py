"""The only exit point for game information: what one seat (or a spectator) may know.

Everything a client, bot or AI model sees passes through ``build_view``; hidden roles, other
hands, the deck order and the generator state are filtered here and nowhere else.
"""

from __future__ import annotations

from bangarena_engine.distance import distances_from
from bangarena_engine.frames import HANDLERS
from bangarena_engine.roles import DOUBLE_AGENT, MARSHAL, ROLE_ORDER, ROLE_TEAM
from bangarena_engine.state import Card, Player, State, copy_json
from bangarena_engine.types import CardView, PendingView, PlayerView, View


def _card(card: Card | None) -> CardView | None:
    return None if card is None else card.full()


def role_visible(state: State, viewer: int | None, player: Player) -> bool:
    """R4, R10 b, R82: own role, the Marshal, the eliminated, and (Double Agent mode) the
    Bandit team among themselves; every role once the game is over (match summary, R140)."""
    if (
        player.role == MARSHAL
        or not player.alive
        or state.result is not None
        or viewer == player.seat
    ):
        return True
    if viewer is None or state.mode != DOUBLE_AGENT:
        return False
    if not any(other.role == DOUBLE_AGENT for other in state.players):
        return False  # R14: at 4 seats the table plays classic, so no team reveal
    mine = state.players[viewer].role
    return ROLE_TEAM[mine] == "bandits" and ROLE_TEAM[player.role] == "bandits"


def pending_view(state: State, viewer: int | None) -> PendingView | None:
    """The public part of the decision awaited, with the keep-2 cards for their looker."""
    if state.result is not None or not state.stack:
        return None
    frame = state.stack[-1]
    handler = HANDLERS.get(frame["kind"])
    if handler is None:
        return None
    public = handler.public(state, frame)
    if public is None:
        return None
    public = copy_json(public)
    if public["kind"] == "keep_two" and frame["kind"] == "keep_two" and viewer == frame["seat"]:
        by_id = {c.id: c for c in state.deck[-3:]}
        public["looking_at"] = [by_id[cid].full() for cid in frame["cards"]]
    return public


def build_view(state: State, seat: int | None, awaiting: list[int]) -> View:
    viewer = state.players[seat] if seat is not None else None
    dists = distances_from(state, viewer.seat) if viewer is not None and viewer.alive else {}
    players: list[PlayerView] = []
    for player in state.players:
        players.append(
            {
                "seat": player.seat,
                "character": player.character.id,
                "hp": player.hp,
                "max_hp": player.max_hp,
                "hand_count": len(player.hand),
                "role": player.role if role_visible(state, seat, player) else None,
                "alive": player.alive,
                "in_play": [c.full() for c in player.in_play],
                "weapon": _card(player.weapon),
                "stars": len(player.upgrades),
                "upgrades": list(player.upgrades),
                "distance": dists.get(player.seat) if player.alive else None,
            }
        )
    roles = [player.role for player in state.players]
    view: View = {
        "seat": seat,
        "mode": state.mode,
        "round": state.round,
        "high_noon": state.high_noon,
        "turn": state.turn,
        "awaiting": list(awaiting),
        "pending": pending_view(state, seat),
        "hand": [c.full() for c in viewer.hand] if viewer is not None else [],
        "role": viewer.role if viewer is not None else None,
        "players": players,
        "roles_at_table": sorted(roles, key=ROLE_ORDER.index),
        "deck_count": len(state.deck),
        "discard_count": len(state.discard),
        "discard_top": _card(state.discard[-1]) if state.discard else None,
        "last_check": copy_json(state.last_check),
        # The events themselves are shared, never copied: they are immutable once logged
        # (State.emit), so a view costs one pointer copy per event instead of a dict copy per
        # event and nested card (issue 22: that copy was 57 % of a bot game). The list is the
        # view's own, so a reader that slices, reassigns or appends to it changes nothing else.
        "log": list(state.log),
        "result": copy_json(state.result),
    }
    if viewer is not None and viewer.role == MARSHAL and state.deputy_candidates is not None:
        view["deputy_candidates"] = list(state.deputy_candidates)
    return view

"""The only exit point for game information: what one seat (or a spectator) may know.

Everything a client, bot or AI model sees passes through ``build_view``; hidden roles, other
hands, the deck order and the generator state are filtered here and nowhere else.
"""

from __future__ import annotations

from bangarena_engine.distance import distances_from
from bangarena_engine.frames import HANDLERS
from bangarena_engine.roles import DOUBLE_AGENT, MARSHAL, ROLE_ORDER, ROLE_TEAM
from bangarena_engine.state import Card, Player, State, copy_event, copy_json


def _card(card: Card | None) -> dict | None:
    return None if card is None else card.full()


def role_visible(s: State, viewer: int | None, p: Player) -> bool:
    """R4, R10 b, R82: own role, the Marshal, the eliminated, and (Double Agent mode) the
    Bandit team among themselves; every role once the game is over (match summary, R140)."""
    if p.role == MARSHAL or not p.alive or s.result is not None or viewer == p.seat:
        return True
    if viewer is None or s.mode != DOUBLE_AGENT:
        return False
    if not any(q.role == DOUBLE_AGENT for q in s.players):
        return False  # R14: at 4 seats the table plays classic, so no team reveal
    mine = s.players[viewer].role
    return ROLE_TEAM[mine] == "bandits" and ROLE_TEAM[p.role] == "bandits"


def pending_view(s: State, viewer: int | None) -> dict | None:

    if s.result is not None or not s.stack:
        return None
    frame = s.stack[-1]
    handler = HANDLERS.get(frame["kind"])
    if handler is None:
        return None
    public = handler.public(s, frame)
    if public is None:
        return None
    public = copy_json(public)
    if frame["kind"] == "keep_two" and viewer == frame["seat"]:
        by_id = {c.id: c for c in s.deck[-3:]}
        public["looking_at"] = [by_id[cid].full() for cid in frame["cards"]]
    return public


def build_view(s: State, seat: int | None, awaiting: list[int]) -> dict:
    viewer = s.players[seat] if seat is not None else None
    dists = distances_from(s, seat) if viewer is not None and viewer.alive else {}
    players = []
    for p in s.players:
        players.append(
            {
                "seat": p.seat,
                "character": p.character.id,
                "hp": p.hp,
                "max_hp": p.max_hp,
                "hand_count": len(p.hand),
                "role": p.role if role_visible(s, seat, p) else None,
                "alive": p.alive,
                "in_play": [c.full() for c in p.in_play],
                "weapon": _card(p.weapon),
                "stars": len(p.upgrades),
                "upgrades": list(p.upgrades),
                "distance": dists.get(p.seat) if p.alive else None,
            }
        )
    roles = [p.role for p in s.players]
    view = {
        "seat": seat,
        "mode": s.mode,
        "round": s.round,
        "high_noon": s.high_noon,
        "turn": s.turn,
        "awaiting": list(awaiting),
        "pending": pending_view(s, seat),
        "hand": [c.full() for c in viewer.hand] if viewer is not None else [],
        "role": viewer.role if viewer is not None else None,
        "players": players,
        "roles_at_table": sorted(roles, key=ROLE_ORDER.index),
        "deck_count": len(s.deck),
        "discard_count": len(s.discard),
        "discard_top": _card(s.discard[-1]) if s.discard else None,
        "last_check": copy_json(s.last_check),
        "log": [copy_event(event) for event in s.log],
        "result": copy_json(s.result),
    }
    if viewer is not None and viewer.role == MARSHAL and s.deputy_candidates is not None:
        view["deputy_candidates"] = list(s.deputy_candidates)
    return view

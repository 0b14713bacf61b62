"""Which model plays which seat: the host's choice in the room, bound to the match at start,
and the model names the table's badges show (R136, R142).

Room seats are the lobby's ``RoomSeat`` rows, which the lobby passes in: this part sits below
the lobby and never imports it."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from django.db.models import QuerySet

from game.models import Match, MatchSeat
from machines.ai.models import AIModel, MatchSeatModel, RoomSeatModel


def enabled_models() -> QuerySet[AIModel]:
    """The models a host may seat now."""
    return AIModel.objects.filter(enabled=True)


def enabled_model(model_id: int | None) -> AIModel | None:
    if model_id is None:
        return None
    return enabled_models().filter(pk=model_id).first()


def bind_room_seat(seat: Any, model: AIModel) -> RoomSeatModel:
    return RoomSeatModel.objects.create(room_seat=seat, model=model)


def bind_match(room_seats: Iterable[Any], match: Match) -> int:
    """Give each of the match's seats the model its room seat had (in the starting
    transaction, so the first decision request already finds it). Returns how many."""
    chosen = dict(
        RoomSeatModel.objects.filter(room_seat__in=list(room_seats)).values_list(
            "room_seat__index", "model_id"
        )
    )
    if not chosen:
        return 0
    table = MatchSeat.objects.filter(match=match, seat__in=chosen, kind=MatchSeat.Kind.AI)
    bound = MatchSeatModel.objects.bulk_create(
        MatchSeatModel(match_seat=player, model_id=chosen[player.seat]) for player in table
    )
    return len(bound)


def room_models(room_id: int) -> dict[int, str]:
    """Display name of the model of each AI seat of a room, by seat index (one query)."""
    return dict(
        RoomSeatModel.objects.filter(room_seat__room_id=room_id).values_list(
            "room_seat__index", "model__display_name"
        )
    )


def model_names(seats: Sequence[Any]) -> dict[int, str]:
    """Display name of the model playing each model seat of a match, by seat.

    One query for all seats, remembered on the MatchSeat objects: a broadcast renders the
    table once per viewer from the same list, and queries once. Seats without a primary key
    (test doubles) and agent seats have no model."""
    ai_seats = [s for s in seats if getattr(s, "kind", "") == "ai" and getattr(s, "pk", None)]
    missing = [s for s in ai_seats if not hasattr(s, "_ai_model_name")]
    if missing:
        found = dict(
            MatchSeatModel.objects.filter(match_seat__in=[s.pk for s in missing]).values_list(
                "match_seat_id", "model__display_name"
            )
        )
        for player in missing:
            player._ai_model_name = found.get(player.pk, "")
    return {s.seat: s._ai_model_name for s in ai_seats if s._ai_model_name}

"""game announces, agents listen (game never imports machines.agents): each announcement is
passed to the agent sockets of that seat or token through the channel layer. The sockets read
what they send from the database themselves, from their own seat's view only."""

from __future__ import annotations

from typing import Any

from django.db.models.signals import post_delete
from django.dispatch import receiver

from bangarena_site.accounts.signals import user_banned
from game.models import Match, MatchSeat
from game.signals import ai_decision_requested, match_finished, match_started
from machines.agents import services
from machines.agents.models import AgentToken


@receiver(ai_decision_requested, sender=Match, dispatch_uid="agents.decide")
def decision_requested(sender: Any, match_id: int, seat: int, **kwargs: Any) -> None:
    # Nobody may listen (a model seat, or no agent connected): the group is then empty.
    services.send_to_group(
        services.seat_group(match_id, seat),
        {"type": services.DECIDE_MESSAGE, "match": match_id, "seat": seat},
    )


@receiver(match_finished, sender=Match, dispatch_uid="agents.result")
def match_over(sender: Any, match: Match, **kwargs: Any) -> None:
    ai_seats = match.seats.filter(kind=MatchSeat.Kind.AI).values_list("seat", flat=True)
    for seat in ai_seats:
        services.send_to_group(
            services.seat_group(match.pk, seat),
            {"type": services.RESULT_MESSAGE, "match": match.pk, "seat": seat},
        )


@receiver(match_started, sender=Match, dispatch_uid="agents.match_started")
def new_match(sender: Any, match: Match, **kwargs: Any) -> None:
    """A room token follows its room into the new match (Play again)."""
    for token in services.room_tokens_of(match):
        room_seat = token.room_seat
        assert room_seat is not None  # room_tokens_of: the tokens of the room's seats
        services.send_to_group(
            services.token_group(token.pk),
            {"type": services.STARTED_MESSAGE, "match": match.pk, "seat": room_seat.index},
        )


@receiver(post_delete, sender=AgentToken, dispatch_uid="agents.token_deleted")
def token_deleted(sender: Any, instance: AgentToken, **kwargs: Any) -> None:
    """A removed seat takes its tokens along (CASCADE): their sockets close like revoked ones."""
    services.close_sockets_on_commit(instance.pk)


@receiver(user_banned, dispatch_uid="agents.user_banned")
def maker_banned(sender: Any, user_id: int, **kwargs: Any) -> None:
    services.revoke_made_by(user_id)

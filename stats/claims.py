"""An account made after playing as a guest claims that session's matches.

The guest's seats were recorded with the session key as ``guest_key`` (the session key is the
guest's identity, lobby.identity). Signing up logs in, which rotates the key, so the signup
view captures the key first and calls ``claim_guest_results`` with it.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction

from stats import ratings, tallies
from stats.models import GuestClaim, MatchRecord, PlayerResult
from stats.recording import apply_for_users


def claim_guest_results(user: Any, session_key: str) -> int:
    """Give ``user`` every unclaimed guest result of ``session_key``; returns how many. Results
    of that session recorded later (a match still running) are the user's too.

    Each claimed result then counts like one recorded for the account: achievements (with the
    match that unlocked them), and tallies and ratings where the match is rated, in the order
    the matches finished. A match that the claim makes rated (an account and this guest: now
    two accounts, ``ratings.is_rated``) counts on the other account's boards from now on too."""
    if not session_key:
        return 0
    with transaction.atomic():
        # A match of this session still running now is recorded later: remember the key so
        # recording gives that result to the account too.
        GuestClaim.objects.get_or_create(session_key=session_key, defaults={"user": user})
        results = list(
            PlayerResult.objects.select_for_update()
            .filter(guest_key=session_key, user__isnull=True)
            .select_related("record")
            .order_by("finished_at", "record_id", "seat")
        )
        for result in results:
            PlayerResult.objects.filter(pk=result.pk).update(user=user, guest_key="")
            result.user_id, result.guest_key = user.pk, ""
            record = _recount_accounts(result)
            apply_for_users(record, [result])
    return len(results)


def _recount_accounts(claimed: PlayerResult) -> MatchRecord:
    """The record of ``claimed`` with its accounts counted again; when the claim makes it
    rated, the results that already belonged to an account get its tallies now (the claimed
    one gets them in ``apply_for_users``, and ``ratings.update_for`` there rates every
    account not yet rated for it)."""
    record = MatchRecord.objects.select_for_update().get(pk=claimed.record_id)
    owned = list(record.players.filter(user__isnull=False))
    accounts = len({result.user_id for result in owned})
    rated = ratings.is_rated(accounts)
    if rated and not record.rated:
        for result in owned:
            if result.pk != claimed.pk:
                tallies.count(result)
    record.humans, record.rated = accounts, rated
    record.save(update_fields=["humans", "rated"])
    return record

"""An account made after playing as a guest claims that session's matches.

The guest's seats were recorded with the session key as ``guest_key`` (the session key is the
guest's identity, lobby.identity). Signing up logs in, which rotates the key, so the signup
view captures the key first and calls ``claim_guest_results`` with it.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.db.models import F

from stats.models import GuestClaim, MatchRecord, PlayerResult
from stats.recording import apply_for_users


def claim_guest_results(user: Any, session_key: str) -> int:
    """Give ``user`` every unclaimed guest result of ``session_key``; returns how many. Results
    of that session recorded later (a match still running) are the user's too.

    Each claimed result then counts like one recorded for the account: tallies, achievements
    (with the match that unlocked them) and ratings, in the order the matches finished."""
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
            MatchRecord.objects.filter(pk=result.record_id).update(
                rated=True, humans=F("humans") + 1
            )
            record = MatchRecord.objects.get(pk=result.record_id)
            result.user_id, result.guest_key = user.pk, ""
            apply_for_users(record, [result])
    return len(results)

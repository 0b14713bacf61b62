"""Skill ratings with openskill's Plackett-Luce model (docs/stats.md, "Ratings").

Design (hidden-role, multi-team game):

* Every seat is its own one-player "team" in openskill, ranked by outcome: every winner of the
  match shares rank 1, every other seat shares rank 2 (R91-R97 decide who won; eliminated
  Deputies and Bandits win with their side, so elimination order does not rank players).
* A rated match is one that at least ``RATED_FROM_ACCOUNTS`` (two) signed-up humans played
  (issue 23, ``MatchRecord.rated``): a rating says how a player fares against other people, and
  a match of one account against bots and guests would let anyone farm it. Only such matches
  move ratings and count on the leaderboards (``stats.tallies``); every match still counts for
  a player's own statistics and achievements.
* Only users with accounts are rated. Bots, AI seats and guests at a rated table take part as
  fixed anchors at the model's default rating (mu 25, sigma 25/3): they shape the update but
  are never stored or ranked, so a rating is always measured against the same yardstick.
* Each user's change is stored as a RatingChange, once per (record, user); ``recompute_all``
  replays them.
* Leaderboards sort by ``ordinal`` = mu - 3 sigma (a conservative skill estimate).
"""

from __future__ import annotations

from collections.abc import Iterable

from django.db import transaction
from django.db.models import F
from openskill.models import PlackettLuce

from stats import queries
from stats.models import MatchRecord, PlayerResult, Rating, RatingChange

MODEL = PlackettLuce()
DEFAULT_MU = MODEL.mu
DEFAULT_SIGMA = MODEL.sigma
#: Issue 23: "Rated matches are those with at least two signed-up humans".
RATED_FROM_ACCOUNTS = 2


def is_rated(accounts: int) -> bool:
    """Whether a match that ``accounts`` different signed-up humans played is rated."""
    return accounts >= RATED_FROM_ACCOUNTS


def ordinal(mu: float, sigma: float) -> float:
    return MODEL.rating(mu=mu, sigma=sigma).ordinal()


def update_for(record: MatchRecord, players: Iterable[PlayerResult] | None = None) -> int:
    """Rate ``record`` for every user seat not yet rated for it; returns how many changed.

    Running it twice changes nothing: a user with a RatingChange for this record is skipped
    (they still take part in the update of others, at their current rating)."""
    if not record.rated:
        return 0
    table = sorted(players if players is not None else record.players.all(), key=lambda p: p.seat)
    user_ids = {p.user_id for p in table if p.user_id is not None}
    if not user_ids:
        return 0
    done = set(
        RatingChange.objects.filter(record=record, user_id__in=user_ids).values_list(
            "user_id", flat=True
        )
    )
    pending = user_ids - done
    if not pending:
        return 0
    current = {r.user_id: r for r in Rating.objects.filter(user_id__in=user_ids)}
    teams = []
    for player in table:
        stored = current.get(player.user_id) if player.user_id is not None else None
        mu, sigma = (stored.mu, stored.sigma) if stored else (DEFAULT_MU, DEFAULT_SIGMA)
        teams.append([MODEL.rating(mu=mu, sigma=sigma)])
    ranks: list[float] = [1 if p.won else 2 for p in table]
    if len(set(ranks)) < 2:
        return 0  # nobody won or everyone did: nothing to learn (not reachable by the rules)
    rated = MODEL.rate(teams, ranks=ranks)
    changes = []
    with transaction.atomic():
        for player, before, [after] in zip(table, teams, rated, strict=True):
            if player.user_id not in pending:
                continue
            pending.discard(player.user_id)  # one user, two seats: rate the first only
            [old] = before
            changes.append(
                RatingChange(
                    record=record,
                    user_id=player.user_id,
                    mu_before=old.mu,
                    sigma_before=old.sigma,
                    ordinal_before=old.ordinal(),
                    mu_after=after.mu,
                    sigma_after=after.sigma,
                    ordinal_after=after.ordinal(),
                )
            )
            values = {
                "mu": after.mu,
                "sigma": after.sigma,
                "ordinal": after.ordinal(),
                "updated_at": record.finished_at,
            }
            if player.user_id in current:
                Rating.objects.filter(user_id=player.user_id).update(
                    rated_matches=F("rated_matches") + 1, **values
                )
            else:
                Rating.objects.create(user_id=player.user_id, rated_matches=1, **values)
        RatingChange.objects.bulk_create(changes)
    return len(changes)


def recompute_all() -> tuple[int, int]:
    """Rebuild every Rating and RatingChange from the stored results, in finished order.

    Deterministic: records are replayed by (finished_at, match id). Returns (records rated,
    users rated)."""
    with transaction.atomic():
        RatingChange.objects.all().delete()
        Rating.objects.all().delete()
        count = 0
        records = (
            MatchRecord.objects.filter(rated=True)
            .order_by("finished_at", "match_id")
            .prefetch_related("players")
        )
        for record in records.iterator(chunk_size=500):
            if update_for(record, record.players.all()):
                count += 1
        users = Rating.objects.count()
        # The leaderboards' cached standings describe the old ratings.
        transaction.on_commit(queries.forget_boards)
    return count, users

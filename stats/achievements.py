"""Achievements (R140, Q62): a catalogue defined in code, unlocked once per user.

Two kinds:

* match achievements: a condition on one match result (and the other seats of that match),
  e.g. "3 eliminations in one match";
* counted achievements (``target`` set): a running total over all the user's results reaches
  the target, e.g. "play 50 matches". Their progress is shown until they unlock.

Unlocking happens when a match is recorded (and when a guest's results are claimed), in the
recording transaction; ``UserAchievement``'s unique (user, code) makes it once per user. Only
users with accounts get achievements; guests keep nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.db.models import Count, Q, Sum
from django.db.models.functions import Coalesce
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from game.catalogue import MODES, ROLES
from stats.models import MatchRecord, PlayerResult, UserAchievement

MatchTest = Callable[[PlayerResult, list[PlayerResult]], bool]


@dataclass(frozen=True)
class Totals:
    """A user's running totals (one aggregate query)."""

    matches: int = 0
    wins: int = 0
    eliminations: int = 0
    damage_dealt: int = 0
    shots_dodged: int = 0
    duels_won: int = 0
    roles_won: int = 0
    modes_won: int = 0


@dataclass(frozen=True)
class Achievement:
    code: str
    name: Promise
    description: Promise
    icon: str
    target: int | None = None
    # Match achievements: the condition on one result and its table.
    test: MatchTest | None = None
    # Counted achievements: which total counts towards ``target``.
    total: str | None = None

    def progress(self, totals: Totals) -> int | None:
        """How far the user is (capped at the target); None for match achievements."""
        if self.total is None or self.target is None:
            return None
        return min(getattr(totals, self.total), self.target)

    def met(self, result: PlayerResult, table: list[PlayerResult], totals: Totals) -> bool:
        if self.test is not None:
            return self.test(result, table)
        progress = self.progress(totals)
        return progress is not None and progress >= (self.target or 0)


@dataclass(frozen=True)
class AchievementStatus:
    achievement: Achievement
    unlocked_at: datetime | None
    match_id: int | None
    progress: int | None
    target: int | None

    @property
    def unlocked(self) -> bool:
        return self.unlocked_at is not None


def _won_as(role: str) -> MatchTest:
    return lambda r, table: r.won and r.role == role


def _eliminated_role(role: str) -> MatchTest:
    """The player eliminated someone holding ``role`` (R81: the eliminator)."""
    return lambda r, table: any(t.role == role and t.eliminated_by == r.seat for t in table)


def _counted(code: str, name: Promise, description: Promise, icon: str, total: str, target: int):
    return Achievement(code, name, description, icon, target=target, total=total)


_CATALOGUE: tuple[Achievement, ...] = (
    Achievement("first_win", _("First win"), _("Win a match."), "🥇", test=lambda r, t: r.won),
    Achievement(
        "hat_trick",
        _("Hat trick"),
        _("Make 3 eliminations in one match."),
        "🎩",
        test=lambda r, t: r.eliminations >= 3,
    ),
    Achievement(
        "duel_winner",
        _("Quick draw"),
        _("Win a Duel."),
        "⚔️",
        test=lambda r, t: r.duels_won >= 1,
    ),
    Achievement(
        "dynamite_survivor",
        _("Still smoking"),
        _("Survive a Dynamite explosion."),
        "🧨",
        test=lambda r, t: r.dynamite_survived >= 1,
    ),
    Achievement(
        "bounty_hunter",
        _("Bounty hunter"),
        _("Claim a Bounty: eliminate a player who had a star."),
        "💰",
        test=lambda r, t: r.bounties_taken >= 1,
    ),
    Achievement(
        "flawless",
        _("Not a scratch"),
        _("Win without losing a ♥."),
        "🛡️",
        test=lambda r, t: r.won and r.damage_taken == 0,
    ),
    Achievement(
        "win_marshal",
        _("Law and order"),
        _("Win as the Marshal."),
        "⭐",
        test=_won_as("marshal"),
    ),
    Achievement(
        "win_deputy",
        _("Loyal deputy"),
        _("Win as a Deputy."),
        "🤠",
        test=_won_as("deputy"),
    ),
    Achievement(
        "win_bandit",
        _("Outlaw"),
        _("Win as a Bandit."),
        "🦹",
        test=_won_as("bandit"),
    ),
    Achievement(
        "win_loner",
        _("Lone wolf"),
        _("Win as a Loner."),
        "🐺",
        test=_won_as("loner"),
    ),
    Achievement(
        "win_double_agent",
        _("Two faces"),
        _("Win as the Double Agent."),
        "🎭",
        test=_won_as("double_agent"),
    ),
    Achievement(
        "from_the_grave",
        _("From the grave"),
        _("Win a match after being eliminated."),
        "🪦",
        test=lambda r, t: r.won and r.eliminated_place is not None,
    ),
    Achievement(
        "kingslayer",
        _("Kingslayer"),
        _("Eliminate the Marshal."),
        "👑",
        test=_eliminated_role("marshal"),
    ),
    Achievement(
        "friendly_fire",
        _("Friendly fire"),
        _("As the Marshal, eliminate one of your own Deputies."),
        "🤦",
        test=lambda r, t: r.role == "marshal" and _eliminated_role("deputy")(r, t),
    ),
    Achievement(
        "trigger_happy",
        _("Trigger happy"),
        _("Fire 5 Shots in one match."),
        "🔫",
        test=lambda r, t: r.shots_fired >= 5,
    ),
    Achievement(
        "dodger",
        _("Dodger"),
        _("Dodge 3 hits in one match."),
        "💨",
        test=lambda r, t: r.shots_dodged >= 3,
    ),
    Achievement(
        "star_collector",
        _("Star collector"),
        _("Gain 3 stars in one match."),
        "🌟",
        test=lambda r, t: r.stars >= 3,
    ),
    Achievement(
        "full_house",
        _("Full house"),
        _("Be alive at the end of an 8-player match."),
        "🏠",
        test=lambda r, t: len(t) == 8 and r.eliminated_place is None,
    ),
    Achievement(
        "marathon",
        _("Marathon"),
        _("Survive 10 rounds in one match."),
        "⏳",
        test=lambda r, t: r.rounds_survived >= 10,
    ),
    Achievement(
        "last_one_standing",
        _("Last one standing"),
        _("Be the only player alive at the end."),
        "🏆",
        test=lambda r, t: (
            r.eliminated_place is None
            and all(o.eliminated_place is not None for o in t if o.seat != r.seat)
        ),
    ),
    _counted("play_10", _("Regular"), _("Play 10 matches."), "🎲", "matches", 10),
    _counted("play_50", _("Veteran"), _("Play 50 matches."), "🎖️", "matches", 50),
    _counted("play_100", _("Legend of the West"), _("Play 100 matches."), "🏅", "matches", 100),
    # Ten wins in all, not in a row: named for what it counts.
    _counted("win_10", _("Proven gun"), _("Win 10 matches."), "🏆", "wins", 10),
    _counted("win_50", _("Top dog"), _("Win 50 matches."), "🐕", "wins", 50),
    _counted(
        "eliminations_25", _("Gravedigger"), _("Make 25 eliminations."), "⚰️", "eliminations", 25
    ),
    _counted("damage_100", _("Heavy hitter"), _("Deal 100 damage."), "💥", "damage_dealt", 100),
    _counted("dodges_50", _("Untouchable"), _("Dodge 50 hits."), "🌀", "shots_dodged", 50),
    _counted("duels_10", _("Duel master"), _("Win 10 Duels."), "🤺", "duels_won", 10),
    _counted(
        "every_role",
        _("Jack of all roles"),
        _("Win as every role: Marshal, Deputy, Bandit, Loner and Double Agent."),
        "🃏",
        "roles_won",
        len(ROLES),
    ),
    _counted(
        "every_mode",
        _("Well travelled"),
        _("Win in every mode: Classic, Partners, Double Agent and Old Classic."),
        "🗺️",
        "modes_won",
        len(MODES),
    ),
)

ACHIEVEMENTS: dict[str, Achievement] = {a.code: a for a in _CATALOGUE}


def totals(user_id: int, *, until: datetime | None = None) -> Totals:
    """The user's running totals, over results that finished at or before ``until``."""
    results = PlayerResult.objects.filter(user_id=user_id)
    if until is not None:
        results = results.filter(finished_at__lte=until)
    won = Q(won=True)
    data: dict[str, Any] = results.aggregate(
        matches=Count("pk"),
        wins=Count("pk", filter=won),
        eliminations=Coalesce(Sum("eliminations"), 0),
        damage_dealt=Coalesce(Sum("damage_dealt"), 0),
        shots_dodged=Coalesce(Sum("shots_dodged"), 0),
        duels_won=Coalesce(Sum("duels_won"), 0),
        roles_won=Count("role", filter=won & Q(role__in=list(ROLES)), distinct=True),
        modes_won=Count("mode", filter=won & Q(mode__in=list(MODES)), distinct=True),
    )
    return Totals(**data)


def unlock_for(record: MatchRecord, results: Iterable[PlayerResult]) -> list[UserAchievement]:
    """Unlock what each user result of ``record`` earned (each achievement once per user)."""
    owned = [(r.user_id, r) for r in results if r.user_id is not None]
    if not owned:
        return []
    table = list(record.players.all())
    have: dict[int, set[str]] = {user_id: set() for user_id, _result in owned}
    for user_id, code in UserAchievement.objects.filter(user_id__in=list(have)).values_list(
        "user_id", "code"
    ):
        have[user_id].add(code)
    new: list[UserAchievement] = []
    for user_id, result in owned:
        sums = totals(user_id, until=result.finished_at)
        for achievement in _CATALOGUE:
            if achievement.code in have[user_id]:
                continue
            if achievement.met(result, table, sums):
                have[user_id].add(achievement.code)
                new.append(
                    UserAchievement(
                        user_id=user_id,
                        code=achievement.code,
                        match_id=record.match_id,
                        unlocked_at=record.finished_at,
                    )
                )
    UserAchievement.objects.bulk_create(new, ignore_conflicts=True)
    return new


def statuses(user: Any) -> list[AchievementStatus]:
    """Every achievement with the user's state, in catalogue order (two queries)."""
    unlocked = {
        row.code: row
        for row in UserAchievement.objects.filter(user_id=user.pk).only(
            "code", "match_id", "unlocked_at"
        )
    }
    sums = totals(user.pk)
    out = []
    for achievement in _CATALOGUE:
        row = unlocked.get(achievement.code)
        progress = achievement.progress(sums)
        if row is not None and progress is not None:
            progress = achievement.target
        out.append(
            AchievementStatus(
                achievement=achievement,
                unlocked_at=row.unlocked_at if row else None,
                match_id=row.match_id if row else None,
                progress=progress,
                target=achievement.target,
            )
        )
    return out


def unlocked_in_match(user_id: int, match_id: int) -> list[Achievement]:
    """The achievements this user unlocked with this match, in catalogue order (one query)."""
    codes = set(
        UserAchievement.objects.filter(user_id=user_id, match_id=match_id).values_list(
            "code", flat=True
        )
    )
    return [a for a in _CATALOGUE if a.code in codes]

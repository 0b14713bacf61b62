"""The Glory upgrades (R83-R88): one class each, holding every rule the upgrade changes.

A player's stars are upgrade ids in ``player.upgrades`` (in the order gained, as views and
Bounty show them); the engine looks each one up in ``UPGRADE_BY_ID`` and calls its hooks, and
never tests an upgrade by name (engine/tests/test_architecture.py). To add an upgrade: write
its class here and add it to ``UPGRADE_LIST``.
"""

from __future__ import annotations

from typing import ClassVar

from bangarena_engine.keep_two import begin_keep_two
from bangarena_engine.state import Player, State


class Upgrade:
    """The defaults of an upgrade that changes nothing; subclasses override what theirs does."""

    __slots__ = ()

    id: ClassVar[str]
    #: Added to the holder's weapon range, once per star of this upgrade (R35).
    range_bonus: ClassVar[int] = 0
    #: Replaces the draw of 2 in the draw step (``draw``), in the Arena modes (R116).
    is_draw_method: ClassVar[bool] = False

    def offered_to(self, player: Player) -> bool:
        """Whether a Glory choice (R83, R88) offers it to ``player``."""
        return True

    def on_gain(self, state: State, player: Player) -> None:
        """What the star does at once, after it is added to ``player.upgrades``."""

    def draw(self, state: State, player: Player) -> None:
        """The draw step by this upgrade's method (only when ``is_draw_method``)."""
        raise AssertionError(f"{self.id} is not a draw method")


class Accuracy(Upgrade):
    """R84: +1 weapon range per star."""

    __slots__ = ()
    id = "accuracy"
    range_bonus = 1


class Fortitude(Upgrade):
    """R85: +1 max HP, and +1 HP now."""

    __slots__ = ()
    id = "fortitude"

    def on_gain(self, state: State, player: Player) -> None:
        player.max_hp += 1
        player.hp += 1


class Instinct(Upgrade):
    """R86: draw by looking at the top 3 and keeping 2; held at most once, never offered to a
    character it cannot help (R116)."""

    __slots__ = ()
    id = "instinct"
    is_draw_method = True

    def offered_to(self, player: Player) -> bool:
        return self.id not in player.upgrades and player.character.instinct_useful

    def draw(self, state: State, player: Player) -> None:
        begin_keep_two(state, player, self.id)


#: Every upgrade, in the order a Glory choice offers them; the first one offered is the
#: R120 default (→Q50).
UPGRADE_LIST: tuple[Upgrade, ...] = (Accuracy(), Fortitude(), Instinct())

#: upgrade id -> its rules object.
UPGRADE_BY_ID: dict[str, Upgrade] = {upgrade.id: upgrade for upgrade in UPGRADE_LIST}

#: Upgrade ids in offer order.
UPGRADES: tuple[str, ...] = tuple(UPGRADE_BY_ID)


def draw_upgrade(state: State, player: Player) -> Upgrade | None:
    """The upgrade ``player`` may draw with instead of the draw of 2, if any (Arena only)."""
    if not state.arena:
        return None
    for upgrade_id in player.upgrades:
        upgrade = UPGRADE_BY_ID[upgrade_id]
        if upgrade.is_draw_method:
            return upgrade
    return None


def range_bonus(upgrade_ids: list[str]) -> int:
    """Weapon range added by these stars (R35); a view's ``upgrades`` list works too."""
    bonus = 0
    for upgrade_id in upgrade_ids:
        bonus += UPGRADE_BY_ID[upgrade_id].range_bonus
    return bonus

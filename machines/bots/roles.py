"""Role strategies (R5-R10): whom each role wants hurt, and whom it protects.

Each strategy turns the role odds of ``Outlook`` into a *harm* wish per alive player: +1 means
"hurt them", -1 "keep them alive". The card policies only ever read these wishes, so the role
logic lives here in one place.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the outlook calls these strategies, so it imports this module
    from machines.bots.outlook import Outlook


def harm_for(outlook: Outlook) -> dict[int, float]:
    strategy = _STRATEGIES.get(outlook.role, _law)
    return {seat: strategy(outlook, seat) for seat in outlook.others}


def _law(o: Outlook, seat: int) -> float:
    """Marshal and Deputy (R5, R6): hunt whoever acts as a Bandit, spare likely Deputies.

    A Deputy never harms the Marshal. The Loner is an enemy of the law too, but a quieter one
    than a Bandit while the Marshal is not yet in danger.
    """
    if seat == o.marshal:
        return -1.0
    deputy = o.p(seat, "deputy")
    hostile = o.p(seat, "bandit", "double_agent")
    loner = o.p(seat, "loner")
    bandits_left = any(o.p(s, "bandit", "double_agent") > 0 for s in o.others)
    return hostile + (0.5 if bandits_left else 1.0) * loner - 1.2 * deputy


def _bandit(o: Outlook, seat: int) -> float:
    """Bandit (R7): the Marshal first, then his likely Deputies; never a known teammate
    (Double Agent mode shows the team to itself, R10 b)."""
    if seat == o.marshal:
        return 1.3
    mates = o.p(seat, "bandit", "double_agent")
    deputy = o.p(seat, "deputy")
    loner = o.p(seat, "loner")
    return deputy + 0.4 * loner - 1.2 * mates


def _double_agent(o: Outlook, seat: int) -> float:
    """Double Agent (R9, R10): the Marshal was told that I may be his Deputy, so while my
    teammates live and he is not about to fall I keep that cover: I do not attack him, I hunt
    his real Deputies instead (who would otherwise expose me). I strike at the Marshal when he
    is low, when the Bandits are gone, when few players remain, or once my public record has
    given me away (the Marshal reads the same log)."""
    if seat != o.marshal:
        return _bandit(o, seat) + (0.3 * o.p(seat, "deputy") if _agent_covered(o) else 0.0)
    return 0.0 if _agent_covered(o) else 1.3


def _agent_covered(o: Outlook) -> bool:
    if o.marshal is None:  # R10 a: the Double Agent is always one of the Marshal's two names
        return False
    marshal_hp = o.player(o.marshal)["hp"]
    mates_alive = any(o.known.get(s) == "bandit" for s in o.others)
    exposed = o.public_hostility.get(o.seat, 0.0) > 0.5
    return marshal_hp > 2 and mates_alive and o.alive_count() > 3 and not exposed


def _loner(o: Outlook, seat: int) -> float:
    """Loner (R8, R92, R95): he wins only as the last player alive, and the Bandits win the
    moment the Marshal falls while anyone else lives. So the Marshal is protected until he is
    the only other player left. Until someone falls he acts as a Deputy would (hunting the
    likely Bandits draws no fire from the law). Then he hunts the likely Deputies more than
    the Bandits (a Deputy still alive when the last Bandit falls means two against one),
    switches to the Bandits when the Marshal is in danger, and leaves the last Bandit to the
    law while a Deputy may live. In Partners (R96) the other Loner is a teammate, and the Marshal is
    fair game once everyone else left looks like a Loner."""
    partners = o.view["mode"] == "partners"
    mate = o.p(seat, "loner") if partners else 0.0
    if seat == o.marshal:
        rest = [s for s in o.others if s != o.marshal]
        if partners:
            return 1.3 if all(o.p(s, "loner") > 0.9 for s in rest) else -1.0
        return 1.3 if not rest else -1.0
    bandit = o.p(seat, "bandit", "double_agent")
    if not any(o.p(s, "bandit", "double_agent") > 0 for s in o.others):
        return 1.0 - 2.2 * mate
    deputy = o.p(seat, "deputy")
    if _marshal_danger(o):
        return 0.2 + 1.1 * bandit - 0.5 * deputy - 1.2 * mate  # R92: he must not fall now
    if o.alive_count() == len(o.view["players"]):
        # Nobody has fallen yet: look like a Deputy (the law leaves me alone) and thin out
        # whoever acts as a Bandit; the sides are balanced once the table thins.
        return 0.2 + 0.8 * bandit - 1.2 * mate
    outlaws = sum(o.p(s, "bandit", "double_agent") for s in o.others)
    deputies = sum(o.p(s, "deputy") for s in o.others)
    if outlaws <= 1.2 and deputies > 0.3:
        # One Bandit left: he is the law's problem; a Deputy alive after him is mine. But at
        # 1 HP he falls anyway, and his eliminator earns a star (R80 b): better mine.
        last = 1.0 if o.player(seat)["hp"] <= 1 else 0.1
        return last * bandit + 1.3 * deputy - 1.2 * mate
    return 0.15 + 0.3 * bandit + 1.2 * deputy - 1.2 * mate


def _marshal_danger(o: Outlook) -> bool:
    """Whether the Marshal may fall within a round (R92): 2 HP or less, or 3 with two
    Bandits about."""
    if o.marshal is None:
        return False
    hp = o.player(o.marshal)["hp"]
    outlaws = sum(o.p(s, "bandit", "double_agent") for s in o.others)
    return hp <= 2 or (hp <= 3 and outlaws >= 1.5)


_STRATEGIES: dict[str, Callable[[Outlook, int], float]] = {
    "marshal": _law,
    "deputy": _law,
    "bandit": _bandit,
    "double_agent": _double_agent,
    "loner": _loner,
}

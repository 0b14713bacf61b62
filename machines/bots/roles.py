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
    """Bandit and Double Agent (R7, R9): the Marshal first, then his likely Deputies; never a
    known teammate (Double Agent mode shows the team to itself, R10 b)."""
    if seat == o.marshal:
        return 1.3
    mates = o.p(seat, "bandit", "double_agent")
    deputy = o.p(seat, "deputy")
    loner = o.p(seat, "loner")
    return deputy + 0.4 * loner - 1.2 * mates


def _loner(o: Outlook, seat: int) -> float:
    """Loner (R8): keep the Marshal alive until he is the last one left, clear the Bandits
    first (they would end the game by killing the Marshal), then the Deputies."""
    if seat == o.marshal:
        rest = [s for s in o.others if s != o.marshal]
        return 1.3 if not rest else -1.0
    hostile = o.p(seat, "bandit", "double_agent")
    bandits_left = any(o.p(s, "bandit", "double_agent") > 0 for s in o.others)
    if not bandits_left:
        return 1.0
    marshal = o.player(o.marshal) if o.marshal is not None else None
    urgency = 0.3 if marshal is not None and marshal["hp"] <= 2 else 0.0
    # Hitting the Deputies this early would only make the law hunt me.
    return 0.2 + (0.8 + urgency) * hostile


_STRATEGIES: dict[str, Callable[[Outlook, int], float]] = {
    "marshal": _law,
    "deputy": _law,
    "bandit": _bandit,
    "double_agent": _bandit,
    "loner": _loner,
}

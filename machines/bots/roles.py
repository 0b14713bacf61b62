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


#: The roles that play for the Bandits: the Double Agent is one of them (R9).
HOSTILE = ("bandit", "double_agent")


def harm_for(outlook: Outlook) -> dict[int, float]:
    strategy = _STRATEGIES.get(outlook.role, _law)
    return {seat: strategy(outlook, seat) for seat in outlook.others}


def _law(o: Outlook, seat: int) -> float:
    """Marshal and Deputy (R5, R6): hunt whoever acts as a Bandit, spare likely Deputies.

    A Deputy never harms the Marshal. The Loner is an enemy of the law too, but only once
    the Bandits are gone: until then he needs the Marshal alive as much as the law does (R8,
    R92), so a shot at him is a shot not fired at a Bandit, and it only weakens a player who
    fights the Bandits (classic BANG! play: the Sheriff leaves the Renegade for last).
    """
    if seat == o.marshal:
        return -1.0
    deputy = o.p(seat, "deputy")
    hostile = o.p(seat, *HOSTILE)
    if o.outlaw_may_live:
        return hostile - 1.2 * deputy
    return hostile + o.p(seat, "loner") - 1.2 * deputy


def _bandit(o: Outlook, seat: int) -> float:
    """Bandit (R7): the Marshal first, then his likely Deputies; never a known teammate
    (Double Agent mode shows the team to itself, R10 b)."""
    if seat == o.marshal:
        return 1.3
    mates = o.p(seat, *HOSTILE)
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
    the only other player left. Until someone falls he acts as a Deputy would, against the
    players whose acts show them Bandits (this draws no fire from the law). Then he hunts the
    likely Deputies more than the Bandits (a Deputy still alive when the last Bandit falls
    means two against one), and with two Bandits dealt leaves them alone, though with three
    (6 seats and more) he keeps helping the law against them; he switches to the Bandits
    when the Marshal is in danger, and leaves the last Bandit to the law while a Deputy may
    live. Once the Bandits are gone he wears the Marshal down while a Deputy still stands
    beside him, for the duel that ends the game. Any other player at 1 HP is worth
    finishing at any time: the star is his (R83).
    In Partners (R96) the other Loner is a teammate, and the Marshal is fair game once
    everyone else left looks like a Loner."""
    partners = o.view["mode"] == "partners"
    mate = o.p(seat, "loner") if partners else 0.0
    if seat == o.marshal:
        rest = [s for s in o.others if s != o.marshal]
        if partners:
            return 1.3 if all(o.p(s, "loner") > 0.9 for s in rest) else -1.0
        if not rest:
            return 1.3
        return MARSHAL_WEAR if _wear_marshal(o) else -1.0
    bandit = o.p(seat, *HOSTILE)
    if not o.outlaw_may_live:
        return 1.0 - 2.2 * mate
    deputy = o.p(seat, "deputy")
    # A player at 1 HP falls soon whoever shoots him: the star for it (R83) is best mine, the
    # Loner who ends facing the Marshal's bonus HP alone (R19, R95).
    finish = LONER_FINISH * (1.0 - mate) if o.player(seat)["hp"] <= 1 else 0.0
    if _marshal_danger(o):
        return 0.2 + 0.7 * bandit - 0.5 * deputy - 1.2 * mate + finish  # R92: he must not fall
    if o.alive_count() == len(o.view["players"]):
        # Nobody has fallen yet: look like a Deputy (the law leaves me alone) and thin out
        # whoever *acts* as a Bandit. The prior alone (two Bandits among my three unknowns at
        # 5 seats) is no reason to shoot: a shot at a hidden Deputy makes me the law's target.
        return -0.6 + 1.2 * bandit - 1.2 * mate + finish
    outlaws = o.outlaws_left
    deputies = o.deputies_left
    if outlaws <= 1.2 and deputies > 0.3:
        # One Bandit left: he is the law's problem; a Deputy alive after him is mine. But at
        # 1 HP he falls anyway, and his eliminator earns a star (R83): better mine.
        last = 1.0 if o.player(seat)["hp"] <= 1 else 0.1
        return last * bandit + 1.3 * deputy - 1.2 * mate + finish
    if _bandits_dealt(o) >= 3:
        # Three Bandits (6 seats and more) overwhelm a Marshal left to them (R92): I still
        # hunt the Deputy first, but I help the law thin them out.
        return 0.15 + 0.3 * bandit + 1.2 * deputy - 1.2 * mate + finish
    # Two Bandits wear the Marshal down for me; the Deputy is the one I must not meet beside
    # him once they are gone (two against one), so he is the one I hunt.
    return -0.2 * bandit + 1.6 * deputy - 1.2 * mate + finish


def _bandits_dealt(o: Outlook) -> int:
    """How many Bandits (the Double Agent included) the table was dealt (R4)."""
    return sum(role in HOSTILE for role in o.view["roles_at_table"])


#: How much more the Loner wants a player at 1 HP (not the Marshal, not his partner) hurt.
LONER_FINISH = 1.5
#: The Loner's wish to wound the Marshal while only the law is left besides them (R95).
MARSHAL_WEAR = 0.5
#: The least HP the Marshal keeps before the Loner stops wounding him while a Deputy lives.
MARSHAL_WEAR_HP = 3


def _wear_marshal(o: Outlook) -> bool:
    """Whether the Loner wounds the Marshal before their duel (R92, R95).

    Once every Bandit is gone the law knows who I am and shoots me anyway, and the duel that
    ends the game goes to whoever has more HP left (the Marshal starts with a bonus, R19). So
    when his Deputy is out of reach or the Marshal is healthy, an HP taken from him now is
    worth a shot. Not at 2 HP or less: if he falls while his Deputy lives, the Bandits win
    (R92). In Partners the Loners' turn on him is decided apart (R96)."""
    if o.view["mode"] == "partners" or o.marshal is None:
        return False
    if o.outlaw_may_live:
        return False
    return o.player(o.marshal)["hp"] >= MARSHAL_WEAR_HP


def _marshal_danger(o: Outlook) -> bool:
    """Whether the Marshal may fall within a round (R92): 2 HP or less, or 3 with two
    Bandits about."""
    if o.marshal is None:
        return False
    hp = o.player(o.marshal)["hp"]
    outlaws = o.outlaws_left
    return hp <= 2 or (hp <= 3 and outlaws >= 1.5)


_STRATEGIES: dict[str, Callable[[Outlook, int], float]] = {
    "marshal": _law,
    "deputy": _law,
    "bandit": _bandit,
    "double_agent": _double_agent,
    "loner": _loner,
}

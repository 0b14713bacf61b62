"""Roles, teams, role sets by seat count (R11) and the Marshal's bonus (R19)."""

from __future__ import annotations

MARSHAL = "marshal"
DEPUTY = "deputy"
BANDIT = "bandit"
LONER = "loner"
DOUBLE_AGENT = "double_agent"

ROLE_TEAM: dict[str, str] = {
    MARSHAL: "law",
    DEPUTY: "law",
    BANDIT: "bandits",
    LONER: "loner",
    DOUBLE_AGENT: "bandits",
}

#: The order "Roles at the table" lists the composition in.
ROLE_ORDER = (MARSHAL, DEPUTY, BANDIT, DOUBLE_AGENT, LONER)

MODES = ("classic", "partners", "double_agent", "old_classic")

_CLASSIC_SETS = {
    4: [MARSHAL, LONER, BANDIT, BANDIT],
    5: [MARSHAL, DEPUTY, LONER, BANDIT, BANDIT],
    6: [MARSHAL, DEPUTY, LONER, BANDIT, BANDIT, BANDIT],
    7: [MARSHAL, DEPUTY, DEPUTY, LONER, BANDIT, BANDIT, BANDIT],
    8: [MARSHAL, DEPUTY, DEPUTY, LONER, LONER, BANDIT, BANDIT, BANDIT],
}

#: Arena Marshal bonus: seats -> (bonus HP, hand adjustment) (R19).
_ARENA_BONUS = {4: (2, 0), 5: (0, 0), 6: (2, 2), 7: (1, 1), 8: (1, -1)}


def role_set(seats: int, mode: str) -> list[str]:
    """The roles dealt at a table of ``seats`` in ``mode`` (R11, R14)."""
    roles = list(_CLASSIC_SETS[seats])
    if mode == DOUBLE_AGENT and seats >= 5:
        roles[roles.index(BANDIT)] = DOUBLE_AGENT
    return roles


def marshal_bonus(seats: int, mode: str) -> tuple[int, int]:
    """(bonus HP, hand adjustment) for the Marshal (R19, R117 item 7)."""
    if mode == "old_classic":
        return 1, 0
    return _ARENA_BONUS[seats]

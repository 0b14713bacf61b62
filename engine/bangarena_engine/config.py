"""GameConfig: everything needed to start a game; a replay is this plus the action list."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from bangarena_engine.cards import parse_spec
from bangarena_engine.characters import CHARACTER_HP
from bangarena_engine.rng import CURRENT_GENERATOR, LEGACY_GENERATOR, validate_seed
from bangarena_engine.roles import MODES, ROLE_TEAM


def _as_lists(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _as_lists(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_as_lists(v) for v in value]
    return value


@dataclass
class GameConfig:
    """Seats, mode and seed, plus optional scenario knobs that tests use to stack a game.

    ``roles``/``characters`` are ids by seat (None entries are dealt at random), ``hands`` are
    card specs by seat replacing the deal, ``deck`` is the draw pile top first (the game then
    holds exactly hands + deck), ``health`` is current HP by seat, and ``start_round`` is the
    round that the Marshal's first turn opens.

    ``seed`` keys ``generator`` (bangarena_engine.rng): a live match's seed is a secret of
    ``SEED_BITS`` random bits; tests and benches may use small ones.
    """

    seats: int
    mode: str = "classic"
    seed: int = 0
    roles: list[str] | None = None
    characters: list[str | None] | None = None
    hands: list[list[str] | None] | None = None
    deck: list[str] | None = None
    health: list[int | None] | None = None
    start_round: int = 1
    generator: str = CURRENT_GENERATOR

    def validate(self) -> None:
        """Raise ValueError with a readable message for a config the engine cannot play."""
        if isinstance(self.seats, bool) or not isinstance(self.seats, int):
            raise ValueError("seats must be an integer")
        if not 4 <= self.seats <= 8:
            raise ValueError(f"seats must be 4-8, got {self.seats}")
        if self.mode not in MODES:
            raise ValueError(f"unknown mode {self.mode!r}; expected one of {', '.join(MODES)}")
        validate_seed(self.generator, self.seed)
        if not isinstance(self.start_round, int) or self.start_round < 1:
            raise ValueError("start_round must be an integer >= 1")
        n = self.seats
        for name in ("roles", "characters", "hands", "health"):
            value = getattr(self, name)
            if value is not None and len(value) != n:
                raise ValueError(f"{name} must have one entry per seat ({n})")
        if self.roles is not None:
            for role in self.roles:
                if role not in ROLE_TEAM:
                    raise ValueError(f"unknown role id {role!r}")
        if self.characters is not None:
            chosen = [c for c in self.characters if c is not None]
            for character in chosen:
                if character not in CHARACTER_HP:
                    raise ValueError(f"unknown character id {character!r}")
            if len(set(chosen)) != len(chosen):
                raise ValueError("characters must be unique at the table (R16)")
        for group in self.hands or []:
            for spec in group or []:
                parse_spec(spec)
        for spec in self.deck or []:
            parse_spec(spec)
        if self.health is not None:
            for hp in self.health:
                if hp is not None and (not isinstance(hp, int) or hp < 1):
                    raise ValueError("health entries must be integers >= 1")

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON data; tuples become lists so a JSON round trip compares equal."""
        data: dict[str, Any] = _as_lists(asdict(self))
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> GameConfig:
        """A stored config; one saved before generators were named was dealt by the legacy
        one and keeps it, so that its match replays exactly."""
        return cls(**{"generator": LEGACY_GENERATOR, **data})

"""Damage, healing, elimination, rewards and the win check (RULES.md sections 12-14).

An elimination may need decisions (upgrade and Bounty choices). Those are pushed as frames on
top of the stack, so the effect that caused the elimination continues only after they are made.
"""

from __future__ import annotations

from bangarena_engine.piles import after_hand_loss, draw_into_hand, strip_player
from bangarena_engine.roles import BANDIT, DEPUTY, DOUBLE_AGENT, LONER, MARSHAL
from bangarena_engine.state import Player, State
from bangarena_engine.types import BountyFrame, Frame, GameResult
from bangarena_engine.upgrades import UPGRADE_BY_ID, UPGRADE_LIST


def heal(state: State, player: Player, cause: str) -> None:
    """R79: +1 HP up to max; nothing during High Noon (R31 c)."""
    if state.high_noon or player.hp >= player.max_hp or not player.alive:
        return
    player.hp += 1
    state.emit({"type": "healed", "seat": player.seat, "amount": 1, "cause": cause})


def damage(state: State, seat: int, amount: int, source: int | None, cause: str) -> None:
    """Apply one damage event (R78) and everything it triggers (R80; the damaged
    character's own trigger, R100, R103)."""
    player = state.players[seat]
    player.hp = max(0, player.hp - amount)
    state.emit({"type": "damage", "seat": seat, "amount": amount, "source": source, "cause": cause})
    if player.hp == 0:
        eliminate(state, player, source)
        return
    player.character.on_damaged(state, player, source)


def gain_upgrade(state: State, player: Player, upgrade: str, cause: str) -> None:
    """A Glory star with its upgrade (R83-R88), which takes effect at once (Fortitude)."""
    player.upgrades.append(upgrade)
    UPGRADE_BY_ID[upgrade].on_gain(state, player)
    state.emit({"type": "star", "seat": player.seat, "upgrade": upgrade, "cause": cause})


def upgrade_options(player: Player) -> list[str]:
    """The upgrades a Glory choice offers ``player``, in offer order (R83, R86, R116)."""
    return [upgrade.id for upgrade in UPGRADE_LIST if upgrade.offered_to(player)]


def check_win(state: State) -> GameResult | None:
    """R91-R97: the result if a win condition holds now, else None."""
    players = state.players
    alive = [player for player in players if player.alive]
    if not any(player.role == MARSHAL for player in alive):
        if state.mode == "partners":
            if alive and all(player.role == LONER for player in alive):
                return _result(players, (LONER,), "loner")
        elif len(alive) == 1 and alive[0].role == LONER:
            return {"winners": [alive[0].seat], "team": "loner"}
        return _result(players, (BANDIT, DOUBLE_AGENT), "bandits")
    if not any(player.role in (BANDIT, DOUBLE_AGENT, LONER) for player in alive):
        return _result(players, (MARSHAL, DEPUTY), "law")
    return None


def _result(players: list[Player], roles: tuple[str, ...], team: str) -> GameResult:
    return {
        "winners": sorted(player.seat for player in players if player.role in roles),
        "team": team,
    }


def finish(state: State, result: GameResult) -> None:
    state.result = result
    state.stack.clear()
    state.emit({"type": "game_over", "winners": list(result["winners"]), "team": result["team"]})


def eliminate(state: State, player: Player, eliminator: int | None) -> None:
    """R80, in the order of →Q38."""
    player.alive = False
    state.emit({"type": "eliminated", "seat": player.seat, "role": player.role, "by": eliminator})
    result = check_win(state)
    if result is not None:
        finish(state, result)
        return
    # Step 3: the cards go to a character who takes them (Scavenger), or face up to the
    # discard pile.
    cards = strip_player(player)
    taken = False
    for other in state.players:
        if other.alive and other.character.takes_eliminated_cards(state, other, player, cards):
            taken = True
            break
    if not taken and cards:
        state.discard.extend(cards)
        state.emit(
            {
                "type": "discarded",
                "seat": player.seat,
                "cards": [c.public() for c in cards],
                "cause": "eliminated",
            }
        )
    # Step 4: the characters that gain from any elimination (Vulture Jr.).
    for other in state.players:
        if other.alive:
            other.character.on_elimination(state, other, player)
    victim_stars = player.upgrades
    player.upgrades = []
    killer = state.players[eliminator] if eliminator is not None else None
    # Step 5: the Penalty (R89).
    if killer is not None and killer.role == MARSHAL and player.role == DEPUTY:
        lost = strip_player(killer)
        state.discard.extend(lost)
        state.emit({"type": "penalty", "seat": killer.seat, "cards": [c.public() for c in lost]})
        after_hand_loss(state, killer)
    # Steps 7-8: if the victim was taking their turn, it ends at once (its frames go).
    if state.turn == player.seat:
        del state.stack[1:]
        turn = state.stack[0]
        assert turn["kind"] == "turn"  # the turn frame is always the bottom of the stack
        turn["step"] = "next"
    # Step 6: rewards. Frames are pushed so the eliminator's choice comes first.
    if not state.arena:
        if killer is not None and player.role == BANDIT:
            draw_into_hand(state, killer, 3, cause="bandit_reward")
        return
    frames: list[Frame] = []
    if killer is not None:
        frames.append({"kind": "upgrade", "seat": killer.seat, "cause": "glory"})
        if victim_stars:
            frames.append(
                {
                    "kind": "bounty",
                    "seat": killer.seat,
                    "victim": player.seat,
                    "stars": list(victim_stars),
                }
            )
    if player.role == DEPUTY and state.started_with_deputy:
        marshal = next(
            (other for other in state.players if other.alive and other.role == MARSHAL), None
        )
        deputies_left = any(other.alive and other.role == DEPUTY for other in state.players)
        if marshal is not None and not deputies_left and killer is not marshal:
            frames.append({"kind": "upgrade", "seat": marshal.seat, "cause": "last_bullet"})
    state.stack.extend(reversed(frames))


def bounty_options(frame: BountyFrame) -> list[str]:
    """Distinct upgrades among the victim's stars, in the order gained (→Q35)."""
    seen: list[str] = []
    for upgrade in frame["stars"]:
        if upgrade not in seen:
            seen.append(upgrade)
    return seen


def take_bounty(state: State, frame: BountyFrame, upgrade: str) -> None:
    """R87: the taken star works as if chosen; then one card per star the victim had."""
    player = state.players[frame["seat"]]
    gain_upgrade(state, player, upgrade, "bounty")
    draw_into_hand(state, player, len(frame["stars"]), cause="bounty")

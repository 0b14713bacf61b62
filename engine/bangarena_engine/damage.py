"""Damage, healing, elimination, rewards and the win check (RULES.md sections 12-14).

An elimination may need decisions (upgrade and Bounty choices). Those are pushed as frames on
top of the stack, so the effect that caused the elimination continues only after they are made.
"""

from __future__ import annotations

from bangarena_engine.piles import after_hand_loss, draw_into_hand, strip_player
from bangarena_engine.roles import BANDIT, DEPUTY, DOUBLE_AGENT, LONER, MARSHAL
from bangarena_engine.state import Player, State
from bangarena_engine.upgrades import UPGRADE_BY_ID, UPGRADE_LIST


def heal(s: State, p: Player, cause: str) -> None:
    """R79: +1 HP up to max; nothing during High Noon (R31 c)."""
    if s.high_noon or p.hp >= p.max_hp or not p.alive:
        return
    p.hp += 1
    s.emit({"type": "healed", "seat": p.seat, "amount": 1, "cause": cause})


def damage(s: State, seat: int, amount: int, source: int | None, cause: str) -> None:
    """Apply one damage event (R78) and everything it triggers (R80; the damaged
    character's own trigger, R100, R103)."""
    p = s.players[seat]
    p.hp = max(0, p.hp - amount)
    s.emit({"type": "damage", "seat": seat, "amount": amount, "source": source, "cause": cause})
    if p.hp == 0:
        eliminate(s, p, source)
        return
    p.character.on_damaged(s, p, source)


def gain_upgrade(s: State, p: Player, upgrade: str, cause: str) -> None:
    """A Glory star with its upgrade (R83-R88), which takes effect at once (Fortitude)."""
    p.upgrades.append(upgrade)
    UPGRADE_BY_ID[upgrade].on_gain(s, p)
    s.emit({"type": "star", "seat": p.seat, "upgrade": upgrade, "cause": cause})


def upgrade_options(p: Player) -> list[str]:
    """The upgrades a Glory choice offers ``p``, in offer order (R83, R86, R116)."""
    return [upgrade.id for upgrade in UPGRADE_LIST if upgrade.offered_to(p)]


def check_win(s: State) -> dict | None:
    """R91-R97: the result if a win condition holds now, else None."""
    players = s.players
    alive = [p for p in players if p.alive]
    if not any(p.role == MARSHAL for p in alive):
        if s.mode == "partners":
            if alive and all(p.role == LONER for p in alive):
                return _result(players, LONER, "loner")
        elif len(alive) == 1 and alive[0].role == LONER:
            return {"winners": [alive[0].seat], "team": "loner"}
        return _result(players, (BANDIT, DOUBLE_AGENT), "bandits")
    if not any(p.role in (BANDIT, DOUBLE_AGENT, LONER) for p in alive):
        return _result(players, (MARSHAL, DEPUTY), "law")
    return None


def _result(players: list[Player], roles, team: str) -> dict:
    return {"winners": sorted(p.seat for p in players if p.role in roles), "team": team}


def finish(s: State, result: dict) -> None:
    s.result = result
    s.stack.clear()
    s.emit({"type": "game_over", "winners": list(result["winners"]), "team": result["team"]})


def eliminate(s: State, p: Player, eliminator: int | None) -> None:
    """R80, in the order of →Q38."""
    p.alive = False
    s.emit({"type": "eliminated", "seat": p.seat, "role": p.role, "by": eliminator})
    result = check_win(s)
    if result is not None:
        finish(s, result)
        return
    # Step 3: the cards go to a character who takes them (Scavenger), or face up to the
    # discard pile.
    cards = strip_player(p)
    taken = False
    for q in s.players:
        if q.alive and q.character.takes_eliminated_cards(s, q, p, cards):
            taken = True
            break
    if not taken and cards:
        s.discard.extend(cards)
        s.emit(
            {
                "type": "discarded",
                "seat": p.seat,
                "cards": [c.public() for c in cards],
                "cause": "eliminated",
            }
        )
    # Step 4: the characters that gain from any elimination (Vulture Jr.).
    for q in s.players:
        if q.alive:
            q.character.on_elimination(s, q, p)
    victim_stars = p.upgrades
    p.upgrades = []
    killer = s.players[eliminator] if eliminator is not None else None
    # Step 5: the Penalty (R89).
    if killer is not None and killer.role == MARSHAL and p.role == DEPUTY:
        lost = strip_player(killer)
        s.discard.extend(lost)
        s.emit({"type": "penalty", "seat": killer.seat, "cards": [c.public() for c in lost]})
        after_hand_loss(s, killer)
    # Steps 7-8: if the victim was taking their turn, it ends at once (its frames go).
    if s.turn == p.seat:
        del s.stack[1:]
        s.stack[0]["step"] = "next"
    # Step 6: rewards. Frames are pushed so the eliminator's choice comes first.
    if not s.arena:
        if killer is not None and p.role == BANDIT:
            draw_into_hand(s, killer, 3, cause="bandit_reward")
        return
    frames = []
    if killer is not None:
        frames.append({"kind": "upgrade", "seat": killer.seat, "cause": "glory"})
        if victim_stars:
            frames.append(
                {
                    "kind": "bounty",
                    "seat": killer.seat,
                    "victim": p.seat,
                    "stars": list(victim_stars),
                }
            )
    if p.role == DEPUTY and s.started_with_deputy:
        marshal = next((q for q in s.players if q.alive and q.role == MARSHAL), None)
        deputies_left = any(q.alive and q.role == DEPUTY for q in s.players)
        if marshal is not None and not deputies_left and killer is not marshal:
            frames.append({"kind": "upgrade", "seat": marshal.seat, "cause": "last_bullet"})
    s.stack.extend(reversed(frames))


def bounty_options(frame: dict) -> list[str]:
    """Distinct upgrades among the victim's stars, in the order gained (→Q35)."""
    seen: list[str] = []
    for upgrade in frame["stars"]:
        if upgrade not in seen:
            seen.append(upgrade)
    return seen


def take_bounty(s: State, frame: dict, upgrade: str) -> None:
    """R87: the taken star works as if chosen; then one card per star the victim had."""
    p = s.players[frame["seat"]]
    gain_upgrade(s, p, upgrade, "bounty")
    draw_into_hand(s, p, len(frame["stars"]), cause="bounty")

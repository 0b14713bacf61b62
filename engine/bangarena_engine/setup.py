"""Building a new game from a GameConfig: roles, characters, HP, cards and the deal (R4-R20)."""

from __future__ import annotations

from bangarena_engine.cards import APPENDIX_A, resolve_specs
from bangarena_engine.characters import CHARACTER_BY_ID, CHARACTERS
from bangarena_engine.config import GameConfig
from bangarena_engine.rng import card_id_source, game_chance
from bangarena_engine.roles import DEPUTY, DOUBLE_AGENT, MARSHAL, marshal_bonus, role_set
from bangarena_engine.state import Card, Player, State


def new_state(config: GameConfig) -> State:
    config.validate()
    rng = game_chance(config.generator, config.seed)
    n = config.seats
    mode = config.mode
    old_classic = mode == "old_classic"

    roles = list(config.roles) if config.roles is not None else role_set(n, mode)
    if config.roles is None:
        rng.shuffle(roles)  # R4/→Q20: seats keep their order, roles are dealt over them

    chosen = list(config.characters) if config.characters is not None else [None] * n
    pool = [c for c in CHARACTERS if c not in chosen]
    rng.shuffle(pool)
    characters = [c if c is not None else pool.pop() for c in chosen]

    bonus_hp, hand_adjust = marshal_bonus(n, mode)
    players = []
    hand_sizes = []
    for seat in range(n):
        character = CHARACTER_BY_ID[characters[seat]]
        hp = character.max_hp(old_classic)
        size = hp
        if roles[seat] == MARSHAL:
            hp += bonus_hp
            size = hp + hand_adjust
        players.append(Player(seat=seat, role=roles[seat], character=character, hp=hp, max_hp=hp))
        hand_sizes.append(size)

    if config.health is not None:
        for player, health in zip(players, config.health, strict=True):
            if health is not None:
                if health > player.max_hp:
                    raise ValueError(
                        f"health {health} for seat {player.seat} exceeds max HP {player.max_hp}"
                    )
                player.hp = health

    given_hands = config.hands or [None] * n
    groups = [list(h) if h is not None else [] for h in given_hands]
    if config.deck is not None:
        resolved, _ = resolve_specs([*groups, list(config.deck)], fill_rest=False)
        hand_triples, deck_triples = resolved[:-1], resolved[-1]
    elif config.hands is not None:
        hand_triples, deck_triples = resolve_specs(groups, fill_rest=True)
        rng.shuffle(deck_triples)
    else:
        hand_triples, deck_triples = [[] for _ in range(n)], list(APPENDIX_A)
        rng.shuffle(deck_triples)

    ids: set[str] = set()
    id_source = card_id_source(config.generator, config.seed, rng)

    def make(triple: tuple[str, str, str]) -> Card:
        card_id = id_source.token()
        while card_id in ids:
            card_id = id_source.token()
        ids.add(card_id)
        kind, rank, suit = triple
        return Card(card_id, kind, suit, rank)

    for player, triples in zip(players, hand_triples, strict=True):
        player.hand = [make(triple) for triple in triples]
    deck = [make(triple) for triple in reversed(deck_triples)]  # top of the deck = end of the list

    # R18/R19: deal the seats whose hand was not given, seat by seat from the top.
    for seat, player in enumerate(players):
        if given_hands[seat] is None:
            for _ in range(max(0, hand_sizes[seat])):
                if deck:
                    player.hand.append(deck.pop())

    state = State(config=config, mode=mode, players=players, deck=deck, discard=[], rng=rng)
    state.round = config.start_round - 1
    state.started_with_deputy = DEPUTY in roles
    if mode == DOUBLE_AGENT and DOUBLE_AGENT in roles:
        deputies = [player.seat for player in players if player.role == DEPUTY]
        agent = roles.index(DOUBLE_AGENT)
        if deputies:
            # R10 a / →Q21: the Agent and one real Deputy, in random order.
            candidates = [agent, deputies[rng.below(len(deputies))]]
            rng.shuffle(candidates)
            state.deputy_candidates = candidates
    first = roles.index(MARSHAL) if MARSHAL in roles else 0
    state.turn = first
    state.stack = [{"kind": "turn", "seat": first, "step": "begin"}]
    return state

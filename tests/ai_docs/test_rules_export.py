"""The machine-readable rules (/ai/rules.json) say what the engine actually plays.

Counts, suits, ranks, HP and role sets are compared with a dealt game and the engine's own
functions; the action and observation schemas are checked against every legal action and every
view of seeded games in all modes and seat counts.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from bangarena_engine import Game, GameConfig
from bangarena_engine.roles import MODES, role_set
from game import catalogue
from machines.ai_docs.rules_export import rules_document
from tests.ai_docs.schema_check import errors

DOC = rules_document()
ACTION_SCHEMA = DOC["actions"]["schema"]
VIEW_SCHEMA = DOC["observation"]["schema"]


def _dealt_kinds(seed: int) -> Counter:
    """Every physical card of a freshly dealt game, by kind and by (kind, suit, rank)."""
    state = Game.new(GameConfig(seats=6, seed=seed)).to_dict()
    cards = list(state["deck"]) + list(state["discard"])
    for player in state["players"]:
        cards += player["hand"] + player["in_play"]
        if player["weapon"]:
            cards.append(player["weapon"])
    return Counter((kind, suit, rank) for _id, kind, suit, rank in cards)


def test_deck_of_80_cards_matches_the_dealt_engine_deck_r42():
    """R42 / Appendix A: 80 cards, and every count, suit and rank is the one a dealt game holds."""
    dealt = _dealt_kinds(seed=5)
    assert DOC["deck"]["total"] == 80 == sum(card["count"] for card in DOC["cards"])
    assert sum(dealt.values()) == 80
    documented = Counter(
        (card["id"], copy["suit"], copy["rank"]) for card in DOC["cards"] for copy in card["copies"]
    )
    assert documented == dealt
    by_kind = Counter()
    for (kind, _suit, _rank), n in dealt.items():
        by_kind[kind] += n
    assert {card["id"]: card["count"] for card in DOC["cards"]} == dict(by_kind)


def test_every_card_character_role_mode_and_upgrade_is_described_r41_r99():
    """Section 1: nothing in the catalogue is missing, and each entry cites its rules."""
    assert [c["id"] for c in DOC["cards"]] == list(catalogue.CARDS)
    assert [c["id"] for c in DOC["characters"]] == list(catalogue.CHARACTERS)
    assert {r["id"] for r in DOC["roles"]} == set(catalogue.ROLES)
    assert [m["id"] for m in DOC["modes"]] == list(MODES)
    assert [u["id"] for u in DOC["upgrades"]] == list(catalogue.UPGRADES)
    for entry in DOC["cards"] + DOC["characters"] + DOC["roles"] + DOC["upgrades"]:
        assert entry["rules"]
        assert all(r.startswith("R") for r in entry["rules"])
        assert entry["name"]
        assert entry["name"] != entry["id"]
    types = Counter(card["type"] for card in DOC["cards"] for _ in range(card["count"]))
    assert types == {"brown": 63, "blue": 9, "weapon": 8}  # R42 totals


def test_card_effects_carry_the_numbers_a_program_needs_r40_r48_r75():
    cards = {card["id"]: card for card in DOC["cards"]}
    assert cards["shot"]["effect"]["damage"] == 1
    assert cards["shot"]["effect"]["limit_per_turn"] == 1
    assert cards["shot"]["effect"]["target"] == "one_player_in_range"
    assert cards["dynamite"]["effect"]["damage"] == 3
    assert cards["dynamite"]["effect"]["explodes_on"]["ranks"] == [str(n) for n in range(2, 10)]
    assert {k: c["range"] for k, c in cards.items() if c["type"] == "weapon"} == {
        "volcanic": 1,
        "sawed_off": 2,
        "rifle": 3,
        "carbine": 4,
        "long_rifle": 5,
    }
    assert cards["volcanic"]["effect"]["unlimited_shots"] is True
    assert cards["caravan"]["effect"]["draw"] == 3


def test_characters_health_and_old_classic_stone_leopard_r100_r117():
    characters = {c["id"]: c for c in DOC["characters"]}
    assert characters["bonesetter"]["health"] == 5
    assert characters["stone_leopard"]["health"] == 3
    assert characters["stone_leopard"]["old_classic_health"] == 4
    assert "old_classic_health" not in characters["lucky"]
    assert characters["mad_dog"]["built_in_scope"] is True


def test_modes_role_sets_come_from_the_engine_r11_r14_r117():
    modes = {m["id"]: m for m in DOC["modes"]}
    for mode, entry in modes.items():
        for seats in range(4, 9):
            assert entry["role_sets"][str(seats)] == role_set(seats, mode)
    assert modes["classic"]["role_sets"]["8"].count("loner") == 2
    assert "double_agent" not in modes["double_agent"]["role_sets"]["4"]  # R14
    assert "double_agent" in modes["double_agent"]["role_sets"]["5"]
    old = modes["old_classic"]
    assert [d["rule"] for d in old["differences"]] == [f"R117.{i}" for i in range(1, 10)]
    assert old["high_noon_round"] is None
    assert old["glory"] is False
    assert modes["classic"]["marshal_bonus"]["6"] == {"hp": 2, "hand_adjustment": 2}  # R19
    assert old["marshal_bonus"]["6"] == {"hp": 1, "hand_adjustment": 0}


def test_roles_teams_and_goals_r5_r9():
    roles = {r["id"]: r for r in DOC["roles"]}
    assert roles["double_agent"]["team"] == "bandits"
    assert roles["marshal"]["public"] is True
    assert roles["bandit"]["public"] is False
    teams = {t["id"]: t["roles"] for t in DOC["teams"]}
    assert teams == {
        "law": ["marshal", "deputy"],
        "bandits": ["bandit", "double_agent"],
        "loner": ["loner"],
    }


def test_timers_signals_and_protocol_r118_r120_r128():
    assert DOC["timers"]["move_time_seconds"] == [15, 30, 60, 90]
    assert DOC["timers"]["disconnected_human_limit_seconds"] == 8
    assert DOC["signals"]["sent_to_bots_and_ai"] is False
    protocol = DOC["agent_protocol"]
    assert protocol["url"] == "/ws/agent/"
    assert set(protocol["error_codes"]) == {
        "unknown_token",
        "bad_message",
        "not_your_turn",
        "illegal",
        "stale",
        "finished",
        "rate_limited",
        "no_match",
        "account_closed",
        "server_error",
    }
    assert protocol["limits"]["frames_per_second_per_token"] == 10
    assert protocol["limits"]["max_frame_characters"] == 16 * 1024
    assert {"4401", "4403", "1009"} <= set(protocol["close_codes"])


def test_version_hash_is_present_and_stable():
    assert DOC["version"]["rules_version"] == 1
    assert len(DOC["version"]["hash"]) == 16
    assert rules_document() is DOC


@pytest.mark.parametrize("mode", MODES)
def test_schemas_accept_every_legal_action_and_every_view_of_seeded_games(mode):
    """R120/engine contract: whatever legal_actions offers and view returns fits the schemas,
    for every seat's view (hidden information filtered) at every step of whole games."""
    for seats in range(4, 9):
        game = Game.new(GameConfig(seats=seats, mode=mode, seed=seats * 31))
        chooser = random.Random(seats)
        steps = 0
        while game.result is None and steps < 3000:
            [seat] = game.awaiting()
            legal = game.legal_actions(seat)
            for action in legal:
                assert errors(action, ACTION_SCHEMA) == [], action
            if steps % 7 == 0:
                for viewer in range(seats):
                    assert errors(game.view(viewer), VIEW_SCHEMA) == []
            game.apply(seat, chooser.choice(legal))
            steps += 1
        assert game.result is not None
        for viewer in [None, *range(seats)]:
            assert errors(game.view(viewer), VIEW_SCHEMA) == []


@pytest.mark.parametrize(
    ("config", "wanted"),
    [
        # Bonesetter below max HP with two cards: the ability (R111).
        (GameConfig(seats=4, seed=1, characters=["bonesetter", None, None, None],
                    roles=["marshal", "bandit", "bandit", "loner"], health=[3, None, None, None]),
         "ability"),
        # Grip's optional draw from a player's hand (R104): dealt to seat 1, who plays second.
        (GameConfig(seats=4, seed=2, characters=[None, "grip", None, None],
                    roles=["marshal", "bandit", "bandit", "loner"]), "player"),
    ],
)  # fmt: skip
def test_rare_action_shapes_fit_the_schema_r104_r111(config, wanted):
    game = Game.new(config)
    seen = set()
    chooser = random.Random(3)
    for _ in range(400):
        if game.result is not None:
            break
        [seat] = game.awaiting()
        legal = game.legal_actions(seat)
        for action in legal:
            assert errors(action, ACTION_SCHEMA) == []
            seen.add(action.get("option") if action["type"] == "choose" else action["type"])
        game.apply(seat, chooser.choice(legal))
    assert wanted in seen


def test_schemas_reject_malformed_actions():
    """An agent validating its own answer against the schema catches the usual mistakes."""
    bad = [
        {"type": "play"},
        {"type": "play", "card": "shot"},  # a kind is not a card id
        {"type": "play", "card": "0123456789", "target": "2"},
        {"type": "end_turn", "extra": 1},
        {"type": "choose", "option": "everything"},
        {"type": "ability", "ability": "bonesetter", "cards": ["0123456789"]},
        {"type": "fire"},
    ]
    for action in bad:
        assert errors(action, ACTION_SCHEMA), action


def test_every_documented_example_fits_its_schema():
    for variant in DOC["actions"]["variants"]:
        assert errors(variant["example"], ACTION_SCHEMA) == [], variant["name"]
    assert errors(DOC["observation"]["example"], VIEW_SCHEMA) == []
    legal = DOC["observation"]["example_legal_actions"]
    assert legal
    assert all(errors(a, ACTION_SCHEMA) == [] for a in legal)
    decide = DOC["agent_protocol"]["server_messages"]["decide"]
    assert decide["observation"] == DOC["observation"]["example"]


def test_the_example_view_hides_other_hands_and_roles_r4():
    view = DOC["observation"]["example"]
    for player in view["players"]:
        if player["seat"] != view["seat"] and player["alive"]:
            assert player["role"] in (None, "marshal")
        assert "hand" not in player


@pytest.mark.parametrize("mode", MODES)
def test_documented_high_noon_round_is_the_engines_r30(mode):
    """The engine keeps the round as a literal, so the document's number is checked by play."""
    entry = next(m for m in DOC["modes"] if m["id"] == mode)
    noon = entry["high_noon_round"]
    for start in (7, 8):
        view = Game.new(GameConfig(seats=4, mode=mode, seed=1, start_round=start)).view(None)
        assert view["high_noon"] is (noon is not None and start >= noon)
    assert DOC["high_noon"]["round"] == 8


def test_rule_sections_cover_r1_to_r143_once():
    numbers = []
    for section in DOC["rule_sections"]:
        first, last = int(section["first"][1:]), int(section["last"][1:])
        numbers += range(first, last + 1)
    assert numbers == list(range(1, 144))
    cited = {
        rule.split(".")[0]
        for entry in DOC["cards"] + DOC["characters"] + DOC["roles"] + DOC["upgrades"]
        for rule in entry["rules"]
    }
    assert all(1 <= int(rule[1:]) <= 143 for rule in cited)

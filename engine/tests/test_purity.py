"""The automated purity check the engine issue demands: bangarena_engine is pure Python with
no Django, no I/O, no wall clock and no global randomness, so that a seed and a list of actions
decide a game completely (replays, bots, statistics and the live table rely on it).

Every file is scanned as an AST, so a forbidden import or call fails here whatever its
formatting; a second check plays the same seeded game in two fresh interpreters with different
string-hash seeds and compares the results byte for byte.
"""

from __future__ import annotations

import ast
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]  # engine/: the distribution these tests belong to
ENGINE = ROOT / "bangarena_engine"
ENGINE_FILES = sorted(ENGINE.rglob("*.py"))

# Frameworks and services (no Django, no I/O), clocks, and anything nondeterministic.
FORBIDDEN_MODULES = {
    "django",
    "channels",
    "celery",
    "redis",
    "psycopg",
    "os",
    "sys",
    "io",
    "pathlib",
    "shutil",
    "tempfile",
    "subprocess",
    "socket",
    "ssl",
    "http",
    "urllib",
    "requests",
    "asyncio",
    "threading",
    "multiprocessing",
    "logging",
    "importlib",
    "time",
    "datetime",
    "calendar",
    "zoneinfo",
    "secrets",
    "uuid",
}
# Builtins that do I/O, import dynamically, or depend on the process (memory addresses and
# the per-process string hash salt).
FORBIDDEN_CALLS = {"open", "print", "input", "breakpoint", "__import__", "hash", "id"}
# From the random module only the generator class may be used, always with a seed.
ALLOWED_RANDOM_NAMES = {"Random"}


def violations(path: Path, root: Path = ROOT) -> list[str]:
    """Every forbidden import, call or global-random use in one source file."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    found: list[str] = []
    random_aliases: set[str] = set()

    def where(node: ast.AST) -> str:
        return f"{path.relative_to(root)}:{getattr(node, 'lineno', '?')}"

    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                top = alias.name.split(".")[0]
                if top in FORBIDDEN_MODULES:
                    found.append(f"{where(node)} imports {alias.name}")
                if top == "random":
                    random_aliases.add(alias.asname or "random")
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            top = node.module.split(".")[0]
            if top in FORBIDDEN_MODULES:
                found.append(f"{where(node)} imports from {node.module}")
            if top == "random":
                for alias in node.names:
                    if alias.name not in ALLOWED_RANDOM_NAMES:
                        found.append(f"{where(node)} imports random.{alias.name}")
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id in FORBIDDEN_CALLS
        ):
            found.append(f"{where(node)} calls {node.func.id}()")
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name)
            and node.value.id in random_aliases
            and node.attr not in ALLOWED_RANDOM_NAMES
        ):
            found.append(f"{where(node)} uses the global random.{node.attr}")
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and isinstance(node.func.value, ast.Name)
            and node.func.value.id in random_aliases
            and node.func.attr == "Random"
            and not (node.args or node.keywords)
        ):
            found.append(f"{where(node)} creates an unseeded random.Random()")
    return found


def test_the_engine_package_exists():
    assert (ENGINE / "__init__.py").is_file()
    assert len(ENGINE_FILES) > 1


@pytest.mark.parametrize("path", ENGINE_FILES, ids=lambda p: str(p.relative_to(ENGINE)))
def test_engine_file_imports_nothing_impure_and_uses_no_global_random(path):
    assert violations(path) == []


@pytest.mark.parametrize(
    ("source", "complaint"),
    [
        ("import os\n", "imports os"),
        ("from django.conf import settings\n", "imports from django.conf"),
        ("import time as clock\n", "imports time"),
        ("from datetime import datetime\n", "imports from datetime"),
        ("import random\nrandom.shuffle([1])\n", "uses the global random.shuffle"),
        ("import random as r\nx = r.randint(1, 6)\n", "uses the global random.randint"),
        ("from random import choice\n", "imports random.choice"),
        ("import random\nrng = random.Random()\n", "creates an unseeded random.Random()"),
        ("print('x')\n", "calls print()"),
        ("with open('f') as f:\n    pass\n", "calls open()"),
        ("x = hash('card')\n", "calls hash()"),
    ],
)
def test_the_scanner_catches_what_it_must(tmp_path, source, complaint):
    """The check itself fails on each kind of impurity (it is not a check that cannot fail)."""
    probe = tmp_path / "probe.py"
    probe.write_text(source, encoding="utf-8")
    found = violations(probe, root=tmp_path)
    assert any(complaint in line for line in found), found


def test_a_seeded_random_generator_is_allowed(tmp_path):
    probe = tmp_path / "probe.py"
    probe.write_text("import random\nrng = random.Random(7)\nx = rng.random()\n")
    assert violations(probe, root=tmp_path) == []


PLAY_ONE_GAME = """
import hashlib, json, random, sys
sys.path.insert(0, {root!r})
import bangarena_engine
from bangarena_engine import Game, GameConfig
loaded = sorted({{m.split(".")[0] for m in sys.modules}} & set({forbidden!r}))
game = Game.new(GameConfig(seats=7, mode="double_agent", seed=2024))
rng = random.Random(5)
while game.result is None:
    seat = rng.choice(game.awaiting())
    game.apply(seat, rng.choice(game.legal_actions(seat)))
state = json.dumps(game.to_dict(), sort_keys=True)
print(json.dumps({{"loaded": loaded, "state": hashlib.sha256(state.encode()).hexdigest(),
                  "result": game.result}}))
"""


def run_isolated(hash_seed: str) -> dict:
    frameworks = sorted({"django", "channels", "celery", "redis", "psycopg"})
    script = PLAY_ONE_GAME.format(root=str(ROOT), forbidden=frameworks)
    env = {**os.environ, "PYTHONHASHSEED": hash_seed}
    env.pop("DJANGO_SETTINGS_MODULE", None)
    done = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True,
        text=True,
        env=env,
        cwd=str(ROOT),
        timeout=120,
        check=True,
    )
    return json.loads(done.stdout)


def test_importing_the_engine_loads_no_framework_and_games_are_the_same_in_every_process():
    """A fresh interpreter imports bangarena_engine without Django or any service client, and the
    same seed gives the same game whatever the process's string-hash salt."""
    first, second = run_isolated("1"), run_isolated("987654")
    assert first["loaded"] == []
    assert first["result"] is not None
    assert first == second

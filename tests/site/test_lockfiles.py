"""The lock files pin what pyproject.toml asks for (README, "Dependencies").

Found: no lockfile; the Dockerfile installed against version ranges, so two builds could
differ. bin/run, bin/test, CI and the Dockerfile now install requirements/*.lock, exact
versions with hashes; these checks fail when pyproject.toml changes and the locks do not.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parents[2]
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]


def pins(name: str) -> dict[str, str]:
    text = (ROOT / "requirements" / name).read_text()
    found = re.findall(r"^([A-Za-z0-9_.\-]+)==([^\s\\;]+)", text, flags=re.MULTILINE)
    return {canonicalize_name(package): version for package, version in found}


def every_pin_has_a_hash(name: str) -> bool:
    blocks = re.split(r"\n(?=[A-Za-z0-9])", (ROOT / "requirements" / name).read_text())
    return all("--hash=sha256:" in block for block in blocks if "==" in block.split("\n")[0])


@pytest.mark.parametrize(
    ("lock", "requirements"),
    [
        ("base.lock", PROJECT["dependencies"]),
        ("test.lock", PROJECT["dependencies"] + PROJECT["optional-dependencies"]["test"]),
    ],
)
def test_each_lock_pins_every_dependency_within_its_range(lock, requirements):
    pinned = pins(lock)
    for line in requirements:
        wanted = Requirement(line)
        name = canonicalize_name(wanted.name)
        assert name in pinned, f"{name} is missing from requirements/{lock}"
        assert wanted.specifier.contains(pinned[name], prereleases=True), (
            f"requirements/{lock} pins {name}=={pinned[name]}, outside {wanted.specifier}"
        )
    assert every_pin_has_a_hash(lock)


def test_the_two_locks_agree_on_every_package_they_share():
    base, test = pins("base.lock"), pins("test.lock")
    assert {name: test[name] for name in base} == base

"""The one fact pyproject.toml cannot state: where the rules engine comes from.

The training environment (the ``env`` extra) needs ``bangarena-engine``. From a checkout of the
BangArena repository that is the sibling folder ``../engine``; a dependency on a local folder
must be an absolute ``file://`` URL, which only a build step can compute. So
``pip install "./sdk[env]"`` on a fresh machine installs the client, the engine and the
environment's libraries in one command. Built anywhere else, the extra names the engine by
version.
"""

from pathlib import Path

from setuptools import setup

ENGINE = Path(__file__).resolve().parent.parent / "engine"

if (ENGINE / "pyproject.toml").is_file():
    engine = f"bangarena-engine @ {ENGINE.as_uri()}"
else:
    engine = "bangarena-engine>=0.1,<0.2"

setup(
    extras_require={
        "env": [
            engine,
            "pettingzoo>=1.27,<2",
            "gymnasium>=1.4,<2",
            "numpy>=2",
        ],
    },
)

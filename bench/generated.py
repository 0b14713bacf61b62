"""Writing a generated module of fitted numbers (bench/fit_value.py, bench/fit_reading.py).

The fits write Python, not JSON, so the bots import their weights with no file reading at
run time; the project's formatter then lays the numbers out, so the file stays ruff clean.
"""

from __future__ import annotations

import pprint
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path


def numbers(values: Sequence[float], indent: int) -> str:
    """A list literal of ``values`` whose continuation lines are indented by ``indent``."""
    return pprint.pformat(list(values), width=80, compact=True).replace("\n", "\n" + " " * indent)


def write_module(path: Path, doc: str, body: list[str]) -> None:
    """Write ``doc`` as the module's docstring, then ``body``, and format the file."""
    path.write_text("\n".join(['"""' + doc.strip("\n") + '\n"""', "", *body]) + "\n")
    subprocess.run([sys.executable, "-m", "ruff", "format", "--quiet", str(path)], check=True)

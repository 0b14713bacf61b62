"""axe-core in the browser tests: a page passes with no serious or critical violation.

axe-playwright-python ships axe-core itself (no download at test time); ``check`` injects it
into the page and runs every rule axe enables by default (WCAG 2.x A and AA, best practices).
"""

from __future__ import annotations

from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page

BLOCKING = ("serious", "critical")
_AXE = Axe()


# axe's rules that are off by default but that this site holds itself to: a control's
# accessible name contains its visible text (issue 16: the table's Focus and GG buttons).
EXTRA_RULES = {"label-content-name-mismatch": {"enabled": True}}


def violations(page: Page) -> list[str]:
    """Serious and critical violations on the page, one line each with a few of its nodes."""
    options = {"resultTypes": ["violations"], "rules": EXTRA_RULES}
    found = _AXE.run(page, options=options).response["violations"]
    return [
        f"{v['id']} ({v['impact']}): {v['help']} at "
        + ", ".join(str(node["target"]) for node in v["nodes"][:4])
        for v in found
        if v["impact"] in BLOCKING
    ]


def check(page: Page, where: str) -> None:
    problems = violations(page)
    assert not problems, f"axe on {where}:\n" + "\n".join(problems)

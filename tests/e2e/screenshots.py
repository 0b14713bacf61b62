"""Screenshots of the browser tests, each test file's in its own folder under artifacts/."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Page


def full_page_shooter(folder: Path) -> Callable[[Page, str], None]:
    """``shoot(page, name)``: the whole page as ``folder/name.png``."""

    def shoot(page: Page, name: str) -> None:
        folder.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(folder / f"{name}.png"), full_page=True)

    return shoot

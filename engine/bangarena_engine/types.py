"""Types of the engine's plain data: actions, frames, events and views (filled in below)."""

from __future__ import annotations

from typing import Any

Action = dict[str, Any]
ChooseAction = dict[str, Any]
Frame = dict[str, Any]
Event = dict[str, Any]

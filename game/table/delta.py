"""What a change sends each screen: the regions that changed for it, never the whole table.

A change is two ``Sight`` s of the same screen, before and after. The public regions whose
slices differ are drawn once per language (``PublicDelta``) and shared by every screen that
reads that language; the private regions are drawn per screen. Every frame starts with the
``table-state`` element, which carries the table version the frame brings and the one it
follows, so a screen can drop a late frame and notice a lost one (DESIGN.md section 3).
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.safestring import SafeString

from game.table.regions import (
    HAND_ACT,
    HAND_CARDS,
    LOG_REGION,
    Painter,
    Sight,
    private_slices,
    public_slices,
)


def changed(before: dict[str, object], after: dict[str, object]) -> list[str]:
    """Region ids whose slice differs, in a stable order."""
    return [region for region, value in after.items() if before.get(region) != value]


@dataclass
class PublicDelta:
    """The public regions of one change, drawn once in one language."""

    html: SafeString
    regions: list[str]


def public_delta(before: Sight, after: Sight, regions: list[str] | None = None) -> PublicDelta:
    """Draw the public regions that changed from ``before`` to ``after`` (both public sights,
    in the active language). ``regions`` may be passed when the comparison was made already."""
    before_slices = public_slices(before)
    after_slices = public_slices(after)
    if regions is None:
        regions = changed(before_slices, after_slices)
    painter = Painter(after)
    parts: list[str] = []
    for region in regions:
        if region == LOG_REGION:
            events, signals = before_slices[LOG_REGION]
            parts.append(painter.log_append(events, signals))
        else:
            parts.append(painter.region(region))
    return PublicDelta(SafeString("".join(parts)), regions)


def public_changes(before: Sight, after: Sight) -> list[str]:
    return changed(public_slices(before), public_slices(after))


def private_delta(before: Sight, after: Sight) -> tuple[SafeString, list[str]]:
    """The frame's own part for one screen: its state element, its changed private regions,
    and a toast naming the card the viewer took from another hand (the public log only says
    "a card from the hand")."""
    before_slices, after_slices = private_slices(before), private_slices(after)
    regions = changed(before_slices, after_slices)
    painter = Painter(after)
    parts = [painter.state(before.ctx.table_version)]
    held = set(before_slices[HAND_CARDS])
    for region in regions:
        if region == HAND_CARDS:
            parts.append(painter.hand_change(before_slices[HAND_CARDS], after_slices[HAND_CARDS]))
        elif region.startswith(HAND_ACT) and region.removeprefix(HAND_ACT) not in held:
            continue  # a card new in the hand comes whole, with what it does
        else:
            parts.append(painter.region(region))
    taken = taken_card(before, after)
    if taken is not None:
        parts.append(painter.took_toast(*taken))
    return SafeString("".join(parts)), regions


def taken_card(before: Sight, after: Sight) -> tuple[dict, int] | None:
    """(card, from seat) when the viewer just took one card at random from another hand (Grab
    on a hand, R52): the one card new in the viewer's own hand. Read from the viewer's views."""
    viewer = after.viewer
    if viewer is None:
        return None
    new_events = (after.public.get("log") or [])[len(before.public.get("log") or []) :]
    took = [e for e in new_events if e["type"] == "took" and e["seat"] == viewer]
    if len(took) != 1 or took[0].get("card") is not None:
        return None
    had = {card["id"] for card in before.view["hand"]}
    new = [card for card in after.view["hand"] if card["id"] not in had]
    return (new[0], took[0]["from"]) if len(new) == 1 else None


def frame(private: SafeString, public: PublicDelta) -> str:
    """One screen's frame: its state element first, then the shared and its own regions."""
    state_end = private.index("</div>") + len("</div>")
    return private[:state_end] + public.html + private[state_end:]

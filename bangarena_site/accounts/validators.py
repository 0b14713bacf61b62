"""Validation of text that players choose for themselves and others get to see."""

from __future__ import annotations

import unicodedata

from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

# Control, format (bidi overrides, zero-width joiners…), and line/paragraph separators: they
# can hide text, reorder what follows them on the page, or break a one-line layout.
_FORBIDDEN_CATEGORIES = frozenset({"Cc", "Cf", "Zl", "Zp", "Cs", "Co", "Cn"})


def validate_no_control_characters(value: str) -> None:
    """Reject invisible or layout-breaking characters in a name shown to other players."""
    if any(unicodedata.category(char) in _FORBIDDEN_CATEGORIES for char in value):
        raise ValidationError(
            _("Use visible characters only (no control or formatting characters)."),
            code="control_characters",
        )

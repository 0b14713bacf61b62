"""Room codes: six characters that are easy to read aloud and impossible to guess (Q58).

The alphabet leaves out 0/O and 1/I/L, which look alike on screens and sound alike when read
out. 31 symbols over 6 places give 887 million codes, drawn with ``secrets`` so they cannot be
predicted; failed look-ups are rate-limited (lobby.throttle), so they cannot be enumerated.
"""

from __future__ import annotations

import secrets

from lobby.models import CODE_LENGTH

ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"


def new_code() -> str:
    return "".join(secrets.choice(ALPHABET) for _ in range(CODE_LENGTH))


def normalize(raw: str) -> str:
    """What the player typed, as a code: trimmed, inner spaces and dashes dropped, upper-case.
    Returns "" when it cannot be a code at all (wrong length or a letter not in the alphabet)."""
    code = "".join(raw.split()).replace("-", "").upper()
    if len(code) != CODE_LENGTH or any(char not in ALPHABET for char in code):
        return ""
    return code

"""Names other players read: a username or a display name must not pass for someone else's.

Two names are look-alikes when their Unicode skeletons (UTS #39, "Confusable Detection") are
equal: "Nеwcomer1" with a Cyrillic е, "NewcomerI" and "Newcomer1" all reduce to one skeleton.
The skeleton is disarm's ``skeleton_key`` with the TR39 digit classes (1 ≡ l ≡ I, 0 ≡ O),
case-folded because usernames are unique regardless of case. Each account stores the
skeletons of its two names (``username_key``, ``display_name_key``), so a new name is
checked against every existing one with one indexed query.

A name may also not mix scripts beyond what UTS #39 calls "highly restrictive": one script, or
Latin with Han and the Japanese kana, Han with Bopomofo, or Han with Hangul. "Pаvel" with a
Cyrillic а is refused even when nobody is called Pavel yet.
"""

from __future__ import annotations

from disarm import Script, detect_scripts, skeleton_key
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

#: The longest username or display name (a seat name is as long).
NAME_MAX_LENGTH = 20

#: Scripts that go with any other: digits, punctuation, combining marks.
_NEUTRAL = frozenset({Script.COMMON, Script.INHERITED})
#: UTS #39 section 5.2, "Highly Restrictive": the combinations a single language writes in.
_ALLOWED_MIXES = (
    frozenset({Script.LATIN, Script.HAN, Script.HIRAGANA, Script.KATAKANA}),
    frozenset({Script.LATIN, Script.HAN, Script.BOPOMOFO}),
    frozenset({Script.LATIN, Script.HAN, Script.HANGUL}),
)


def name_key(name: str) -> str:
    """The skeleton two look-alike names share ("" for no name)."""
    return skeleton_key(name, digit_policy="tr39") if name else ""


def mixes_scripts(name: str) -> bool:
    """True if the name writes in scripts no single language combines (UTS #39 5.2)."""
    scripts = set(detect_scripts(name)) - _NEUTRAL
    if len(scripts) <= 1:
        return False
    return not any(scripts <= allowed for allowed in _ALLOWED_MIXES)


def validate_single_script(value: str) -> None:
    """Model and form validator of a name shown to other players."""
    if mixes_scripts(value):
        raise ValidationError(
            _(
                "Use the letters of one alphabet: a name that mixes alphabets (such as Latin "
                "and Cyrillic) can pass for someone else's."
            ),
            code="mixed_scripts",
        )

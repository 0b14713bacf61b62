"""Names that look like another player's (issue 20): the accounts' look-alike check.

It reads the accounts (``User``), whose model builds on the name rules in ``names``, so it
sits above both: ``names`` stays free of the model, and no import goes round in a circle.
"""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from .models import User
from .names import name_key


def look_alike_owner(name: str, *, exclude: User | None = None) -> User | None:
    """Another account whose username or display name looks like ``name``, if any."""
    key = name_key(name)
    if not key:
        return None
    others = User.objects.filter(Q(username_key=key) | Q(display_name_key=key))
    if exclude is not None and exclude.pk is not None:
        others = others.exclude(pk=exclude.pk)
    return others.only("pk").first()


def validate_not_look_alike(name: str, *, exclude: User | None = None) -> None:
    """Refuse a name that looks like another player's name (said without naming them)."""
    if look_alike_owner(name, exclude=exclude) is not None:
        raise ValidationError(
            _(
                "This name looks too much like another player's name. Please choose one "
                "that can't be mistaken for theirs."
            ),
            code="look_alike",
        )

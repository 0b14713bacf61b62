"""The GET filters of the history and leaderboard pages.

Bad values (a hand-edited URL, an old link) never fail the page: the view drops the field,
says so in a message, and shows the unfiltered list.
"""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from game import catalogue
from stats.models import PeriodTally

ANY = [("", _("Any"))]


def _modes() -> list[tuple[str, object]]:
    return ANY + [(key, name) for key, name in catalogue.MODES.items()]


def _roles() -> list[tuple[str, object]]:
    return ANY + [(key, role.name) for key, role in catalogue.ROLES.items()]


class HistoryFilter(forms.Form):
    mode = forms.ChoiceField(label=pgettext_lazy("filter", "Mode"), choices=_modes, required=False)
    role = forms.ChoiceField(label=pgettext_lazy("filter", "Role"), choices=_roles, required=False)


class BoardFilter(forms.Form):
    board = forms.ChoiceField(
        label=_("Leaderboard"),
        choices=[
            ("rating", _("Skill rating")),
            ("wins", _("Most wins")),
            ("role", _("Win rate by role")),
        ],
        required=False,
    )
    period = forms.ChoiceField(
        label=_("Period"), choices=PeriodTally.Period.choices, required=False
    )
    role = forms.ChoiceField(
        label=pgettext_lazy("filter", "Role"),
        choices=[(key, role.name) for key, role in catalogue.ROLES.items()],
        required=False,
    )


def cleaned(form: forms.Form) -> tuple[dict[str, str], bool]:
    """The valid values of a bound filter form ('' for a bad or missing one) and whether any
    value had to be dropped."""
    form.is_valid()
    values = {name: form.cleaned_data.get(name, "") or "" for name in form.fields}
    return values, bool(form.errors)

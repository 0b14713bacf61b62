"""The start screen's settings (R129) and the join-by-code field."""

from __future__ import annotations

from typing import Any

from django import forms
from django.core.validators import MaxLengthValidator
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext_lazy

from bangarena_site.accounts.validators import validate_no_control_characters
from game import catalogue
from game.models import SEAT_NAME_MAX_LENGTH, BotStrength, MoveTime, Tempo
from lobby.models import MAX_SEATS, MIN_SEATS, PlayerReport
from lobby.services import RoomSettings

DEFAULTS: dict[str, Any] = {
    "name": "",
    "seats": 5,
    "mode": "classic",
    "move_time": 30,
    "tempo": "normal",
    "bot_strength": BotStrength.NORMAL.value,
}
SEAT_CHOICES = [(n, str(n)) for n in range(MIN_SEATS, MAX_SEATS + 1)]
MODE_CHOICES = list(catalogue.MODES.items())

#: Where a role mode is chosen, what it means in one line (R12, R13, R14, R117).
MODE_NOTES = {
    "classic": _("The Law hunts the Bandits; the Loner plays alone."),
    "partners": _(
        "Only at 8 seats: the two Loners win together. Below 8 seats it plays as Classic."
    ),
    "double_agent": _("Double Agent needs 5 seats or more: with 4 seats the table plays Classic."),
    "old_classic": _("The original rules: no High Noon and no Glory."),
}
#: A Partners table below 8 seats plays exactly like Classic (R13): said before the match.
PARTNERS_PLAYS_CLASSIC = _(
    "Partners differs from Classic only at 8 seats: with fewer seats the table plays Classic."
)


def plays_as_classic(mode: str, seats: int) -> str:
    """The notice a table shows before its match when its mode plays as Classic, else ""."""
    if mode == "double_agent" and seats < 5:
        return str(MODE_NOTES["double_agent"])
    if mode == "partners" and seats < 8:
        return str(PARTNERS_PLAYS_CLASSIC)
    return ""


class NameLength(MaxLengthValidator):
    """The length error says how long the name is, so a player sees what to trim."""

    message = ngettext_lazy(
        "Your name at the table can have at most %(limit_value)d character (it has "
        "%(show_value)d).",
        "Your name at the table can have at most %(limit_value)d characters (it has "
        "%(show_value)d).",
        "limit_value",
    )


class SettingsForm(forms.Form):
    #: Set by the start screen's view when a room code was refused (no default: unset, the
    #: template shows nothing).
    code_error: str

    name = forms.CharField(
        label=_("Your name at the table"),
        strip=True,
        validators=[NameLength(SEAT_NAME_MAX_LENGTH), validate_no_control_characters],
        error_messages={"required": _("Enter a name to show at the table (1–20 characters).")},
        widget=forms.TextInput(attrs={"autocomplete": "nickname", "maxlength": 40}),
    )
    seats = forms.TypedChoiceField(
        label=_("Seats"), choices=SEAT_CHOICES, coerce=int, widget=forms.RadioSelect
    )
    mode = forms.ChoiceField(label=_("Role mode"), choices=MODE_CHOICES, widget=forms.RadioSelect)
    move_time = forms.TypedChoiceField(
        label=_("Move time"), choices=MoveTime.choices, coerce=int, widget=forms.RadioSelect
    )
    tempo = forms.ChoiceField(label=_("Tempo"), choices=Tempo.choices, widget=forms.RadioSelect)
    # How well the bots play at Play and Watch bot match (issue 22). Optional: a form from
    # before strengths existed plays Normal, as it did then.
    bot_strength = forms.ChoiceField(
        label=_("Bot strength"),
        choices=BotStrength.choices,
        required=False,
        widget=forms.RadioSelect,
        error_messages={"invalid_choice": _("Choose Easy, Normal or Hard for the bots.")},
    )
    code = forms.CharField(
        label=_("Room code"),
        required=False,
        max_length=20,
        widget=forms.TextInput(
            attrs={"autocomplete": "off", "autocapitalize": "characters", "spellcheck": "false"}
        ),
    )

    def __init__(self, *args: Any, require_name: bool = True, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["name"].required = require_name

    def mode_options(self) -> list[dict[str, Any]]:
        """The mode radios, each with its one-line explanation (and the explanation's id)."""
        return [
            {
                "radio": radio,
                "note": MODE_NOTES.get(radio.data["value"], ""),
                "note_id": f"{radio.data['value'].replace('_', '-')}-note",
            }
            for radio in self["mode"]
        ]

    def room_settings(self) -> RoomSettings:
        data = self.cleaned_data
        return RoomSettings(
            seats=data["seats"], mode=data["mode"], move_time=data["move_time"], tempo=data["tempo"]
        )

    def chosen_strength(self) -> str:
        """The bots' strength for Play and Watch bot match (issue 22), Normal when unset."""
        return self.cleaned_data.get("bot_strength") or BotStrength.NORMAL

    def remembered(self) -> dict[str, Any]:
        """The settings worth keeping for next time (not the code)."""
        return {key: self.cleaned_data[key] for key in DEFAULTS if self.cleaned_data.get(key)}


class NameForm(forms.Form):
    """Joining from a room link: only the name is asked for (the room's settings are fixed)."""

    name = SettingsForm.base_fields["name"]


class ReportForm(forms.Form):
    """Report a player to the moderators (issue 23): why, and a few words if you like."""

    reason = forms.ChoiceField(
        label=_("What happened?"),
        choices=PlayerReport.Reason.choices,
        widget=forms.RadioSelect,
        error_messages={"required": _("Choose what happened.")},
    )
    details = forms.CharField(
        label=_("Anything the moderators should know (optional)"),
        required=False,
        strip=True,
        max_length=1000,
        widget=forms.Textarea(attrs={"rows": 4, "maxlength": 1000}),
    )


QUICK_MODE_CHOICES = [("", _("Any mode")), *MODE_CHOICES]
QUICK_MOVE_TIME_CHOICES = [("", _("Any move time")), *MoveTime.choices]


class QuickMatchForm(forms.Form):
    """Play with people (issue 23): a name, the seat counts you accept, a mode and a move time
    (or any: a table where nobody minds plays 30 s, the start screen's default)."""

    name = SettingsForm.base_fields["name"]
    min_seats = forms.TypedChoiceField(
        label=_("Fewest seats"), choices=SEAT_CHOICES, coerce=int, initial=MIN_SEATS
    )
    max_seats = forms.TypedChoiceField(
        label=_("Most seats"), choices=SEAT_CHOICES, coerce=int, initial=MAX_SEATS
    )
    mode = forms.ChoiceField(
        label=_("Role mode"), choices=QUICK_MODE_CHOICES, required=False, widget=forms.RadioSelect
    )
    move_time = forms.TypedChoiceField(
        label=_("Move time"),
        choices=QUICK_MOVE_TIME_CHOICES,
        coerce=int,
        empty_value=None,
        required=False,
        widget=forms.RadioSelect,
    )

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        low, high = data.get("min_seats"), data.get("max_seats")
        if low is not None and high is not None and low > high:
            self.add_error("max_seats", _("The most seats cannot be fewer than the fewest."))
        return data

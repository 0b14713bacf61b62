"""The host's "Seat an agent" form: the agent's name, checked like a player's seat name."""

from __future__ import annotations

from django import forms
from django.core.validators import MaxLengthValidator
from django.utils.translation import gettext_lazy as _

from bangarena_site.accounts.validators import validate_no_control_characters
from game.models import SEAT_NAME_MAX_LENGTH


class AgentNameForm(forms.Form):
    agent_name = forms.CharField(
        label=_("Agent name"),
        strip=True,
        validators=[MaxLengthValidator(SEAT_NAME_MAX_LENGTH), validate_no_control_characters],
        error_messages={"required": _("Enter the agent's name (1–20 characters).")},
    )

    def error_text(self) -> str:
        return " ".join(str(message) for message in self.errors.get("agent_name", []))

"""Account forms: sign-up, a throttled log-in that explains bans, and the profile."""

from __future__ import annotations

import math
from typing import Any

from django import forms
from django.contrib.auth import authenticate
from django.contrib.auth.forms import AuthenticationForm, UserCreationForm
from django.core.exceptions import ValidationError
from django.http import HttpRequest
from django.utils import formats, timezone
from django.utils.translation import get_language_info, ngettext
from django.utils.translation import gettext_lazy as _

from .language import LANGUAGE_CODES
from .look_alikes import validate_not_look_alike
from .models import User
from .names import NAME_MAX_LENGTH
from .throttle import LoginThrottle, SlidingWindow, login_throttle, signup_throttle


class SignUpForm(UserCreationForm):
    """Django's sign-up form, with a limit on new accounts per address."""

    throttle: SlidingWindow = signup_throttle()

    class Meta(UserCreationForm.Meta):
        model = User
        fields = ("username", "email")
        help_texts = {"email": _("Optional.")}

    def __init__(self, *args: Any, address: str = "", **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.address = address
        # Room to paste a name that is too long, so the error can say how long it is
        # instead of the browser cutting it silently.
        self.fields["username"].widget.attrs["maxlength"] = 2 * NAME_MAX_LENGTH

    def clean_username(self) -> str:
        username = super().clean_username()
        if not self.has_error("username"):  # taken outright says more than "looks like"
            validate_not_look_alike(username)
        return username

    def clean(self) -> dict[str, Any] | None:
        wait = self.throttle.seconds_until_allowed(self.address)
        if wait:
            minutes = minutes_to_wait(wait)
            raise ValidationError(
                ngettext(
                    "Too many new accounts from your network. "
                    "Please try again in %(minutes)d minute.",
                    "Too many new accounts from your network. "
                    "Please try again in %(minutes)d minutes.",
                    minutes,
                ),
                code="throttled",
                params={"minutes": minutes},
            )
        return super().clean()

    def save(self, commit: bool = True) -> User:
        user = super().save(commit=commit)
        self.throttle.record(self.address)
        return user


def minutes_to_wait(seconds: int) -> int:
    """Whole minutes, rounded up: "try again in 0 minutes" would be a lie."""
    return max(1, math.ceil(seconds / 60))


def client_address(request: HttpRequest | None) -> str:
    # REMOTE_ADDR only: a forwarded-for header is whatever the client wants it to be. Behind
    # a proxy, the ASGI server sets REMOTE_ADDR from the proxy's header (daphne --proxy-headers).
    if request is None:
        return ""
    return request.META.get("REMOTE_ADDR", "")


class LoginForm(AuthenticationForm):
    """Django's log-in form plus throttling and a clear message for banned players.

    A ban is only revealed after the right password: a wrong one gets the same generic error
    as any other account, so the message never confirms a guessed password.
    """

    throttle: LoginThrottle = login_throttle

    error_messages = {
        **AuthenticationForm.error_messages,
        "invalid_login": _("That username and password do not match. Please try again."),
        "inactive": _("This account has been deactivated."),
    }

    def clean(self) -> dict[str, Any]:
        username = self.cleaned_data.get("username")
        password = self.cleaned_data.get("password")
        if not username or not password:
            return self.cleaned_data
        address = client_address(self.request)

        wait = self.throttle.seconds_until_allowed(username, address)
        if wait:
            raise self._throttled_error(wait, self.throttle.locked_out(username, address))

        refused = self._refused_account(username)
        if refused is not None:
            # Checked here, not by authenticate(), which refuses inactive users before it
            # could tell a right password from a wrong one.
            if refused.check_password(password):
                raise self._refusal_error(refused)
            self.throttle.record_failure(username, address)
            raise self.get_invalid_login_error()

        self.user_cache = authenticate(self.request, username=username, password=password)
        if self.user_cache is None:
            self.throttle.record_failure(username, address)
            raise self.get_invalid_login_error()
        self.confirm_login_allowed(self.user_cache)
        self.throttle.record_success(username, address)
        return self.cleaned_data

    @staticmethod
    def _refused_account(username: str) -> User | None:
        """The account if it may not log in: deactivated, or banned (a ban wins even if
        someone ticked "active" again by hand in the admin)."""
        try:
            user = User._default_manager.get_by_natural_key(username)
        except User.DoesNotExist:
            return None
        return user if user.is_banned or not user.is_active else None

    def _refusal_error(self, user: User) -> ValidationError:
        if not user.is_banned:
            return ValidationError(self.error_messages["inactive"], code="inactive")
        since = formats.date_format(timezone.localtime(user.banned_at), "DATETIME_FORMAT")
        if user.ban_reason:
            message = _("This account has been banned (since %(since)s). Reason: %(reason)s")
        else:
            message = _("This account has been banned (since %(since)s).")
        return ValidationError(
            message, code="banned", params={"since": since, "reason": user.ban_reason}
        )

    @staticmethod
    def _throttled_error(wait_seconds: int, locked: bool = True) -> ValidationError:
        if not locked:
            # A slow-down (at most a minute), not a lock-out: say the seconds.
            message = ngettext(
                "Too many failed log-in attempts. Please try again in %(seconds)d second.",
                "Too many failed log-in attempts. Please try again in %(seconds)d seconds.",
                wait_seconds,
            )
            return ValidationError(message, code="throttled", params={"seconds": wait_seconds})
        minutes = minutes_to_wait(wait_seconds)
        message = ngettext(
            "Too many failed log-in attempts. Please try again in %(minutes)d minute.",
            "Too many failed log-in attempts. Please try again in %(minutes)d minutes.",
            minutes,
        )
        return ValidationError(message, code="throttled", params={"minutes": minutes})


def language_choices() -> list[tuple[str, str]]:
    """Each language in its own name: a player lost in a foreign UI can still find theirs."""
    named = [(code, get_language_info(code)["name_local"]) for code in LANGUAGE_CODES]
    return [("", _("Same as my browser")), *named]


class ProfileForm(forms.ModelForm):
    preferred_language = forms.ChoiceField(
        label=_("Preferred language"),
        choices=language_choices,
        required=False,
        help_text=_("Leave empty to follow your browser's language."),
    )

    class Meta:
        model = User
        fields = ("display_name", "preferred_language", "hide_in_replays")

    def clean_display_name(self) -> str:
        name = self.cleaned_data["display_name"].strip()
        validate_not_look_alike(name, exclude=self.instance)
        return name


class DeleteAccountForm(forms.Form):
    """Deleting one's account asks for the password: a session left open on a shared computer
    must not be enough. Wrong passwords count against the log-in throttle."""

    password = forms.CharField(
        label=_("Your password"),
        strip=False,
        widget=forms.PasswordInput(attrs={"autocomplete": "current-password"}),
    )
    throttle: LoginThrottle = login_throttle

    def __init__(self, *args: Any, user: User, address: str = "", **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.user = user
        self.address = address

    def clean_password(self) -> str:
        password = self.cleaned_data["password"]
        wait = self.throttle.seconds_until_allowed(self.user.username, self.address)
        if wait:
            raise LoginForm._throttled_error(wait)
        if not self.user.check_password(password):
            self.throttle.record_failure(self.user.username, self.address)
            raise ValidationError(_("That is not your password."), code="wrong_password")
        return password

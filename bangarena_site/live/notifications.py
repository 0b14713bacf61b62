"""The welcome toast after login: a real job through the delayed-work seam, pushed over the
notification socket a moment after the user signs in (or signs up, which logs them in)."""

from __future__ import annotations

import logging
from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.signals import user_logged_in
from django.dispatch import receiver
from django.utils import translation
from django.utils.translation import gettext

from bangarena_site.jobs import job, schedule
from bangarena_site.live.toasts import push_toast, translated

logger = logging.getLogger(__name__)

# Long enough for the page that follows the login to open its notification socket.
WELCOME_DELAY_SECONDS = 2.0


@job("live.welcome")
def welcome_toast(user_id: int, language: str = "") -> None:
    """Greet a user who just signed in, on every page they have open, in their language: the
    account's saved one, else ``language`` (the one the login page was read in).

    The text differs from the login page's flash message on purpose: the toast says that the
    live connection works."""
    user = get_user_model().objects.filter(pk=user_id, is_active=True).first()
    if user is None:
        logger.info("Welcome toast skipped: user %s is gone or deactivated", user_id)
        return
    with translated(user, fallback=language):
        message = gettext("Welcome to the saloon, %(name)s! Live news will pop up here.")
        push_toast(user, message % {"name": user.public_name})


_GREETED = "_bangarena_greeted"


def greeted_already(request: Any) -> None:
    """Mark a login whose page greets the player itself (sign-up's welcome), so no toast says
    it a second time: a newcomer gets one welcome, not a message, a toast and a greeting."""
    setattr(request, _GREETED, True)


@receiver(user_logged_in, dispatch_uid="live.schedule_welcome_toast")
def schedule_welcome_toast(sender: Any, request: Any, user: Any, **kwargs: Any) -> None:
    """Send the greeting a moment after login, once the login's transaction has committed, in
    the language of the page the player logged in on if the account has none saved."""
    if getattr(request, _GREETED, False):
        return
    schedule(WELCOME_DELAY_SECONDS, welcome_toast, user.pk, translation.get_language() or "")

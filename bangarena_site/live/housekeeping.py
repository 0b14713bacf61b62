"""Periodic housekeeping jobs (Celery beat in production, the embedded scheduler otherwise).

Their periods live in settings.BANGARENA_PERIODIC_JOBS, read by both stacks.
"""

from __future__ import annotations

import logging
from importlib import import_module

from django.conf import settings

from bangarena_site.jobs import job

logger = logging.getLogger(__name__)


@job("sessions.clear_expired")
def clear_expired_sessions() -> None:
    """Delete expired sessions so the session table does not grow without bound."""
    engine = import_module(settings.SESSION_ENGINE)
    engine.SessionStore.clear_expired()
    logger.info("Expired sessions cleared")


@job("guests.purge")
def purge_guest_data() -> None:
    """Forget guests 30 days after their matches (their matches stay, shown as "Guest")."""
    # Imported when the job runs: this module loads with the live app, before the game, lobby
    # and stats apps whose rows the purge rewrites.
    from bangarena_site.accounts.forget import purge_guests

    purged = purge_guests()
    logger.info(
        "Guest data purged: %s results, %s seats, %s room seats, %s claims",
        purged.results,
        purged.seats,
        purged.room_seats,
        purged.claims,
    )

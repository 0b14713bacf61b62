"""Periodic housekeeping jobs (Celery beat in production, the embedded scheduler otherwise).

Their periods live in settings.BANGARENA_PERIODIC_JOBS, read by both stacks. The guests' purge
(``guests.purge``) is the accounts' (bangarena_site.accounts.forget), which rewrites rows of
every part; the live sockets sit below the parts and never import it.
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

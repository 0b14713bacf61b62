"""The Celery app of the production stack.

Run the worker and beat as separate processes:
    celery -A bangarena_site worker
    celery -A bangarena_site beat
and a worker for the language-model seats' queue (jobs.run_apart; machines/ai):
    celery -A bangarena_site worker -Q ai --pool=threads --concurrency=8
Both read Django settings (CELERY_* names) and run the jobs registered with
bangarena_site.jobs.job; the embedded default never starts Celery.
"""

from __future__ import annotations

import os
from typing import Any

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "bangarena_site.settings")

app = Celery("bangarena_site")
app.config_from_object("django.conf:settings", namespace="CELERY")
# The one task of the seam lives in bangarena_site.jobs; the job functions it runs register
# themselves when Django loads the apps (Celery's Django fix-up sets Django up first).
app.conf.imports = ("bangarena_site.jobs",)


@app.on_after_configure.connect
def schedule_periodic_jobs(sender: Celery, **kwargs: Any) -> None:
    """Give beat the same periodic jobs the embedded scheduler runs."""
    from django.conf import settings

    from bangarena_site.jobs import RUN_JOB_TASK

    for name, every in settings.BANGARENA_PERIODIC_JOBS.items():
        sender.add_periodic_task(every, sender.signature(RUN_JOB_TASK, args=(name, [])), name=name)

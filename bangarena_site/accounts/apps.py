from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class AccountsConfig(AppConfig):
    name = "bangarena_site.accounts"
    label = "accounts"
    verbose_name = _("Accounts")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        # Importing registers the guests' purge job (@job "guests.purge"); the Celery worker
        # and beat load apps too, so every process knows the job's name.
        from bangarena_site.accounts import forget  # noqa: F401

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class AiConfig(AppConfig):
    """AI seats: language models registered by admins and agent programs with seat tokens."""

    name = "game.ai"
    label = "ai"
    verbose_name = _("AI seats")

from django.apps import AppConfig


class MachinesConfig(AppConfig):
    """The seats-not-played-by-humans part: the bots, and the AI developers' pages."""

    name = "machines"
    label = "machines"

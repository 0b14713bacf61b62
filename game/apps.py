from django.apps import AppConfig


class GameConfig(AppConfig):
    name = "game"

    def ready(self) -> None:
        # Importing registers the table's jobs (@job); the Celery worker and beat load apps
        # too, so every process knows the same job names.
        from game import tasks  # noqa: F401

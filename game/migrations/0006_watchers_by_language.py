"""Watchers are counted per language they read, so each gets the table in it (issue 10).

The old integer count is dropped and the new field added (PostgreSQL cannot cast an integer
column to jsonb in place). Nothing is lost: the counts are live socket tallies, reset at every
server start anyway."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("game", "0005_signal_log_position"),
    ]

    operations = [
        migrations.RemoveField(model_name="match", name="watchers"),
        migrations.AddField(
            model_name="match",
            name="watchers",
            field=models.JSONField(blank=True, default=dict, verbose_name="watchers by language"),
        ),
    ]

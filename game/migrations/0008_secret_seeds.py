# Seeds become secret 256-bit keys of a cryptographic generator (docs/security.md): the column
# holds their decimal digits, and every match dealt before names its generator, the legacy
# SplitMix64, in its config and its snapshot so that it keeps replaying exactly.

import game.models
from django.db import migrations

LEGACY_GENERATOR = "splitmix64-v1"  # bangarena_engine.rng.LEGACY_GENERATOR, frozen here
BATCH = 200


def name_the_legacy_generator(apps, schema_editor):
    Match = apps.get_model("game", "Match")
    batch = []
    for match in Match.objects.only("pk", "config", "state").iterator(chunk_size=BATCH):
        match.config = {**match.config, "generator": match.config.get("generator", LEGACY_GENERATOR)}
        if isinstance(match.state, dict) and isinstance(match.state.get("config"), dict):
            stored = match.state["config"]
            match.state = {
                **match.state,
                "config": {**stored, "generator": stored.get("generator", LEGACY_GENERATOR)},
            }
        batch.append(match)
        if len(batch) >= BATCH:
            Match.objects.bulk_update(batch, ["config", "state"])
            batch = []
    if batch:
        Match.objects.bulk_update(batch, ["config", "state"])


def forget_the_legacy_generator(apps, schema_editor):
    """Back to configs without a generator: possible only while every match is legacy."""
    Match = apps.get_model("game", "Match")
    if Match.objects.exclude(config__generator=LEGACY_GENERATOR).exists():
        raise RuntimeError("matches dealt by the new generator cannot go back before 0008")
    for match in Match.objects.only("pk", "config", "state").iterator(chunk_size=BATCH):
        match.config = {k: v for k, v in match.config.items() if k != "generator"}
        if isinstance(match.state, dict) and isinstance(match.state.get("config"), dict):
            config = {k: v for k, v in match.state["config"].items() if k != "generator"}
            match.state = {**match.state, "config": config}
        match.save(update_fields=["config", "state"])


class Migration(migrations.Migration):

    dependencies = [
        ('game', '0007_user_verbose_name'),
    ]

    operations = [
        migrations.AlterField(
            model_name='match',
            name='seed',
            field=game.models.SeedField(verbose_name='seed'),
        ),
        migrations.RunPython(name_the_legacy_generator, forget_the_legacy_generator),
    ]

"""Issue 23: a match is rated when at least two different signed-up humans played it (it was
one). Counts every record's accounts again from its results and sets ``rated`` by the new
rule. The ratings and leaderboard tallies that earlier one-account matches moved are rebuilt
by ``python manage.py recompute_ratings`` (docs/stats.md, "Ratings"), which a deploy runs
after this migration."""

from django.db import migrations
from django.db.models import Count, Q

#: stats.ratings.RATED_FROM_ACCOUNTS when this migration was written (a migration keeps its
#: own copy: the rule may change again, this step may not).
RATED_FROM_ACCOUNTS = 2


def count_accounts(apps, schema_editor):
    MatchRecord = apps.get_model("stats", "MatchRecord")
    records = MatchRecord.objects.annotate(
        accounts=Count("players__user", distinct=True, filter=Q(players__user__isnull=False))
    ).only("pk", "rated", "humans")
    for record in records.iterator(chunk_size=500):
        rated = record.accounts >= RATED_FROM_ACCOUNTS
        if (record.humans, record.rated) != (record.accounts, rated):
            MatchRecord.objects.filter(pk=record.pk).update(humans=record.accounts, rated=rated)


class Migration(migrations.Migration):
    dependencies = [
        ("stats", "0003_board_covering_indexes"),
    ]

    operations = [
        migrations.RunPython(count_accounts, migrations.RunPython.noop),
    ]

"""The registry's folded names (``names.folded``), filled for the players already there, with
the index of the registry's order and, on PostgreSQL, a trigram index that finds a part of a
name (``LIKE '%…%'``) without reading the whole registry."""

from django.db import migrations, models

BATCH = 2000


def fill(apps, schema_editor):
    # the rule itself, not a copy: names.folded is plain Python and stays as it is
    from referee.tournaments.names import folded

    player_model = apps.get_model("tournaments", "Player")
    players = player_model.objects.order_by("pk").only("pk", "name")
    batch = []
    for player in players.iterator(chunk_size=BATCH):
        player.folded_name = folded(player.name)
        batch.append(player)
        if len(batch) == BATCH:
            player_model.objects.bulk_update(batch, ["folded_name"])
            batch = []
    player_model.objects.bulk_update(batch, ["folded_name"])


TRIGRAMS = "player_folded_name_trgm"


def trigram_index(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute("CREATE EXTENSION IF NOT EXISTS pg_trgm")
        schema_editor.execute(
            f"CREATE INDEX IF NOT EXISTS {TRIGRAMS} ON tournaments_player "
            "USING gin (folded_name gin_trgm_ops)"
        )


def drop_trigram_index(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(f"DROP INDEX IF EXISTS {TRIGRAMS}")


class Migration(migrations.Migration):
    dependencies = [("tournaments", "0022_pages_tournament_list")]

    operations = [
        migrations.AddField(
            model_name="player",
            name="folded_name",
            field=models.CharField(default="", editable=False, max_length=200),
        ),
        migrations.RunPython(fill, migrations.RunPython.noop),
        migrations.AddIndex(
            model_name="player",
            index=models.Index(fields=["folded_name", "id"], name="player_registry_order"),
        ),
        migrations.RunPython(trigram_index, drop_trigram_index),
    ]

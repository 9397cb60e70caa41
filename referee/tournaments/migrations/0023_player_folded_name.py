"""The registry's folded names (``names.folded``), filled for the players already there."""

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


class Migration(migrations.Migration):
    dependencies = [("tournaments", "0022_pages_tournament_list")]

    operations = [
        migrations.AddField(
            model_name="player",
            name="folded_name",
            field=models.CharField(db_index=True, default="", editable=False, max_length=200),
        ),
        migrations.RunPython(fill, migrations.RunPython.noop),
    ]

"""A board's cards and its double-dummy table move into a ``tables.Layout`` of its own (issue
31: one store of double-dummy results, which a deal that plays the board reads too)."""

import django.db.models.deletion
from django.db import migrations, models


def forward(apps, schema_editor):
    Layout = apps.get_model("tables", "Layout")
    Board = apps.get_model("duplicate", "Board")
    for board in Board.objects.order_by("pk").iterator():
        layout = Layout.objects.create(text=board.text, analysis=board.analysis)
        Board.objects.filter(pk=board.pk).update(layout=layout)


def backward(apps, schema_editor):
    Board = apps.get_model("duplicate", "Board")
    for board in Board.objects.select_related("layout").order_by("pk").iterator():
        Board.objects.filter(pk=board.pk).update(
            text=board.layout.text, analysis=board.layout.analysis
        )


class Migration(migrations.Migration):
    dependencies = [
        ("duplicate", "0003_session_counts"),
        ("tables", "0016_ddstore_layout"),
    ]

    operations = [
        migrations.AddField(
            model_name="board",
            name="layout",
            field=models.OneToOneField(
                null=True,
                on_delete=django.db.models.deletion.PROTECT,
                related_name="board",
                to="tables.layout",
            ),
        ),
        migrations.AlterField(model_name="board", name="text", field=models.TextField(default="")),
        migrations.RunPython(forward, backward),
        migrations.RemoveField(model_name="board", name="analysis"),
        migrations.RemoveField(model_name="board", name="text"),
        migrations.AlterField(
            model_name="board",
            name="layout",
            field=models.OneToOneField(
                on_delete=django.db.models.deletion.PROTECT,
                related_name="board",
                to="tables.layout",
            ),
        ),
    ]

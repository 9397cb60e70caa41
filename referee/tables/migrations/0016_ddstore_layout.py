"""One store of double-dummy results (issue 31): ``Layout`` holds a layout of cards and what
the solver found in it; the hands the chief typed move into layouts of their own (their
cached numbers for the deal's contract become a line of the layout's table), and
``DealHands`` points to its layout. The boards move in ``duplicate`` 0004."""

import django.db.models.deletion
from django.db import migrations, models

STRAINS = ("S", "C", "D", "H", "NT")


def _moved(cached, hands):
    """The old cache of a hands' row (``{"key": "type:strain:hand:discard:version", "best",
    "best_discard", …}``) as the layout's ``analysis``: the line of the deal's contract, when
    it was for these hands; else nothing (worked out again when read). What the actual
    discard takes is not moved: the layout keeps it for every strain at once, worked out
    again at the next entry or read."""
    if not isinstance(cached, dict) or not isinstance(cached.get("key"), str):
        return None
    kind, strain, hand, discard, version = (cached["key"].split(":") + [""] * 5)[:5]
    if hand != str(hands.declarer_hand) or discard != hands.discard:
        return None
    if version != str(hands.version) or kind not in ("game", "misere"):
        return None
    if kind == "misere":
        analysis = {
            "misere": {hand: cached["best"] == 0},
            "misere_discards": {hand: cached["best_discard"]},
        }
    elif strain in STRAINS:
        analysis = {
            "tricks": {hand: {strain: cached["best"]}},
            "discards": {hand: {strain: cached["best_discard"]}},
        }
    else:
        return None
    return analysis


def forward(apps, schema_editor):
    Layout = apps.get_model("tables", "Layout")
    DealHands = apps.get_model("tables", "DealHands")
    for hands in DealHands.objects.order_by("pk").iterator():
        layout = Layout.objects.create(text=hands.board, analysis=_moved(hands.analysis, hands))
        DealHands.objects.filter(pk=hands.pk).update(layout=layout)


def backward(apps, schema_editor):
    DealHands = apps.get_model("tables", "DealHands")
    for hands in DealHands.objects.select_related("layout").order_by("pk").iterator():
        DealHands.objects.filter(pk=hands.pk).update(board=hands.layout.text, analysis=None)


class Migration(migrations.Migration):
    dependencies = [("tables", "0015_seat_draw")]

    operations = [
        migrations.CreateModel(
            name="Layout",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("text", models.TextField()),
                ("analysis", models.JSONField(blank=True, editable=False, null=True)),
                ("tried", models.JSONField(blank=True, default=dict, editable=False)),
            ],
            options={"verbose_name": "layout of cards", "verbose_name_plural": "layouts of cards"},
        ),
        migrations.AddField(
            model_name="dealhands",
            name="layout",
            field=models.ForeignKey(
                null=True,
                on_delete=django.db.models.deletion.PROTECT,
                related_name="hands",
                to="tables.layout",
            ),
        ),
        migrations.AlterField(
            model_name="dealhands", name="board", field=models.TextField(default="")
        ),
        migrations.RunPython(forward, backward),
        migrations.RemoveField(model_name="dealhands", name="analysis"),
        migrations.RemoveField(model_name="dealhands", name="board"),
        migrations.AlterField(
            model_name="dealhands",
            name="layout",
            field=models.ForeignKey(
                on_delete=django.db.models.deletion.PROTECT,
                related_name="hands",
                to="tables.layout",
            ),
        ),
    ]

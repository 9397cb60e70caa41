from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('tournaments', '0020_groups'),
    ]

    operations = [
        migrations.AddField(
            model_name='application',
            name='choices',
            field=models.JSONField(blank=True, default=dict),
        ),
    ]

from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('tournaments', '0017_player_email'),
    ]

    operations = [
        migrations.AddField(
            model_name='tournament',
            name='guest_games',
            field=models.CharField(choices=[('count', "rated as any table (the guest's rating as it stands)"), ('skip', "not rated: a table with a guest changes nobody's rating")], default='count', max_length=10, verbose_name="a guest's table-mates' ratings"),
        ),
        migrations.AddField(
            model_name='registration',
            name='guest',
            field=models.BooleanField(default=False, verbose_name='guest (does not count)'),
        ),
    ]

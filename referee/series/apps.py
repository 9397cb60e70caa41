from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class SeriesConfig(AppConfig):
    name = "referee.series"
    label = "series"
    verbose_name = _("Cups and seasons")

    def ready(self) -> None:
        from . import exporters, stored

        exporters.register_all()
        stored.connect()  # a finished tournament's result recomputed by a job on each change

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class HallConfig(AppConfig):
    name = "referee.hall"
    label = "hall"
    verbose_name = _("Running a venue")

    def ready(self) -> None:
        from . import signals

        signals.connect()

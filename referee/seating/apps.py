from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class SeatingConfig(AppConfig):
    name = "referee.seating"
    label = "seating"
    verbose_name = _("Seating")

    def ready(self) -> None:
        from referee.core import rounds as kinds

        from .playoff_game import PLAYOFF_KIND

        kinds.register(PLAYOFF_KIND.name, PLAYOFF_KIND)

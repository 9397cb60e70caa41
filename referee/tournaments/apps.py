from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TournamentsConfig(AppConfig):
    name = "referee.tournaments"
    label = "tournaments"
    verbose_name = _("Tournaments")

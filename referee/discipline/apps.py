from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class DisciplineConfig(AppConfig):
    name = "referee.discipline"
    label = "discipline"
    verbose_name = _("Discipline and appeals")

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class StandingsConfig(AppConfig):
    name = "referee.standings"
    label = "standings"
    verbose_name = _("Standings")

    def ready(self) -> None:
        # The rules' registry renders the pure modules' refusals (``StandingsError``) for
        # ``referee.core.codes.refusal_text``, which cannot import this app: declare it now.
        from . import refusals, signals  # noqa: F401

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ExportsConfig(AppConfig):
    name = "referee.exports"
    label = "exports"
    verbose_name = _("Exports")

    def ready(self) -> None:
        from . import exporters, jobs  # noqa: F401  (the job's handler registers itself)

        exporters.register_all()

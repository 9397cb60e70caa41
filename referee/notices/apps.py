from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class NoticesConfig(AppConfig):
    name = "referee.notices"
    verbose_name = _("Letters to the players")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from . import sending, signals  # noqa: F401  the job handler and the receivers

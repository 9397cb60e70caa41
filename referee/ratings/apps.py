from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class RatingsConfig(AppConfig):
    name = "referee.ratings"
    label = "ratings"
    verbose_name = _("Ratings")

    def ready(self) -> None:
        from . import signals  # noqa: F401
        from .services import finals

        finals.connect()

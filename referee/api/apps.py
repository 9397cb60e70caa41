from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ApiConfig(AppConfig):
    name = "referee.api"
    label = "api"
    verbose_name = _("API")

    def ready(self) -> None:
        from . import schema  # noqa: F401 - registers the token scheme with drf-spectacular

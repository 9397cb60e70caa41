from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class DuplicateConfig(AppConfig):
    name = "referee.duplicate"
    verbose_name = _("Duplicate preferans")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from referee.tables import extensions

        from . import panel, sealing, services

        extensions.on_new_deal(services.board_deal)
        extensions.table_panel(panel.next_board)
        sealing.register()  # the duplicate kind of round (core.rounds)

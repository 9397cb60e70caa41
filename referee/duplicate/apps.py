from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class DuplicateConfig(AppConfig):
    name = "referee.duplicate"
    verbose_name = _("Duplicate preferans")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from django.db.models.signals import post_delete

        from referee.tables import extensions
        from referee.tables.layouts import holder_deleted

        from . import evidence, panel, sealing, services
        from .models import Board

        extensions.on_new_deal(services.board_deal)
        extensions.table_panel(panel.next_board)
        extensions.boards_of(evidence.played_boards)
        post_delete.connect(holder_deleted, sender=Board, dispatch_uid="duplicate.board_layout")
        sealing.register()  # the duplicate kind of round (core.rounds)

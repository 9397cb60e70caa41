from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TablesConfig(AppConfig):
    name = "referee.tables"
    label = "tables"
    verbose_name = _("Tables")

    def ready(self) -> None:
        from django.db.models.signals import post_delete

        from .layouts import holder_deleted
        from .models import DealHands

        post_delete.connect(holder_deleted, sender=DealHands, dispatch_uid="tables.hands_layout")

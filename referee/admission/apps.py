from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class AdmissionConfig(AppConfig):
    """Admission rules and entry fees (issue 34 point 5): it takes part in the entries of the
    tournaments app by its hooks (``tournaments.gates``), registered here."""

    name = "referee.admission"
    label = "admission"
    verbose_name = _("Admission and entry fees")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from referee.tournaments import gates

        from . import hooks

        gates.entry_gate(hooks.gate)
        gates.on_entered(hooks.entered)
        gates.entry_choices(hooks.choices)
        gates.check_in_marks(hooks.marks)
        gates.entry_terms(hooks.terms)

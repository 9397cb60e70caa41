"""Typed errors: every refusal names the field and says what is wrong (SPEC §12.7)."""


class ScoringError(ValueError):
    """Invalid input. Nothing is scored when it is raised.

    ``field`` names where the problem is (``deal.tricks``, ``options.ten_mode``,
    ``deals[3].contract``); ``message`` says what is wrong in plain words.
    """

    def __init__(self, message: str, field: str = "") -> None:
        self.field = field
        self.message = message
        super().__init__(f"{field}: {message}" if field else message)

    def within(self, prefix: str) -> "ScoringError":
        """The same error, its field placed under ``prefix`` (e.g. ``deal 3``)."""
        field = f"{prefix}, {self.field}" if self.field else prefix
        return type(self)(self.message, field)


class OptionError(ScoringError):
    """An unknown option name or an invalid option value (SPEC §10)."""


class DealError(ScoringError):
    """A deal that cannot have happened, or a call sequence the rules do not allow."""


class RulingError(ScoringError):
    """A ruling with an unknown rule or invalid parameters (SPEC §9, §12.4)."""


class PulkaError(ScoringError):
    """A table sequence that breaks a rule across deals (SPEC §6.8, §7, §12.5)."""

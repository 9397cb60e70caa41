from django.apps import AppConfig


class CoreConfig(AppConfig):
    """The site's lowest layer, an app for one reason: to declare the engine's registry of
    refusals when the site starts."""

    name = "referee.core"
    label = "core"

    def ready(self) -> None:
        # ``codes.refusal_text`` renders the engine's refusals (``ScoringError``) by the
        # registry that ``engine_text`` declares; ``engine_text`` imports ``codes`` (its
        # ``Refusals``), never the other way: the registry is declared here, once the apps are.
        from . import engine_text  # noqa: F401

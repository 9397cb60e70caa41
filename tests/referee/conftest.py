import pytest


@pytest.fixture(autouse=True)
def _english(settings):
    """Tests read messages in English unless they switch language themselves."""
    settings.LANGUAGE_CODE = "en"

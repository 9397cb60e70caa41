import pytest


@pytest.fixture(autouse=True)
def _english(settings):
    """Tests read messages in English unless they switch language themselves."""
    settings.LANGUAGE_CODE = "en"


@pytest.fixture(autouse=True)
def _fast_passwords(settings):
    """Real password hashing is slow by design; tests need none of its strength."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]

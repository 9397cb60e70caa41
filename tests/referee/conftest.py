import pytest


@pytest.fixture(autouse=True)
def _english(settings):
    """Tests read messages in English unless they switch language themselves."""
    settings.LANGUAGE_CODE = "en"


@pytest.fixture(autouse=True)
def _fast_passwords(settings):
    """Real password hashing is slow by design; tests need none of its strength."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(autouse=True)
def _empty_cache():
    """Each test starts with an empty cache: database ids repeat between tests."""
    from django.core.cache import cache

    cache.clear()

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
def _empty_cache(settings):
    """Each test starts with an empty cache of its own process (the site's shared file or
    Redis cache would mix the parallel workers' databases): database ids repeat."""
    from django.core.cache import cache

    settings.CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
    cache.clear()


@pytest.fixture(autouse=True)
def _no_board_analysis_thread(settings):
    """A duplicate session's boards are analysed by the tests that want it, never by a
    thread outliving the test's database (duplicate.analysis)."""
    settings.DUPLICATE_ANALYSIS = "off"


@pytest.fixture(autouse=True)
def _ratings_at_once(settings):
    """Rating lists are recomputed on commit in the tests that finish rounds; on the job
    queue in the tests that want it (tests/referee/jobs)."""
    settings.RATINGS_RECOMPUTE = "now"


@pytest.fixture(autouse=True)
def _no_login_throttling(settings):
    """Login throttling (django-axes) is tested on its own (tests/referee/hall)."""
    settings.AXES_ENABLED = False


@pytest.fixture(autouse=True)
def _no_page_cache(settings):
    """The pages' own tests read each rendering; the page cache is tested on its own."""
    settings.PAGE_CACHE = False


@pytest.fixture(autouse=True)
def _any_dealer(request, settings):
    """Most tests post the same sample deal again and again, whoever's deal it is; the
    dealer rotation is enforced in the tests marked ``rotation`` (tests/referee/hall)."""
    settings.ENFORCE_DEALER_ROTATION = request.node.get_closest_marker("rotation") is not None


# the demo, built once per session for the tests that ask for it (shared_demo.py)
from tests.referee.shared_demo import (  # noqa: E402
    _shared_demo,
    demo,
    demo_output,
    pytest_collection_modifyitems,
    pytest_runtest_setup,
)

__all__ = [
    "_shared_demo",
    "demo",
    "demo_output",
    "pytest_collection_modifyitems",
    "pytest_runtest_setup",
]


@pytest.fixture
def committed(django_capture_on_commit_callbacks):
    """Run a change and its on-commit callbacks (the page counters' bumps, the jobs)."""

    def run(change):
        with django_capture_on_commit_callbacks(execute=True):
            return change()

    return run

import gc
import os

from django.core.wsgi import get_wsgi_application
from django.urls import get_resolver

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "referee.settings")
application = get_wsgi_application()

# What start-up made (settings, apps, models, every view through the URLconf) lives as long
# as the process: frozen, the cycle collector's full passes skip it instead of walking it
# again each time a request's allocations trigger one. The collector stays on, for every
# thread of the server alike (README, Speed: it used to be paused per request).
get_resolver().url_patterns  # noqa: B018 (imports every view now, not on the first request)
gc.freeze()

from __future__ import annotations

import pytest
from aiosmtpd.controller import Controller

from .mailserver import SITE, Inbox, free_port


@pytest.fixture
def smtp(settings):
    """Django's SMTP backend pointed at a real SMTP server of the test's own (``Inbox``)."""
    inbox = Inbox()
    controller = Controller(inbox, hostname="127.0.0.1", port=free_port())
    controller.start()
    inbox.port = controller.port
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST, settings.EMAIL_PORT = "127.0.0.1", controller.port
    settings.EMAIL_USE_TLS = settings.EMAIL_USE_SSL = False
    settings.DEFAULT_FROM_EMAIL = "referee@venue.test"
    settings.SITE_URL = SITE
    settings.LANGUAGE_CODE = "ru"
    settings.JOB_RETRY_SECONDS = 0
    yield inbox
    controller.stop()

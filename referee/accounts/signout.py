"""Logging out on a shared tablet: the browser drops the pages it keeps for the user.

The response asks the browser to clear its HTTP cache (``Clear-Site-Data: "cache"``); the
page it leads to runs ``signed-out.js``, which empties the service worker's page cache (the
table pages as this user saw them). The offline outbox stays: the deals the user queued are
kept aside for him (``static/js/outbox.js``).
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth.views import LogoutView
from django.http import HttpResponse


class SignOut(LogoutView):
    def post(self, request: Any, *args: Any, **kwargs: Any) -> HttpResponse:
        response = super().post(request, *args, **kwargs)
        response["Clear-Site-Data"] = '"cache"'
        return response

"""The one shape of an API ``POST`` that runs a service: the surface finds the object of the
URL and checks its right, the idempotency key replays a repeat, the request serializer
validates the body, the service does the change (locking, the finer right, the engine, the
version, the log: the service's), and the response serializer reads out what it returns.

A resource declares only what differs::

    @action(manage, WithdrawSerializer, PlayerSerializer, tags=["players"])
    def PlayerWithdraw(request, tournament, data, registration):
        \"\"\"Withdraw a player after a round.\"\"\"
        return withdraw_player(...)

and the name is the view class ``urls`` routes to (its docstring the operation's description)."""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response

from .base import ERRORS, IDEMPOTENCY_PARAMETER, ApiView, idempotent

#: the service call: (request, the URL's object, the validated body, the URL's other parts)
Run = Callable[..., Any]
Surface = Callable[[Callable[..., Response]], Callable[..., Response]]
SerializerClass = type[serializers.BaseSerializer]


def action(
    surface: Surface,
    request: SerializerClass | None = None,
    response: SerializerClass | None = None,
    *,
    created: bool = False,
    replayed: bool = True,
    tags: list[str],
) -> Callable[[Run], type[ApiView]]:
    """Make the ``POST`` view running ``run``; 201 when it ``created`` something;
    ``replayed``: a repeat of its idempotency key answers the first answer (False: a POST
    that changes nothing, a preview, runs again). ``run``'s docstring describes the
    operation, also where a view class of a ``GET`` is made from the action (its own
    docstring is the ``GET``'s)."""
    if response is None:
        raise TypeError("an action answers through its response serializer")
    code = 201 if created else 200

    def make(run: Run) -> type[ApiView]:
        def post(self: ApiView, http: Request, found: Any, **url: Any) -> Response:
            data: dict[str, Any] = {}
            if request is not None:
                body = request(data=http.data)
                body.is_valid(raise_exception=True)
                data = dict(body.validated_data)
            return Response(response(run(http, found, data, **url)).data, status=code)

        schema = extend_schema(
            request=request,
            responses={code: response, **ERRORS},
            parameters=[IDEMPOTENCY_PARAMETER] if replayed else None,
            tags=tags,
            description=inspect.cleandoc(run.__doc__) if run.__doc__ else None,
        )
        handler = idempotent(surface(post)) if replayed else surface(post)
        view = type(run.__name__, (ApiView,), {"post": schema(handler)})
        view.__doc__ = run.__doc__
        view.__module__ = run.__module__
        return view

    return make

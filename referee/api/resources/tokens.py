"""The device tokens: a username and password exchanged for a new token (one per tablet;
the chief referee lists and revokes them on the staff page, ``referee.api.pages``)."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import authenticate
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.exceptions import AuthenticationFailed
from rest_framework.parsers import FormParser, MultiPartParser
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response

from referee.core.bounds import no_control_characters
from referee.core.throttle import Scoped

from ..base import ERRORS, ApiView
from ..models import DeviceToken
from ..parsers import JSONParser
from ..serializers import ErrorSerializer
from ..strict import Strict


class TokenRequestSerializer(Strict, serializers.Serializer):
    username = serializers.CharField(max_length=150)
    password = serializers.CharField(max_length=200, style={"input_type": "password"})
    device = serializers.CharField(
        max_length=100, required=False, allow_blank=True, validators=[no_control_characters]
    )


class TokenSerializer(serializers.Serializer):
    token = serializers.CharField()


class TokenView(ApiView):
    """Exchange a username and password for a new device token."""

    authentication_classes: tuple[Any, ...] = ()
    throttle_classes = (Scoped,)
    throttle_scope = "token"
    permission_classes = (AllowAny,)
    parser_classes = (JSONParser, FormParser, MultiPartParser)

    def get_authenticate_header(self, request: Request) -> str:
        return "Token"  # wrong credentials are a 401

    @extend_schema(
        request=TokenRequestSerializer,
        responses={201: TokenSerializer, **ERRORS, 429: ErrorSerializer},
        auth=[],
        tags=["auth"],
    )
    def post(self, request: Request) -> Response:
        data = TokenRequestSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        # a locked-out login (django-axes) is answered by hall.lockout, as JSON under /api/
        user = authenticate(
            request._request,
            username=data.validated_data["username"],
            password=data.validated_data["password"],
        )
        if user is None or not user.is_active:
            raise AuthenticationFailed(_("Wrong username or password."))
        _token, key = DeviceToken.issue(user, data.validated_data.get("device", ""))
        return Response(TokenSerializer({"token": key}).data, status=status.HTTP_201_CREATED)

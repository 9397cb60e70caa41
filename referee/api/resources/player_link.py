"""A player's private link through the API (issue 22 point 5): ``…/me/<registration>/<key>/``
answers what the link's page shows (``standings.services.private_link``, the page's own
source), and ``…/check-in/`` marks him present or absent with the page's service
(``tournaments.checkin.mark`` with the key).

The key is the credential: no token is needed, and the tournament need not be published (as on
the page); a wrong or revoked key is 404. Throttled by address and link (the players of a hall
share its address): ``API_PLAYER_LINK_RATE``, 60 a minute by default."""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from django.http import Http404
from django.urls import reverse
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response

from referee.core.throttle import ScopedPerObject
from referee.standings import services as standings
from referee.standings.pure.outlook import Outlook
from referee.tournaments import checkin
from referee.tournaments.models import CheckIn, Registration

from ..base import ERRORS, IDEMPOTENCY_PARAMETER, READ_ERRORS, ApiView, idempotent
from ..serializers import ErrorSerializer, SeatSerializer
from .players import CheckInSerializer
from .standings import CutFields, VerdictFields

THROTTLED = {429: ErrorSerializer}


class LinkTournamentSerializer(serializers.Serializer):
    slug = serializers.CharField()
    name = serializers.CharField()
    check_in = serializers.BooleanField(help_text="the players check in before each round")


class LinkRegistrationSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    player = serializers.IntegerField(source="player_id", help_text="the registry player")
    name = serializers.CharField(source="player.name")
    status = serializers.ChoiceField(choices=Registration.Status.values)


class TableMateSerializer(SeatSerializer):
    """Another player at his table (``tables.models.Seat``)."""

    first_dealer = None  # type: ignore[assignment]  # his own seat says who deals first


class LinkSeatSerializer(serializers.Serializer):
    """His seat (``LinkAnswer.seat``: the ``Seat`` and what the link says of it)."""

    round = serializers.IntegerField(source="link.seat.table.round.number")
    table = serializers.IntegerField(source="link.seat.table.number")
    position = serializers.IntegerField(
        source="link.seat.position", help_text="1 to 4, clockwise as drawn"
    )
    letter = serializers.CharField(
        source="link.letter", help_text="the seat's letter on the sheet, A to D"
    )
    first_dealer = serializers.BooleanField(source="link.seat.first_dealer")
    table_public = serializers.BooleanField(
        source="link.table_public",
        help_text="the table's sheet is public (the organiser may keep a round hidden)",
    )
    table_url = serializers.CharField(allow_null=True, help_text="the table's sheet in the API")
    others = TableMateSerializer(
        many=True,
        source="link.others",
        help_text="the others at the table by seat, once the tournament's draw is public "
        "(empty before)",
    )


class LinkCheckInSerializer(serializers.Serializer):
    """His check-in (``LinkCheckIn``)."""

    round = serializers.IntegerField(
        allow_null=True,
        help_text="the round the check-in is for; null while the round in play is not finished",
    )
    state = serializers.ChoiceField(
        choices=["present", "absent", "unmarked", "closed"],
        help_text="his mark for that round; closed while the round in play is not finished",
    )
    reason = serializers.CharField(help_text="why he will miss the round (absent only)")


class LinkOutlookSerializer(CutFields, VerdictFields):
    """His verdict against the cut (``LinkOutlook``)."""


class PrivateLinkSerializer(serializers.Serializer):
    """What the link shows (``LinkAnswer``)."""

    tournament = LinkTournamentSerializer(source="link.tournament")
    registration = LinkRegistrationSerializer(source="link.entry")
    seat = LinkSeatSerializer(
        allow_null=True, help_text="his seat in the latest round he is seated in; null before"
    )
    check_in = LinkCheckInSerializer(
        allow_null=True, help_text="null when the tournament has no check-in"
    )
    outlook = LinkOutlookSerializer(
        allow_null=True,
        help_text="his verdict against the next stage's cut, when the results are public "
        "and a later stage takes the best N",
    )
    card = serializers.CharField(
        allow_null=True, help_text="his player card in the API, once the results are public"
    )
    card_page = serializers.CharField(allow_null=True, help_text="the same card's page")


def _entry(slug: str, registration: int, key: str) -> Registration:
    entry = standings.link_entry(slug, registration, key)
    if entry is None:
        raise Http404
    return entry


@dataclass(frozen=True)
class LinkCheckIn:
    """His mark for the round ``round`` (None: closed while the round in play is not
    finished)."""

    round: int | None
    mark: CheckIn | None

    @property
    def state(self) -> str:
        if self.round is None:
            return "closed"
        if self.mark is None:
            return "unmarked"
        return "present" if self.mark.present else "absent"

    @property
    def reason(self) -> str:
        return self.mark.reason if self.mark else ""


class LinkOutlook(NamedTuple):
    cut: standings.Qualification
    outlook: Outlook


@dataclass(frozen=True)
class LinkAnswer:
    """The link's page (``standings.PrivateLink``), its addresses absolute for ``request``."""

    request: Request
    link: standings.PrivateLink

    def _url(self, name: str, *args: object) -> str:
        return self.request.build_absolute_uri(
            reverse(name, args=[self.link.tournament.slug, *args])
        )

    @property
    def seat(self) -> LinkAnswer | None:
        return self if self.link.seat is not None else None

    @property
    def table_url(self) -> str | None:
        seat = self.link.seat
        if seat is None or not self.link.table_public:
            return None
        return self._url("api-table", seat.table.round.number, seat.table.number)

    @property
    def check_in(self) -> LinkCheckIn | None:
        if not self.link.tournament.check_in:
            return None
        return LinkCheckIn(self.link.check_round, self.link.mark)

    @property
    def outlook(self) -> LinkOutlook | None:
        found, mine = self.link.qualification, self.link.verdict
        return LinkOutlook(found, mine) if found is not None and mine is not None else None

    @property
    def card(self) -> str | None:
        return self._url("api-player", self.link.entry.pk) if self.link.card else None

    @property
    def card_page(self) -> str | None:
        return self._url("player-card", self.link.entry.pk) if self.link.card else None


class LinkView(ApiView):
    permission_classes = (AllowAny,)  # the key is the credential
    # per address and link (not per address alone: a hall's players reach the site from
    # one address), one budget with the link's page (``core.throttle.key_page``)
    throttle_classes = (ScopedPerObject,)
    throttle_scope = "player_link"
    throttle_by = "registration"


class PrivateLink(LinkView):
    @extend_schema(
        responses={200: PrivateLinkSerializer, **READ_ERRORS, **THROTTLED},
        tags=["players"],
    )
    def get(self, request: Request, slug: str, registration: int, key: str) -> Response:
        """What the player's private link shows: his seat as soon as the round is seated, the
        check-in for the next round, his verdict against the cut and his card once the results
        are public. No token: the link's key is the credential; a wrong or revoked key is 404."""
        link = standings.private_link(_entry(slug, registration, key), request.user)
        return Response(PrivateLinkSerializer(LinkAnswer(request, link)).data)


class PrivateCheckIn(LinkView):
    @extend_schema(
        request=CheckInSerializer,
        responses={200: LinkCheckInSerializer, **ERRORS, **THROTTLED},
        parameters=[IDEMPOTENCY_PARAMETER],
        tags=["players"],
    )
    @idempotent
    def post(self, request: Request, slug: str, registration: int, key: str) -> Response:
        """Mark himself present (or absent, with a reason) for the next round, as the link's buttons
        do. A repeat of the same mark answers the same and changes nothing; the latest word
        stands until the round is seated."""
        entry = _entry(slug, registration, key)
        data = CheckInSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        check = checkin.mark(
            entry.pk,
            data.validated_data["present"],
            reason=data.validated_data["reason"],
            key=key,
        )
        return Response(LinkCheckInSerializer(LinkCheckIn(check.round_number, check)).data)

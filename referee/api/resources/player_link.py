"""A player's private link through the API (issue 22 point 5): ``…/me/<registration>/<key>/``
answers what the link's page shows (``standings.services.private_link``, the page's own
source), and ``…/check-in/`` marks him present or absent with the page's service
(``tournaments.checkin.mark`` with the key).

The key is the credential: no token is needed, and the tournament need not be published (as on
the page); a wrong or revoked key is 404. Throttled by address and link (the players of a hall
share its address): ``API_PLAYER_LINK_RATE``, 60 a minute by default."""

from __future__ import annotations

from typing import Any

from django.http import Http404
from django.urls import reverse
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response

from referee.core.throttle import ScopedPerObject
from referee.standings import services as standings
from referee.tables.dealdata import LETTERS
from referee.tournaments import checkin
from referee.tournaments.models import CheckIn, Registration

from ..base import ERRORS, IDEMPOTENCY_PARAMETER, READ_ERRORS, ApiView, idempotent
from ..serializers import ErrorSerializer
from .players import CheckInSerializer

THROTTLED = {429: ErrorSerializer}


class LinkTournamentSerializer(serializers.Serializer):
    slug = serializers.CharField()
    name = serializers.CharField()
    check_in = serializers.BooleanField(help_text="the players check in before each round")


class LinkRegistrationSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    player = serializers.IntegerField(help_text="the registry player")
    name = serializers.CharField()
    status = serializers.ChoiceField(choices=Registration.Status.values)


class TableMateSerializer(serializers.Serializer):
    position = serializers.IntegerField()
    letter = serializers.CharField()
    registration = serializers.IntegerField()
    name = serializers.CharField()


class LinkSeatSerializer(serializers.Serializer):
    round = serializers.IntegerField()
    table = serializers.IntegerField()
    position = serializers.IntegerField(help_text="1 to 4, clockwise as drawn")
    letter = serializers.CharField(help_text="the seat's letter on the sheet, A to D")
    first_dealer = serializers.BooleanField()
    table_public = serializers.BooleanField(
        help_text="the table's sheet is public (the organiser may keep a round hidden)"
    )
    table_url = serializers.CharField(allow_null=True, help_text="the table's sheet in the API")
    others = TableMateSerializer(
        many=True,
        help_text="the others at the table by seat, once the tournament's draw is public "
        "(empty before)",
    )


class LinkCheckInSerializer(serializers.Serializer):
    round = serializers.IntegerField(
        allow_null=True,
        help_text="the round the check-in is for; null while the round in play is not finished",
    )
    state = serializers.ChoiceField(
        choices=["present", "absent", "unmarked", "closed"],
        help_text="his mark for that round; closed while the round in play is not finished",
    )
    reason = serializers.CharField(help_text="why he will miss the round (absent only)")


class LinkOutlookSerializer(serializers.Serializer):
    stage = serializers.CharField(help_text="the stage being played")
    next_stage = serializers.CharField(help_text="the stage of the best N")
    cut = serializers.IntegerField()
    rounds_left = serializers.IntegerField()
    exact = serializers.BooleanField(
        help_text="the places are the reachable ones (no round left), not bounds"
    )
    current = serializers.IntegerField(help_text="his place now")
    best = serializers.IntegerField(allow_null=True)
    worst = serializers.IntegerField(allow_null=True)
    verdict = serializers.ChoiceField(choices=["qualified", "eliminated", "open", "unknown"])


class PrivateLinkSerializer(serializers.Serializer):
    tournament = LinkTournamentSerializer()
    registration = LinkRegistrationSerializer()
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


def _check_in(number: int | None, mark: CheckIn | None) -> dict[str, Any]:
    if number is None:
        state = "closed"
    elif mark is None:
        state = "unmarked"
    else:
        state = "present" if mark.present else "absent"
    return {"round": number, "state": state, "reason": mark.reason if mark else ""}


def _body(request: Request, link: standings.PrivateLink) -> dict[str, Any]:
    tournament, entry, seat = link.tournament, link.entry, link.seat
    slug = tournament.slug
    where = None
    if seat is not None:
        round_, table = seat.table.round.number, seat.table.number
        where = {
            "round": round_,
            "table": table,
            "position": seat.position,
            "letter": link.letter,
            "first_dealer": seat.first_dealer,
            "table_public": link.table_public,
            "table_url": request.build_absolute_uri(
                reverse("api-table", args=[slug, round_, table])
            )
            if link.table_public
            else None,
            "others": [
                {
                    "position": other.position,
                    "letter": LETTERS[other.position - 1],
                    "registration": other.registration_id,
                    "name": other.registration.player.name,
                }
                for other in link.others
            ],
        }
    outlook = None
    if link.verdict is not None and link.qualification is not None:
        found, mine = link.qualification, link.verdict
        outlook = {
            "stage": found.stage.name,
            "next_stage": found.next_stage.name,
            "cut": found.cut,
            "rounds_left": found.rounds_left,
            "exact": found.exact,
            "current": mine.current,
            "best": mine.best,
            "worst": mine.worst,
            "verdict": mine.verdict,
        }
    card = page = None
    if link.card:
        card = request.build_absolute_uri(reverse("api-player", args=[slug, entry.pk]))
        page = request.build_absolute_uri(reverse("player-card", args=[slug, entry.pk]))
    return {
        "tournament": {"slug": slug, "name": tournament.name, "check_in": tournament.check_in},
        "registration": {
            "id": entry.pk,
            "player": entry.player_id,
            "name": entry.player.name,
            "status": entry.status,
        },
        "seat": where,
        "check_in": _check_in(link.check_round, link.mark) if tournament.check_in else None,
        "outlook": outlook,
        "card": card,
        "card_page": page,
    }


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
        description="What the player's private link shows: his seat as soon as the round is "
        "seated, the check-in for the next round, his verdict against the cut and his card "
        "once the results are public. No token: the link's key is the credential; a wrong or "
        "revoked key is 404.",
        tags=["players"],
    )
    def get(self, request: Request, slug: str, registration: int, key: str) -> Response:
        entry = _entry(slug, registration, key)
        link = standings.private_link(entry, request.user)
        return Response(PrivateLinkSerializer(_body(request, link)).data)


class PrivateCheckIn(LinkView):
    @extend_schema(
        request=CheckInSerializer,
        responses={200: LinkCheckInSerializer, **ERRORS, **THROTTLED},
        parameters=[IDEMPOTENCY_PARAMETER],
        description="Mark himself present (or absent, with a reason) for the next round, as "
        "the link's buttons do. A repeat of the same mark answers the same and changes "
        "nothing; the latest word stands until the round is seated.",
        tags=["players"],
    )
    @idempotent
    def post(self, request: Request, slug: str, registration: int, key: str) -> Response:
        entry = _entry(slug, registration, key)
        data = CheckInSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        check = checkin.mark(
            entry.pk,
            data.validated_data["present"],
            reason=data.validated_data["reason"],
            key=key,
        )
        return Response(LinkCheckInSerializer(_check_in(check.round_number, check)).data)

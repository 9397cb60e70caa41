"""The objects of the registry's URLs outside ``/t/`` (``core.surfaces``), for the pages and
the API alike: a rating list (``/ratings/<slug>/``: 404 for a slug unknown or a list the
reader may not see, an unpublished one being its managers'; its recompute, its managers' by
the service's own right, 404 for a slug unknown) and a registry player (``/players/<id>/``:
404 for an unknown id; his pages exist for every player and show only what is published)."""

from __future__ import annotations

from django.http import HttpRequest
from django.shortcuts import get_object_or_404

from referee.core.permissions import may_view_rating_list
from referee.core.surfaces import found_with_right, object_endpoint, object_page
from referee.tournaments.models import Player

from .models import RatingList


def rating_list_for(request: HttpRequest, slug: str) -> RatingList:
    return found_with_right(RatingList, may_view_rating_list, request.user, slug=slug)


def any_rating_list_for(request: HttpRequest, slug: str) -> RatingList:
    """The list for its managers' buttons: the right is the service's (``compute.recompute``
    refuses who does not manage it, 403 with its reason)."""
    return get_object_or_404(RatingList, slug=slug)


def registry_player_for(request: HttpRequest, player_id: int) -> Player:
    return get_object_or_404(Player, pk=player_id)


rating_list_page = object_page(rating_list_for, "slug")
rating_list_button = object_page(any_rating_list_for, "slug", login=True)
registry_player_page = object_page(registry_player_for, "player_id")
#: the API's ``registry/players/<int:player>/``
registry_player_endpoint = object_endpoint(registry_player_for, "player")

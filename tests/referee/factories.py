"""factory_boy factories for the referee site's models, shared by the app tests."""

from __future__ import annotations

import datetime

import factory
from django.contrib.auth import get_user_model

from referee.accounts.models import Role
from referee.tables.models import Seat, Table
from referee.tournaments.models import Player, Registration, Round, Tournament


class UserFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = get_user_model()
        django_get_or_create = ("username",)
        skip_postgeneration_save = True

    username = factory.Sequence(lambda n: f"user{n}")
    password = factory.django.Password("pass")


class TournamentFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Tournament

    name = factory.Sequence(lambda n: f"Кубок {n}")
    slug = factory.Sequence(lambda n: f"cup-{n}")
    starts_on = datetime.date(2026, 11, 28)
    ends_on = datetime.date(2026, 11, 29)
    status = Tournament.Status.RUNNING
    convention = "fspr"


class PlayerFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Player

    name = factory.Sequence(lambda n: f"Игрок {n}")
    city = "Москва"


class RegistrationFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Registration

    tournament = factory.SubFactory(TournamentFactory)
    player = factory.SubFactory(PlayerFactory)


class RoundFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Round

    tournament = factory.SubFactory(TournamentFactory)
    number = factory.Sequence(lambda n: n + 1)
    status = Round.Status.STARTED


class RoleFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Role

    tournament = factory.SubFactory(TournamentFactory)
    user = factory.SubFactory(UserFactory)
    kind = Role.Kind.REFEREE


def table_with_players(
    size: int = 3, *, round: Round | None = None, number: int = 1, **tournament: object
) -> Table:
    """A table of ``size`` seated players (seat 1 deals first) in a started round."""
    if round is None:
        round = RoundFactory(tournament=TournamentFactory(**tournament))
    table = Table.objects.create(round=round, number=number)
    for position in range(1, size + 1):
        entry = RegistrationFactory(tournament=round.tournament)
        Seat.objects.create(
            table=table, registration=entry, position=position, first_dealer=position == 1
        )
    return table


def referee_of(tournament: Tournament, kind: str = Role.Kind.REFEREE, name: str | None = None):
    user = UserFactory(username=name) if name else UserFactory()
    Role.objects.create(tournament=tournament, user=user, kind=kind)
    return user


def table_of(round: Round, number: int, entries, deals=(), status: str = "locked") -> Table:
    """A table seating ``entries`` (registrations) in seat order, seat 1 dealing first, with
    its ``deals`` stored as given: JSON in the case format, players by seat letter."""
    from referee.tables.models import Deal

    table = Table.objects.create(round=round, number=number, status=status)
    for position, entry in enumerate(entries, start=1):
        Seat.objects.create(
            table=table, registration=entry, position=position, first_dealer=position == 1
        )
    for deal_number, data in enumerate(deals, start=1):
        Deal.objects.create(table=table, number=deal_number, data=data)
    return table


def stored_deal(deal) -> dict:
    """An engine ``Deal`` as the site stores it (SPEC §12.2 plus its ``dealer``)."""
    data: dict = {"dealer": deal.dealer, "type": deal.type.value}
    if deal.declarer is not None:
        data["declarer"] = deal.declarer
    if deal.type.value == "misere":
        data["contract"] = {"level": "misere"}
    elif deal.type.value == "game":
        data["contract"] = {"level": deal.level, "strain": deal.strain}
        data["defence"] = [
            {"player": c.player, "call": c.call.value, "order": i}
            | ({"replaces": c.replaces} if c.replaces else {})
            for i, c in enumerate(deal.defence, start=1)
        ]
    data["play"] = deal.play.value
    if deal.tricks is not None:
        data["tricks"] = dict(deal.tricks)
    if deal.talon is not None:
        data["talon"] = list(deal.talon)
    return data


def random_deals(count: int, seats: int = 3, convention: str = "fspr", seed: int = 1) -> list[dict]:
    """``count`` legal deals in a row (``scoring.samples.random_pulka``), as stored."""
    import random

    import scoring
    from scoring.samples import random_pulka

    players = list("ABCD"[:seats])
    deals = random_pulka(random.Random(seed), scoring.convention(convention), players, count)
    return [stored_deal(d) for d in deals]

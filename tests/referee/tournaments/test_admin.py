"""The admin for organisers: every page loads; deals and the log are read-only; a staff
chief referee sees only his own tournaments."""

import pytest
from django.contrib.auth.models import Permission
from django.urls import reverse

from referee.accounts.models import Role
from referee.tables import services as tables
from referee.tables.models import Deal
from referee.tournaments import services
from referee.tournaments.models import ActionLog, Tournament

from ..factories import TournamentFactory, UserFactory, referee_of, table_with_players

pytestmark = pytest.mark.django_db

SIX_MADE = {
    "dealer": "C",
    "type": "game",
    "declarer": "A",
    "contract": {"level": 6, "strain": "S"},
    "defence": [
        {"player": "B", "call": "whist", "order": 1},
        {"player": "C", "call": "whist", "order": 2},
    ],
    "play": "closed",
    "tricks": {"A": 6, "B": 2, "C": 2},
}

MODELS = [
    ("tournaments", "tournament"),
    ("tournaments", "player"),
    ("tournaments", "registration"),
    ("tournaments", "round"),
    ("tournaments", "actionlog"),
    ("accounts", "role"),
    ("tables", "table"),
    ("tables", "deal"),
]


@pytest.fixture
def world():
    """A table with a recorded deal, a role and a log entry."""
    table = table_with_players(3)
    referee = referee_of(table.round.tournament)
    deal = tables.record_deal(table.pk, SIX_MADE, referee)
    return {
        "tournament": table.round.tournament,
        "player": table.seats.first().registration.player,
        "registration": table.seats.first().registration,
        "round": table.round,
        "actionlog": ActionLog.objects.first(),
        "role": Role.objects.get(user=referee),
        "table": table,
        "deal": deal,
    }


@pytest.fixture
def admin_client(client):
    client.force_login(UserFactory(username="root", is_staff=True, is_superuser=True))
    return client


@pytest.mark.parametrize(("app", "model"), MODELS)
def test_the_list_page_loads_for_a_superuser(admin_client, world, app, model):
    assert admin_client.get(reverse(f"admin:{app}_{model}_changelist")).status_code == 200


@pytest.mark.parametrize(("app", "model"), MODELS)
def test_the_change_page_loads_for_a_superuser(admin_client, world, app, model):
    address = reverse(f"admin:{app}_{model}_change", args=[world[model].pk])
    assert admin_client.get(address).status_code == 200


def test_the_add_tournament_page_loads(admin_client):
    assert admin_client.get(reverse("admin:tournaments_tournament_add")).status_code == 200


def test_a_deal_cannot_be_changed_in_the_admin(admin_client, world):
    deal = world["deal"]
    admin_client.post(
        reverse("admin:tables_deal_change", args=[deal.pk]), {"number": 5, "version": 9}
    )
    deal.refresh_from_db()
    assert (deal.number, deal.version) == (1, 1)
    page = admin_client.get(reverse("admin:tables_deal_change", args=[deal.pk])).content.decode()
    assert 'name="_save"' not in page
    assert admin_client.get(reverse("admin:tables_deal_add")).status_code == 403


def test_the_action_log_cannot_be_deleted_in_the_admin(admin_client, world):
    entry = world["actionlog"]
    address = reverse("admin:tournaments_actionlog_delete", args=[entry.pk])
    assert admin_client.post(address, {"post": "yes"}).status_code == 403
    assert ActionLog.objects.filter(pk=entry.pk).exists()


def test_the_convention_of_a_running_tournament_is_read_only_in_the_admin(admin_client, world):
    tournament = world["tournament"]
    page = admin_client.get(
        reverse("admin:tournaments_tournament_change", args=[tournament.pk])
    ).content.decode()
    assert 'name="convention"' not in page and 'name="options"' not in page
    assert 'name="venue"' in page


def test_the_admin_refuses_an_invalid_option_with_the_engines_message(admin_client):
    tournament = TournamentFactory(status=Tournament.Status.DRAFT)
    response = admin_client.post(
        reverse("admin:tournaments_tournament_change", args=[tournament.pk]),
        {
            "name": tournament.name,
            "slug": tournament.slug,
            "starts_on": "2026-11-28",
            "ends_on": "2026-11-29",
            "convention": "fspr",
            "options": '{"ten_mode": "maybe"}',
            "table_size": "4",
            "forbidden_pairs": "[]",
        },
    )
    assert response.status_code == 200
    assert response.context["adminform"].form.errors["options"] == [
        "ten_mode: 'maybe' is not one of whisted | checked"
    ]
    tournament.refresh_from_db()
    assert tournament.options == {}


def test_the_admin_starts_a_tournament_through_the_service(admin_client):
    tournament = TournamentFactory(status=Tournament.Status.DRAFT)
    admin_client.post(
        reverse("admin:tournaments_tournament_changelist"),
        {"action": "start", "_selected_action": [tournament.pk]},
    )
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.DRAFT  # no players: refused
    for name in ("А", "Б", "В"):
        services.register_player(
            tournament.pk, services.PlayerDetails(name), UserFactory(is_superuser=True)
        )
    admin_client.post(
        reverse("admin:tournaments_tournament_changelist"),
        {"action": "start", "_selected_action": [tournament.pk]},
    )
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.RUNNING


def test_a_staff_chief_referee_sees_only_his_tournaments(client):
    mine, other = TournamentFactory(name="Мой кубок"), TournamentFactory(name="Чужой кубок")
    chief = referee_of(mine, Role.Kind.CHIEF)
    chief.is_staff = True
    chief.save()
    chief.user_permissions.add(*Permission.objects.filter(codename="view_tournament"))
    client.force_login(chief)
    page = client.get(reverse("admin:tournaments_tournament_changelist")).content.decode()
    assert "Мой кубок" in page and "Чужой кубок" not in page
    address = reverse("admin:tournaments_tournament_change", args=[other.pk])
    assert client.get(address).status_code == 302  # the admin's "not found" redirect


def test_deals_listed_by_the_admin_cost_the_same_queries_at_any_size(
    admin_client, django_assert_num_queries
):
    for tables_count in (1, 6):
        Deal.objects.all().delete()
        for number in range(1, tables_count + 1):
            table = table_with_players(3, number=number)
            tables.record_deal(table.pk, SIX_MADE, referee_of(table.round.tournament))
        with django_assert_num_queries(6):
            assert admin_client.get(reverse("admin:tables_deal_changelist")).status_code == 200


def test_a_role_granted_and_revoked_in_the_admin_is_logged(admin_client):
    tournament = TournamentFactory()
    user = UserFactory(username="ivanov", first_name="Иван", last_name="Иванов")
    admin_client.post(
        reverse("admin:accounts_role_add"),
        {"user": user.pk, "tournament": tournament.pk, "kind": Role.Kind.REFEREE},
    )
    role = Role.objects.get(user=user)
    admin_client.post(reverse("admin:accounts_role_delete", args=[role.pk]), {"post": "yes"})
    assert not Role.objects.filter(user=user).exists()
    logged = ActionLog.objects.filter(action__startswith="role.").order_by("pk")
    assert [(e.action, e.subject, e.data, e.user.username) for e in logged] == [
        ("role.granted", "Иван Иванов", {"kind": "referee", "via": "admin"}, "root"),
        ("role.revoked", "Иван Иванов", {"kind": "referee", "via": "admin"}, "root"),
    ]


@pytest.mark.parametrize(
    "model",
    [
        "tournaments_actionlog",
        "tournaments_stage",
        "tournaments_team",
        "discipline_entry",
        "discipline_appeal",
        "tables_deal",
        "standings_standingssettings",
    ],
)
def test_rows_that_only_the_services_write_cannot_be_added_in_the_admin(admin_client, model):
    assert admin_client.get(reverse(f"admin:{model}_add")).status_code == 403


def test_rows_that_only_the_services_write_cannot_be_deleted_in_the_admin(admin_client, world):
    """A stage, a team, the standings' settings or a deal's version deleted in the admin
    would go round the services (and the cascade under a stage takes its rounds)."""
    from referee.standings.models import StandingsSettings
    from referee.tournaments.models import Stage, Team

    tournament = world["tournament"]
    rows = {
        "tournaments_stage": Stage.objects.create(
            tournament=tournament, number=1, name="A", rounds_planned=2
        ),
        "tournaments_team": Team.objects.create(tournament=tournament, name="Спартак"),
        "standings_standingssettings": StandingsSettings.objects.get_or_create(
            tournament=tournament
        )[0],
    }
    for model, row in rows.items():
        address = reverse(f"admin:{model}_delete", args=[row.pk])
        assert admin_client.post(address, {"post": "yes"}).status_code == 403, model
        assert type(row).objects.filter(pk=row.pk).exists(), model
    from django.contrib import admin

    from referee.tables.admin import DealVersionInline
    from referee.tables.models import Deal

    versions = DealVersionInline(Deal, admin.site)
    page = admin_client.get(reverse("admin:tables_deal_change", args=[world["deal"].pk]))
    assert not versions.has_delete_permission(page.wsgi_request, world["deal"])

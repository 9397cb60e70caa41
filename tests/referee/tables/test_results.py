"""Kept table results: the services keep each table's settlement as its deals change."""

import pytest
from django.core.management import CommandError, call_command

from referee.tables import services
from referee.tables.models import Table
from referee.tables.results import refresh, table_results

from ..factories import referee_of, table_with_players
from .test_services import SIX_MADE

pytestmark = pytest.mark.django_db


def kept(table):
    table.refresh_from_db()
    return table.result


def test_every_change_keeps_the_settlement_the_deals_give():
    table = table_with_players(3)
    referee = referee_of(table.round.tournament)
    deal = services.record_deal(table.pk, SIX_MADE, referee)
    # fspr, 3 players: A pool 2 (k = 2: m = -4, 0, 0; avg -4/3) → G: A +80/3, B, C -40/3;
    # whists B->A 8, C->A 8 → A 80/3 - 16 = 32/3, B -40/3 + 8 = -16/3, C -16/3
    assert kept(table) == {
        "deals": 1,
        "whists": {"A": "32/3", "B": "-16/3", "C": "-16/3"},
        "adjustments": {},
        "error": "",
        "finished": False,  # one deal: no pool reached the pool size
    }
    services.delete_deal(deal.pk, referee, reason="entered twice")
    assert kept(table)["deals"] == 0
    assert kept(table)["whists"] == {"A": "0", "B": "0", "C": "0"}
    services.restore_deal(deal.pk, referee, reason="it was played")
    assert kept(table)["whists"]["A"] == "32/3"


def test_kept_results_equal_a_fresh_computation():
    table = table_with_players(4)
    referee = referee_of(table.round.tournament)
    four_handed = {
        **SIX_MADE,
        "dealer": "D",
        "tricks": {"A": 5, "B": 4, "C": 1},
        "defence": [
            {"player": "B", "call": "whist", "order": 1},
            {"player": "C", "call": "pass", "order": 2},
        ],
        "play": "open",
    }
    services.record_deal(table.pk, four_handed, referee)
    before = kept(table)
    assert refresh(Table.objects.select_related("round__tournament").get(pk=table.pk)) == before


def test_table_results_read_kept_results_without_the_deals(django_assert_num_queries):
    table = table_with_players(3)
    services.record_deal(table.pk, SIX_MADE, referee_of(table.round.tournament))
    tables = list(Table.objects.select_related("round__tournament"))
    with django_assert_num_queries(1):  # the seats only
        (result,) = table_results(tables)
    assert sum(result.whists.values()) == 0 and result.deals == 1


def test_a_table_without_a_kept_result_is_scored_on_the_fly():
    table = table_with_players(3)
    services.record_deal(table.pk, SIX_MADE, referee_of(table.round.tournament))
    Table.objects.filter(pk=table.pk).update(result=None)
    (result,) = table_results(Table.objects.select_related("round__tournament"))
    assert result.deals == 1 and result.whists[result.registrations[0]] * 3 == 32


def test_rescore_checks_and_repairs_kept_results(capsys):
    table = table_with_players(3)
    services.record_deal(table.pk, SIX_MADE, referee_of(table.round.tournament))
    slug = table.round.tournament.slug
    call_command("rescore", slug, "--check")
    assert "0 would change" in capsys.readouterr().out
    Table.objects.filter(pk=table.pk).update(
        result={"deals": 0, "whists": {}, "adjustments": {}, "error": ""}
    )
    # a command's error has no code: its English for the command line is what there is
    with pytest.raises(CommandError, match="differ"):
        call_command("rescore", slug, "--check")
    call_command("rescore", slug)
    assert kept(table)["deals"] == 1
    # a command's error has no code: its English for the command line is what there is
    with pytest.raises(CommandError, match="no tournament"):
        call_command("rescore", "nowhere")

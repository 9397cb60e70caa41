"""Letters to the players through a real SMTP server (aiosmtpd on a private port, started by
the test): the seating of a round to each player who asked, in Russian, with his private
link, once each; his result and place once the round is published, never before; nobody's
address in another's letter; one keyed link stops them, no login."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from referee.accounts.models import Role
from referee.jobs import queue
from referee.jobs.models import Job
from referee.notices import services as notices
from referee.notices.models import Notice
from referee.seating.services import finish_round, seat_next_round, start_round
from referee.standings.services.settings import update_settings
from referee.tables import services as tables
from referee.tables.models import Table
from referee.tables.services import submit_table
from referee.tournaments import checkin
from referee.tournaments.models import Registration

from ..factories import RegistrationFactory, TournamentFactory, referee_of
from ..tables.test_services import SIX_MADE
from .mailserver import SITE, free_port, subject_of, text_of

pytestmark = pytest.mark.django_db


def play_round(round_, chief, referee):
    for table in Table.objects.filter(round=round_):
        tables.record_deal(table.pk, SIX_MADE, referee)
        submit_table(table.pk, referee)
    finish_round(round_.pk, chief)


def test_seating_and_results_by_smtp_once_each_in_russian_and_unsubscribe(
    smtp, client, django_capture_on_commit_callbacks
):
    tournament = TournamentFactory(name="Кубок Тулы", published=False)
    entries = [RegistrationFactory(tournament=tournament) for _ in range(6)]
    chief = referee_of(tournament, Role.Kind.CHIEF)
    referee = referee_of(tournament)
    asked = entries[:3]
    for n, entry in enumerate(asked):
        Registration.objects.filter(pk=entry.pk).update(email=f"p{n}@mail.test", notify=True)
    # an address without the opt-in, and an opt-in without an address: no letters
    Registration.objects.filter(pk=entries[3].pk).update(email="quiet@mail.test")
    Registration.objects.filter(pk=entries[4].pk).update(notify=True)

    with django_capture_on_commit_callbacks(execute=True):
        round_ = seat_next_round(tournament.pk, chief, seed=3)
    assert queue.drain() == 0 and smtp.letters == []  # a draft is not yet the seating
    with django_capture_on_commit_callbacks(execute=True):
        start_round(round_.pk, chief)
    assert queue.drain() == 3
    assert sorted(to for to, _m in smtp.letters) == [
        ["p0@mail.test"],
        ["p1@mail.test"],
        ["p2@mail.test"],
    ]
    for to, message in smtp.letters:
        entry = Registration.objects.select_related("tournament", "player").get(email=to[0])
        seat = entry.seats.select_related("table").get(table__round=round_)
        body = text_of(message)
        assert message["To"] == to[0]  # to him alone
        assert message["From"] == "referee@venue.test"
        assert subject_of(message) == (
            f"Кубок Тулы: тур 1, стол {seat.table.number}, место {seat.position}"
        )
        assert f"Здравствуйте, {entry.player.name}!" in body
        assert f"Ваш стол: {seat.table.number}, ваше место: {seat.position}." in body
        link = reverse("player-link", args=[tournament.slug, entry.pk, checkin.link_key(entry)])
        assert SITE + link in body
        others = {f"p{n}@mail.test" for n in range(3)} - {to[0]}
        assert not any(address in message.as_string() for address in others)
        assert "quiet@mail.test" not in message.as_string()
        unsubscribe = "".join(message["List-Unsubscribe"].split())  # unfolded
        assert unsubscribe.startswith(f"<{SITE}/t/{tournament.slug}/letters/stop/")
    # the same event again (another save, a second schedule): nothing more
    assert notices.schedule(tournament.pk) == 0
    assert queue.drain() == 0 and len(smtp.letters) == 3
    assert Notice.objects.filter(status="sent").count() == 3

    # the chief sees what was sent
    client.force_login(chief)
    page = client.get(reverse("manage-notices", args=[tournament.slug])).content.decode()
    assert page.count("p1@mail.test") == 1 and "отправлено" in page
    client.logout()

    # the second player stops his letters with the link of his letter, without logging in
    stop = re.search(r"(/t/\S+/letters/stop/\S+/)", text_of(smtp.letters[1][1]))
    assert stop is not None
    who = Registration.objects.get(email=smtp.letters[1][0][0])
    assert "Прекратить рассылку" in client.get(stop.group(1)).content.decode()
    assert "больше не будут" in client.post(stop.group(1)).content.decode()
    assert not Registration.objects.get(pk=who.pk).notify
    wrong = stop.group(1).rstrip("/").rsplit("/", 1)[0] + "/" + "0" * 20 + "/"
    assert client.post(wrong).status_code == 404

    # results: never for an unpublished round
    with django_capture_on_commit_callbacks(execute=True):
        play_round(round_, chief, referee)
    assert queue.drain() == 0 and len(smtp.letters) == 3
    with django_capture_on_commit_callbacks(execute=True):
        tournament.published = True
        tournament.save(update_fields=["published"])
    assert queue.drain() == 0  # published, but no round of it yet
    with django_capture_on_commit_callbacks(execute=True):
        update_settings(tournament, chief, {"published_through": 1})
    assert queue.drain() == 2
    results = smtp.letters[3:]
    assert sorted(to[0] for to, _m in results) == sorted(
        e.email for e in Registration.objects.filter(notify=True).exclude(email="")
    )
    assert who.email not in {to[0] for to, _m in results}
    for _to, message in results:
        body = text_of(message)
        assert subject_of(message) == "Кубок Тулы: ваш результат в туре 1"
        assert "Результаты тура 1" in body and "вист" in body
        assert "Ваше место в турнирной таблице после тура 1:" in body
    assert notices.schedule(tournament.pk) == 0 and queue.drain() == 0
    assert len(smtp.letters) == 5


def test_a_letter_the_server_refuses_is_retried_and_shown_not_sent(
    smtp, settings, django_capture_on_commit_callbacks
):
    tournament = TournamentFactory(name="Кубок Тулы")
    entries = [RegistrationFactory(tournament=tournament) for _ in range(3)]
    chief = referee_of(tournament, Role.Kind.CHIEF)
    Registration.objects.filter(pk=entries[0].pk).update(email="p@mail.test", notify=True)
    settings.EMAIL_PORT = free_port()  # nobody listens there
    with django_capture_on_commit_callbacks(execute=True):
        round_ = seat_next_round(tournament.pk, chief, seed=1)
        start_round(round_.pk, chief)
    queue.drain()
    notice = Notice.objects.get()
    assert notice.status == "failed" and "ConnectionRefusedError" in notice.error
    failed = Job.objects.get(kind="notices.send")  # three attempts, then failed
    assert (failed.status, failed.attempts) == ("failed", 3)
    settings.EMAIL_PORT = smtp.port
    assert queue.retry(failed.pk) and queue.drain() == 1
    assert Notice.objects.get().status == "sent" and len(smtp.letters) == 1

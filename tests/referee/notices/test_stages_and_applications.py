"""The letters of issue 32 point 4 beyond the seating and the results, through a real SMTP
server (``mailserver``): the cut at the end of a stage ("you go on" / "you do not go on"),
never before the stage's last round is public; an application approved or declined, to the
address the applicant gave if he opted in, never for an unpublished tournament; and what the
mail server refused, shown to the chief: *refused* at once for a 5xx answer (not retried),
*not sent* after the retries for a 4xx one."""

from __future__ import annotations

import pytest
from django.urls import reverse

from referee.accounts.models import Role
from referee.jobs import queue
from referee.jobs.models import Job
from referee.notices import services as notices
from referee.notices.models import Notice
from referee.seating import services as seating
from referee.standings.services.settings import update_settings
from referee.tournaments import applications, checkin
from referee.tournaments.models import Application, Registration, Stage

from ..factories import RegistrationFactory, TournamentFactory, referee_of
from ..format.play import play_round
from ..format.test_stages_and_teams import qualification_and_final
from ..tournaments.test_applications import details, open_cup
from .mailserver import SITE, subject_of, text_of

pytestmark = pytest.mark.django_db


def letters_to(smtp, address):
    return [m for to, m in smtp.letters if to == [address]]


def test_the_cut_after_the_qualification_goes_to_each_player_once_when_public(
    smtp, django_capture_on_commit_callbacks
):
    # qualification of 4 rounds, the top 4 go on to the final: p1, p3, p2 and p5 (module
    # note of test_stages_and_teams); p6 does not
    tournament, entries, chief = qualification_and_final()
    tournament.name = "Кубок Тулы"
    tournament.save(update_fields=["name"])
    p = {i: entries[i - 1] for i in range(1, 9)}
    for number in range(1, 5):
        play_round(tournament, chief, seed=number)
    for i in (1, 2, 6):
        Registration.objects.filter(pk=p[i].pk).update(email=f"p{i}@mail.test", notify=True)
    Registration.objects.filter(pk=p[3].pk).update(email="p3@mail.test")  # no opt-in

    # the final seated: its players fixed, but nothing of the tournament is public
    with django_capture_on_commit_callbacks(execute=True):
        final = seating.seat_next_round(tournament.pk, chief, seed=5)
    assert Stage.objects.get(number=2).qualified
    assert queue.drain() == 0 and smtp.letters == []
    with django_capture_on_commit_callbacks(execute=True):
        tournament.published = True
        tournament.save(update_fields=["published"])
        update_settings(tournament, chief, {"published_through": 3})
    queue.drain()  # round 3's results: the qualification's last round is not yet public
    assert not Notice.objects.filter(kind="cut").exists()
    assert all("этап" not in subject_of(m) for _to, m in smtp.letters)
    before = len(smtp.letters)

    with django_capture_on_commit_callbacks(execute=True):
        update_settings(tournament, chief, {"published_through": 4})
    queue.drain()
    cut = [(to, m) for to, m in smtp.letters[before:] if "этап" in subject_of(m)]
    assert sorted(to[0] for to, _m in cut) == ["p1@mail.test", "p2@mail.test", "p6@mail.test"]
    for to, message in cut:
        entry = Registration.objects.select_related("tournament").get(email=to[0])
        body = text_of(message)
        assert message["To"] == to[0]  # to him alone, nobody else's address in it
        others = {"p1@mail.test", "p2@mail.test", "p3@mail.test", "p6@mail.test"} - {to[0]}
        assert not any(address in message.as_string() for address in others)
        assert "Этап «отбор» турнира «Кубок Тулы» завершён (тур 4)." in body
        assert "Ваше место по итогам этапа «отбор»:" in body
        link = reverse("player-link", args=[tournament.slug, entry.pk, checkin.link_key(entry)])
        assert SITE + link in body
        if entry.pk == p[6].pk:
            assert subject_of(message) == "Кубок Тулы: вы не проходите в этап «финал»"
            assert "Вы не проходите в этап «финал»." in body
        else:
            assert subject_of(message) == "Кубок Тулы: вы проходите в этап «финал»"
            assert "Вы проходите в этап «финал» (4 игрока); он начинается с тура 5." in body
    assert Notice.objects.filter(kind="cut", round_number=4, status="sent").count() == 3

    # once: scheduled again, the final started and played, nothing more about the cut
    total = len(smtp.letters)
    assert notices.schedule(tournament.pk) == 0 and queue.drain() == 0
    with django_capture_on_commit_callbacks(execute=True):
        seating.start_round(final.pk, chief)
    queue.drain()
    assert all("этап" not in subject_of(m) for _to, m in smtp.letters[total:])
    assert Notice.objects.filter(kind="cut").count() == 3


def test_an_application_approved_or_declined_is_written_to_the_applicant_who_asked(
    smtp, django_capture_on_commit_callbacks
):
    tournament, chief = open_cup(name="Кубок Тулы")
    asked = applications.apply(
        tournament.pk, details("Пётр Семёнов", email="petr@mail.test", notify="on")
    )
    refused = applications.apply(
        tournament.pk, details("Иван Орлов", email="ivan@mail.test", notify="on")
    )
    quiet = applications.apply(tournament.pk, details("Олег Ким", email="oleg@mail.test"))
    with django_capture_on_commit_callbacks(execute=True):
        applications.decide(asked.pk, chief, approve=True)
        applications.decide(refused.pk, chief, approve=False)
        applications.decide(quiet.pk, chief, approve=False)
    assert queue.drain() == 2
    assert sorted(to[0] for to, _m in smtp.letters) == ["ivan@mail.test", "petr@mail.test"]

    [approved] = letters_to(smtp, "petr@mail.test")
    entry = Registration.objects.select_related("tournament").get(tournament=tournament)
    assert subject_of(approved) == "Кубок Тулы: ваша заявка принята"
    body = text_of(approved)
    assert "Здравствуйте, Пётр Семёнов!" in body
    assert "вы зарегистрированы на турнир «Кубок Тулы»" in body
    link = reverse("player-link", args=[tournament.slug, entry.pk, checkin.link_key(entry)])
    assert SITE + link in body
    assert "".join(approved["List-Unsubscribe"].split()).startswith(f"<{SITE}/t/")
    assert "ivan@mail.test" not in approved.as_string()

    [declined] = letters_to(smtp, "ivan@mail.test")
    assert subject_of(declined) == "Кубок Тулы: ваша заявка отклонена"
    body = text_of(declined)
    assert "Организатор отклонил вашу заявку на турнир «Кубок Тулы»." in body
    assert "Других писем не будет." in body and declined["List-Unsubscribe"] is None
    assert "petr@mail.test" not in declined.as_string()

    made = {(n.kind, n.email, n.status) for n in Notice.objects.all()}
    assert made == {("approved", "petr@mail.test", "sent"), ("declined", "ivan@mail.test", "sent")}
    # once: asked again, nothing more
    assert notices.schedule_application(asked.pk) == 0
    assert notices.schedule_application(refused.pk) == 0
    assert queue.drain() == 0 and len(smtp.letters) == 2


def test_no_application_letter_for_an_unpublished_tournament(
    smtp, django_capture_on_commit_callbacks
):
    tournament, chief = open_cup(name="Кубок Тулы")
    application = applications.apply(tournament.pk, details(email="petr@mail.test", notify="on"))
    other = applications.apply(
        tournament.pk, details("Иван Орлов", email="i@mail.test", notify="on")
    )
    with django_capture_on_commit_callbacks(execute=True):
        tournament.published = False
        tournament.save(update_fields=["published"])
        applications.decide(application.pk, chief, approve=True)
        applications.decide(other.pk, chief, approve=False)
    assert queue.drain() == 0 and smtp.letters == [] and not Notice.objects.exists()
    assert Application.objects.filter(status__in=["approved", "declined"]).count() == 2


def seated_round(smtp, addresses, django_capture_on_commit_callbacks):
    tournament = TournamentFactory(name="Кубок Тулы")
    entries = [RegistrationFactory(tournament=tournament) for _ in range(3)]
    chief = referee_of(tournament, Role.Kind.CHIEF)
    for entry, address in zip(entries, addresses, strict=False):
        Registration.objects.filter(pk=entry.pk).update(email=address, notify=True)
    with django_capture_on_commit_callbacks(execute=True):
        round_ = seating.seat_next_round(tournament.pk, chief, seed=1)
        seating.start_round(round_.pk, chief)
    queue.drain()
    return tournament, chief


def test_an_address_the_server_refuses_is_bounced_at_once_and_shown_to_the_chief(
    smtp, client, django_capture_on_commit_callbacks
):
    smtp.refuse["gone@mail.test"] = "550 5.1.1 <gone@mail.test>: no such mailbox"
    tournament, chief = seated_round(
        smtp, ["ok@mail.test", "gone@mail.test"], django_capture_on_commit_callbacks
    )
    assert [to for to, _m in smtp.letters] == [["ok@mail.test"]]
    bounced = Notice.objects.get(email="gone@mail.test")
    assert bounced.status == "bounced"
    assert bounced.error == "550 5.1.1 <gone@mail.test>: no such mailbox"
    job = Job.objects.get(key=f"notices.seated:{bounced.registration_id}:1")
    assert (job.status, job.attempts) == ("done", 1)  # a final refusal is not tried again
    assert Notice.objects.get(email="ok@mail.test").status == "sent"
    assert notices.schedule(tournament.pk) == 0 and queue.drain() == 0
    assert len(smtp.letters) == 1

    client.force_login(chief)
    page = client.get(
        reverse("manage-notices", args=[tournament.slug]), HTTP_ACCEPT_LANGUAGE="ru"
    ).content.decode()
    assert "1 письмо отправлено" in page
    assert "1 отклонено почтовым сервером (адрес неверен или закрыт)" in page
    assert "отклонено почтовым сервером</strong>" in page
    assert "Причина: <code>550 5.1.1 &lt;gone@mail.test&gt;: no such mailbox</code>" in page


def test_a_temporary_refusal_is_retried_then_shown_not_sent_with_its_reason(
    smtp, client, settings, django_capture_on_commit_callbacks
):
    smtp.refuse["full@mail.test"] = "452 4.2.2 mailbox full"
    tournament, chief = seated_round(smtp, ["full@mail.test"], django_capture_on_commit_callbacks)
    assert smtp.letters == []
    notice = Notice.objects.get()
    assert notice.status == "failed" and "452" in notice.error and "mailbox full" in notice.error
    job = Job.objects.get(kind="notices.send")
    assert (job.status, job.attempts) == ("failed", 3)
    client.force_login(chief)
    page = client.get(
        reverse("manage-notices", args=[tournament.slug]), HTTP_ACCEPT_LANGUAGE="ru"
    ).content.decode()
    assert "1 не отправлено (почтовый сервер не ответил или пока отказал)" in page
    assert "<strong>не отправлено</strong>" in page and "mailbox full" in page
    # the box emptied, the chief's retry sends it
    del smtp.refuse["full@mail.test"]
    assert queue.retry(job.pk) and queue.drain() == 1
    assert Notice.objects.get().status == "sent" and len(smtp.letters) == 1

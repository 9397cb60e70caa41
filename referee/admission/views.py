"""The organiser's fees page (issue 34 point 5): the admission rules and fees, every entry
with what it owes and what was paid, a payment form, corrections, the chief's leave to play
unpaid, and the payment report (its workbook: ``exports``)."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from referee.core.refusals import attempt
from referee.tournaments.models import Tournament
from referee.tournaments.surfaces import manage_page, manage_render

from . import payments, services
from .forms import PaymentForm, RulesForm
from .models import Payment
from .report import report_of


@manage_page
def manage_fees(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    book = services.ledger(tournament)
    form = RulesForm(tournament, book.admission, request.POST or None)
    if request.method == "POST" and form.is_valid():
        done = attempt(
            request,
            lambda: services.set_rules(tournament.pk, request.user, form.values()),
            _("Admission rules and fees saved."),
            form=form,
        )
        if done.refusal is None:
            return redirect("manage-fees", tournament.slug)
    return manage_render(
        request,
        "admission/manage_fees.html",
        tournament,
        form=form,
        book=book,
        report=report_of(book),
        categories=book.rules.categories,
        methods=PaymentForm().fields["method"].choices,  # type: ignore[attr-defined]
    )


@manage_page
@require_POST
def fee_action(request: HttpRequest, tournament: Tournament, registration: int) -> HttpResponse:
    if not tournament.entries.filter(pk=registration).exists():
        raise Http404
    action, user, post = request.POST.get("action"), request.user, request.POST
    if action == "pay":  # the service checks every value and refuses at the field
        attempt(
            request,
            lambda: payments.record_payment(
                registration,
                user,
                post.get("amount", ""),
                post.get("method", ""),
                note=post.get("note", ""),
            ),
            _("Payment recorded."),
        )
    elif action == "category":
        category = post.get("category", "")
        attempt(
            request,
            lambda: services.set_category(registration, user, category),
            _("Category set."),
        )
    elif action in ("allow", "revoke"):
        reason = post.get("reason", "")
        attempt(
            request,
            lambda: payments.allow_unpaid(registration, user, action == "allow", reason),
            _("He may play unpaid.") if action == "allow" else _("The leave is withdrawn."),
        )
    else:
        raise Http404
    return redirect("manage-fees", tournament.slug)


@manage_page
@require_POST
def correct(request: HttpRequest, tournament: Tournament, payment: int) -> HttpResponse:
    if not Payment.objects.filter(pk=payment, registration__tournament=tournament).exists():
        raise Http404
    post = request.POST
    attempt(
        request,
        lambda: payments.correct_payment(
            payment,
            request.user,
            post.get("amount", ""),
            post.get("method", ""),
            note=post.get("note", ""),
            reason=post.get("reason", ""),
        ),
        _("Payment corrected."),
    )
    return redirect("manage-fees", tournament.slug)

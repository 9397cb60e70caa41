"""The referee's actions on a table, under /t/<slug>/r/<round>/t/<table>/."""

from django.urls import path

from referee.tables import disputes, seat_draw_page, signoff, views

from .public import TABLE

DEAL = TABLE + "deals/<int:number>/"

urlpatterns = [
    path(TABLE + "deals/", views.deal_add, name="deal-add"),
    path(TABLE + "seat-draw/", seat_draw_page.seat_draw_page, name="seat-draw"),
    path(TABLE + "queue/discard/", views.queue_discard, name="queue-discard"),
    path(DEAL + "edit/", views.deal_edit, name="deal-edit"),
    path(DEAL + "delete/", views.deal_delete, name="deal-delete"),
    path(DEAL + "restore/", views.deal_restore, name="deal-restore"),
    path(DEAL + "history/", views.deal_history, name="deal-history"),
    path(DEAL + "evidence/", views.deal_evidence, name="deal-evidence"),
    path(TABLE + "submit/", signoff.table_submit, name="table-submit"),
    path(TABLE + "confirm/", signoff.table_confirm, name="table-confirm"),
    path(TABLE + "reopen/", signoff.table_reopen, name="table-reopen"),
    path(TABLE + "disputes/<int:dispute>/", disputes.dispute_page, name="table-dispute"),
]

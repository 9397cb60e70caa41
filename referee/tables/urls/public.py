"""A table's sheet and its card's page, under /t/<slug>/r/<round>/t/<table>/ (its case file,
``protocol.json``, is the exporter ``case``: ``referee/exports/urls/public.py``)."""

from django.urls import path

from referee.tables import card, views

TABLE = "r/<int:round>/t/<int:table>/"

urlpatterns = [
    path(TABLE, views.table_page, name="table"),
    path(TABLE + "card/<str:key>/", card.table_card, name="table-card"),
]

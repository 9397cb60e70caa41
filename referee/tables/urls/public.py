"""A table's sheet, its case file and its card's page, under /t/<slug>/r/<round>/t/<table>/."""

from django.urls import path

from referee.tables import card, views

TABLE = "r/<int:round>/t/<int:table>/"

urlpatterns = [
    path(TABLE, views.table_page, name="table"),
    path(TABLE + "protocol.json", views.table_case, name="table-case"),
    path(TABLE + "card/<str:key>/", card.table_card, name="table-card"),
]

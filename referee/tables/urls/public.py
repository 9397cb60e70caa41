"""A table's sheet and case file, under /t/<slug>/r/<round>/t/<table>/."""

from django.urls import path

from referee.tables import views

TABLE = "r/<int:round>/t/<int:table>/"

urlpatterns = [
    path(TABLE, views.table_page, name="table"),
    path(TABLE + "protocol.json", views.table_case, name="table-case"),
]

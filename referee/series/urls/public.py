"""Cups and seasons: /series/, a series' standings and downloads (the one download view
over the registered exporter ``series-standings``), its management page."""

from django.urls import path

from referee.exports.views import export
from referee.series import views

STANDINGS = {"identifier": "series-standings", "scope": "series"}

urlpatterns = [
    path("series/", views.series_list, name="series-list"),
    path("series/new/", views.series_new, name="series-new"),
    path("series/<slug:slug>/", views.series_standings, name="series"),
    path(
        "series/<slug:slug>/standings.xlsx",
        export,
        {**STANDINGS, "fmt": "xlsx"},
        name="series-xlsx",
    ),
    path(
        "series/<slug:slug>/standings.pdf", export, {**STANDINGS, "fmt": "pdf"}, name="series-pdf"
    ),
    path("series/<slug:slug>/manage/", views.series_manage, name="series-manage"),
]

"""Cups and seasons: /series/, a series' standings and downloads, its management page."""

from django.urls import path

from referee.series import views

urlpatterns = [
    path("series/", views.series_list, name="series-list"),
    path("series/new/", views.series_new, name="series-new"),
    path("series/<slug:slug>/", views.series_page, name="series"),
    path("series/<slug:slug>/standings.xlsx", views.series_xlsx, name="series-xlsx"),
    path("series/<slug:slug>/standings.pdf", views.series_pdf, name="series-pdf"),
    path("series/<slug:slug>/manage/", views.series_manage, name="series-manage"),
]

"""The standings settings, under /t/<slug>/manage/."""

from django.urls import path

from referee.standings import views

urlpatterns = [
    path("standings/", views.manage_standings, name="standings-settings"),
]

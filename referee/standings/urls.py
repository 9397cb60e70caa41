"""Standings URLs under /t/<slug>/: the public pages and the chief referee's settings."""

from django.urls import path

from . import views

urlpatterns = [
    path("standings/", views.standings, name="standings"),
    path("standings/screen/", views.standings_screen, name="standings-screen"),
    path("rounds/<int:round>/results/", views.round_results, name="round-results"),
    path("players/", views.player_search, name="player-search"),
    path("players/<int:registration>/", views.player_card, name="player-card"),
    path("manage/standings/", views.manage_standings, name="standings-settings"),
]

"""Standings, round results and player cards, under /t/<slug>/."""

from django.urls import path

from referee.standings import format_views, private, screen, views

urlpatterns = [
    path("standings/", views.standings, name="standings"),
    path("standings/screen/", screen.standings_screen, name="standings-screen"),
    path("rounds/<int:round>/results/", views.round_results, name="round-results"),
    path("stages/", format_views.places, name="stage-places"),
    path("teams/", format_views.teams, name="team-standings"),
    path("players/", views.player_search, name="player-search"),
    path("players/<int:registration>/", views.player_card, name="player-card"),
    path("me/<int:registration>/<str:key>/", private.player_link, name="player-link"),
]

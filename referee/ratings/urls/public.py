"""Rating lists, registry players and the registry's duplicates (not under a tournament)."""

from django.urls import path

from referee.ratings import views

urlpatterns = [
    path("ratings/", views.rating_lists, name="rating-lists"),
    path("ratings/<slug:slug>/", views.rating_list, name="rating-list"),
    path("ratings/<slug:slug>/recompute/", views.recompute, name="rating-recompute"),
    path("players/", views.registry_list, name="registry"),
    path("players/<int:player_id>/", views.player, name="registry-player"),
    path("players/<int:player_id>/vs/<int:other_id>/", views.versus, name="registry-versus"),
    path("registry/duplicates/", views.duplicates, name="registry-duplicates"),
]

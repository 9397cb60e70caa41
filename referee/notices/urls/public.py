"""The keyed link that stops a player's letters, under /t/<slug>/."""

from django.urls import path

from referee.notices import views

urlpatterns = [
    path("letters/<int:registration>/<str:key>/", views.letters, name="notices-letters"),
    path("letters/stop/<int:registration>/<str:key>/", views.stop, name="notices-stop"),
]

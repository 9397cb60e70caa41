"""A tournament's front page, under /t/<slug>/."""

from django.urls import path

from referee.tournaments import views

urlpatterns = [
    path("", views.detail, name="tournament"),
]

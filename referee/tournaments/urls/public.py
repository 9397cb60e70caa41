"""A tournament's front page and its public application form, under /t/<slug>/."""

from django.urls import path

from referee.tournaments import application_views, views

urlpatterns = [
    path("", views.detail, name="tournament"),
    path("join/", application_views.join, name="tournament-join"),
]

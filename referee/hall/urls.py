"""The venue's pages under /t/<slug>/manage/: login lockouts."""

from django.urls import path

from referee.hall import views

urlpatterns = [
    path("lockouts/", views.lockouts, name="hall-lockouts"),
]

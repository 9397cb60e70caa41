"""The letters sent to the players, for the chief, under /t/<slug>/manage/."""

from django.urls import path

from referee.notices import views

urlpatterns = [
    path("letters/", views.manage_notices, name="manage-notices"),
]

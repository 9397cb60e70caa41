"""The officials' board slips, under /t/<slug>/."""

from django.urls import path

from referee.duplicate import views

urlpatterns = [
    path("duplicate/<int:session>/slips/", views.board_slips, name="duplicate-slips"),
]

"""A round's seating, under /t/<slug>/rounds/<n>/."""

from django.urls import path

from referee.seating import views

urlpatterns = [
    path("rounds/<int:round>/", views.round_page, name="round"),
]

"""The chief's round actions, under /t/<slug>/manage/rounds/."""

from django.urls import path

from referee.seating import views

urlpatterns = [
    path("rounds/next/", views.seat_next, name="round-seat-next"),
    path("rounds/<int:round>/<str:action>/", views.round_action, name="round-action"),
]

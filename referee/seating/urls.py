from django.urls import path

from . import views

urlpatterns = [
    path("rounds/<int:round>/", views.round_page, name="round"),
    path("manage/rounds/next/", views.seat_next, name="round-seat-next"),
    path(
        "manage/rounds/<int:round>/<str:action>/",
        views.round_action,
        name="round-action",
    ),
]

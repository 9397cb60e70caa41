"""The chief's round actions, under /t/<slug>/manage/rounds/."""

from django.urls import path

from referee.seating import dashboard, format_views, views

urlpatterns = [
    path("format/", format_views.manage_format, name="manage-format"),
    path("stages/playoff/", format_views.seat_playoff, name="stage-playoff"),
    path("rounds/next/", views.seat_next, name="round-seat-next"),
    path("rounds/<int:round>/dashboard/", dashboard.round_dashboard, name="round-dashboard"),
    path("rounds/<int:round>/<str:action>/", views.round_action, name="round-action"),
]

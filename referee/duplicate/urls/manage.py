"""The chief's duplicate sessions, under /t/<slug>/manage/."""

from django.urls import path

from referee.duplicate import views

urlpatterns = [
    path("duplicate/", views.manage_sessions, name="duplicate-sessions"),
    path("duplicate/<int:session>/", views.manage_session, name="duplicate-manage"),
    path(
        "duplicate/<int:session>/<str:action>/",
        views.session_action,
        name="duplicate-action",
    ),
]

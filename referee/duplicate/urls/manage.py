"""The chief's duplicate sessions, under /t/<slug>/manage/."""

from django.urls import path

from referee.duplicate import views

urlpatterns = [
    path("duplicate/", views.manage_sessions, name="duplicate-sessions"),
    path("duplicate/<int:session>/", views.manage_session, name="duplicate-manage"),
    path(
        "duplicate/<int:session>/analysis/",
        views.manage_analysis,
        name="duplicate-analysis-state",
    ),
    path(
        "duplicate/<int:session>/retry/<int:job>/",
        views.retry_analysis,
        name="duplicate-retry",
    ),
    path(
        "duplicate/<int:session>/import/",
        views.import_boards,
        name="duplicate-import",
    ),
    path(
        "duplicate/<int:session>/<str:action>/",
        views.session_action,
        name="duplicate-action",
    ),
]

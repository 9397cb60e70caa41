"""Downloads of the organiser's under /t/<slug>/manage/: the players' badges and the
payment report (the one download view, ``views.export``), and the chief's *Retry* of a
failed long export."""

from django.urls import path

from referee.exports import views

urlpatterns = [
    path(
        "check-in/badges.pdf",
        views.export,
        {"identifier": "badges", "fmt": "pdf"},
        name="check-in-badges",
    ),
    path("exports/jobs/<int:job>/retry/", views.retry, name="export-retry"),
    path(
        "fees/report.xlsx",
        views.export,
        {"identifier": "fees", "fmt": "xlsx"},
        name="export-fees-xlsx",
    ),
]

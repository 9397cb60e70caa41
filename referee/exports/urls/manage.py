"""Downloads of the organiser's under /t/<slug>/manage/: the players' badges."""

from django.urls import path

from referee.exports import badges, fees

urlpatterns = [
    path("check-in/badges.pdf", badges.check_in_badges, name="check-in-badges"),
    path("fees/report.xlsx", fees.fees_xlsx, name="export-fees-xlsx"),
]

"""The staff pages, under /t/<slug>/manage/."""

from django.urls import path

from referee.accounts import views

urlpatterns = [
    path("staff/", views.manage_staff, name="manage-staff"),
    path("staff/revoke/", views.manage_staff_revoke, name="manage-staff-revoke"),
    path("staff/name/", views.manage_staff_name, name="manage-staff-name"),
    path("referees/<int:round>/", views.manage_referees, name="manage-referees"),
]

"""A tournament's front page, and the organiser's surface under ``manage/``."""

from django.urls import path

from . import views

urlpatterns = [
    path("", views.detail, name="tournament"),
    path("manage/", views.manage, name="manage"),
    path("manage/start/", views.manage_start, name="manage-start"),
    path("manage/finish/", views.manage_finish, name="manage-finish"),
    path("manage/settings/", views.manage_settings, name="manage-settings"),
    path("manage/settings/pairs/", views.manage_pair_add, name="manage-pair-add"),
    path("manage/settings/pairs/remove/", views.manage_pair_remove, name="manage-pair-remove"),
    path("manage/players/", views.manage_players, name="manage-players"),
    path(
        "manage/players/<int:registration>/withdraw/",
        views.manage_withdraw,
        name="manage-withdraw",
    ),
    path(
        "manage/players/<int:registration>/substitute/",
        views.manage_substitute,
        name="manage-substitute",
    ),
    path("manage/import/", views.manage_import, name="manage-import"),
    path("manage/import/confirm/", views.manage_import_confirm, name="manage-import-confirm"),
    path("manage/staff/", views.manage_staff, name="manage-staff"),
    path("manage/staff/revoke/", views.manage_staff_revoke, name="manage-staff-revoke"),
    path("manage/referees/<int:number>/", views.manage_referees, name="manage-referees"),
    path("manage/log/", views.manage_log, name="manage-log"),
]

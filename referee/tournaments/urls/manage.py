"""The organiser's set-up pages, under /t/<slug>/manage/."""

from django.urls import path

from referee.tournaments import application_views, checkin_views, player_views, views

urlpatterns = [
    path("", views.manage, name="manage"),
    path("start/", views.manage_start, name="manage-start"),
    path("finish/", views.manage_finish, name="manage-finish"),
    path("settings/", views.manage_settings, name="manage-settings"),
    path("settings/pairs/", views.manage_pair_add, name="manage-pair-add"),
    path("settings/pairs/remove/", views.manage_pair_remove, name="manage-pair-remove"),
    path("players/", player_views.manage_players, name="manage-players"),
    path(
        "players/<int:registration>/withdraw/", player_views.manage_withdraw, name="manage-withdraw"
    ),
    path(
        "players/<int:registration>/reinstate/",
        player_views.manage_reinstate,
        name="manage-reinstate",
    ),
    path("players/<int:registration>/guest/", player_views.manage_guest, name="manage-guest"),
    path(
        "players/<int:registration>/substitute/",
        player_views.manage_substitute,
        name="manage-substitute",
    ),
    path("applications/", application_views.manage_applications, name="manage-applications"),
    path(
        "applications/<int:application>/",
        application_views.decide,
        name="manage-application-decide",
    ),
    path("check-in/", checkin_views.manage_check_in, name="manage-check-in"),
    path("check-in/all/", checkin_views.check_in_all, name="manage-check-in-all"),
    path(
        "check-in/<int:registration>/",
        checkin_views.check_in_action,
        name="manage-check-in-action",
    ),
    path("import/", player_views.manage_import, name="manage-import"),
    path("import/confirm/", player_views.manage_import_confirm, name="manage-import-confirm"),
    path("log/", views.manage_log, name="manage-log"),
]

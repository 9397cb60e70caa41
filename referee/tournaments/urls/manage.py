"""The organiser's set-up pages, under /t/<slug>/manage/: each page with the actions it posts
to under its own address (``include``), so that a page's prefix is written once."""

from django.urls import include, path

from referee.tournaments import application_views, checkin_views, player_views, views

SETTINGS = [
    path("", views.manage_settings, name="manage-settings"),
    path("pairs/", views.manage_pair_add, name="manage-pair-add"),
    path("pairs/remove/", views.manage_pair_remove, name="manage-pair-remove"),
]

# one registration's actions, under players/<int:registration>/
PLAYER = [
    path("withdraw/", player_views.manage_withdraw, name="manage-withdraw"),
    path("reinstate/", player_views.manage_reinstate, name="manage-reinstate"),
    path("guest/", player_views.manage_guest, name="manage-guest"),
    path("substitute/", player_views.manage_substitute, name="manage-substitute"),
]

PLAYERS = [
    path("", player_views.manage_players, name="manage-players"),
    path("<int:registration>/", include(PLAYER)),
]

APPLICATIONS = [
    path("", application_views.manage_applications, name="manage-applications"),
    path("<int:application>/", application_views.decide, name="manage-application-decide"),
]

CHECK_IN = [
    path("", checkin_views.manage_check_in, name="manage-check-in"),
    path("all/", checkin_views.check_in_all, name="manage-check-in-all"),
    path("<int:registration>/", checkin_views.check_in_action, name="manage-check-in-action"),
]

IMPORT = [
    path("", player_views.manage_import, name="manage-import"),
    path("confirm/", player_views.manage_import_confirm, name="manage-import-confirm"),
]

urlpatterns = [
    path("", views.manage, name="manage"),
    path("start/", views.manage_start, name="manage-start"),
    path("finish/", views.manage_finish, name="manage-finish"),
    path("settings/", include(SETTINGS)),
    path("players/", include(PLAYERS)),
    path("applications/", include(APPLICATIONS)),
    path("check-in/", include(CHECK_IN)),
    path("import/", include(IMPORT)),
    path("log/", views.manage_log, name="manage-log"),
]

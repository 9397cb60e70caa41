"""URLs: the public, referee and organiser surfaces of each tournament under /t/<slug>/."""

from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path

from referee.tournaments import views as tournament_views

urlpatterns = [
    path("", tournament_views.home, name="home"),
    path("accounts/login/", auth_views.LoginView.as_view(), name="login"),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("i18n/", include("django.conf.urls.i18n")),
    path("admin/", admin.site.urls),
    path("t/<slug:slug>/", include("referee.tournaments.urls")),
    path("t/<slug:slug>/", include("referee.seating.urls")),
    path("t/<slug:slug>/", include("referee.tables.urls")),
    path("t/<slug:slug>/", include("referee.standings.urls")),
    path("t/<slug:slug>/", include("referee.exports.urls")),
    path("", include("referee.api.urls")),
]

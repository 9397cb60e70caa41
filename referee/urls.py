"""URLs: each app's public, referee and organiser (``manage``) surfaces under /t/<slug>/."""

from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path

from referee.accounts.signout import SignOut
from referee.tournaments import views as tournament_views

PUBLIC = ["tournaments", "seating", "tables", "standings", "exports"]
REFEREE = ["tables", "discipline"]
MANAGE = ["tournaments", "accounts", "seating", "standings", "ratings"]

# the site's 500 page, or a 503 when a database connection was lost (hall.dbfaults)
handler500 = "referee.hall.dbfaults.server_error"

urlpatterns = [
    path("", tournament_views.home, name="home"),
    path("accounts/login/", auth_views.LoginView.as_view(), name="login"),
    path("accounts/logout/", SignOut.as_view(), name="logout"),
    path("i18n/", include("django.conf.urls.i18n")),
    path("admin/", admin.site.urls),
    path("t/new/", include("referee.wizard.urls")),
    path("", include("referee.ratings.urls.public")),
]
urlpatterns += [path("t/<slug:slug>/", include(f"referee.{app}.urls.public")) for app in PUBLIC]
urlpatterns += [path("t/<slug:slug>/", include(f"referee.{app}.urls.referee")) for app in REFEREE]
urlpatterns += [
    path("t/<slug:slug>/manage/", include(f"referee.{app}.urls.manage")) for app in MANAGE
]
urlpatterns += [path("t/<slug:slug>/manage/", include("referee.hall.urls"))]
urlpatterns += [path("", include("referee.api.urls"))]  # /api/, /sw.js

"""URLs: each app's public, referee and organiser (``manage``) surfaces under /t/<slug>/."""

from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path
from django.views.decorators.csrf import csrf_exempt
from django.views.i18n import set_language

from referee.accounts.signout import SignOut
from referee.hall.certificate import certificate_file, certificate_page
from referee.tournaments import views as tournament_views

PUBLIC = ["tournaments", "seating", "tables", "standings", "exports", "duplicate", "notices"]
REFEREE = ["tables", "discipline", "duplicate"]
MANAGE = [
    "tournaments",
    "accounts",
    "seating",
    "standings",
    "ratings",
    "admission",
    "duplicate",
    "exports",
    "notices",
]

# the site's 500 page, or a 503 when a database connection was lost (hall.dbfaults)
handler500 = "referee.hall.dbfaults.server_error"

urlpatterns = [
    path("", tournament_views.home, name="home"),
    path("accounts/login/", auth_views.LoginView.as_view(), name="login"),
    path("accounts/logout/", SignOut.as_view(), name="logout"),
    # The language switch needs no CSRF token: forging it changes nothing but a visitor's
    # language, while a token in every page's header would make each public page private to
    # its visitor (a Set-Cookie), so that no shared cache in front could keep it.
    path("i18n/setlang/", csrf_exempt(set_language), name="set_language"),
    path("admin/", admin.site.urls),
    path("venue-ca.crt", certificate_file, name="venue-ca-file"),
    path("venue/certificate/", certificate_page, name="venue-certificate"),
    path("t/new/", include("referee.wizard.urls")),
    path("", include("referee.ratings.urls.public")),
    path("", include("referee.series.urls.public")),
]
urlpatterns += [path("t/<slug:slug>/", include(f"referee.{app}.urls.public")) for app in PUBLIC]
urlpatterns += [path("t/<slug:slug>/", include(f"referee.{app}.urls.referee")) for app in REFEREE]
urlpatterns += [
    path("t/<slug:slug>/manage/", include(f"referee.{app}.urls.manage")) for app in MANAGE
]
urlpatterns += [path("t/<slug:slug>/manage/", include("referee.hall.urls"))]
urlpatterns += [path("", include("referee.api.urls"))]  # /api/, /sw.js

"""``/api/v1/`` and its schema (``/api/schema/``) and docs page (``/api/docs/``)."""

from django.urls import include, path, re_path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerView

from . import deals, layer, pages, publishing, views

T = "tournaments/<slug:slug>/"
R = T + "rounds/<int:round>/"
TABLE = R + "tables/<int:table>/"

v1 = [
    path("auth/token/", views.TokenView.as_view(), name="api-token"),
    path("tournaments/", views.TournamentList.as_view(), name="api-tournaments"),
    path(T, views.TournamentDetail.as_view(), name="api-tournament"),
    path(T + "start/", views.TournamentAction.as_view(action="start"), name="api-start"),
    path(T + "finish/", views.TournamentAction.as_view(action="finish"), name="api-finish"),
    path(T + "players/", views.PlayerList.as_view(), name="api-players"),
    path(T + "players/<int:registration>/", views.PlayerCard.as_view(), name="api-player"),
    path(
        T + "players/<int:registration>/withdraw/",
        views.PlayerWithdraw.as_view(),
        name="api-withdraw",
    ),
    path(
        T + "players/<int:registration>/substitute/",
        views.PlayerSubstitute.as_view(),
        name="api-substitute",
    ),
    path(T + "standings/", views.StandingsView.as_view(), name="api-standings"),
    path(
        T + "standings/settings/",
        publishing.StandingsSettingsView.as_view(),
        name="api-standings-settings",
    ),
    path(T + "rounds/", views.RoundList.as_view(), name="api-rounds"),
    path(R, views.RoundDetail.as_view(), name="api-round"),
    path(R + "start/", views.RoundAction.as_view(action="start"), name="api-round-start"),
    path(R + "finish/", views.RoundAction.as_view(action="finish"), name="api-round-finish"),
    path(R + "results/", views.RoundResults.as_view(), name="api-round-results"),
    path(R + "publish/", publishing.RoundPublish.as_view(), name="api-round-publish"),
    path(TABLE, deals.TableDetail.as_view(), name="api-table"),
    path(TABLE + "sign-off/", deals.TableSignOff.as_view(), name="api-sign-off"),
    path(TABLE + "confirm/", deals.TableAction.as_view(action="confirm"), name="api-confirm"),
    path(TABLE + "reopen/", deals.TableAction.as_view(action="reopen"), name="api-reopen"),
    path(TABLE + "deals/", deals.DealList.as_view(), name="api-deals"),
    path(TABLE + "deals/<int:number>/", deals.DealDetail.as_view(), name="api-deal"),
    path(TABLE + "substitute/", layer.TableSubstitute.as_view(), name="api-substitute-seat"),
    path(T + "register/", layer.RegisterView.as_view(), name="api-register"),
    path(T + "discipline/", layer.DisciplineList.as_view(), name="api-discipline"),
    path(T + "appeals/", layer.AppealList.as_view(), name="api-appeals"),
    path(T + "appeals/<int:appeal>/decide/", layer.AppealDecide.as_view(), name="api-decide"),
    path(T + "stages/", layer.StagesView.as_view(), name="api-stages"),
    path(T + "teams/", layer.TeamsView.as_view(), name="api-teams"),
    path(
        T + "players/<int:registration>/eliminate/",
        layer.PlayerEliminate.as_view(),
        name="api-eliminate",
    ),
]

urlpatterns = [
    path("api/v1/", include(v1)),
    path("api/schema/", SpectacularAPIView.as_view(), name="api-schema"),
    path("api/docs/", SpectacularSwaggerView.as_view(url_name="api-schema"), name="api-docs"),
    path("api/devices/<int:token>/revoke/", pages.revoke_device, name="api-device-revoke"),
    path("sw.js", pages.service_worker, name="service-worker"),
    # anything else under /api/ is a JSON 404, like the API's own
    re_path(r"^api/", pages.api_not_found),
]

"""``/api/v1/`` and its schema (``/api/schema/``) and docs page (``/api/docs/``)."""

from django.urls import include, path, re_path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerView

from . import pages
from .resources import (
    applications,
    deals,
    duplicate,
    duplicate_boards,
    duplicate_plan,
    exports,
    fees,
    format,
    player_link,
    players,
    profile,
    rounds,
    series,
    stages,
    standings,
    tables,
    tokens,
    tournaments,
)

T = "tournaments/<slug:slug>/"
R = T + "rounds/<int:round>/"
TABLE = R + "tables/<int:table>/"
D = T + "duplicate/<int:session>/"
P = T + "players/<int:registration>/"
ME = T + "me/<int:registration>/<str:key>/"  # a player's private link: the key is his

v1 = [
    path("auth/token/", tokens.TokenView.as_view(), name="api-token"),
    path("tournaments/", tournaments.TournamentList.as_view(), name="api-tournaments"),
    path("series/", series.SeriesList.as_view(), name="api-series"),
    path("series/<slug:series>/", series.SeriesDetail.as_view(), name="api-series-detail"),
    path("registry/players/", profile.RegistryList.as_view(), name="api-registry"),
    path(
        "registry/players/<int:player>/",
        profile.RegistryPlayerProfile.as_view(),
        name="api-registry-player",
    ),
    path(T, tournaments.TournamentDetail.as_view(), name="api-tournament"),
    path(T + "start/", tournaments.TournamentStart.as_view(), name="api-start"),
    path(T + "finish/", tournaments.TournamentFinish.as_view(), name="api-finish"),
    path(T + "players/", players.PlayerList.as_view(), name="api-players"),
    path(T + "applications/", applications.ApplicationList.as_view(), name="api-applications"),
    path(T + "applications/apply/", applications.Apply.as_view(), name="api-apply"),
    *(
        path(
            T + f"applications/<int:application>/{verb}/",
            applications.ApplicationDecision.as_view(),
            {"verb": verb},
            name=f"api-application-{verb}",
        )
        for verb in ("approve", "decline")
    ),
    path(P, standings.PlayerCard.as_view(), name="api-player"),
    path(P + "check-in/", players.PlayerCheckIn.as_view(), name="api-check-in"),
    path(P + "withdraw/", players.PlayerWithdraw.as_view(), name="api-withdraw"),
    path(P + "guest/", players.PlayerGuest.as_view(), name="api-guest"),
    path(P + "substitute/", players.PlayerSubstitute.as_view(), name="api-substitute"),
    path(T + "fees/", fees.Fees.as_view(), name="api-fees"),
    path(T + "fees/rules/", fees.Rules.as_view(), name="api-fee-rules"),
    path(P + "payments/", fees.RecordPayment.as_view(), name="api-payment"),
    path(
        T + "payments/<int:payment>/correct/",
        fees.CorrectPayment.as_view(),
        name="api-payment-correct",
    ),
    path(P + "unpaid/", fees.UnpaidLeave.as_view(), name="api-unpaid-leave"),
    path(P + "category/", fees.EntryCategory.as_view(), name="api-entry-category"),
    path(ME, player_link.PrivateLink.as_view(), name="api-player-link"),
    path(ME + "check-in/", player_link.PrivateCheckIn.as_view(), name="api-player-link-check-in"),
    path(T + "standings/", standings.StandingsView.as_view(), name="api-standings"),
    path(T + "qualification/", standings.Qualification.as_view(), name="api-qualification"),
    path(
        T + "standings/settings/",
        standings.StandingsSettingsView.as_view(),
        name="api-standings-settings",
    ),
    path(T + "rounds/", rounds.RoundList.as_view(), name="api-rounds"),
    path(R, rounds.RoundDetail.as_view(), name="api-round"),
    path(R + "start/", rounds.RoundStart.as_view(), name="api-round-start"),
    path(R + "finish/", rounds.RoundFinish.as_view(), name="api-round-finish"),
    path(R + "results/", standings.RoundResults.as_view(), name="api-round-results"),
    path(R + "publish/", rounds.RoundPublish.as_view(), name="api-round-publish"),
    path(TABLE, tables.TableDetail.as_view(), name="api-table"),
    path(TABLE + "sign-off/", tables.TableSignOff.as_view(), name="api-sign-off"),
    path(TABLE + "confirm/", tables.TableConfirm.as_view(), name="api-confirm"),
    path(TABLE + "reopen/", tables.TableReopen.as_view(), name="api-reopen"),
    path(TABLE + "deals/", deals.DealList.as_view(), name="api-deals"),
    path(TABLE + "deals/<int:number>/", deals.DealDetail.as_view(), name="api-deal"),
    path(TABLE + "substitute/", tables.TableSubstitute.as_view(), name="api-substitute-seat"),
    path(TABLE + "seat-draw/", tables.TableSeatDraw.as_view(), name="api-seat-draw"),
    path(T + "register/", format.RegisterView.as_view(), name="api-register"),
    path(T + "duplicate/", duplicate.SessionList.as_view(), name="api-duplicate"),
    path(
        T + "duplicate/preview/",
        duplicate_plan.SessionPreview.as_view(),
        name="api-duplicate-preview",
    ),
    path(D, duplicate.SessionDetail.as_view(), name="api-duplicate-session"),
    *(
        path(
            D + f"{verb}/",
            duplicate.SessionAction.as_view(),
            {"verb": verb},
            name=f"api-duplicate-{verb}",
        )
        for verb in ("seat", "publish", "hide")
    ),
    path(D + "boards/<int:board>/", duplicate.BoardDetail.as_view(), name="api-duplicate-board"),
    path(D + "analysis/", duplicate.SessionAnalysis.as_view(), name="api-duplicate-analysis"),
    path(
        D + "boards/file/", duplicate_boards.SessionBoardFile.as_view(), name="api-duplicate-file"
    ),
    path(
        D + "analysis/retry/<int:job>/",
        duplicate.AnalysisRetry.as_view(),
        name="api-duplicate-analysis-retry",
    ),
    path(T + "exports/", exports.ExportList.as_view(), name="api-exports"),
    path(
        T + "exports/<slug:identifier>/<slug:fmt>/job/",
        exports.ExportJob.as_view(),
        name="api-export-job",
    ),
    path(
        T + "exports/<slug:identifier>/<slug:fmt>/file/",
        exports.ExportFile.as_view(),
        name="api-export-file",
    ),
    path(
        T + "exports/jobs/<int:job>/retry/", exports.ExportRetry.as_view(), name="api-export-retry"
    ),
    path(T + "discipline/", format.DisciplineList.as_view(), name="api-discipline"),
    path(T + "appeals/", format.AppealList.as_view(), name="api-appeals"),
    path(T + "appeals/<int:appeal>/decide/", format.AppealDecide.as_view(), name="api-decide"),
    path(T + "stages/", stages.StagesView.as_view(), name="api-stages"),
    path(T + "stages/playoff/", stages.PlayoffView.as_view(), name="api-stage-playoff"),
    path(T + "teams/", format.TeamsView.as_view(), name="api-teams"),
    path(P + "eliminate/", players.PlayerEliminate.as_view(), name="api-eliminate"),
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

"""The session standings, travellers, board pages and hand records, under /t/<slug>/."""

from django.urls import path

from referee.duplicate import views

urlpatterns = [
    path("duplicate/<int:session>/", views.session_page, name="duplicate-session"),
    path("duplicate/<int:session>/boards/<int:board>/", views.board_page, name="duplicate-board"),
    path(
        "duplicate/<int:session>/analysis/",
        views.public_analysis,
        name="duplicate-analysis",
    ),
    path("duplicate/<int:session>/records/", views.hand_records, name="duplicate-records"),
    path("duplicate/<int:session>/boards.txt", views.export_boards, name="duplicate-export"),
    path("duplicate/<int:session>/screen/", views.session_screen, name="duplicate-screen"),
]

"""The wizard's one page, mounted at /t/new/ before the tournaments' own addresses."""

from django.urls import path

from referee.wizard import views

urlpatterns = [path("", views.new_tournament, name="tournament-new")]

"""The tournament register, under /t/<slug>/ (officials)."""

from django.urls import path

from referee.discipline import views

urlpatterns = [
    path("register/", views.register_page, name="register"),
]

"""A tournament's category and divisions, under /t/<slug>/manage/."""

from django.urls import path

from referee.ratings import views

urlpatterns = [
    path("qualification/", views.manage_qualification, name="manage-qualification"),
]

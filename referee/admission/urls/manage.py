"""The fees page, under /t/<slug>/manage/."""

from django.urls import path

from referee.admission import views

urlpatterns = [
    path("fees/", views.manage_fees, name="manage-fees"),
    path("fees/<int:registration>/", views.fee_action, name="manage-fee-action"),
    path("fees/payments/<int:payment>/", views.correct, name="manage-payment-correct"),
]

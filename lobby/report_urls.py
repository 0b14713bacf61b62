"""Reporting a seat of a match from its table or summary (issue 23), mounted at /match/ in the
"game" namespace by bangarena_site.urls, beside the table's and the summary's pages: the table
draws the link by that name (``game:report_player``) without importing the rooms."""

from django.urls import path

from lobby import views_reports

urlpatterns = [
    path(
        "<int:match_id>/seat/<int:seat>/report/",
        views_reports.report_in_match,
        name="report_player",
    ),
]

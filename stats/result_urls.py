"""The match summary's URL, mounted at /match/ in the "game" namespace by bangarena_site.urls
(its name, ``game:result``, is the one it always had)."""

from django.urls import path

from stats import result

urlpatterns = [
    path("<int:match_id>/result/", result.result, name="result"),
]

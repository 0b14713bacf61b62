"""The 📖 library of cards, characters and rules (issue 8), mounted at /library/."""

from django.urls import path

from library import views

app_name = "library"

urlpatterns = [
    path("", views.index, name="index"),
    path("cards/<slug:kind>/", views.card, name="card"),
    path("characters/<slug:character_id>/", views.character, name="character"),
    path("search/", views.search, name="search"),
]

"""URLs of the live table, mounted at /match/ (app namespace "game").

bangarena_site.urls mounts the replay's (replay.urls), the summary's (stats.result_urls) and the
report of a seat (lobby.report_urls) in the same namespace: they are other parts, which the
match does not import."""

from django.urls import path

from game import views, views_host, views_seat

app_name = "game"

urlpatterns = [
    path("<int:match_id>/", views.table, name="table"),
    # Hand a seat to the bot and take it back (R121, R132): the player's own seat, or the
    # host's for any seat but a bot's. POST only.
    path(
        "<int:match_id>/seat/<int:seat>/hand-to-bot/",
        views_host.hand_to_bot,
        name="hand_to_bot",
    ),
    path("<int:match_id>/seat/stay-out/", views_host.stay_out, name="stay_out"),
    # The others' vote to hand an absent player's seat to the bot (issue 23). POST only.
    path(
        "<int:match_id>/seat/<int:seat>/vote-bot/",
        views_host.vote_hand_to_bot,
        name="vote_hand_to_bot",
    ),
    path(
        "<int:match_id>/seat/<int:seat>/return/",
        views_host.return_to_player,
        name="return_to_player",
    ),
    # The host's tempo (R132), POST only.
    path("<int:match_id>/host/tempo/", views_host.set_tempo, name="set_tempo"),
    # The player's own seat settings, POST only.
    path("<int:match_id>/seat/auto-pass/", views_seat.set_auto_pass, name="set_auto_pass"),
    # The table tools of a signed-in player (🔔 ⛶), remembered on the account, POST only.
    path("tools/", views_seat.set_table_prefs, name="table_prefs"),
]

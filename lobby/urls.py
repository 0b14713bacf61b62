"""URLs of the start screen and rooms (app namespace "lobby"), mounted at the site root."""

from django.urls import path

from lobby import views, views_blocks, views_quick, views_reports

app_name = "lobby"

urlpatterns = [
    path("play/", views.start_screen, name="start"),
    path("play/now/", views.play, name="play"),
    path("play/watch/", views.watch, name="watch"),
    path("play/open/<str:code>/join/", views.join_open, name="join_open"),
    # Quick match (issue 23): "Play with people".
    path("play/quick/", views_quick.quick_page, name="quick"),
    path("play/quick/join/", views_quick.quick_join, name="quick_join"),
    path("play/quick/leave/", views_quick.quick_leave, name="quick_leave"),
    path("play/blocked/", views_blocks.blocked_players, name="blocked"),
    path("play/blocked/<int:block_id>/unblock/", views_blocks.unblock, name="unblock"),
    path("rooms/new/", views.create, name="create"),
    path("rooms/join/", views.join_by_code, name="join"),
    path("r/<str:code>/", views.room, name="room"),
    path("r/<str:code>/join/", views.join_room, name="join_room"),
    path("r/<str:code>/leave/", views.leave, name="leave"),
    # Host controls (R131), POST only.
    path("r/<str:code>/public/", views.set_public, name="public"),
    path("r/<str:code>/fill/", views.fill_with_bots, name="fill"),
    path("r/<str:code>/seat/<int:index>/bot/", views.seat_bot, name="seat_bot"),
    path("r/<str:code>/seat/<int:index>/strength/", views.set_bot_strength, name="bot_strength"),
    path("r/<str:code>/seat/<int:index>/replace/", views.replace_with_bot, name="replace"),
    path("r/<str:code>/seat/<int:index>/remove/", views.remove, name="remove"),
    path("r/<str:code>/seat/<int:index>/kick/", views.kick, name="kick"),
    # Etiquette for strangers (issue 23): any signed-in member, on another player's seat.
    path("r/<str:code>/seat/<int:index>/block/", views_blocks.block_seat, name="block"),
    path("r/<str:code>/seat/<int:index>/unblock/", views_blocks.unblock_seat, name="unblock_seat"),
    path("r/<str:code>/seat/<int:index>/report/", views_reports.report_player, name="report"),
    path("r/<str:code>/start/", views.start, name="start_match"),
    # Language-model seats (R142): the model is the POSTed form field "model".
    path("r/<str:code>/fill/ai/", views.fill_with_ais, name="fill_ai"),
    path("r/<str:code>/seat/<int:index>/ai/", views.seat_ai, name="seat_ai"),
    # Agent programs (issue 9, machines.agents): a token for an AI seat, shown once.
    path("r/<str:code>/seat/<int:index>/agent/", views.seat_agent, name="seat_agent"),
    path("r/<str:code>/seat/<int:index>/agent/token/", views.new_agent_token, name="agent_token"),
    path(
        "r/<str:code>/seat/<int:index>/agent/revoke/",
        views.revoke_agent_token,
        name="agent_revoke",
    ),
]

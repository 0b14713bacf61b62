"""The replay export for programs, the per-player opt-out ("Player N") and the links to
replays from the summary, the history and the statistics page (issue 18)."""

from __future__ import annotations

import json

import pytest
from django.test import Client
from django.urls import reverse

from bangarena_engine import Game, GameConfig
from game.models import TableSignal
from stats.recording import record_match
from tests.replay.conftest import finished_match, make_user
from tests.stats.conftest import START

pytestmark = pytest.mark.django_db


def replay_page(client: Client, match, **params) -> str:  # noqa: ANN001
    return client.get(reverse("game:replay", args=[match.pk]), params).content.decode()


def export(client: Client, match) -> dict:  # noqa: ANN001
    response = client.get(reverse("game:replay_export", args=[match.pk]))
    assert response.status_code == 200
    assert response["Content-Type"] == "application/json"
    return json.loads(response.content)


# --- the export ------------------------------------------------------------------------------


def test_the_export_replays_the_match_with_the_engine(client: Client):
    """docs/agent-protocol.md: the config and each action as the act frame that made it; a
    program replaying them with the engine reaches the very end the site recorded."""
    match = finished_match([{"guest_key": "g"}], seats=6, seed=31, mode="double_agent")
    document = export(client, match)
    assert document["format"] == "bangarena-replay"
    assert document["protocol"] == 1
    assert [s["seat"] for s in document["seats"]] == list(range(6))
    game = Game.new(GameConfig.from_dict(document["config"]))
    for number, act in enumerate(document["actions"]):
        assert act["type"] == "act"
        assert act["version"] == number  # the version the decide frame carried
        assert act["action"] in game.legal_actions(act["seat"])
        game.apply(act["seat"], act["action"])
    assert game.result == document["result"] == match.result
    assert game.to_dict() == match.state


def test_the_export_carries_no_signals_and_no_accounts(client: Client):
    """R128: signals never reach programs; and no account (username, id) is in it."""
    user = make_user("secret_username")
    user.display_name = "Calamity"
    user.save()
    match = finished_match([{"user": user, "name": "Calamity"}], seats=4, seed=32)
    TableSignal.objects.create(
        match=match, seat=0, kind="claim", value="deputy", created_at=START, log_position=3
    )
    text = json.dumps(export(client, match))
    assert "secret_username" not in text
    assert "claim" not in text
    assert "Calamity" in text


# --- the opt-out -----------------------------------------------------------------------------


def opted_out_match():
    ana = make_user("ana_hides")
    bo = make_user("bo_shows")
    ana.hide_in_replays = True
    ana.save()
    match = finished_match(
        [{"user": bo, "name": "Bo"}, {"user": ana, "name": "Ana Outlaw"}], seats=4, seed=33
    )
    return match, ana, bo


def test_the_profile_setting_hides_a_players_name_from_others(client: Client):
    """Others (signed in or not) see "Player 2" in the replay, its log, its perspective list
    and the export; the player sees their own name; the other players keep theirs."""
    ana = make_user("ana")
    client.force_login(ana)
    response = client.post(
        reverse("profile"),
        {"display_name": "", "preferred_language": "", "hide_in_replays": "on"},
    )
    assert response.status_code == 302
    ana.refresh_from_db()
    assert ana.hide_in_replays
    bo = make_user("bo")
    match = finished_match(
        [{"user": bo, "name": "Bo"}, {"user": ana, "name": "Ana Outlaw"}], seats=4, seed=33
    )
    at = match.actions.count() // 2
    own = replay_page(client, match, at=at)
    assert "Ana Outlaw" in own
    assert "Ana Outlaw" in json.dumps(export(client, match))
    watcher, bo_client = Client(), Client()
    bo_client.force_login(bo)
    for other in (watcher, bo_client):
        page = replay_page(other, match, at=at)
        assert "Ana Outlaw" not in page
        assert "Player 2" in page
        assert "Bo" in page
        assert "Ana Outlaw" not in replay_page(other, match, at=at, seat=2)
        data = export(other, match)
        assert data["seats"][1]["name"] == "Player 2"
        assert data["seats"][0]["name"] == "Bo"
        assert "Ana Outlaw" not in json.dumps(data)


def test_an_opted_out_player_has_no_replay_links_on_their_public_statistics():
    match, ana, bo = opted_out_match()
    record_match(match)
    url = reverse("game:replay", args=[match.pk])
    stats_url = reverse("stats:player", args=[ana.username])
    assert url not in Client().get(stats_url).content.decode()
    own = Client()
    own.force_login(ana)
    assert url in own.get(stats_url).content.decode()
    # Bo did not opt out: his page links the match.
    assert url in Client().get(reverse("stats:player", args=[bo.username])).content.decode()


# --- links -----------------------------------------------------------------------------------


def test_summary_history_and_statistics_link_to_the_replay():
    user = make_user("linked")
    match = finished_match([{"user": user}], seats=4, seed=34)
    record_match(match)
    client = Client()
    client.force_login(user)
    url = reverse("game:replay", args=[match.pk])
    for page in (
        reverse("game:result", args=[match.pk]),
        reverse("stats:history"),
        reverse("stats:player", args=[user.username]),
    ):
        assert f'href="{url}"' in client.get(page).content.decode(), page
    assert client.get(url).status_code == 200


def test_the_for_ai_developers_page_explains_the_export(client: Client):
    page = client.get(reverse("ai_docs:index")).content.decode()
    assert 'id="replays"' in page
    assert "/replay.json" in page
    assert "GameConfig.from_dict" in page

"""/healthz for probes (docker-compose, load balancers): 200 when this process can serve,
503 naming what is down. Found: docker-compose had to probe TCP because every HTTP request,
a probe's too, was redirected to https."""

from __future__ import annotations

import json

import pytest
from django.db import OperationalError, connections
from django.db.migrations.executor import MigrationExecutor

from bangarena_site import health

pytestmark = pytest.mark.django_db


def probe(client, **headers):
    response = client.get("/healthz", **headers)
    return response.status_code, json.loads(response.content)


def test_a_healthy_process_answers_200_with_every_check_ok(client):
    status, body = probe(client)
    assert status == 200
    assert body == {"status": "ok", "database": "ok", "migrations": "ok", "channel_layer": "ok"}


def test_the_probe_needs_no_https_and_no_public_host_name(client, settings):
    """Production redirects every request to https and refuses unknown hosts; a probe on the
    container's loopback has neither, and still gets its answer."""
    settings.SECURE_SSL_REDIRECT = True
    settings.ALLOWED_HOSTS = ["arena.example.com"]
    status, _ = probe(client, HTTP_HOST="127.0.0.1:8000")
    assert status == 200
    assert client.get("/", HTTP_HOST="127.0.0.1:8000").status_code == 400


def test_a_database_that_does_not_answer_is_503(client, monkeypatch):
    def refuse(*args, **kwargs):
        raise OperationalError("connection refused")

    monkeypatch.setattr(connections["default"], "cursor", refuse)
    monkeypatch.setattr(health, "_migrated", True)
    status, body = probe(client)
    assert status == 503
    assert body["status"] == "down"
    assert body["database"] == "down"


def test_unapplied_migrations_are_503(client, monkeypatch):
    monkeypatch.setattr(health, "_migrated", False)
    monkeypatch.setattr(MigrationExecutor, "migration_plan", lambda self, targets: [("x", False)])
    status, body = probe(client)
    assert status == 503
    assert body["migrations"] == "down"


def test_a_redis_that_does_not_answer_is_503(client, settings):
    """The production channel layer pointed at a port where no Redis listens."""
    settings.CHANNEL_LAYERS = {
        "default": {
            "BACKEND": "bangarena_site.live.layer.PubSubLayer",
            "CONFIG": {"hosts": ["redis://127.0.0.1:9/0"]},
        }
    }
    status, body = probe(client)
    assert status == 503
    assert body["channel_layer"] == "down"
    assert body["database"] == "ok"


def test_only_get_and_head_are_answered(client):
    assert client.head("/healthz").status_code == 200
    assert client.post("/healthz").status_code != 200

"""Admins register models and read the decision log (R142); the log, which may hold a model's
reasoning, is read-only and lives in the admin only."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse

from machines.ai.models import AIDecisionLog, AIModel
from machines.ai.tasks import decide
from tests.ai.conftest import ai_first
from tests.ai.fake_openai import good

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def admin_browser() -> Client:
    user = get_user_model().objects.create_superuser("boss", "b@example.com", "pw-8s-long!")
    browser = Client()
    browser.force_login(user)
    return browser


def test_an_admin_registers_a_model_naming_the_key_variable_not_the_key(admin_browser):
    response = admin_browser.post(
        reverse("admin:ai_aimodel_add"),
        {
            "display_name": "Local Llama",
            "base_url": "http://127.0.0.1:8080/v1",
            "model": "llama-3.1-8b",
            "api_key_env": "LLAMA_KEY",
            "timeout_seconds": "8",
            "token_budget": "50000",
            "json_mode": "on",
            "enabled": "on",
        },
    )
    assert response.status_code == 302
    model = AIModel.objects.get()
    assert (model.display_name, model.api_key_env, model.timeout_seconds) == (
        "Local Llama",
        "LLAMA_KEY",
        8,
    )


def test_the_decision_log_is_listed_filtered_and_read_only(
    admin_browser, job_queue, model_match, fake_openai
):
    match = ai_first(model_match)
    fake_openai.answer(good(1, reason="the Marshal must shoot first"))
    decide(match.pk, 0, 0)
    entry = AIDecisionLog.objects.get()

    listing = admin_browser.get(reverse("admin:ai_aidecisionlog_changelist") + "?outcome=ok")
    assert listing.status_code == 200
    assert "Chose a move" in listing.content.decode()
    detail = admin_browser.get(reverse("admin:ai_aidecisionlog_change", args=[entry.pk]))
    assert "the Marshal must shoot first" in detail.content.decode()
    assert admin_browser.get(reverse("admin:ai_aidecisionlog_add")).status_code == 403
    admin_browser.post(reverse("admin:ai_aidecisionlog_delete", args=[entry.pk]), {"post": "yes"})
    assert AIDecisionLog.objects.filter(pk=entry.pk).exists()

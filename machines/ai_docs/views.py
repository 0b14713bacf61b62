"""The "For AI developers" page and the machine-readable rules at a stable URL."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.cache import cache_control
from django.views.decorators.http import condition, require_safe

from machines.ai_docs.example_session import example_session
from machines.ai_docs.rules_export import rules_document, rules_json_bytes

#: Browsers and agents may keep the document an hour; the ETag makes a re-check cheap.
MAX_AGE = 3600


def _etag(request: HttpRequest) -> str:
    version = rules_document()["version"]
    return f"rules-{version['rules_version']}-{version['hash']}"


@require_safe
@cache_control(public=True, max_age=MAX_AGE)
@condition(etag_func=_etag)
def rules_json(request: HttpRequest) -> HttpResponse:
    """/ai/rules.json: the same bytes for every request, so an unchanged ETag answers 304."""
    response = HttpResponse(rules_json_bytes(), content_type="application/json")
    # Public, read-only data: programs running elsewhere (notebooks, tools) may fetch it.
    response["Access-Control-Allow-Origin"] = "*"
    return response


@require_safe
def index(request: HttpRequest) -> HttpResponse:
    """/ai/: how LLM seats and programs play, with a real example session."""
    document = rules_document()
    return render(
        request,
        "ai_docs/index.html",
        {
            "session": example_session(),
            "rules_url": reverse("ai_docs:rules_json"),
            "rules_version": document["version"],
            "protocol": document["agent_protocol"],
            "card_count": document["deck"]["total"],
        },
    )

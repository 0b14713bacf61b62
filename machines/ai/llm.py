"""One chat completion from an OpenAI-compatible server, under a hard time limit.

Runs only in a worker (the Celery "ai" queue, or the embedded AI threads): never call it from a
view or a consumer. Every failure is an ``LLMError`` whose ``outcome`` is an
``AIDecisionLog.Outcome`` value and whose ``detail`` is short and free of secrets.
"""

from __future__ import annotations

import json
import os
import time
from dataclasses import dataclass
from typing import Any

import httpx

from machines.ai.models import AIDecisionLog, AIModel

Outcome = AIDecisionLog.Outcome

# The answer is a tiny JSON object; a short optional reason fits well within this.
MAX_TOKENS = 300
TEMPERATURE = 0.2
# The largest reply body read; anything longer is a malformed answer, not a memory problem.
MAX_BODY_BYTES = 256 * 1024


class LLMError(Exception):
    def __init__(self, outcome: str, detail: str, *, tokens: int = 0) -> None:
        super().__init__(f"{outcome}: {detail}")
        self.outcome = outcome
        self.detail = detail[:300]
        self.tokens = tokens


@dataclass(frozen=True)
class Reply:
    content: str
    tokens: int


def api_key(model: AIModel) -> str:
    """The key from the worker's environment; '' when the model needs none."""
    if not model.api_key_env:
        return ""
    key = os.environ.get(model.api_key_env, "")
    if not key:
        raise LLMError(Outcome.NO_KEY, f"environment variable {model.api_key_env} is not set")
    return key


def chat(model: AIModel, messages: list[dict[str, str]], *, timeout: float) -> Reply:
    """POST ``{base_url}/chat/completions`` and return the reply text and tokens used.

    ``timeout`` (seconds) bounds the whole exchange: connecting, sending and every read, and
    the body is read against the same clock, so a server that trickles bytes is cut off too.
    """
    if timeout <= 0:
        raise LLMError(Outcome.TIMEOUT, "no time left before the deadline")
    headers = {"Content-Type": "application/json"}
    key = api_key(model)
    if key:
        headers["Authorization"] = f"Bearer {key}"
    payload: dict[str, Any] = {
        "model": model.model,
        "messages": messages,
        "temperature": TEMPERATURE,
        "max_tokens": MAX_TOKENS,
    }
    if model.json_mode:
        payload["response_format"] = {"type": "json_object"}
    url = model.base_url.rstrip("/") + "/chat/completions"
    give_up_at = time.monotonic() + timeout
    try:
        with (
            httpx.Client(timeout=httpx.Timeout(timeout), follow_redirects=False) as client,
            client.stream("POST", url, json=payload, headers=headers) as response,
        ):
            body = _read_body(response, give_up_at)
    except httpx.TimeoutException:
        raise LLMError(Outcome.TIMEOUT, f"no answer within {timeout:.1f} s") from None
    except httpx.HTTPError as error:
        raise LLMError(Outcome.HTTP_ERROR, error.__class__.__name__) from None
    if response.status_code != 200:
        raise LLMError(Outcome.HTTP_ERROR, f"HTTP {response.status_code}")
    return _reply(body)


def _read_body(response: httpx.Response, give_up_at: float) -> bytes:
    chunks: list[bytes] = []
    size = 0
    for chunk in response.iter_bytes():
        if time.monotonic() > give_up_at:
            raise httpx.ReadTimeout("the answer took too long")
        size += len(chunk)
        if size > MAX_BODY_BYTES:
            raise LLMError(Outcome.MALFORMED, "the reply is too large")
        chunks.append(chunk)
    if time.monotonic() > give_up_at:
        raise httpx.ReadTimeout("the answer took too long")
    return b"".join(chunks)


def _reply(body: bytes) -> Reply:
    """The message content and total tokens of a chat completion body."""
    try:
        data = json.loads(body)
        content = data["choices"][0]["message"]["content"]
    except (ValueError, KeyError, IndexError, TypeError):
        raise LLMError(Outcome.MALFORMED, "not a chat completion") from None
    tokens = _tokens(data.get("usage"))
    if not isinstance(content, str):
        raise LLMError(Outcome.MALFORMED, "the reply has no text", tokens=tokens)
    return Reply(content=content, tokens=tokens)


def _tokens(usage: Any) -> int:
    if not isinstance(usage, dict):
        return 0
    total = usage.get("total_tokens")
    if isinstance(total, int) and not isinstance(total, bool) and total >= 0:
        return total
    parts = [usage.get("prompt_tokens"), usage.get("completion_tokens")]
    return sum(p for p in parts if isinstance(p, int) and not isinstance(p, bool) and p >= 0)

"""A real local OpenAI-compatible chat server for the model-seat tests.

``FakeOpenAI`` listens on 127.0.0.1 (a free port) in a thread and answers
``POST /v1/chat/completions`` from a script: each request takes the next scripted answer, and
when the script is empty the ``default`` answer is used. It records every request body and
Authorization header, so tests can read exactly what a model was shown.

Answers (``Reply``): a chat completion whose content is ``text`` (or a JSON ``{"move": n}``
built from ``move``), with ``tokens`` as its usage; ``status`` other than 200 answers that HTTP
status; ``delay`` waits first (released at once when the server stops). ``move="random"`` picks
a listed move with the server's own seeded generator (read from the data block).
"""

from __future__ import annotations

import json
import random
import threading
from collections import deque
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from machines.ai.prompt import DATA_CLOSE, DATA_OPEN


@dataclass(frozen=True)
class Reply:
    move: int | str | None = None
    text: str | None = None
    status: int = 200
    delay: float = 0.0
    tokens: int = 10
    reason: str = ""


def good(move: int | str = 1, **kwargs: Any) -> Reply:
    return Reply(move=move, **kwargs)


def legal_count(body: dict[str, Any]) -> int:
    """How many legal moves the data block of the request's first user message lists."""
    return len(data_of(body)["legal_moves"])


def data_of(body: dict[str, Any]) -> dict[str, Any]:
    user = next(m["content"] for m in body["messages"] if m["role"] == "user")
    inside = user.split(DATA_OPEN + "\n", 1)[1].rsplit("\n" + DATA_CLOSE, 1)[0]
    return json.loads(inside)


class FakeOpenAI:
    def __init__(self, default: Reply | None = None, seed: int = 7) -> None:
        self.script: deque[Reply] = deque()
        self.default = default or good()
        self.requests: list[dict[str, Any]] = []
        self.authorization: list[str | None] = []
        self.stopping = threading.Event()
        self._random = random.Random(seed)
        self._lock = threading.Lock()
        self._server = ThreadingHTTPServer(("127.0.0.1", 0), self._handler())
        self._server.daemon_threads = True
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)

    @property
    def url(self) -> str:
        host, port = self._server.server_address[:2]
        return f"http://{host}:{port}/v1"

    def start(self) -> FakeOpenAI:
        self._thread.start()
        return self

    def stop(self) -> None:
        self.stopping.set()
        self._server.shutdown()
        self._server.server_close()

    def answer(self, *replies: Reply) -> None:
        self.script.extend(replies)

    def _next(self, body: dict[str, Any], authorization: str | None) -> Reply:
        with self._lock:
            self.requests.append(body)
            self.authorization.append(authorization)
            return self.script.popleft() if self.script else self.default

    def _content(self, reply: Reply, body: dict[str, Any]) -> str:
        if reply.text is not None:
            return reply.text
        move = reply.move
        if move == "random":
            with self._lock:
                move = self._random.randint(1, legal_count(body))
        answer: dict[str, Any] = {"move": move}
        if reply.reason:
            answer["reason"] = reply.reason
        return json.dumps(answer)

    def _handler(self) -> type[BaseHTTPRequestHandler]:
        fake = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, format: str, *args: Any) -> None:  # noqa: A002
                return

            def do_POST(self) -> None:
                length = int(self.headers.get("Content-Length", "0"))
                body = json.loads(self.rfile.read(length))
                if self.path != "/v1/chat/completions":
                    self._send(404, b"{}")
                    return
                reply = fake._next(body, self.headers.get("Authorization"))
                if reply.delay and fake.stopping.wait(reply.delay):
                    return
                if reply.status != 200:
                    self._send(reply.status, b'{"error": {"message": "scripted failure"}}')
                    return
                completion = {
                    "id": "chatcmpl-fake",
                    "object": "chat.completion",
                    "model": body.get("model"),
                    "choices": [
                        {
                            "index": 0,
                            "message": {"role": "assistant", "content": fake._content(reply, body)},
                            "finish_reason": "stop",
                        }
                    ],
                    "usage": {
                        "prompt_tokens": reply.tokens // 2,
                        "completion_tokens": reply.tokens - reply.tokens // 2,
                        "total_tokens": reply.tokens,
                    },
                }
                self._send(200, json.dumps(completion).encode())

            def _send(self, status: int, payload: bytes) -> None:
                try:
                    self.send_response(status)
                    self.send_header("Content-Type", "application/json")
                    self.send_header("Content-Length", str(len(payload)))
                    self.end_headers()
                    self.wfile.write(payload)
                except (BrokenPipeError, ConnectionResetError):
                    pass  # the client gave up (a timeout test)

        return Handler

"""The production files keep secrets out and the proxy in front (docs/security.md).

Found attacking a deployment: ``ai-keys.env`` (the models' API keys, "next to"
docker-compose.yml) was in neither .dockerignore nor .gitignore, so ``COPY . .`` baked it into
every image; and the web service published port 8000 on every interface while daphne trusts
X-Forwarded-For/Proto, so anyone reaching :8000 directly forged his address.
"""

from __future__ import annotations

import fnmatch
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def patterns(name: str) -> list[str]:
    lines = (ROOT / name).read_text().splitlines()
    return [line.strip() for line in lines if line.strip() and not line.startswith("#")]


def ignored(name: str, path: str) -> bool:
    return any(fnmatch.fnmatch(path, pattern) for pattern in patterns(name))


def test_the_model_keys_stay_out_of_git_and_out_of_the_image():
    for name in (".gitignore", ".dockerignore"):
        assert ignored(name, "ai-keys.env"), name
        assert ignored(name, ".env"), name
    assert "COPY . ." in (ROOT / "Dockerfile").read_text()  # what made the keys leak


def test_the_web_port_is_published_on_loopback_only_by_default():
    compose = (ROOT / "docker-compose.yml").read_text()
    published = re.findall(r'^\s*-\s*"([^"]*):8000"\s*$', compose, flags=re.MULTILINE)
    assert published == ["${WEB_BIND:-127.0.0.1}:8000"]
    assert "--proxy-headers" in compose


def test_every_process_has_a_health_check_and_web_probes_healthz():
    compose = (ROOT / "docker-compose.yml").read_text()
    section = compose.split("\nservices:\n", 1)[1].split("\nvolumes:\n", 1)[0]
    services = re.split(r"^  (?=[a-z-]+:\n)", section, flags=re.M)
    checked = {block.split(":", 1)[0]: "healthcheck:" in block for block in services if block}
    assert checked == {
        "postgres": True,
        "redis": True,
        "web": True,
        "worker": True,
        "worker-ai": True,
        "beat": True,
    }
    assert "http://127.0.0.1:8000/healthz" in compose
    assert "inspect ping" in compose

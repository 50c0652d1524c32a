"""The deployment files, checked without a Docker engine or Render: schemas, and the promises they must keep.

- `docker-compose.yml` against the Compose specification's JSON schema that `check-jsonschema` ships
  (`--builtin-schema vendor.compose-spec`), then what the schema cannot know: a pgvector database the API
  waits for until healthy, migrations on the API's start, a health check on a real route, page images on a
  volume.
- `render.yaml` against `tests/schemas/render-blueprint.schema.json` (a strict structure schema written from
  Render's blueprint reference; its `$comment` says why it is not Render's own file), then the references
  between its parts.
- `Dockerfile`: its stages and what they do, parsed as text.
- `deploy/start.sh`: run for real, with a recording stand-in for the `filingproof` command it calls.
- `.env.example`: every setting of `filingproof.config.Settings`, each under a comment.
"""

import json
import os
import re
import shlex
import subprocess
import sys
from ipaddress import ip_network
from pathlib import Path
from typing import Any

import pytest
import yaml
from sqlalchemy.engine import make_url

from filingproof.api.limits import client_address
from filingproof.config import Settings

REPO_ROOT = Path(__file__).resolve().parents[3]
COMPOSE = REPO_ROOT / "docker-compose.yml"
RENDER = REPO_ROOT / "render.yaml"
DOCKERFILE = REPO_ROOT / "Dockerfile"
START = REPO_ROOT / "deploy" / "start.sh"
ENV_EXAMPLE = REPO_ROOT / ".env.example"
RENDER_SCHEMA = Path(__file__).resolve().parents[1] / "schemas" / "render-blueprint.schema.json"
API_PATHS = set(json.loads((REPO_ROOT / "backend" / "openapi.json").read_text())["paths"])


def _yaml(path: Path) -> Any:
    return yaml.safe_load(path.read_text())


def _check_jsonschema(document: Path, *schema: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "check_jsonschema", *schema, str(document)],
        capture_output=True,
        text=True,
        timeout=120,
    )


def _misspelt(source: Path, key: str, wrong: str, tmp_path: Path) -> Path:
    text = source.read_text()
    assert f"{key}:" in text
    copy = tmp_path / source.name
    copy.write_text(text.replace(f"{key}:", f"{wrong}:", 1))
    return copy


# --- docker-compose.yml ---------------------------------------------------------------------------


COMPOSE_SCHEMA = ("--builtin-schema", "vendor.compose-spec")


def test_compose_file_follows_the_compose_specification() -> None:
    result = _check_jsonschema(COMPOSE, *COMPOSE_SCHEMA)
    assert result.returncode == 0, result.stdout + result.stderr


def test_compose_schema_catches_a_misspelt_key(tmp_path: Path) -> None:
    result = _check_jsonschema(_misspelt(COMPOSE, "depends_on", "depend_on", tmp_path), *COMPOSE_SCHEMA)
    assert result.returncode == 1
    assert "depend_on" in result.stdout


def test_compose_database_is_pgvector_with_a_health_check() -> None:
    db = _yaml(COMPOSE)["services"]["db"]
    assert db["image"].startswith("pgvector/pgvector:")
    assert "pg_isready" in " ".join(db["healthcheck"]["test"])
    assert any(volume.endswith(":/var/lib/postgresql/data") for volume in db["volumes"])


def test_compose_api_waits_for_the_database_migrates_and_reports_health() -> None:
    compose = _yaml(COMPOSE)
    api = compose["services"]["api"]
    assert api["build"] == "."
    assert api["depends_on"]["db"]["condition"] == "service_healthy"
    assert make_url(api["environment"]["DATABASE_URL"]).host == "db"
    # Migrations on start: the command is the start script, which upgrades the schema before serving.
    assert api["command"] == ["/app/deploy/start.sh"]
    assert _start_script_commands() == [
        "filingproof db upgrade",
        'exec filingproof serve --host 0.0.0.0 --port "${PORT:-8000}"',
    ]
    probe = " ".join(api["healthcheck"]["test"])
    checked = re.search(r"http://127\.0\.0\.1:8000(/\w+)", probe)
    assert checked is not None and checked.group(1) in {"/health", "/ready"} & API_PATHS
    assert any(port.endswith(":8000") for port in api["ports"])


def test_compose_keeps_page_images_on_a_named_volume() -> None:
    compose = _yaml(COMPOSE)
    api = compose["services"]["api"]
    home = api["environment"]["FILINGPROOF_HOME"]
    mounts = dict(volume.split(":", 1) for volume in api["volumes"])
    assert home in mounts.values()
    volume = next(name for name, target in mounts.items() if target == home)
    assert volume in compose["volumes"]


def _default_of(value: str) -> str:
    """`${NAME:-default}` → default."""
    found = re.fullmatch(r"\$\{\w+:-(.*)\}", value)
    assert found, value
    return found.group(1)


def test_compose_believes_forwarded_addresses_only_from_its_own_network() -> None:
    compose = _yaml(COMPOSE)
    trusted = Settings(
        TRUSTED_PROXIES=_default_of(compose["services"]["api"]["environment"]["TRUSTED_PROXIES"])
    )
    [subnet] = [ip_network(entry["subnet"]) for entry in compose["networks"]["default"]["ipam"]["config"]]
    gateway = str(next(subnet.hosts()))  # a proxy on the host reaches the port through it
    assert client_address(gateway, "203.0.113.9", trusted.trusted_proxies) == "203.0.113.9"
    # A remote client keeps its own address through Docker's forwarding: its header is not believed.
    assert client_address("198.51.100.7", "203.0.113.9", trusted.trusted_proxies) == "198.51.100.7"


# --- render.yaml ----------------------------------------------------------------------------------


def test_render_blueprint_follows_the_blueprint_structure() -> None:
    result = _check_jsonschema(RENDER, "--schemafile", str(RENDER_SCHEMA))
    assert result.returncode == 0, result.stdout + result.stderr


def test_render_schema_catches_a_misspelt_key(tmp_path: Path) -> None:
    broken = _misspelt(RENDER, "healthCheckPath", "healthcheckPath", tmp_path)
    result = _check_jsonschema(broken, "--schemafile", str(RENDER_SCHEMA))
    assert result.returncode == 1
    assert "healthcheckPath" in result.stdout


def _render_services() -> dict[str, dict[str, Any]]:
    return {service["type"]: service for service in _yaml(RENDER)["services"]}


def _env_keys(env_vars: list[dict[str, Any]], groups: dict[str, list[dict[str, Any]]]) -> set[str]:
    """The variables a service ends up with: its own and those of the groups it takes."""
    keys: set[str] = set()
    for entry in env_vars:
        if "fromGroup" in entry:
            keys |= {item["key"] for item in groups[entry["fromGroup"]]}
        else:
            keys.add(entry["key"])
    return keys


def test_render_web_service_runs_the_image_with_health_check_and_page_disk() -> None:
    blueprint = _yaml(RENDER)
    groups = {group["name"]: group["envVars"] for group in blueprint["envVarGroups"]}
    web = _render_services()["web"]
    assert web["runtime"] == "docker"
    assert (REPO_ROOT / web["dockerfilePath"]).is_file()
    assert web["healthCheckPath"] in API_PATHS
    home = next(item["value"] for item in web["envVars"] if item.get("key") == "FILINGPROOF_HOME")
    assert web["disk"]["mountPath"] == home
    taken = [entry["fromGroup"] for entry in web["envVars"] if "fromGroup" in entry]
    assert taken and set(taken) <= set(groups)
    # DATABASE_URL is assembled by deploy/start.sh from these (see test_start_script_assembles_...).
    assert {"DATABASE_HOSTPORT", "POSTGRES_USER", "POSTGRES_PASSWORD", "POSTGRES_DB"} <= _env_keys(
        web["envVars"], groups
    )


def test_render_believes_its_proxy_and_the_cloudflare_edge() -> None:
    settings = {
        item["key"]: item.get("value") for group in _yaml(RENDER)["envVarGroups"] for item in group["envVars"]
    }
    trusted = Settings(TRUSTED_PROXIES=settings["TRUSTED_PROXIES"]).trusted_proxies
    # Render's proxy connects from 10.x; its X-Forwarded-For is "client, Cloudflare edge".
    assert client_address("10.21.157.68", "99.61.165.29, 104.22.17.40", trusted) == "99.61.165.29"
    assert client_address("10.21.157.68", "2001:db8::7, 2606:4700::1", trusted) == "2001:db8::7"
    # A client's own X-Forwarded-For entries left of the edge's are not believed.
    assert client_address("10.21.157.68", "1.2.3.4, 99.61.165.29, 104.22.17.40", trusted) == "99.61.165.29"
    assert client_address("99.61.165.29", "1.2.3.4", trusted) == "99.61.165.29"


def test_render_database_is_a_private_pgvector_service_on_a_disk() -> None:
    blueprint = _yaml(RENDER)
    groups = {group["name"]: group["envVars"] for group in blueprint["envVarGroups"]}
    services = _render_services()
    db = services["pserv"]
    assert db["runtime"] == "image"
    assert re.fullmatch(r"(docker\.io/)?pgvector/pgvector:pg\d+", db["image"]["url"])
    assert db["disk"]["mountPath"].startswith("/var/lib/postgresql")
    assert {"POSTGRES_USER", "POSTGRES_PASSWORD", "POSTGRES_DB"} <= _env_keys(db["envVars"], groups)
    reference = next(item["fromService"] for item in services["web"]["envVars"] if "fromService" in item)
    assert (reference["type"], reference["name"], reference["property"]) == ("pserv", db["name"], "hostport")
    # The password is generated once, in a group both services take, so both see the same value.
    shared = {entry["fromGroup"] for entry in db["envVars"] if "fromGroup" in entry}
    shared &= {entry["fromGroup"] for entry in services["web"]["envVars"] if "fromGroup" in entry}
    assert any(
        item["key"] == "POSTGRES_PASSWORD" and item.get("generateValue")
        for name in shared
        for item in groups[name]
    )


# --- Dockerfile -----------------------------------------------------------------------------------


def _stages() -> dict[str, list[str]]:
    """Instructions per stage (`FROM image AS name`), continuation lines joined."""
    text = re.sub(r"\\\n\s*", " ", DOCKERFILE.read_text())
    stages: dict[str, list[str]] = {}
    current: list[str] = []
    for line in text.splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        if match := re.fullmatch(r"FROM\s+(\S+)\s+AS\s+(\S+)", line, flags=re.IGNORECASE):
            current = stages.setdefault(match.group(2), [f"FROM {match.group(1)}"])
            continue
        current.append(line)
    return stages


def test_dockerfile_builds_the_web_app_in_a_node_stage() -> None:
    web = _stages()["web"]
    assert web[0].startswith("FROM node:")
    runs = [line for line in web if line.startswith("RUN ")]
    assert any("npm ci" in run for run in runs)
    assert runs[-1] == "RUN npm run build"


def test_dockerfile_api_stage_has_cpu_torch_chromium_and_the_built_app() -> None:
    stages = _stages()
    api = stages[list(stages)[-1]]  # the last stage is the image
    assert api[0].startswith("FROM python:3.11")
    joined = "\n".join(api)
    assert "--index-url https://download.pytorch.org/whl/cpu" in joined
    assert "torch==2.13.0" in joined
    assert joined.index("torch==2.13.0") < joined.index("pip install --no-cache-dir ./backend")
    assert "apt-get install" in joined and "chromium" in joined
    copied = re.search(r"COPY --from=web /web/dist (\S+)", joined)
    assert copied is not None
    assert re.search(rf"WEB_DIST={re.escape(copied.group(1))}\b", joined)
    assert api[-1] == 'CMD ["/app/deploy/start.sh"]'
    assert "COPY deploy/start.sh /app/deploy/start.sh" in api
    assert os.access(START, os.X_OK)


# --- deploy/start.sh ------------------------------------------------------------------------------


def _start_script_commands() -> list[str]:
    """The script's `filingproof` command lines, in order."""
    return [
        line.strip()
        for line in START.read_text().splitlines()
        if re.match(r"\s*(exec\s+)?filingproof\b", line)
    ]


RECORDER = """#!/bin/sh
# Stands in for the real command: records how it was called and with which DATABASE_URL.
echo "$* | ${DATABASE_URL:-}" >> "$RECORD"
"""


def _run_start_script(tmp_path: Path, env: dict[str, str]) -> list[str]:
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    recorder = bin_dir / "filingproof"
    recorder.write_text(RECORDER)
    recorder.chmod(0o755)
    record = tmp_path / "calls"
    base = {key: value for key, value in os.environ.items() if key not in {"DATABASE_URL", "PORT"}}
    subprocess.run(
        ["sh", str(START)],
        env={**base, **env, "PATH": f"{bin_dir}:{os.environ['PATH']}", "RECORD": str(record)},
        check=True,
        timeout=60,
    )
    return record.read_text().splitlines()


def test_start_script_assembles_the_database_url_from_render_parts(tmp_path: Path) -> None:
    password = "a/b+c=d@e:f%"  # generated secrets may hold any of these
    calls = _run_start_script(
        tmp_path,
        {
            "DATABASE_HOSTPORT": "filingproof-db:5432",
            "POSTGRES_USER": "filingproof",
            "POSTGRES_PASSWORD": password,
            "POSTGRES_DB": "filingproof",
            "PORT": "10000",
        },
    )
    assert [call.split(" | ")[0] for call in calls] == ["db upgrade", "serve --host 0.0.0.0 --port 10000"]
    url = make_url(calls[0].split(" | ")[1])
    assert (url.username, url.password, url.host, url.port, url.database) == (
        "filingproof",
        password,
        "filingproof-db",
        5432,
        "filingproof",
    )


def test_start_script_keeps_an_explicit_database_url(tmp_path: Path) -> None:
    explicit = "postgresql://filingproof:filingproof@db:5432/filingproof"
    calls = _run_start_script(tmp_path, {"DATABASE_URL": explicit, "DATABASE_HOSTPORT": "elsewhere:1"})
    assert calls == [f"db upgrade | {explicit}", f"serve --host 0.0.0.0 --port 8000 | {explicit}"]


# --- .env.example ---------------------------------------------------------------------------------


def _example_entries() -> dict[str, list[str]]:
    """Each `KEY=value` line of .env.example with the comment lines of its block (the lines above it).

    A setting with no usable empty value (a token that must be 16+ characters) is listed commented out,
    `# KEY=`, so that .env.example copied to .env still loads.
    """
    entries: dict[str, list[str]] = {}
    comments: list[str] = []
    for line in ENV_EXAMPLE.read_text().splitlines():
        stripped = line.strip()
        if match := re.fullmatch(r"(?:#\s*)?([A-Z][A-Z0-9_]*)=(.*)", stripped):
            entries[match.group(1)] = list(comments)
            shlex.split(match.group(2))  # a value a shell could source
        elif stripped.startswith("#"):
            comments.append(stripped)
        else:  # a blank line ends a block: its comments describe nothing below
            comments = []
    return entries


def _setting_names() -> set[str]:
    return {field.alias or name.upper() for name, field in Settings.model_fields.items()}


@pytest.mark.parametrize("name", sorted(_setting_names()))
def test_env_example_lists_every_setting_with_a_comment(name: str) -> None:
    entries = _example_entries()
    assert name in entries, f"{name} (a field of filingproof.config.Settings) is missing from .env.example"
    assert entries[name], f"{name} in .env.example has no comment above it"


def test_env_example_lists_nothing_the_settings_do_not_read() -> None:
    assert set(_example_entries()) <= _setting_names()


def test_env_example_copied_to_env_loads(tmp_path: Path) -> None:
    """`cp .env.example .env` must give valid settings (an empty token, say, would be refused)."""
    env_file = tmp_path / ".env"
    env_file.write_text(ENV_EXAMPLE.read_text())
    process_env = {name: os.environ.pop(name) for name in _setting_names() if name in os.environ}
    try:
        settings = Settings(_env_file=env_file)
    finally:
        os.environ.update(process_env)
    assert settings.edgar_requests_per_second == 5
    assert settings.demo_dir is None  # `FILINGPROOF_DEMO_DIR=` means unset

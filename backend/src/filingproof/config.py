"""Typed settings: one object, read from the environment (and `.env`), failing fast on bad values."""

from functools import lru_cache
from ipaddress import IPv4Network, IPv6Network
from pathlib import Path
from typing import Annotated

from pydantic import Field, SecretStr, field_validator, model_validator
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict


def _checkout_web_dist() -> Path | None:
    """`frontend/dist` of the source checkout this package runs from, when `npm run build` has made it."""
    dist = Path(__file__).resolve().parents[3] / "frontend" / "dist"
    return dist if (dist / "index.html").is_file() else None


class Settings(BaseSettings):
    # hide_input_in_errors: a rejected value is never echoed (a too-short ADMIN_TOKEN is still a secret).
    model_config = SettingsConfigDict(
        env_file=".env", extra="ignore", populate_by_name=True, hide_input_in_errors=True
    )

    home: Path = Field(default=Path("~/.filingproof"), alias="FILINGPROOF_HOME")
    database_url: str | None = Field(default=None, alias="DATABASE_URL")

    edgar_user_agent: str = Field(default="", alias="EDGAR_USER_AGENT")
    edgar_www_base: str = Field(default="https://www.sec.gov", alias="EDGAR_WWW_BASE")
    edgar_data_base: str = Field(default="https://data.sec.gov", alias="EDGAR_DATA_BASE")
    edgar_requests_per_second: float = Field(default=5.0, gt=0, le=10, alias="EDGAR_REQUESTS_PER_SECOND")
    edgar_max_retries: int = Field(default=4, ge=0, le=10, alias="EDGAR_MAX_RETRIES")
    edgar_timeout_s: float = Field(default=30.0, gt=0, alias="EDGAR_TIMEOUT_S")

    # Page images in an S3-compatible bucket (`s3://bucket/prefix`) instead of `$FILINGPROOF_HOME/pages`;
    # the endpoint of a non-AWS store (MinIO, R2); the base URL browsers fetch the prefix's objects from
    # (set: the image route redirects there). Credentials: boto3's (AWS_ACCESS_KEY_ID, … in the environment).
    page_store_url: str | None = Field(
        default=None, pattern=r"^s3://[a-z0-9][a-z0-9.\-]{1,61}[a-z0-9](/.*)?$", alias="PAGE_STORE_URL"
    )
    page_store_endpoint_url: str | None = Field(
        default=None, pattern=r"^https?://", alias="PAGE_STORE_ENDPOINT_URL"
    )
    page_store_public_url: str | None = Field(
        default=None, pattern=r"^https?://", alias="PAGE_STORE_PUBLIC_URL"
    )

    chromium_path: Path = Field(default=Path("/usr/bin/chromium"), alias="CHROMIUM_PATH")
    page_viewport_width: int = Field(default=1000, ge=600, le=2000, alias="PAGE_VIEWPORT_WIDTH")
    # One step of a rendering (open, lay out, capture a page) takes seconds; Chromium has been seen never to
    # answer a capture at all. A step taking longer than this is a stall: the filing is rendered again once
    # on a fresh page, then fails with what stalled.
    render_stall_s: float = Field(default=90.0, gt=0, alias="RENDER_STALL_S")

    # `filingproof demo` (run by `make run`) ingests this folder when the database is empty.
    demo_dir: Path | None = Field(default=None, alias="FILINGPROOF_DEMO_DIR")

    bm25_k1: float = Field(default=1.2, gt=0, le=3, alias="BM25_K1")
    bm25_b: float = Field(default=0.75, ge=0, le=1, alias="BM25_B")
    rrf_k: int = Field(default=60, ge=1, alias="RRF_K")
    retrieval_candidates: int = Field(default=50, ge=1, le=1000, alias="RETRIEVAL_CANDIDATES")

    # An OpenAI-compatible chat endpoint (OpenAI, Groq, vLLM, Ollama); unset: the deterministic writer.
    llm_base_url: str | None = Field(default=None, alias="LLM_BASE_URL")
    llm_model: str | None = Field(default=None, alias="LLM_MODEL")
    llm_api_key: str | None = Field(default=None, alias="LLM_API_KEY")
    # The most one draft may take, retries included; past it the deterministic writer answers.
    llm_timeout_s: float = Field(default=60.0, gt=0, alias="LLM_TIMEOUT_S")
    # A longer draft is rejected (and the deterministic writer answers): a reply is 1-3 sentences.
    llm_max_output_chars: int = Field(default=8000, ge=100, le=10_000_000, alias="LLM_MAX_OUTPUT_CHARS")
    llm_cost_per_1k_input: float = Field(default=0.0, ge=0, alias="LLM_COST_PER_1K_INPUT")
    llm_cost_per_1k_output: float = Field(default=0.0, ge=0, alias="LLM_COST_PER_1K_OUTPUT")

    # Seconds between an evaluation run's heartbeats; its lease lasts four of them. Another process finds
    # a run whose lease has lapsed interrupted, never one that is still beating.
    eval_heartbeat_s: float = Field(default=5.0, gt=0, le=300, alias="EVAL_HEARTBEAT_S")

    # Ingest jobs (`jobs/`): a worker beats every `worker_heartbeat_s`; a worker silent for `worker_stalled_s`
    # is lost and its job retried (a blocking parse delays beats: keep it well above the longest parse). A
    # job is tried `job_max_attempts` times at most (EDGAR outages, lost workers), waiting from
    # `job_retry_base_s` on, doubling.
    worker_heartbeat_s: float = Field(default=10.0, gt=0, le=300, alias="WORKER_HEARTBEAT_S")
    worker_stalled_s: float = Field(default=60.0, gt=0, le=3600, alias="WORKER_STALLED_S")
    job_max_attempts: int = Field(default=4, ge=1, le=20, alias="JOB_MAX_ATTEMPTS")
    job_retry_base_s: float = Field(default=30.0, ge=0, le=3600, alias="JOB_RETRY_BASE_S")
    # Off: workers index BM25 alone (a fast bulk load); `filingproof index backfill` embeds later.
    ingest_embeddings: bool = Field(default=True, alias="INGEST_EMBEDDINGS")

    # The HTTP service (`filingproof serve`). Lists are comma-separated in the environment.
    cors_origins: Annotated[list[str], NoDecode] = Field(default_factory=list, alias="CORS_ORIGINS")
    admin_token: SecretStr | None = Field(default=None, min_length=16, alias="ADMIN_TOKEN")
    query_rate_per_minute: float = Field(default=30.0, gt=0, alias="QUERY_RATE_PER_MINUTE")
    query_rate_burst: int = Field(default=10, ge=1, alias="QUERY_RATE_BURST")
    # The same question from the same client within this many seconds is answered once (0: never merged).
    query_dedup_s: float = Field(default=1.0, ge=0, le=60, alias="QUERY_DEDUP_SECONDS")
    trusted_proxies: Annotated[list[IPv4Network | IPv6Network], NoDecode] = Field(
        default_factory=list, alias="TRUSTED_PROXIES"
    )
    max_body_bytes: int = Field(default=64 * 1024, ge=1024, le=16 * 1024 * 1024, alias="MAX_BODY_BYTES")
    # A filing document uploaded to `POST /filings` (a 10-K's HTML is a few MB, a PDF's tens).
    max_upload_bytes: int = Field(default=64 * 1024 * 1024, ge=1024, le=1024**3, alias="MAX_UPLOAD_BYTES")
    # The built web app, served from the API's origin. Unset: the checkout's frontend/dist when it is built;
    # empty: no web app (the API alone).
    web_dist: Path | None = Field(default_factory=_checkout_web_dist, alias="WEB_DIST")

    # `filingproof mcp --transport http` demands this bearer token (stdio needs none: the caller spawned it).
    mcp_token: SecretStr | None = Field(default=None, min_length=16, alias="MCP_TOKEN")

    @field_validator("cors_origins", "trusted_proxies", mode="before")
    @classmethod
    def _split_commas(cls, value: object) -> object:
        if isinstance(value, str):
            return [item.strip() for item in value.split(",") if item.strip()]
        return value

    @field_validator(
        "demo_dir", "page_store_url", "page_store_endpoint_url", "page_store_public_url", mode="before"
    )
    @classmethod
    def _empty_is_unset(cls, value: object) -> object:
        # `FILINGPROOF_DEMO_DIR=` (as in .env.example) means unset, not the current directory.
        return None if isinstance(value, str) and not value.strip() else value

    @field_validator("web_dist", mode="before")
    @classmethod
    def _no_web_dist(cls, value: object) -> object:
        return None if isinstance(value, str) and not value.strip() else value

    @field_validator("home", mode="after")
    @classmethod
    def _expand_home(cls, value: Path) -> Path:
        return value.expanduser().resolve()

    @model_validator(mode="after")
    def _page_store_complete(self) -> "Settings":
        # An endpoint or public URL without a bucket would be ignored: images would go to the local folder.
        if self.page_store_url is None and (self.page_store_endpoint_url or self.page_store_public_url):
            raise ValueError("PAGE_STORE_ENDPOINT_URL and PAGE_STORE_PUBLIC_URL need PAGE_STORE_URL")
        return self

    @property
    def pg_dir(self) -> Path:
        return self.home / "pg"

    @property
    def pages_dir(self) -> Path:
        return self.home / "pages"

    @property
    def edgar_cache_dir(self) -> Path:
        return self.home / "edgar-cache"


@lru_cache
def get_settings() -> Settings:
    return Settings()

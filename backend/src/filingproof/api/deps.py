"""Dependencies shared by the routes: settings, a database session, the admin check, the rate limit."""

import hmac
from collections.abc import AsyncIterator
from typing import Annotated

from fastapi import Depends, HTTPException, Request
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from filingproof.api.limits import TokenBuckets, client_address, retry_after_seconds
from filingproof.config import Settings


def get_app_settings(request: Request) -> Settings:
    settings: Settings = request.app.state.settings
    return settings


SettingsDep = Annotated[Settings, Depends(get_app_settings)]


async def get_session(request: Request) -> AsyncIterator[AsyncSession]:
    sessionmaker: async_sessionmaker[AsyncSession] = request.app.state.sessionmaker
    async with sessionmaker() as session:
        yield session


SessionDep = Annotated[AsyncSession, Depends(get_session)]

_bearer = HTTPBearer(auto_error=False, description="The ADMIN_TOKEN setting, as a Bearer token.")


BearerDep = Annotated[HTTPAuthorizationCredentials | None, Depends(_bearer)]


def require_admin(settings: SettingsDep, credentials: BearerDep) -> None:
    """Guards every route that changes state: `dependencies=[Depends(require_admin)]`."""
    if credentials is None:
        raise HTTPException(401, "An admin token is required.", headers={"WWW-Authenticate": "Bearer"})
    _check_token(settings, credentials)


def is_admin(settings: SettingsDep, credentials: BearerDep) -> bool:
    """For routes that show more to the admin: False without a token, True with the right one, 403 with a
    wrong one (a caller who sends a token wants to know it was refused)."""
    if credentials is None:
        return False
    _check_token(settings, credentials)
    return True


def _check_token(settings: Settings, credentials: HTTPAuthorizationCredentials) -> None:
    expected = settings.admin_token
    if expected is None:
        raise HTTPException(403, "Admin routes are disabled: ADMIN_TOKEN is not set.")
    if not hmac.compare_digest(credentials.credentials.encode(), expected.get_secret_value().encode()):
        raise HTTPException(403, "The admin token is not valid.")


def client_key(request: Request, settings: SettingsDep) -> str:
    return client_address(
        request.client.host if request.client else None,
        request.headers.get("x-forwarded-for"),
        settings.trusted_proxies,
    )


def rate_limited(request: Request, client: Annotated[str, Depends(client_key)]) -> None:
    """The query routes' per-client token bucket; 429 with Retry-After when it is empty."""
    buckets: TokenBuckets = request.app.state.query_buckets
    wait = buckets.take(client)
    if wait > 0:
        raise HTTPException(
            429,
            "Too many queries from this client; retry later.",
            headers={"Retry-After": retry_after_seconds(wait)},
        )

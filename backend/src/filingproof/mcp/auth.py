"""The bearer-token guard of the MCP server over HTTP.

One static token (MCP_TOKEN) rather than the SDK's OAuth resource-server machinery: there is no
authorization server to point clients at, and a shared secret is what a script or an agent host is
configured with. Every HTTP request must carry `Authorization: Bearer <token>`; the lifespan passes.
"""

import hmac
import json

from starlette.types import ASGIApp, Receive, Scope, Send


class BearerTokenGuard:
    """ASGI middleware: 401 (with `WWW-Authenticate: Bearer`) unless the request carries the token."""

    def __init__(self, app: ASGIApp, token: str) -> None:
        self.app = app
        self._expected = f"Bearer {token}".encode()

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and not self._authorized(scope):
            await _refuse(send)
            return
        await self.app(scope, receive, send)

    def _authorized(self, scope: Scope) -> bool:
        presented = [value for name, value in scope["headers"] if name == b"authorization"]
        # Constant-time: the comparison must not tell an attacker how much of a guess was right.
        return len(presented) == 1 and hmac.compare_digest(presented[0], self._expected)


async def _refuse(send: Send) -> None:
    body = json.dumps(
        {"error": "invalid_token", "error_description": "A valid bearer token (MCP_TOKEN) is required."}
    ).encode()
    await send(
        {
            "type": "http.response.start",
            "status": 401,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(body)).encode()),
                (b"www-authenticate", b'Bearer error="invalid_token"'),
            ],
        }
    )
    await send({"type": "http.response.body", "body": body})

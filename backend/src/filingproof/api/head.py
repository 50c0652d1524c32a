"""HEAD on every GET route (RFC 9110 §9.3.2): the GET's status and headers, without its body.

An ASGI middleware rather than HEAD on each route, so the OpenAPI document lists GET alone and every GET —
the API's, the docs', the web app's files — answers HEAD the same way.
"""

from starlette.types import ASGIApp, Message, Receive, Scope, Send


class HeadAsGetMiddleware:
    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] != "HEAD":
            await self.app(scope, receive, send)
            return

        async def without_body(message: Message) -> None:
            if message["type"] == "http.response.body":
                if message.get("more_body", False):
                    return  # a streamed body's chunks are read and dropped
                message = {"type": "http.response.body", "body": b"", "more_body": False}
            await send(message)

        await self.app({**scope, "method": "GET"}, receive, without_body)

"""The hall's checks on each request, in Starlette's terms (issue 30): who may do what, and the headers every
response carries.

- A state-changing request made by another site's page is refused (`Sec-Fetch-Site`, `Origin`).
- The desk and the scorekeeper need the secret: once in the desk's address, then a cookie (HttpOnly,
  SameSite=Strict); desk forms also carry a token (`X-CSRF-Token`) that another site cannot read. A script
  sends the secret as `Authorization: Bearer SECRET` (no cookie, so no token needed).
- Every response says: no framing, no sniffing, no referrer (the desk's address never leaks); the hall's pages
  load scripts only from the server itself, so a name that got past escaping still could not run.
"""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from .security import DESK_COOKIE, csrf_token, desk_cookie, same_origin, secret_matches

PAGE_POLICY = ("default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data:; "
               "form-action 'self'; base-uri 'none'; frame-ancestors 'none'")
REPORT_POLICY = ("default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src 'self' data:; "
                 "font-src data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'")


class SecurityHeaders:
    """ASGI middleware: the headers above on every response (a page's own policy, if it set one, is kept)."""

    def __init__(self, app) -> None:
        self.app = app

    async def __call__(self, scope, receive, send) -> None:
        if scope["type"] != "http":
            return await self.app(scope, receive, send)

        async def with_headers(message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                names = {name for name, _ in headers}
                extra = [(b"x-content-type-options", b"nosniff"), (b"x-frame-options", b"DENY"),
                         (b"referrer-policy", b"no-referrer"), (b"content-security-policy", PAGE_POLICY.encode())]
                headers += [(name, value) for name, value in extra if name not in names]
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, with_headers)


def client_of(request: Request) -> str:
    """Who is slowed after wrong codes: the phone's address on the hall's network."""
    return request.client.host if request.client else "unknown"


def bearer(request: Request) -> str | None:
    header = request.headers.get("authorization", "")
    return header[7:].strip() if header.lower().startswith("bearer ") else None


def is_desk(request: Request, secret: str) -> bool:
    """The request carries the secret: the desk's cookie, or a script's bearer token."""
    token = bearer(request)
    if token is not None:
        return secret_matches(secret, token)
    cookie = request.cookies.get(DESK_COOKIE)
    return cookie is not None and secret_matches(desk_cookie(secret), cookie)


def refused(status: int, message: str, **headers: str) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status, headers=headers or None)


def cross_site(request: Request) -> Response | None:
    """Refuse a state-changing request another site's page made; None when it may go on."""
    if same_origin(request.headers, request.headers.get("host", "")):
        return None
    return refused(403, "This request came from another site, so it was refused.")


def desk_refusal(request: Request, secret: str, form: dict | None = None) -> Response | None:
    """None when a desk action may run: the secret, and for a browser's cookie the form's token too."""
    refusal = cross_site(request)
    if refusal is not None:
        return refusal
    if not is_desk(request, secret):
        return refused(401, "The desk needs the secret: open the desk address printed when the server started.")
    if bearer(request) is None:
        token = request.headers.get("x-csrf-token") or (form or {}).get("csrf")
        if not isinstance(token, str) or not secret_matches(csrf_token(secret), token):
            return refused(403, "The form's token is missing or wrong: reload the desk page and try again.")
    return None

"""Errors at the HTTP edge: one envelope for every API error, a page for a lost visitor,
and an OpenAPI document that says so.

Every refusal of ``/api/…`` is ``{"error": {"code", "message", "texts"}}`` (the message in
the request's language, ``texts`` in both): the services' :class:`ServiceError`, a body or
query that does not validate (``BAD_REQUEST``, 422), and what the framework answers by
itself — a body it cannot parse (``BAD_BODY``, 400), an address with no route
(``NOT_FOUND``, 404) and a method the address does not take (``METHOD_NOT_ALLOWED``, 405,
with ``Allow`` naming *every* method of the address: the router's own names only the
first route's). They were FastAPI's ``{"detail": …}`` (and a plain text for a body that
is not UTF-8).

A browser that asks for an address with no page — no route, or a page's route with no such
thing (``/tournaments/999``) — gets the "no such page" page (404, in its language, with
the way back to the lobby) instead of that JSON.

The OpenAPI document describes the envelope (``Error``), replaces FastAPI's
``HTTPValidationError`` (never sent) on every operation, and adds the responses every
operation can give: 400, 429 and ``default`` (404, 409, 413…, each named by its code).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.openapi.utils import get_openapi
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.responses import FileResponse, JSONResponse, PlainTextResponse, Response
from starlette.routing import Match

from cotuong.server.errors import ServiceError, invalid_field, lang_of

__all__ = ["error_response", "install_error_handlers", "openapi_with_errors"]

# What the router (and FastAPI, for a body it cannot parse) answers by itself, as
# protocol codes; any other such refusal is HTTP_ERROR with its status.
_ROUTER_CODES = {400: "BAD_BODY", 404: "NOT_FOUND", 405: "METHOD_NOT_ALLOWED"}
_ERROR_SCHEMA: dict[str, Any] = {
    "title": "Error",
    "description": "Every refusal: a stable code (docs/web-protocol.md), the message in "
                   "the request's Accept-Language, and the message in both languages.",
    "type": "object", "required": ["error"],
    "properties": {"error": {
        "type": "object", "required": ["code", "message", "texts"],
        "properties": {
            "code": {"type": "string", "examples": ["ROOM_NOT_FOUND"]},
            "message": {"type": "string"},
            "texts": {"type": "object", "required": ["vi", "en"],
                      "properties": {"vi": {"type": "string"}, "en": {"type": "string"}}},
            # A refused move's reason, where a move was refused.
            "reason": {"type": "object"},
        }}},
}
_REF = {"$ref": "#/components/schemas/Error"}
_RESPONSES = {
    "400": "A field of the body or the query is wrong (its code says which rule).",
    "422": "The body or the query does not have the expected form (BAD_REQUEST).",
    "429": "Too many requests (RATE_LIMITED and the like): wait Retry-After seconds.",
    "default": "Any other refusal: 401/403 (who asks), 404 (no such thing), 409 (not now), "
               "413 (too large), 503 (busy).",
}


def error_response(exc: ServiceError, accept_language: str | None) -> JSONResponse:
    """The error in the reader's language (the request's ``Accept-Language``) as
    ``message``, and in both as ``texts`` (a page can switch language without asking
    again)."""
    return JSONResponse({"error": {"code": exc.code,
                                   "message": exc.text(lang_of(accept_language)),
                                   "texts": exc.texts}},
                        status_code=exc.status,
                        headers={"Retry-After": str(exc.retry_after)}
                        if exc.retry_after is not None else None)


_METHODS = ("GET", "HEAD", "POST", "PUT", "PATCH", "DELETE")


def _allowed(app: FastAPI, request: Request) -> list[str]:
    """Every method some route of this address takes, asked of the routes themselves
    (included routers are not flattened: each says whether it takes the address)."""
    return [method for method in _METHODS
            if any(route.matches({**request.scope, "method": method})[0] is Match.FULL
                   for route in app.router.routes)]


def install_error_handlers(app: FastAPI, not_found_page: Path) -> None:
    """The handlers of ``app``'s errors (see the module's text)."""
    page = not_found_page if not_found_page.is_file() else None  # (an install without it)

    def lost(request: Request, status: int) -> Response | None:
        """The "no such page" page, for a browser asking a page address that leads nowhere
        (no route, or a page's route with no such thing: ``/tournaments/999``)."""
        path = request.url.path
        if page is not None and status in (404, 422) and request.method in ("GET", "HEAD") \
                and not path.startswith(("/api/", "/static/", "/ws/")):
            return FileResponse(page, status_code=404, media_type="text/html")
        return None

    @app.exception_handler(ServiceError)
    async def service_error(request: Request, exc: ServiceError) -> Response:
        return lost(request, exc.status) \
            or error_response(exc, request.headers.get("accept-language"))

    @app.exception_handler(RequestValidationError)
    async def invalid(request: Request, exc: RequestValidationError) -> Response:
        first = exc.errors()[0] if exc.errors() else {}
        where, detail = invalid_field(first)
        error = ServiceError("BAD_REQUEST", status=422, where=where, detail=detail)
        return lost(request, 422) \
            or error_response(error, request.headers.get("accept-language"))

    @app.exception_handler(StarletteHTTPException)
    async def router_error(request: Request, exc: StarletteHTTPException) -> Response:
        path = request.url.path
        if path.startswith("/api/"):
            code = _ROUTER_CODES.get(exc.status_code, "HTTP_ERROR")
            allowed = ", ".join(_allowed(app, request)) if exc.status_code == 405 else ""
            error = ServiceError(code, status=exc.status_code, path=path,
                                 method=request.method, allowed=allowed,
                                 status_code=exc.status_code)
            response = error_response(error, request.headers.get("accept-language"))
            if allowed:
                response.headers["Allow"] = allowed
            return response
        return lost(request, exc.status_code) \
            or PlainTextResponse(str(exc.detail), status_code=exc.status_code,
                                 headers=exc.headers)


def openapi_with_errors(app: FastAPI) -> Callable[[], dict[str, Any]]:
    """``app.openapi``: FastAPI's document with the error envelope on every operation
    (built once, as FastAPI's own)."""

    def openapi() -> dict[str, Any]:
        if app.openapi_schema is not None:
            return app.openapi_schema
        doc = get_openapi(title=app.title, version=app.version, routes=app.routes,
                          description=app.description)
        schemas = doc.setdefault("components", {}).setdefault("schemas", {})
        schemas.pop("HTTPValidationError", None)
        schemas.pop("ValidationError", None)
        schemas["Error"] = _ERROR_SCHEMA
        for operations in doc.get("paths", {}).values():
            for operation in operations.values():
                responses = operation.setdefault("responses", {})
                for status, description in _RESPONSES.items():
                    # 422 where FastAPI put it (an operation with a body or parameters).
                    if status != "422" or status in responses:
                        responses[status] = {"description": description, "content": {
                            "application/json": {"schema": _REF}}}
        app.openapi_schema = doc
        return doc

    return openapi

"""``/api/docs``: the REST API as one page made here from the OpenAPI schema, with no
script at all. (FastAPI's default page loads Swagger UI's script from a CDN without
integrity hashes: whoever controls that CDN would run code on this origin, beside the
players' cookies; an inline bootstrap script would also need a CSP exception.)

>>> html = api_docs_html({"info": {"title": "t", "version": "1"}, "paths": {"/api/x": {
...     "get": {"summary": "X", "parameters": [{"name": "n", "in": "query",
...     "required": False, "schema": {"type": "integer"}}]}}}})
>>> "<code>GET</code> <code>/api/x</code>" in html, "<script" in html
(True, False)
"""

from __future__ import annotations

from html import escape
from typing import Any

_CSS = """<style>
body { font-family: "Noto Sans", "DejaVu Sans", Arial, sans-serif; margin: 1em auto;
  max-width: 60em; padding: 0 1em; line-height: 1.45; }
section { border-top: 1px solid #ccc; padding: .4em 0; }
code { background: #f4f0e8; padding: 0 .2em; }
.desc { white-space: pre-wrap; color: #333; }
td, th { text-align: left; padding: .1em .6em .1em 0; vertical-align: top; }
</style>"""


def _schema_name(schema: dict[str, Any]) -> str:
    """A short name for a schema: its ``$ref``'s last part, its type, or ``any``."""
    if "$ref" in schema:
        return str(schema["$ref"]).rsplit("/", 1)[-1]
    if "anyOf" in schema:
        return " | ".join(_schema_name(s) for s in schema["anyOf"])
    if schema.get("type") == "array":
        return f"list of {_schema_name(schema.get('items', {}))}"
    return str(schema.get("type", "any"))


def _operation(path: str, method: str, op: dict[str, Any]) -> str:
    parts = [f"<section><h3><code>{method.upper()}</code> <code>{escape(path)}</code>"
             f" — {escape(str(op.get('summary', '')))}</h3>"]
    if op.get("description"):
        parts.append(f"<p class=\"desc\">{escape(str(op['description']))}</p>")
    params = op.get("parameters", [])
    if params:
        rows = "".join(
            f"<tr><td><code>{escape(str(p.get('name')))}</code></td>"
            f"<td>{escape(str(p.get('in')))}</td>"
            f"<td>{escape(_schema_name(p.get('schema', {})))}</td>"
            f"<td>{'required' if p.get('required') else ''}</td></tr>" for p in params)
        parts.append(f"<table><tr><th>parameter</th><th>in</th><th>type</th><th></th></tr>"
                     f"{rows}</table>")
    body = op.get("requestBody", {}).get("content", {}).get("application/json")
    if body:
        parts.append(f"<p>body: <code>{escape(_schema_name(body.get('schema', {})))}</code>"
                     "</p>")
    parts.append("</section>")
    return "".join(parts)


def api_docs_html(openapi: dict[str, Any]) -> str:
    """The page: every path and method with its summary, description, parameters and
    body; the full schema is linked (``/api/openapi.json``)."""
    info = openapi.get("info", {})
    title = escape(f"{info.get('title', 'API')} {info.get('version', '')}".strip())
    ops = [_operation(path, method, op)
           for path, methods in sorted(openapi.get("paths", {}).items())
           for method, op in methods.items() if isinstance(op, dict)]
    return ("<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\">"
            "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
            f"<title>{title}</title>{_CSS}</head><body><h1>{title}</h1>"
            f"<p>{escape(str(info.get('description', '')))}</p>"
            "<p>The full schema: <a href=\"/api/openapi.json\">/api/openapi.json</a>; "
            "the WebSocket messages: <a href=\"/api/protocol.json\">/api/protocol.json</a>."
            f"</p>{''.join(ops)}</body></html>")

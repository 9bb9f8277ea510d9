"""The web edge: :func:`create_app` wires the parts together (each serves its own
routes), the static browser files, and the process runtime of ``cotuong serve``."""

from cotuong.server.web.app import create_app

__all__ = ["create_app"]

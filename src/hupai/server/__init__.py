"""``hupai serve``: an HTTP JSON service for game servers written in any language
(optional extra ``[server]``: Starlette and uvicorn).

>>> from hupai.server import create_app        # an ASGI application, for any ASGI server
>>> app = create_app()

Endpoints (``GET /openapi.json`` describes them; docs/server.md shows each with an example):
``POST /v1/score``, ``/v1/ready``, ``/v1/exhaust`` (cases of the case format without
``expected``), ``POST /v1/analyze``, ``POST /v1/rounds/settle`` (a ``hupai-round/1``
record), ``POST /v1/rounds/simulate``, ``GET /v1/regions``, ``GET /v1/health``."""
from __future__ import annotations

import os
from typing import Any

from .app import ENV_MAX_BODY, ENV_TIME_LIMIT, Limits, create_app

__all__ = ["create_app", "Limits", "serve"]


def serve(host: str = "127.0.0.1", port: int = 8000, *, limits: Limits = Limits(), workers: int = 1,
          log_level: str = "info", access_log: bool = False) -> None:
    """Serve the application with uvicorn until interrupted; ``workers`` > 1 runs that
    many processes on one socket."""
    import uvicorn
    limits = Limits(*limits).checked()
    if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
        raise ValueError(f"workers is a positive number of processes, not {workers!r}")
    options: dict[str, Any] = {"host": host, "port": port, "log_level": log_level, "access_log": access_log}
    if workers == 1:
        uvicorn.run(create_app(limits), **options)
        return
    os.environ[ENV_MAX_BODY] = str(limits.max_body)
    os.environ[ENV_TIME_LIMIT] = repr(float(limits.time_limit))
    uvicorn.run("hupai.server.app:app_from_environment", factory=True, workers=workers, **options)

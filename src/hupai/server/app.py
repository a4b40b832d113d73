"""The ASGI application of ``hupai serve`` (Starlette): the endpoints of
:mod:`hupai.server.endpoints` behind the limits a public service needs.

Every answer is JSON.  A body that is not JSON is a 400, a body over the size limit a
413, a request the library refuses (a malformed case, a hand the rules forbid asking
about, an inconsistent record) a 422 carrying the library's message, a request past the
time limit a 503; a 500 would be a bug, and is logged as one."""
from __future__ import annotations

import asyncio
import json
import logging
import os
from concurrent.futures import ThreadPoolExecutor
from typing import Any, NamedTuple

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import ClientDisconnect, Request
from starlette.responses import Response
from starlette.routing import Route

from .._messages import clip
from .endpoints import ENDPOINTS, Endpoint, health, regions
from .openapi import document

__all__ = ["Limits", "create_app", "app_from_environment"]

log = logging.getLogger("hupai.server")


class Limits(NamedTuple):
    """What one request may take: ``max_body`` bytes of body, ``time_limit`` seconds."""

    max_body: int = 1_000_000
    time_limit: float = 10.0

    def checked(self) -> "Limits":
        if isinstance(self.max_body, bool) or not isinstance(self.max_body, int) or self.max_body < 1:
            raise ValueError(f"the body limit is a positive number of bytes, not {self.max_body!r}")
        if isinstance(self.time_limit, bool) or not isinstance(self.time_limit, (int, float)) \
                or not 0 < self.time_limit < float("inf"):
            raise ValueError(f"the time limit is a positive number of seconds, not {self.time_limit!r}")
        return self


class Refused(Exception):
    """A request answered with an error before any endpoint runs."""

    def __init__(self, status: int, message: str):
        super().__init__(message)
        self.status = status
        self.message = message


def json_response(status: int, value: Any) -> Response:
    text = json.dumps(value, ensure_ascii=False, separators=(",", ":"), allow_nan=False)
    return Response(text.encode("utf-8"), status_code=status, media_type="application/json")


def error_response(status: int, message: str, kind: str = "") -> Response:
    error: dict[str, Any] = {"status": status, "message": message}
    if kind:
        error["type"] = kind
    return json_response(status, {"error": error})


async def read_body(request: Request, limit: int) -> bytes:
    """The body, refused with a 413 as soon as it is known to be over ``limit`` bytes
    (from its declared length, or while it streams in)."""
    declared = request.headers.get("content-length")
    if declared is not None and declared.isdigit() and int(declared) > limit:
        raise Refused(413, f"the body is {int(declared)} bytes, over the limit of {limit}")
    chunks = []
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            raise Refused(413, f"the body is over the limit of {limit} bytes")
        chunks.append(chunk)
    return b"".join(chunks)


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def parse_json(body: bytes) -> Any:
    """The JSON value of a body; a 400 naming the problem when it is not JSON."""
    if not body.strip():
        raise Refused(400, "the body is empty: send a JSON object")
    try:
        return json.loads(body, parse_constant=_no_constant)
    except RecursionError:
        raise Refused(400, "not JSON: nested too deeply") from None
    except json.JSONDecodeError as exc:
        raise Refused(400, f"not JSON: {exc.msg} at line {exc.lineno} column {exc.colno}") from None
    except UnicodeDecodeError:
        raise Refused(400, "not JSON: the body is not UTF-8 text") from None
    except ValueError as exc:        # NaN or Infinity, refused by _no_constant
        raise Refused(400, f"not JSON: {exc}") from None


async def _answer(pool: ThreadPoolExecutor, endpoint: Endpoint, body: Any, time_limit: float) -> Any:
    """The endpoint's answer, computed on the application's worker threads so that the
    event loop keeps serving; past the time limit the request is answered with a 503
    (the computation is left to finish on its own: Python cannot stop a thread)."""
    return await asyncio.wait_for(asyncio.get_running_loop().run_in_executor(pool, endpoint, body), time_limit)


def _post_route(path: str, endpoint: Endpoint, limits: Limits, pool: ThreadPoolExecutor) -> Route:
    async def handle(request: Request) -> Response:
        try:
            body = parse_json(await read_body(request, limits.max_body))
            return json_response(200, await _answer(pool, endpoint, body, limits.time_limit))
        except Refused as refused:
            return error_response(refused.status, refused.message)
        except ClientDisconnect:          # nobody to answer; not a fault of the server
            return error_response(400, "the client disconnected before the body was read")
        except asyncio.TimeoutError:     # TimeoutError itself from Python 3.11
            return error_response(503, f"the request ran past the time limit of {limits.time_limit:g} s")
        except (ValueError, TypeError) as exc:
            return error_response(422, clip(str(exc), 300), type(exc).__name__)
        except RecursionError:
            return error_response(422, "the request is nested too deeply", "RecursionError")
        except Exception as exc:   # a bug in hupai: logged, and still answered in JSON
            log.exception("internal error on %s", path)
            return error_response(500, f"internal error, please report it: {type(exc).__name__}")
    return Route(path, handle, methods=["POST"], name=path)


def _get_route(path: str, answer: Any) -> Route:
    async def handle(request: Request) -> Response:
        return json_response(200, answer())
    return Route(path, handle, methods=["GET"], name=path)


async def _http_error(request: Request, exc: Exception) -> Response:
    status = getattr(exc, "status_code", 500)
    detail = getattr(exc, "detail", "") or "error"
    if status == 404:
        detail = f"no endpoint {clip(request.url.path, 80)}; GET /openapi.json lists them"
    return error_response(status, detail)


def create_app(limits: Limits = Limits()) -> Starlette:
    """The application, with its limits."""
    limits = Limits(*limits).checked()
    # two threads: the GIL lets one compute at a time (more only hand it back and forth,
    # measured slower), and the second keeps a request that ran past its time limit, and
    # still computes, from holding up the rest
    pool = ThreadPoolExecutor(max_workers=2, thread_name_prefix="hupai-serve")
    routes = [_post_route(path, endpoint, limits, pool) for path, endpoint in ENDPOINTS.items()]
    routes += [_get_route("/v1/regions", regions), _get_route("/v1/health", health),
               _get_route("/openapi.json", document)]
    return Starlette(routes=routes, exception_handlers={HTTPException: _http_error})


# the environment variables that carry the limits to each worker process of
# ``hupai serve --workers N`` (uvicorn imports the application anew in each)
ENV_MAX_BODY = "HUPAI_SERVE_MAX_BODY"
ENV_TIME_LIMIT = "HUPAI_SERVE_TIME_LIMIT"


def app_from_environment() -> Starlette:
    """The application with the limits of the environment (uvicorn's factory)."""
    default = Limits()
    return create_app(Limits(int(os.environ.get(ENV_MAX_BODY, default.max_body)),
                             float(os.environ.get(ENV_TIME_LIMIT, default.time_limit))))

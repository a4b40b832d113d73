from typing import Iterator

import httpx
import pytest

from serving import Served, running_server


@pytest.fixture(scope="session")
def server() -> Iterator[Served]:
    with running_server("--time-limit", "20") as served:
        yield served


@pytest.fixture(scope="session")
def client(server: Served) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=server.url, timeout=30) as c:
        yield c

"""Turns an arbitrary byte string into the values a fuzz target needs.

Every byte string is a valid input: values are taken from the front, reduced into the
requested range, and an exhausted source yields zeros (as libFuzzer's
FuzzedDataProvider does), so a fuzzer that mutates bytes explores every branch."""
from __future__ import annotations

from typing import Sequence, TypeVar

T = TypeVar("T")


class ByteSource:
    def __init__(self, data: bytes) -> None:
        self.data = data
        self.pos = 0

    def byte(self) -> int:
        if self.pos >= len(self.data):
            return 0
        self.pos += 1
        return self.data[self.pos - 1]

    def int(self, lo: int, hi: int) -> int:
        """An integer in lo..hi (both included)."""
        span = hi - lo + 1
        value = 0
        for _ in range((span.bit_length() + 7) // 8):
            value = value << 8 | self.byte()
        return lo + value % span

    def bool(self) -> bool:
        return self.byte() & 1 == 1

    def choice(self, options: Sequence[T]) -> T:
        return options[self.int(0, len(options) - 1)]

    def bytes(self, n: int) -> bytes:
        out = self.data[self.pos:self.pos + n]
        self.pos += len(out)
        return out + bytes(n - len(out))

    def rest(self) -> bytes:
        out = self.data[self.pos:]
        self.pos = len(self.data)
        return out

    def rare(self, one_in: int) -> bool:
        """True for about one value in ``one_in``; false on zero bytes, so that a short or
        empty input takes the plain path."""
        return self.int(0, one_in - 1) == one_in - 1

"""What every region's frozen flag dataclass shares: validation against the allowed
values, construction from case-format option names, and a hash computed once (the
flags key the valuation caches)."""
from __future__ import annotations

from typing import ClassVar, Mapping

__all__ = ["RegionFlags"]


class RegionFlags:
    """Mixin for ``@dataclass(frozen=True)`` flag classes.

    Subclasses set ``PREFIX`` (the case-format prefix, e.g. ``"luzhou_"``) and ``CHOICES``
    (flag name → allowed values), call ``self._check_choices()`` in ``__post_init__`` and
    keep this ``__hash__`` with ``__hash__ = RegionFlags.__hash__`` in their body (a frozen
    dataclass would otherwise generate one that rehashes every field on each lookup)."""

    PREFIX: ClassVar[str] = ""
    CHOICES: ClassVar[Mapping[str, tuple]] = {}

    def _check_choices(self) -> None:
        for name, spec in self.__dataclass_fields__.items():  # type: ignore[attr-defined]
            value = getattr(self, name)
            if isinstance(spec.default, bool) and not isinstance(value, bool):
                raise TypeError(f"{self.PREFIX}{name} is true or false, not {value!r}")
        for name, allowed in self.CHOICES.items():
            if getattr(self, name) not in allowed:
                raise ValueError(f"{self.PREFIX}{name} must be one of {allowed}, got {getattr(self, name)!r}")

    def __hash__(self) -> int:
        try:
            return self.__dict__["_hash"]
        except KeyError:
            h = hash(tuple(getattr(self, f) for f in self.__dataclass_fields__))  # type: ignore[attr-defined]
            object.__setattr__(self, "_hash", h)
            return h

    def __getstate__(self) -> dict:
        # the cached hash is this process's: another process (string hashes are salted
        # per process) must compute its own
        return {k: v for k, v in self.__dict__.items() if k != "_hash"}

    @classmethod
    def from_options(cls, options: Mapping[str, object]):
        """From case-format flag names (``luzhou_cap``, ``ghost_as_fifth_copy``, ...)."""
        kwargs = {}
        for key, value in options.items():
            name = key[len(cls.PREFIX):] if key.startswith(cls.PREFIX) else key
            if name not in cls.__dataclass_fields__:  # type: ignore[attr-defined]
                raise ValueError(f"unknown {cls.PREFIX.rstrip('_').capitalize()} option {key!r}")
            kwargs[name] = value
        return cls(**kwargs)

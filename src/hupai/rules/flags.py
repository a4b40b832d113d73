"""What every region's frozen flag dataclass shares: validation against the allowed
values, construction from case-format option names, and a hash computed once (the
flags key the valuation caches)."""
from __future__ import annotations

from typing import ClassVar, Mapping, Optional, TypeVar

from .._messages import short

F = TypeVar("F", bound="RegionFlags")
_UNPREFIXED = frozenset({"ghost_as_fifth_copy"})   # flags the case format names without a prefix
_DEFAULTS: dict[type, "RegionFlags"] = {}

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
            self._check_type(name, spec.default, getattr(self, name))
        for name, allowed in self.CHOICES.items():
            if getattr(self, name) not in allowed:
                raise ValueError(f"{self.PREFIX}{name} must be one of {allowed}, got "
                                 f"{short(getattr(self, name))}")

    def _check_type(self, name: str, default: object, value: object) -> None:
        """TypeError unless ``value`` has the type of the flag's default: a bool for a
        boolean flag, an int (not a bool, not a float) for a count, a number for a
        factor, text for a mode; None only where it is one of the choices."""
        if value is None and None in self.CHOICES.get(name, ()):
            return
        if isinstance(default, bool):
            ok = isinstance(value, bool)
        elif isinstance(default, int):
            ok = isinstance(value, int) and not isinstance(value, bool)
        elif isinstance(default, float):
            ok = isinstance(value, (int, float)) and not isinstance(value, bool)
        elif isinstance(default, str):
            ok = isinstance(value, str)
        else:
            return      # a flag of its own type checks itself in its class
        if not ok:
            kind = "is true or false" if isinstance(default, bool) else f"takes a {type(default).__name__}"
            raise TypeError(f"{self.PREFIX}{name} {kind}, not {type(value).__name__} {short(value)}")

    @classmethod
    def defaults(cls: type[F]) -> F:
        """The default rules, one object per class (the valuation caches key on the
        rules, so one shared object keeps them warm)."""
        found = _DEFAULTS.get(cls)
        if found is None:
            found = _DEFAULTS[cls] = cls()
        return found  # type: ignore[return-value]

    @classmethod
    def coerce(cls: type[F], rules: Optional[object]) -> F:
        """``rules`` itself when it is this region's flag class, the defaults for None;
        TypeError for anything else (another region's rules included)."""
        if rules is None:
            return _DEFAULTS.get(cls) or cls.defaults()  # type: ignore[return-value]
        if type(rules) is not cls and not isinstance(rules, cls):
            raise TypeError(f"rules must be {cls.__name__}, not {type(rules).__name__}")
        return rules  # type: ignore[return-value]

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
    def option_names(cls) -> dict[str, str]:
        """Case-format flag name → field name (``luzhou_cap`` → ``cap``; the shared
        ``ghost_as_fifth_copy`` has no region prefix)."""
        return {(name if name in _UNPREFIXED else cls.PREFIX + name): name
                for name in cls.__dataclass_fields__}  # type: ignore[attr-defined]

    @classmethod
    def from_options(cls: type[F], options: Mapping[str, object]) -> F:
        """From case-format flag names (``luzhou_cap``, ``ghost_as_fifth_copy``, ...)."""
        if not isinstance(options, Mapping):
            raise TypeError(f"options are a mapping of flag names to values, not {type(options).__name__}")
        if not options:
            return cls.defaults()
        names = cls.option_names()
        kwargs = {}
        for key, value in options.items():
            if not isinstance(key, str):
                raise TypeError(f"a flag name is text, not {short(key)}")
            if key not in names:
                raise ValueError(f"unknown {cls.PREFIX.rstrip('_').capitalize()} option {short(key)}")
            kwargs[names[key]] = value
        return cls(**kwargs)

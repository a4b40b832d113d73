"""Region-independent models: declared melds, a hand, seats, and the checks of the
values they are built from.  The situation of a win is :mod:`hupai.rules.situation`."""
from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Any, Callable, Iterable, Mapping, NoReturn, Optional, Sequence, TypeVar, Union

import numpy as np

from .. import tiles
from .._messages import short

__all__ = ["MELD_KINDS", "KONGS", "OPENING", "DeclaredMeld", "Hand", "SEATS", "OTHERS", "MOST_COPIES",
           "ReadOnlyDict", "parse_meld", "declared_melds", "check_bool", "check_count", "check_dealer", "check_table",
           "check_hand", "Memo"]

CHI, PENG, MINGGANG, ANGANG, BUGANG = "chi", "peng", "minggang", "angang", "bugang"
MELD_KINDS = (CHI, PENG, MINGGANG, ANGANG, BUGANG)
KONGS = frozenset({MINGGANG, ANGANG, BUGANG})
OPENING = frozenset({CHI, PENG, MINGGANG, BUGANG})  # claimed from a discard at some point

SEATS = ("A", "B", "C", "D")
OTHERS = ("A", "B", "C")   # the three other players of a win case

#: The most copies of each kind that any supported tile set holds: four, and eight 紅中
#: (Luzhou's 8-ghost game, L19).  A hand is checked against it; each region then checks
#: its own tile set (Luzhou: ``luzhou_ghost_count`` ghosts and no other honour).
MOST_COPIES = (4,) * tiles.RED + (8,)


class Memo(dict):
    """Results kept by key where ``functools.lru_cache`` costs too much for the key at
    hand (a key of a few packed ints read on every score): read with ``get`` at dict
    speed, filled with :meth:`keep`, emptied whole when ``size`` keys are kept (the
    keys a workload meets are few; a workload that meets more starts afresh).  The
    kept values are immutable results shared between calls."""

    __slots__ = ("size",)

    def __init__(self, size: int) -> None:
        super().__init__()
        self.size = size

    def keep(self, key: object, value: object) -> Any:
        """Keep ``value`` for ``key``; returns it."""
        if len(self) >= self.size:
            self.clear()
        self[key] = value
        return value


class ReadOnlyDict(dict):
    """A dict that refuses changes, for values shared between calls: a cached result's
    ``detail``, a situation's kong counts.  Hashable when its values are; it compares,
    pickles, copies and converts to JSON as a dict does."""

    __slots__ = ()

    def _refuse(self, *args: Any, **kwargs: Any) -> NoReturn:
        raise TypeError(f"this {type(self).__name__} is read-only: it is shared between calls "
                        "(copy it with dict())")

    __setitem__ = __delitem__ = clear = pop = popitem = setdefault = update = __ior__ = _refuse  # type: ignore

    def __hash__(self) -> int:  # type: ignore[override]
        return hash(tuple(sorted(self.items())))

    def __reduce__(self) -> tuple:
        # rebuilt from a plain dict: unpickling item by item would meet __setitem__
        return type(self), (dict(self),)

    def __copy__(self) -> "ReadOnlyDict":
        return self

    def __deepcopy__(self, memo: dict) -> "ReadOnlyDict":
        return self


_T = TypeVar("_T", bound=tuple)


def from_fields(cls: type[_T]) -> Callable[[tuple], _T]:
    """A maker of ``cls`` (a NamedTuple) from one tuple of all its fields, without the
    keyword handling of its Python-level constructor (``cls._make`` less its length
    check): for the few made on every score or analysis."""
    return functools.partial(tuple.__new__, cls)


def check_bool(value: object, what: str) -> bool:
    """``value`` when it is a bool (or a numpy bool); TypeError otherwise."""
    if isinstance(value, (bool, np.bool_)):
        return bool(value)
    raise TypeError(f"{what} is true or false, not {type(value).__name__} {short(value)}")


def check_count(value: object, what: str, most: Optional[int] = None) -> int:
    """``value`` when it is a whole number from 0 (to ``most``); TypeError for a bool, a
    float or anything else, ValueError out of range."""
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, (int, np.integer)):
        raise TypeError(f"{what} is a whole number, not {type(value).__name__} {short(value)}")
    if value < 0 or (most is not None and value > most):
        bound = f"0-{most}" if most is not None else "0 or more"
        raise ValueError(f"{what} must be {bound}, got {value}")
    return int(value)


def check_table(seats: object, what: str = "a table") -> None:
    """ValueError unless ``seats`` maps exactly the four seat labels A-D to their hands
    (a Hand, or None for a seat that has won); TypeError if it is not a mapping or a
    hand is not a Hand."""
    if not isinstance(seats, Mapping):
        raise TypeError(f"{what} maps the seats A-D to their hands, not {type(seats).__name__}")
    if seats.keys() != _SEAT_SET:
        raise ValueError(f"{what} has exactly the seats A, B, C and D, got "
                         f"{short(sorted(map(str, seats)))}")
    for seat, hand in seats.items():
        if hand is not None and not isinstance(hand, Hand):
            check_hand(hand, f"seat {seat}'s hand (None: a seat that has won)")


_SEAT_SET = frozenset(SEATS)


def check_hand(hand: object, what: str = "hand") -> "Hand":
    """``hand`` when it is a :class:`Hand`; TypeError naming what it is otherwise."""
    if not isinstance(hand, Hand):
        raise TypeError(f"{what} must be a Hand, not {type(hand).__name__}")
    return hand


def check_dealer(dealer: object) -> None:
    """ValueError unless ``dealer`` is None or one of the seats A-D."""
    if dealer is not None and dealer not in SEATS:
        raise ValueError(f"the dealer is one of the seats A-D, not {short(dealer)}")


@dataclass(frozen=True)
class DeclaredMeld:
    """A chi / peng / kong laid down.  ``tiles`` are the tile indices as held, jokers
    (e.g. a Luzhou 紅中 in a 貼鬼碰) included; ``from_seat`` is the seat whose discard
    was claimed, when known."""

    kind: str
    tiles: tuple[int, ...]
    from_seat: Optional[str] = None

    def __post_init__(self) -> None:
        if isinstance(self.tiles, str):
            object.__setattr__(self, "tiles", tuple(tiles.to_indices(tiles.parse(self.tiles))))
        else:
            object.__setattr__(self, "tiles", tuple(self.tiles))
        if self.kind not in MELD_KINDS:
            raise ValueError(f"unknown meld kind {short(self.kind)}; use one of {', '.join(MELD_KINDS)}")
        size = 4 if self.kind in KONGS else 3
        if len(self.tiles) != size:
            raise ValueError(f"a {self.kind} has {size} tiles, got {len(self.tiles)}")
        for t in self.tiles:
            if isinstance(t, bool) or not isinstance(t, (int, np.integer)) or not 0 <= t < 34:
                raise ValueError(f"meld tile {short(t)} is not a tile index 0-33")
        if self.from_seat is not None and self.from_seat not in SEATS:
            raise ValueError(f"meld source {short(self.from_seat)} is not a seat A-D")
        # melds key the regions' caches: hashed once (the generated hash reads every field)
        object.__setattr__(self, "_hash", hash((self.kind, self.tiles, self.from_seat)))

    def __hash__(self) -> int:
        return self._hash  # type: ignore[attr-defined, no-any-return]

    def __reduce__(self) -> tuple:
        # rebuilt through the constructor: the cached hash is this process's only
        return DeclaredMeld, (self.kind, self.tiles, self.from_seat)

    @property
    def is_kong(self) -> bool:
        return self.kind in KONGS

    @property
    def counts(self) -> np.ndarray:
        return tiles.from_indices(self.tiles)

    def __str__(self) -> str:
        return f"{self.kind}({tiles.format(self.counts)})"

    def to_dict(self) -> dict[str, Any]:
        """``{"kind": "peng", "tiles": "111m", "from": "A"}`` (the case format's meld)."""
        out: dict[str, Any] = {"kind": self.kind, "tiles": tiles.format(self.counts)}
        if self.from_seat is not None:
            out["from"] = self.from_seat
        return out

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> "DeclaredMeld":
        if not isinstance(data, Mapping) or not isinstance(data.get("kind"), str) \
                or not isinstance(data.get("tiles"), str):
            raise ValueError(f"a meld is {{'kind': ..., 'tiles': ..., 'from': seat}}, got {short(data)}")
        return parse_meld(data["kind"], data["tiles"], data.get("from"))


def declared_melds(melds: object) -> tuple[DeclaredMeld, ...]:
    """``melds`` as a tuple of :class:`DeclaredMeld`; TypeError naming what else it is or
    holds (a hand's melds, an analysis's)."""
    if type(melds) is not tuple:          # (a tuple, on every analysis: no ABC check)
        if isinstance(melds, np.ndarray):
            raise TypeError("melds are DeclaredMeld (the tiles of seen melds go in visible), not an array")
        if isinstance(melds, (str, bytes)) or not isinstance(melds, Iterable):
            raise TypeError(f"melds are a sequence of DeclaredMeld, not {type(melds).__name__}")
        melds = tuple(melds)
    for m in melds:
        if not isinstance(m, DeclaredMeld):
            raise TypeError(f"melds must be DeclaredMeld, not {type(m).__name__}")
    return melds


def parse_meld(kind: str, text: str, from_seat: Optional[str] = None) -> DeclaredMeld:
    """A meld from notation: ``parse_meld("peng", "11m7z")``."""
    counts = tiles.parse(text)
    return DeclaredMeld(kind, tuple(tiles.to_indices(counts)), from_seat)


@dataclass(frozen=True, eq=False)
class Hand:
    """Concealed tiles (34 counts, jokers included as their tile) and declared melds.

    For a win, ``concealed`` is the hand before the winning tile; the constructor
    checks only what holds in every region: no more copies of a kind, concealed or
    counting the melds, than any tile set holds (:data:`MOST_COPIES`: four, and eight
    紅中 for Luzhou's 8-ghost game), and 13 tiles in
    all (a kong counting 3).  The tile count is checked by :meth:`_check_size`, which a
    region's own hand type may redefine (Guiyang's 相公, a hand with a wrong count, is
    ``hupai.rules.guiyang.MiscountedHand``).  Each region checks its own tile set when
    it scores the hand."""

    concealed: np.ndarray       # 34 counts, or notation ("123m456p...") made into them
    melds: tuple[DeclaredMeld, ...] = ()

    def __post_init__(self) -> None:
        frozen, raw = _frozen_counts(self.concealed)
        melds = declared_melds(self.melds)
        if len(melds) > 4:
            raise ValueError(f"a hand has at most 4 melds, got {len(melds)}")
        object.__setattr__(self, "concealed", frozen)
        object.__setattr__(self, "melds", melds)
        object.__setattr__(self, "_bytes", raw)
        self._check_size(sum(raw), len(melds))
        meld_bytes = None
        if melds:
            # the copies counting the melds, on the counts already read (check_copies,
            # which reads them again, names the kind over its limit)
            counts = bytearray(raw)
            in_melds = bytearray(34)
            for m in melds:
                for t in m.tiles:
                    counts[t] += 1
                    in_melds[t] += 1
            if counts[:tiles.RED].translate(None, _AT_MOST_FOUR) or counts[tiles.RED] > MOST_COPIES[tiles.RED]:
                self.check_copies(limits=_MOST_COPIES_MAP)
            meld_bytes = bytes(in_melds)
        object.__setattr__(self, "_meld_bytes", meld_bytes)

    @property
    def concealed_bytes(self) -> bytes:
        """The 34 concealed counts as bytes, made once (the counts are read-only): what
        scoring reads, without a numpy call."""
        return self._bytes  # type: ignore[attr-defined,no-any-return]

    @property
    def meld_bytes(self) -> Optional[bytes]:
        """The 34 counts of the declared melds' tiles as bytes (None without melds), made
        once: what the kernel's profile of a win reads."""
        return self._meld_bytes  # type: ignore[attr-defined,no-any-return]

    def _check_size(self, concealed: int, melds: int) -> None:
        """ValueError unless the hand holds 13 tiles, a kong counting 3."""
        size = concealed + 3 * melds
        if size != 13:
            raise ValueError(f"a hand holds 13 tiles before its winning tile (a kong counting 3), "
                             f"got {size}: {concealed} concealed and {melds} melds")

    @classmethod
    def parse(cls, concealed: str, melds: Sequence[Union[tuple, DeclaredMeld]] = ()) -> "Hand":
        """``Hand.parse("123m456p", [("peng", "111s"), ("minggang", "2222p", "A")])``: each
        meld a ``DeclaredMeld`` or the arguments of :func:`parse_meld`."""
        return cls(tiles.parse(concealed), tuple(m if isinstance(m, DeclaredMeld) else parse_meld(*m)
                                                 for m in melds))

    def __eq__(self, other: object) -> bool:
        """Hands are equal when they hold the same tiles and melds (and are of the same
        type: a Guiyang 相公 is not a plain hand)."""
        if type(other) is not type(self):
            return NotImplemented
        return self._bytes == other._bytes and self.melds == other.melds  # type: ignore[attr-defined]

    def __hash__(self) -> int:
        return hash((type(self).__name__, self._bytes, self.melds))  # type: ignore[attr-defined]

    def __repr__(self) -> str:
        melds = ", ".join(repr((m.kind, tiles.format(m.counts)) + ((m.from_seat,) if m.from_seat else ()))
                          for m in self.melds)
        return f"{type(self).__name__}.parse({tiles.format(self.concealed)!r}" + (f", [{melds}])" if melds else ")")

    def _repr_html_(self) -> str:
        """The hand drawn as tiles in a notebook (the viewer, imported only when asked)."""
        from ..viewer.notebook import hand_html
        return hand_html(self)

    def to_dict(self) -> dict[str, Any]:
        """``{"concealed": "123m456p...", "melds": [{"kind": ..., "tiles": ..., "from": ...}]}``."""
        return {"concealed": tiles.format(self.concealed), "melds": [m.to_dict() for m in self.melds]}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> "Hand":
        """The hand :meth:`to_dict` wrote (the case format's ``concealed`` and ``melds``)."""
        if not isinstance(data, Mapping) or not isinstance(data.get("concealed"), str):
            raise ValueError(f"a hand is {{'concealed': TILES, 'melds': [...]}}, got {short(data)}")
        melds = data.get("melds", [])
        if not isinstance(melds, (list, tuple)):
            raise ValueError(f"melds are a list, not {type(melds).__name__}")
        return cls(tiles.parse(data["concealed"]), tuple(DeclaredMeld.from_dict(m) for m in melds))

    def all_tiles(self, extra: Optional[int] = None) -> np.ndarray:
        """Counts of every tile of the hand (melds included), plus ``extra``."""
        total = self.concealed.astype(np.int64)
        for m in self.melds:
            total = total + m.counts
        if extra is not None:
            total[extra] += 1
        return total

    def check_copies(self, extra: Optional[int] = None, limits: Optional[dict[int, int]] = None) -> None:
        """ValueError when a kind appears more often than exist (4, or ``limits[kind]``),
        counting the melds and the winning tile ``extra``."""
        total = self.concealed.tolist()
        for m in self.melds:
            for t in m.tiles:
                total[t] += 1
        if extra is not None:
            total[extra] += 1
        limits = limits or {}
        top = max(total)
        if top <= 4 and (not limits or top <= min(limits.values())):
            return              # (no kind above 4, nor above any cap of its own)
        for t, n in enumerate(total):
            cap = limits.get(t, 4)
            if n > cap:
                raise ValueError(f"{n} copies of {tiles.tile_name(t)} counting the melds"
                                 + (" and the winning tile" if extra is not None else "")
                                 + f"; only {cap} exist")


_MOST_COPIES_MAP = {t: n for t, n in enumerate(MOST_COPIES) if n != 4}
_MOST = np.array(MOST_COPIES, dtype=np.int64)
#: uint8, as a dtype compared with ``is`` (``== np.uint8`` converts the type at each call)
UINT8 = np.dtype(np.uint8)


#: the bytes of counts 0-4, which ``bytes.translate`` deletes (what is left is over 4)
_AT_MOST_FOUR = bytes(range(5))


def _frozen_counts(concealed: object) -> tuple[np.ndarray, bytes]:
    """34 counts (notation, or any array of whole numbers) as a read-only uint8 copy,
    and as bytes; TypeError / ValueError naming the first problem."""
    if type(concealed) is np.ndarray and concealed.dtype is UINT8 and concealed.shape == (34,):
        # the common case (the parser's, the engine's counts): checked on its bytes
        raw = concealed.tobytes()
        if raw[:tiles.RED].translate(None, _AT_MOST_FOUR) or raw[tiles.RED] > MOST_COPIES[tiles.RED]:
            t = next(t for t, n in enumerate(raw) if n > MOST_COPIES[t])
            raise ValueError(f"concealed[{t}] = {raw[t]} is outside 0-{MOST_COPIES[t]}")
        if type(concealed.base) is not bytes:
            concealed = concealed.copy()
            concealed.flags.writeable = False
        # else: a view of bytes (the engine's np.frombuffer), which nothing can change or
        # make writeable
        return concealed, raw
    given = tiles.parse(concealed) if isinstance(concealed, str) else np.asarray(concealed)
    if given.dtype.kind not in "iuf":     # not bool: True / False are no counts
        raise TypeError(f"concealed counts must be integers, not {given.dtype}")
    if given.dtype.kind == "f" and not (np.isfinite(given).all() and (given == np.round(given)).all()):
        raise ValueError("concealed counts must be whole numbers")
    c = given.astype(np.int64)
    if c.shape != (34,):
        raise ValueError(f"concealed counts must have shape (34,), got {c.shape}")
    if (c < 0).any() or (c > _MOST).any():
        t = int(np.flatnonzero((c < 0) | (c > _MOST))[0])
        raise ValueError(f"concealed[{t}] = {c[t]} is outside 0-{MOST_COPIES[t]}")
    frozen = c.astype(np.uint8)
    frozen.flags.writeable = False
    return frozen, frozen.tobytes()

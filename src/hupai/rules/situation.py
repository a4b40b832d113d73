"""The situation of a win: every fact some region reads, in one type.

A region reads only the facts it needs (``FACTS`` of its module); a fact given to a
region that has no use for it is a ``ValueError`` ("fuzhou does not use indicator"), so
a misspelt or misplaced fact never passes silently.  Field names follow the case format
(FORMAT.md §4.2).  Tiles are taken as indices 0-33 or in notation (``"9p"``).

The facts (generated from :data:`FACT_NOTES`):

"""
from __future__ import annotations

import dataclasses
import functools
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Iterable, Mapping, Optional

from .. import tiles
from .._messages import short
from .model import KONGS, OTHERS, Hand, ReadOnlyDict, check_bool, check_count, check_hand

__all__ = ["Situation", "Loser", "table_facts", "win_facts", "FACT_NOTES", "FrozenCounts", "check_kongs", "KONG_KINDS", "SPECIAL_KONGS", "SCOPES",
           "PLAIN_SELF_DRAW"]

#: Every fact: the regions that read it (L Luzhou, W Wuhan, G Guiyang, F Fuzhou) and
#: what it means.  The table of the module docstring and the command line's help are
#: made from it; a test checks the regions against each region's ``FACTS``.
FACT_NOTES: dict[str, tuple[str, str]] = {
    'win_tile': ('all', 'the drawn or claimed tile (None at the end of the wall)'),
    'self_draw': ('all', 'drawn by the winner (a replacement draw included)'),
    'after_kong': ('L W G F', "a self-draw on the replacement tile of one's own kong"),
    'kong_discard': ('L', 'the discarder A just made a kong (杠上炮)'),
    'robbing_kong': ('L W G F', "robbing A's 補杠 of ``win_tile``"),
    'declared_ready': ('L G', 'the winner declared 報牌 / 报听'),
    'tianhu': ('L F', '天胡 (their definitions differ by region)'),
    'dihu': ('L F', '地胡 (their definitions differ by region)'),
    'dealer': ('L W G F', 'the winner deals (Wuhan: the 莊 fan; Guiyang: 连庄)'),
    'ghosts_drawn': ('L', '紅中 the winner drew this round (喜錢, 8 ghosts)'),
    'guoshui_passed_value': ('L', '過水: the paid value of a discard win passed since the last draw'),
    'guoshui_same_tile_not_higher': ('W', '過水: a win on this tile was passed and this one is not higher'),
    'indicator': ('W', 'the flipped 癩子皮 (the laizi is its successor); required'),
    'losers': ('W', 'the three other players A, B, C (:class:`Loser`); default: all opened, A the '
                    'discarder of a discard win'),
    'special_kongs': ('W', "the winner's single-tile kongs (hongzhong, facai, pizi, laizi)"),
    'last_four': ('W', 'a self-draw among the last four live tiles (海底撈)'),
    'discarder_ready': ('W', 'the discarder was ready (decides 全求人 包胡)'),
    're_pao': ('G', '热炮: A made a kong and this is his next discard'),
    're_pao_kong': ('G', 'the kind of that kong (``repao_mode`` by_kong_type)'),
    'shabao': ('G', '杀报: A had declared 报听'),
    'flip': ('G', 'the tile flipped for 捉鸡'),
    'payment_scope': ('G F', 'settlements the ledger holds: "hand", and Guiyang "dou", "chicken", Fuzhou "kong"'),
    'passed_since_draw': ('G', 'the winner declined a discard win since his draw (包牌)'),
    'discards': ('G', "the winner's discards nobody claimed (内外鸡, 篇四)"),
    'hero_chicken': ('G', 'the winner holds the 英雄鸡'),
    'chongfeng': ('G', "the winner's discard was the hand's first, unclaimed 1条"),
    'lianzhuang_count': ('G', "the dealer's run of consecutive wins (连庄)"),
}


def _fact_table() -> str:
    """The facts as a reST table, for the module docstring."""
    width = max(len(n) for n in FACT_NOTES) + 4
    rule = "=" * width + " " + "=" * 7 + " " + "=" * 60
    rows = [f"{'``' + n + '``':<{width}} {regions:<7} {meaning}" for n, (regions, meaning) in FACT_NOTES.items()]
    return "\n".join([rule, f"{'fact':<{width}} {'regions':<7} meaning", rule, *rows, rule, ""])


__doc__ = (__doc__ or "") + _fact_table()

#: Kong kinds a Wuhan player's ``kongs`` count: 明杠 (直杠 / 蓄杠), 暗杠 and single-tile kongs.
KONG_KINDS = frozenset({"ming", "an", "hongzhong", "facai", "pizi", "laizi"})
SPECIAL_KONGS = frozenset({"hongzhong", "facai", "pizi", "laizi"})
#: The most kongs of a kind one player can have made: four melds; four 紅中, 發財 or
#: laizi; three 皮子 (one copy of the indicator is flipped, B-一.4).
MOST_KONGS = {"ming": 4, "an": 4, "hongzhong": 4, "facai": 4, "pizi": 3, "laizi": 4}
#: The settlements ``payment_scope`` may ask for.
SCOPES = frozenset({"hand", "dou", "chicken", "kong"})
_HAND_ONLY = ("hand",)
#: (region, its facts, its scopes, given facts, payment scope) that passed
#: Situation.check_facts (the region's facts a frozenset and scopes a tuple: hashable)
_FACTS_CHECKED: set = set()


class FrozenCounts(ReadOnlyDict):
    """A read-only, hashable mapping of counts."""

    __slots__ = ()


def check_kongs(kongs: object, whose: str, kinds: frozenset[str]) -> FrozenCounts:
    """A kong count mapping, frozen: known kinds, whole numbers of kongs no more than can
    exist (ValueError / TypeError naming the problem)."""
    if not isinstance(kongs, Mapping):
        raise TypeError(f"{whose} kongs are a mapping of kong kinds to counts, not {type(kongs).__name__}")
    unknown = [k for k in kongs if k not in kinds]
    if unknown:
        raise ValueError(f"{whose}: unknown kong kinds {short(sorted(map(str, unknown)))}; use {sorted(kinds)}")
    out = {kind: check_count(n, f"{whose} {kind} kongs", MOST_KONGS[kind]) for kind, n in kongs.items()}
    if out.get("ming", 0) + out.get("an", 0) > 4:
        raise ValueError(f"{whose}: {out.get('ming', 0) + out.get('an', 0)} kongs; a player makes at most 4")
    return FrozenCounts({k: n for k, n in out.items() if n})


@dataclass(frozen=True, eq=False)
class Loser:
    """One of the three other players of a Wuhan win, as the settlement sees him
    (FORMAT.md §4.2): has opened (開口), how many openings (口口翻; default 1 if opened),
    deals, discarded the winning tile (放沖), his own kongs.

    Losers key the settlement cache, so equality and hash read one precomputed tuple."""

    seat: str
    opened: bool = False
    opens: Optional[int] = None
    dealer: bool = False
    discarder: bool = False
    kongs: Mapping[str, int] = field(default_factory=dict)   # ming, an, hongzhong, facai, pizi, laizi

    def __post_init__(self) -> None:
        if self.seat not in OTHERS:
            raise ValueError(f"a loser's seat is A, B or C, got {short(self.seat)}")
        for name in ("opened", "dealer", "discarder"):
            object.__setattr__(self, name, check_bool(getattr(self, name), f"loser {self.seat} {name}"))
        if self.opens is not None:
            opens = check_count(self.opens, f"loser {self.seat} opens", 4)
            if bool(opens) != self.opened:
                raise ValueError(f"loser {self.seat}: {opens} openings but opened is {self.opened}")
        kongs = check_kongs(self.kongs, f"loser {self.seat}", KONG_KINDS)
        object.__setattr__(self, "kongs", kongs)
        # what settlement reads of a loser, as one plain tuple: it keys the table cache
        key = (self.seat, self.opened, self.openings, self.dealer, self.discarder, tuple(sorted(kongs.items())))
        object.__setattr__(self, "_key", key)
        object.__setattr__(self, "_hash", hash(key))

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not Loser:
            return NotImplemented
        return self._key == other._key   # type: ignore[attr-defined]

    def __hash__(self) -> int:
        return self._hash   # type: ignore[attr-defined, no-any-return]

    def __reduce__(self) -> tuple:
        # rebuilt through the constructor: the cached hash is this process's only
        return Loser, (self.seat, self.opened, self.opens, self.dealer, self.discarder, dict(self.kongs))

    @property
    def openings(self) -> int:
        return self.opens if self.opens is not None else int(self.opened)

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"seat": self.seat, "opened": self.opened}
        if self.opens is not None:
            out["opens"] = self.opens
        if self.dealer:
            out["dealer"] = True
        if self.discarder:
            out["discarder"] = True
        if self.kongs:
            out["kongs"] = dict(self.kongs)
        return out

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> "Loser":
        """From the case format's loser object (FORMAT.md §4.2)."""
        if not isinstance(data, Mapping):
            raise TypeError(f"a loser is a mapping, not {type(data).__name__}")
        unknown = set(data) - {"seat", "opened", "opens", "dealer", "discarder", "kongs"}
        if unknown:
            raise ValueError(f"unknown loser fields {short(sorted(map(str, unknown)))}")
        return cls(data.get("seat"), data.get("opened", False), data.get("opens"),  # type: ignore[arg-type]
                   data.get("dealer", False), data.get("discarder", False), data.get("kongs", {}))


_BOOLS = ("self_draw", "after_kong", "kong_discard", "robbing_kong", "declared_ready", "tianhu", "dihu",
          "dealer", "guoshui_same_tile_not_higher", "last_four", "discarder_ready", "re_pao", "shabao",
          "passed_since_draw", "hero_chicken", "chongfeng")


@dataclass(frozen=True)
class Situation:
    """How the winning tile arrived, and the table facts the rules need (the table in
    the module docstring says which regions read each fact).  The defaults describe a
    plain win; a region given a fact it has no use for raises ``ValueError``."""

    win_tile: Optional[int] = None
    self_draw: bool = False
    after_kong: bool = False
    kong_discard: bool = False
    robbing_kong: bool = False
    declared_ready: bool = False
    tianhu: bool = False
    dihu: bool = False
    dealer: bool = False
    ghosts_drawn: int = 0
    guoshui_passed_value: Optional[int] = None
    guoshui_same_tile_not_higher: bool = False
    indicator: Optional[int] = None
    losers: Optional[tuple[Loser, ...]] = None
    special_kongs: Mapping[str, int] = field(default_factory=FrozenCounts)
    last_four: bool = False
    discarder_ready: bool = True
    re_pao: bool = False
    re_pao_kong: Optional[str] = None
    shabao: bool = False
    flip: Optional[int] = None
    payment_scope: tuple[str, ...] = ("hand",)
    passed_since_draw: bool = False
    discards: tuple[int, ...] = ()
    hero_chicken: bool = False
    chongfeng: bool = False
    lianzhuang_count: int = 0
    if TYPE_CHECKING:
        _given: ClassVar[tuple[str, ...]]     # set per instance by __post_init__, not a field

    def __post_init__(self) -> None:
        # every fact is checked; a value already in its checked form (a bool, an index
        # 0-33, a default) is kept as it is without calling its check
        facts = self.__dict__
        setattr_ = object.__setattr__
        for name in ("win_tile", "indicator", "flip"):
            value = facts[name]
            if value is not None and not (value.__class__ is int and 0 <= value < tiles.NUM_KINDS):
                setattr_(self, name, tiles.tile_index(value))
        for name in _BOOLS:
            if facts[name].__class__ is not bool:
                setattr_(self, name, check_bool(facts[name], name))
        for name in ("ghosts_drawn", "lianzhuang_count", "guoshui_passed_value"):
            value = facts[name]
            if not (value.__class__ is int and value >= 0 or value is None and name == "guoshui_passed_value"):
                setattr_(self, name, check_count(value, name))
        if self.losers is not None:
            setattr_(self, "losers", _losers(self.losers))
        if not (self.special_kongs.__class__ is FrozenCounts and not self.special_kongs):
            setattr_(self, "special_kongs", check_kongs(self.special_kongs, "the winner's special", SPECIAL_KONGS))
        if self.payment_scope.__class__ is not tuple or self.payment_scope != _HAND_ONLY:
            setattr_(self, "payment_scope", _scope(self.payment_scope))
        if self.discards.__class__ is not tuple or self.discards:
            setattr_(self, "discards", _tile_tuple(self.discards, "discards"))
        if self.re_pao_kong is not None and self.re_pao_kong not in KONGS:
            raise ValueError(f"re_pao_kong is the kind of the discarder's kong, one of {sorted(KONGS)}, "
                             f"not {short(self.re_pao_kong)}")
        self._check_combination()
        setattr_(self, "_given", self._given_facts())

    def _given_facts(self) -> tuple[str, ...]:
        """The facts that differ from their defaults, in the order of the fields (every
        score asks for them: found once per situation)."""
        facts = self.__dict__
        return tuple(k for k, d in _defaults().items() if facts[k] is not d and facts[k] != d)

    def _facts(self) -> tuple:
        """Every fact but the winning tile, as one value hashed once: equal for
        situations that differ at most in their winning tile (a region's cache of what
        a table shares keys on it).  Made when first asked for and kept by
        :meth:`_derive` while only the winning tile changes."""
        state = self.__dict__
        key = state.get("_facts_key")
        if key is None:
            key = state["_facts_key"] = _Hashed((self.self_draw, self._given, *(state[k] for k in self._given)))
        return key  # type: ignore[no-any-return]

    def _check_combination(self) -> None:
        problem = self._impossible()
        if problem:
            raise ValueError(problem)

    def _derive(self, **facts: Any) -> "Situation":
        """This situation with some facts changed, for internal callers (the analyses'
        and readiness's wait loops) whose new values are in checked form already: an
        index 0-33 for ``win_tile``, a bool, or a value read from a checked situation
        (:meth:`replace` validates what it is given).  The other facts were checked when
        this situation was made; the combination of facts is checked again and the given
        facts found again unless only ``win_tile`` changed (it takes part in neither)."""
        out = object.__new__(Situation)
        state = out.__dict__
        state.update(self.__dict__)
        state.update(facts)
        if (len(facts) > 1 or "win_tile" not in facts) and \
                any(state[k] is not self.__dict__[k] for k in facts if k != "win_tile"):
            out._check_combination()
            state["_given"] = out._given_facts()
            state.pop("_facts_key", None)
        return out

    def _impossible(self) -> Optional[str]:
        """Why this combination of facts cannot happen at any table, if it cannot."""
        if self.robbing_kong and self.self_draw:
            return "robbing a kong is not a self-draw"
        if self.kong_discard and self.self_draw:
            return "杠上炮 (kong_discard) is a win on a discard, not a self-draw"
        if self.after_kong and not self.self_draw:
            return "after_kong is a self-draw on a kong's replacement tile, not a discard win"
        if self.kong_discard and self.robbing_kong:
            return "a win robs a kong or takes a konger's discard, not both"
        if self.tianhu and self.dihu:
            return "天胡 and 地胡 at once: the dealer's dealt hand or another player's first turn, not both"
        if self.tianhu and not self.self_draw:
            return "天胡 is the dealer complete with his dealt tiles: a self-draw, not a discard win"
        if self.re_pao and (self.self_draw or self.robbing_kong):
            return "热炮 (re_pao) is a win on the konger's next discard, not a self-draw or a robbed kong"
        if self.last_four and not self.self_draw:
            return "last_four (海底撈) is a self-draw: in the last four tiles nobody discards or kongs"
        return None

    def given(self) -> list[str]:
        """The facts that differ from their defaults (``win_tile`` and ``self_draw``
        apart, which every region reads)."""
        return list(self._given)

    def check_facts(self, region: str, facts: Iterable[str], scopes: Iterable[str] = ("hand",)) -> None:
        """ValueError naming the first fact ``region`` (whose facts are ``facts``, its
        settlements ``scopes``) has no use for."""
        if not self._given and self.payment_scope == _HAND_ONLY and "hand" in scopes:
            return      # (most situations: nothing given but the win, the hand settled)
        key = (region, facts, scopes, self._given, self.payment_scope)
        if key in _FACTS_CHECKED:
            return      # (passed before: a region's facts and scopes are its constants)
        known = facts if isinstance(facts, (set, frozenset)) else set(facts)
        for name in self._given:
            if name not in known:
                raise ValueError(f"{region} does not use {name}")
        for scope in self.payment_scope:
            if scope not in scopes:
                raise ValueError(f"{region} does not settle {scope!r} (payment_scope: {sorted(set(scopes))})")
        if isinstance(facts, frozenset) and isinstance(scopes, tuple) and len(_FACTS_CHECKED) < 4096:
            _FACTS_CHECKED.add(key)

    def replace(self, **changes: Any) -> "Situation":
        """The same situation with some facts changed (validated again)."""
        return dataclasses.replace(self, **changes)

    def to_dict(self) -> dict[str, Any]:
        """The facts that are given, as the case format writes them (tiles in notation)."""
        out: dict[str, Any] = {}
        if self.win_tile is not None:
            out["win_tile"] = tiles.tile_name(self.win_tile)
        out["self_draw"] = self.self_draw
        for name in self.given():
            value = getattr(self, name)
            if name in ("indicator", "flip"):
                value = tiles.tile_name(value)
            elif name == "losers":
                value = [l.to_dict() for l in value]
            elif name == "special_kongs":
                value = dict(value)
            elif name == "discards":
                value = [tiles.tile_name(t) for t in value]
            elif name == "payment_scope":
                value = list(value)
            out[name] = value
        return out

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> "Situation":
        """From case-format fields (unknown names are a ValueError)."""
        names = {f.name for f in dataclasses.fields(cls)}
        unknown = [k for k in data if k not in names]
        if unknown:
            raise ValueError(f"unknown situation fact {short(unknown[0])}")
        kwargs = dict(data)
        if "losers" in kwargs and kwargs["losers"] is not None:
            kwargs["losers"] = tuple(l if isinstance(l, Loser) else Loser.from_dict(l) for l in kwargs["losers"])
        if "discards" in kwargs:
            kwargs["discards"] = tuple(kwargs["discards"])
        if "payment_scope" in kwargs:
            kwargs["payment_scope"] = tuple(kwargs["payment_scope"]) if isinstance(
                kwargs["payment_scope"], (list, tuple)) else kwargs["payment_scope"]
        return cls(**kwargs)


def win_facts(hand: object, situation: object, region: str, facts: Iterable[str],
              scopes: Iterable[str] = ("hand",)) -> "Situation":
    """``situation``, checked as the situation of a win of ``hand`` in ``region``:
    TypeError unless they are a Hand and a Situation, ValueError for a fact the region
    does not read or a win without its winning tile."""
    if not isinstance(hand, Hand):
        check_hand(hand)
    if not isinstance(situation, Situation):
        raise TypeError(f"situation must be a Situation, not {type(situation).__name__}")
    situation.check_facts(region, facts, scopes)
    if situation.win_tile is None:
        raise ValueError("a win needs its winning tile (win_tile)")
    return situation


def table_facts(situation: Optional["Situation"], region: str, facts: Iterable[str],
                scopes: Iterable[str] = ("hand",)) -> "Situation":
    """The situation of a question asked of 13 tiles (readiness, the end of the wall):
    none given is a plain one; a winning tile is a ValueError, and so is a fact
    ``region`` does not read."""
    situation = situation if situation is not None else NO_FACTS
    if not isinstance(situation, Situation):
        raise TypeError(f"situation must be a Situation, not {type(situation).__name__}")
    if situation.win_tile is not None:
        raise ValueError("readiness is asked of 13 tiles: the situation has no win_tile")
    situation.check_facts(region, facts, scopes)
    return situation


class _Hashed(tuple):
    """A tuple whose hash is found once (the losers, the facts of a situation: they key
    the regions' caches, and a plain tuple hashes every item on every lookup)."""

    def __new__(cls, items: Iterable[Any]) -> "_Hashed":
        out = super().__new__(cls, items)
        out.__dict__["_hash"] = hash(tuple(out))
        return out

    def __hash__(self) -> int:
        return self.__dict__["_hash"]  # type: ignore[no-any-return]

    def __reduce__(self) -> tuple:
        # rebuilt from its items: the cached hash is this process's only
        return _Hashed, (tuple(self),)


def _losers(losers: object) -> tuple[Loser, ...]:
    if isinstance(losers, (str, bytes)) or not isinstance(losers, Iterable):
        raise TypeError(f"losers are the three Loser of seats A, B and C, not {type(losers).__name__}")
    out = tuple(l if isinstance(l, Loser) else Loser.from_dict(l) for l in losers)
    if sorted(l.seat for l in out) != list(OTHERS):
        raise ValueError("losers must describe seats A, B and C once each")
    return _Hashed(out)


def _scope(scope: object) -> tuple[str, ...]:
    if isinstance(scope, str) or not isinstance(scope, (list, tuple, set, frozenset)):
        raise TypeError(f"payment_scope is a list of settlements such as ['hand', 'dou'], not "
                        f"{type(scope).__name__}")
    unknown = [s for s in scope if s not in SCOPES]
    if unknown:
        raise ValueError(f"unknown payment scope {short(unknown[0])}; use {sorted(SCOPES)}")
    return tuple(["hand"] + sorted(set(scope) - {"hand"}))


def _tile_tuple(values: object, what: str) -> tuple[int, ...]:
    if isinstance(values, str):
        return tuple(tiles.to_indices(tiles.parse(values)))
    if not isinstance(values, Iterable):
        raise TypeError(f"{what} are tiles, not {type(values).__name__}")
    return tuple(tiles.tile_index(t) for t in values)


@functools.lru_cache(maxsize=1)
def _defaults() -> dict[str, Any]:
    """Each fact's default, ``win_tile`` and ``self_draw`` apart (read once: scoring
    asks for the given facts on every call)."""
    out = {}
    for f in dataclasses.fields(Situation):
        if f.name not in ("win_tile", "self_draw"):
            out[f.name] = f.default_factory() if f.default_factory is not dataclasses.MISSING else f.default
    return out


#: No fact given: the situation of a question asked without one.
NO_FACTS = Situation()
#: A plain self-drawn win, no other fact given: the situation in which readiness and the
#: analyses value a wait (the regions' valuations read no winning tile from it).
PLAIN_SELF_DRAW = Situation(self_draw=True)

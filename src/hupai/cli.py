"""The ``hupai`` command line."""
from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path
from typing import Optional, Sequence

from . import _core, tiles, verify
from ._messages import short


def _tile_list(indices: Sequence[int]) -> str:
    return " ".join(tiles.tile_name(t) for t in indices) or "-"


def cmd_analyze(args: argparse.Namespace) -> int:
    from .analysis import analyze_discards
    counts = tiles.parse(args.hand)
    jokers = args.jokers
    opts = {"seven_pairs": not args.no_seven_pairs, "honor_sequences": args.honor_sequences}
    total = int(counts.sum()) + jokers
    visible = tiles.parse(args.visible) if args.visible else None
    out = sys.stdout
    if (args.indicator or args.melds) and args.rules != "wuhan":
        raise ValueError("--indicator and --melds go with --rules wuhan")
    if args.rules:
        if total % 3 != 2:
            raise ValueError("--rules analyses the discards of a 3M+2 hand (e.g. 14 tiles)")
        wuhan = {}
        if args.rules == "wuhan":
            from .verify import _melds as melds_of
            wuhan = {"indicator": args.indicator, "declared": melds_of(_melds(args.melds))}
        rows = analyze_discards(counts, jokers, visible, rules=args.rules, **wuhan)
        if args.json:
            out.write(json.dumps([o.to_json() for o in rows], ensure_ascii=False) + "\n")
            return 0
        out.write(f"hand:     {tiles.format(counts)}  ({tiles.format(counts, 'chinese')}), {args.rules} rules\n")
        out.write("discard  shanten  unseen  void  effective tiles (unseen copies) / values of waits\n")
        for o in rows:
            eff = " ".join(f"{tiles.tile_name(t)}:{n}" for t, n in o.effective.items()) or "-"
            vals = (" values " + " ".join(f"{tiles.tile_name(t)}={v}" for t, v in o.values.items())
                    if o.values else "")
            out.write(f"  {tiles.tile_name(o.discard):6} {o.shanten:7} {o.total:7}  {o.void or '-':4}  {eff}{vals}\n")
        return 0
    if args.json:
        if total % 3 != 2:
            raise ValueError("--json lists discards: give a 3M+2 hand (e.g. 14 tiles)")
        listing = [o.to_json() for o in analyze_discards(counts, jokers, visible, **opts)]
        out.write(json.dumps(listing, ensure_ascii=False) + "\n")
        return 0
    out.write(f"hand:     {tiles.format(counts)}  ({tiles.format(counts, 'chinese')})"
              f"{f' + {jokers} joker(s)' if jokers else ''}, {total} tiles\n")
    shanten = _core.shanten(counts, jokers, **opts)
    label = {-1: "complete", 0: "ready"}.get(shanten, f"{shanten} from ready")
    out.write(f"shanten:  {shanten} ({label})\n")
    if total % 3 == 1:
        if shanten == 0:
            out.write(f"waits:    {_tile_list(_core.waits(counts, jokers, **opts))}\n")
        else:
            out.write(f"improve:  {_tile_list(_core.improving(counts, jokers, **opts))}\n")
        return 0
    if shanten == -1:
        decomps = _core.decompose(counts, jokers, **opts)
        out.write(f"arrangements: {len(decomps)}\n")
        for d in decomps:
            out.write(f"  {d.form:12} {d}\n")
    out.write("discard  shanten  unseen  effective tiles (unseen copies)\n")
    for o in analyze_discards(counts, jokers, visible, **opts):
        eff = " ".join(f"{tiles.tile_name(t)}:{n}" for t, n in o.effective.items()) or "-"
        out.write(f"  {tiles.tile_name(o.discard):6} {o.shanten:7} {o.total:7}  {eff}\n")
    return 0


def _options(pairs: Sequence[str]) -> dict:
    """``key=value`` pairs; values are read as JSON (100, null, true, "floor") or text."""
    out = {}
    for item in pairs:
        key, sep, raw = item.partition("=")
        if not sep:
            raise ValueError(f"--option takes key=value, got {short(item)}")
        try:
            out[key] = json.loads(raw)
        except json.JSONDecodeError:
            out[key] = raw
    return out


def _melds(specs: Sequence[str]) -> list[dict]:
    """``peng:111m``, ``minggang:2222p@A`` (space- or comma-separated, repeatable)."""
    out = []
    for spec in " ".join(specs).replace(",", " ").split():
        kind, sep, rest = spec.partition(":")
        if not sep:
            raise ValueError(f"a meld is KIND:TILES[@SEAT], got {short(spec)}")
        tiles_text, _, seat = rest.partition("@")
        out.append({"kind": kind, "tiles": tiles_text, **({"from": seat} if seat else {})})
    return out


def _region(name: str):
    from .rules import REGIONS
    if name not in REGIONS:
        raise ValueError(f"unknown or not yet implemented rules {short(name)}; available: {', '.join(REGIONS)}")
    return REGIONS[name]


def _print_ledger(ledger, out) -> None:
    net = ledger.net()
    out.write("payments: " + (", ".join(f"{k} {v:+g}" for k, v in sorted(net.items())) or "none") + "\n")
    for t in ledger:
        out.write(f"  {t.payer} -> {t.payee} {t.amount:g} ({t.reason})\n")


def cmd_score(args: argparse.Namespace) -> int:
    from .verify import context_of, hand_of
    region = _region(args.rules)
    case = {"concealed": tiles.format(tiles.parse(args.hand)), "melds": _melds(args.melds),
            "win_tile": tiles.tile_name(tiles.parse_tile(args.win)), "self_draw": args.self_draw}
    for flag in ("after_kong", "kong_discard", "robbing_kong", "declared_ready", "tianhu", "dihu", "dealer"):
        if getattr(args, flag):
            case[flag] = True
    if args.ghosts_drawn:
        case["ghosts_drawn"] = args.ghosts_drawn
    if args.guoshui is not None:
        case["guoshui_passed_value"] = args.guoshui
    rules = region.Rules.from_options(_options(args.option))
    if args.rules == "wuhan":
        if args.indicator is None:
            raise ValueError("Wuhan needs --indicator (the flipped 癩子皮)")
        case["indicator"] = args.indicator
        case["losers"] = _json(args.losers, "--losers") if args.losers else [
            {"seat": s, "opened": True, "discarder": (s == "A" and not args.self_draw
                                                      and not args.robbing_kong)} for s in "ABC"]
        if args.special_kongs:
            case["special_kongs"] = _json(args.special_kongs, "--special-kongs")
        case["last_four"] = args.last_four
        case["discarder_ready"] = not args.discarder_not_ready
    if args.rules in ("guiyang", "fuzhou"):
        case["payment_scope"] = ["hand"] + [x for x in args.scope.split(",") if x and x != "hand"]
    if args.rules == "guiyang":
        case.update(re_pao=args.re_pao, shabao=args.shabao)
        if args.flip:
            case["flip"] = args.flip
    score_case = getattr(region, "score_case", None)
    res = score_case(case, rules) if score_case else region.score(hand_of(case), context_of(case), rules)
    out = sys.stdout
    if not res.is_win:
        out.write(f"not a win: {res.reason}\n")
        return 1
    out.write(f"win: {res.value:g}{res.unit}\n")
    out.write("patterns: " + " ".join(res.patterns) + "\n")
    _print_ledger(res.ledger, out)
    return 0


def _json_text(value: str, what: str) -> object:
    """JSON from a file named ``value``, or standard input for ``-``.  Inline JSON is
    refused with a hint rather than taken for a file name."""
    if value == "-":
        text = sys.stdin.read()
    elif value.lstrip().startswith(("{", "[")):
        raise ValueError(f"{what} takes a file or - (standard input), not inline JSON; "
                         f"pipe it in: echo '...' | hupai ... {what} -")
    else:
        try:
            text = Path(value).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise ValueError(f"{what}: cannot read {short(value)}: {getattr(exc, 'strerror', None) or exc}") from None
    return _json(text, what)


def _json(text: str, what: str) -> object:
    try:
        return json.loads(text)
    except RecursionError:
        raise ValueError(f"{what}: the JSON is nested too deeply") from None
    except json.JSONDecodeError as exc:
        raise ValueError(f"{what}: not JSON ({exc.msg} at line {exc.lineno} column {exc.colno})") from None


def _table_of(args: argparse.Namespace) -> dict:
    """The table of ``hupai chajiao``: ``--json`` (a file or -) and the ``--seat`` lines."""
    table: dict = {"seats": {}, "options": {}}
    if args.json:
        loaded = _json_text(args.json, "--json")
        if not isinstance(loaded, dict) or not isinstance(loaded.get("seats", {}), dict) \
                or not isinstance(loaded.get("options", {}), dict):
            raise ValueError('--json: a table is {"seats": {"A": {"concealed": "...", "melds": [...]}, '
                             '"B": {"won": true}, ...}, "dealer": "A", "options": {...}}')
        table = {"seats": dict(loaded.get("seats", {})), "options": dict(loaded.get("options", {})),
                 **{k: v for k, v in loaded.items() if k not in ("seats", "options")}}
    given: set[str] = set()
    for spec in args.seat:
        label, sep, hand_text = spec.partition("=")
        if not sep:
            raise ValueError(f"--seat takes LABEL=TILES or LABEL=won, got {short(spec)}")
        if label in given:
            raise ValueError(f"--seat {short(label)} is given twice")
        given.add(label)
        table["seats"][label] = {"won": True} if hand_text == "won" else {"concealed": hand_text, "melds": []}
    if args.dealer:
        table["dealer"] = args.dealer
    if not table["seats"]:
        raise ValueError("no seats: give --seat LABEL=TILES (or LABEL=won) for A, B, C and D, or --json FILE")
    return table


def _seat_hand(label: str, raw: object, build):
    from .verify import _melds as melds_of
    if not isinstance(raw, dict):
        raise ValueError(f"seat {short(label)}: a seat is {{\"concealed\": TILES, \"melds\": [...]}} or {{\"won\": true}}")
    if raw.get("won") is True:
        return None
    if not isinstance(raw.get("concealed"), str) or not isinstance(raw.get("melds", []), list):
        raise ValueError(f"seat {short(label)}: concealed is a tile string and melds a list")
    for m in raw.get("melds", []):
        if not isinstance(m, dict) or not isinstance(m.get("kind"), str) or not isinstance(m.get("tiles"), str):
            raise ValueError(f"seat {short(label)}: a meld is {{\"kind\": ..., \"tiles\": ..., \"from\": seat}}")
    return build(tiles.parse(raw["concealed"]), melds_of(raw.get("melds", [])))


def cmd_chajiao(args: argparse.Namespace) -> int:
    from .rules.model import Hand
    region = _region(args.rules)
    table = _table_of(args)
    options = {**table.get("options", {}), **_options(args.option)}
    build = getattr(region, "case_hand", Hand)    # Guiyang: a wrong tile count is 相公, not an error
    seats = {label: _seat_hand(label, raw, build) for label, raw in table["seats"].items()}
    res = region.chajiao(seats, region.Rules.from_options(options), dealer=table.get("dealer"))
    out = sys.stdout
    if not res.seats:
        out.write(res.event + "\n")
    net = res.ledger.net()
    for label in sorted(seats):
        out.write(f"{label}: {_seat_line(label, seats[label], res, net.get(label, 0))}\n")
    _print_ledger(res.ledger, out)
    if res.next_dealer:
        out.write(f"next dealer: {res.next_dealer}\n")
    return 0


def _seat_line(label: str, hand, res, net) -> str:
    """What the end of the wall did to one seat."""
    if hand is None:
        return "has won"
    rep = res.seats.get(label)
    if rep is None:     # a region without 查叫 (荒莊, 后燒): the seat's settlement
        return f"receives {net:g}" if net > 0 else f"pays {-net:g}" if net < 0 else "settles nothing"
    status = "花豬" if rep.huazhu else "ready" if rep.ready else "not ready"
    if not rep.ready:
        return status + (f" ({rep.reason})" if rep.reason and not rep.huazhu else "")
    return f"{status} waits {_tile_list(rep.waits)} value {rep.value:g}{res.unit} ({' '.join(rep.patterns)})"


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="hupai", description="Mahjong hand evaluation.")
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("analyze", help="shanten, waits and arrangements of a hand",
                       description="Analyse a hand written in mpsz, Chinese or Unicode tiles; "
                                   "jokers are given with --jokers ([x] in arrangements marks "
                                   "a joker standing for x, * a free joker).")
    p.add_argument("hand", help='e.g. "123m456p789s1122z"')
    p.add_argument("--jokers", type=int, default=0, help="jokers held besides the hand's tiles")
    p.add_argument("--honor-sequences", action="store_true",
                   help="any three winds, and 中发白, form sequences (Fuzhou)")
    p.add_argument("--no-seven-pairs", action="store_true", help="seven pairs do not win")
    p.add_argument("--visible", help="tiles seen on the table, for the unseen counts")
    p.add_argument("--json", action="store_true",
                   help="print the discards of a 3M+2 hand as JSON, best first")
    p.add_argument("--rules", choices=["luzhou", "wuhan", "guiyang", "fuzhou"],
                   help="analyse under a region's rules (Luzhou: 7z are the ghosts, 缺一門; "
                        "Wuhan: needs --indicator, the laizi are the hand's own tiles; "
                        "the value of each wait of a ready discard)")
    p.add_argument("--indicator", help="Wuhan: the flipped indicator tile (the laizi is the next one)")
    p.add_argument("--melds", action="append", default=[],
                   help="Wuhan: declared melds, e.g. 'chi:345s peng:777p@B' (the hand is then "
                        "the concealed tiles)")
    p.set_defaults(func=cmd_analyze)

    v = sub.add_parser("verify", help="run acceptance case files",
                       description="Evaluate case files (hupai case format 1) and compare with "
                                   "their expected results; ends with 'N passed, M failed'.")
    v.add_argument("files", nargs="+")
    v.set_defaults(func=lambda a: verify.main(a.files))

    s = sub.add_parser("score", help="score a win under a region's rules",
                       description="Score a win: the concealed hand before the winning tile, "
                                   "its melds, and how the winning tile came.")
    s.add_argument("hand", help='concealed tiles before the win, e.g. "123m456m234p567p7z"')
    s.add_argument("--rules", required=True, help="luzhou, wuhan, guiyang or fuzhou")
    s.add_argument("--win", required=True, help="the winning tile, e.g. 9p")
    s.add_argument("--melds", action="append", default=[],
                   help="KIND:TILES[@SEAT], e.g. 'peng:111m minggang:2222p@A'")
    s.add_argument("--self-draw", action="store_true")
    s.add_argument("--after-kong", action="store_true", help="self-draw on a kong replacement")
    s.add_argument("--kong-discard", action="store_true", help="the discarder had just konged (杠上炮)")
    s.add_argument("--robbing-kong", action="store_true")
    s.add_argument("--declared-ready", action="store_true", help="報牌 / 报听")
    s.add_argument("--tianhu", action="store_true")
    s.add_argument("--dihu", action="store_true")
    s.add_argument("--dealer", action="store_true")
    s.add_argument("--ghosts-drawn", type=int, default=0, help="Luzhou 喜錢: ghosts drawn this round")
    s.add_argument("--guoshui", type=int, help="過水: value of the discard win passed since the last draw")
    s.add_argument("--indicator", help="Wuhan: the flipped indicator tile (the laizi is the next one)")
    s.add_argument("--losers", help='Wuhan: JSON list of the losers A, B, C, e.g. '
                                    '\'[{"seat": "A", "opened": true, "discarder": true, '
                                    '"kongs": {"ming": 1}}, ...]\' (default: all opened)')
    s.add_argument("--special-kongs", help='Wuhan: JSON, e.g. \'{"hongzhong": 1, "laizi": 1}\'')
    s.add_argument("--last-four", action="store_true", help="Wuhan: 海底撈")
    s.add_argument("--discarder-not-ready", action="store_true", help="Wuhan: 全求人 包胡")
    s.add_argument("--re-pao", action="store_true", help="Guiyang: 热炮")
    s.add_argument("--shabao", action="store_true", help="Guiyang: 杀报 (A had declared 报听)")
    s.add_argument("--flip", help="Guiyang: the tile flipped for 捉鸡")
    s.add_argument("--scope", default="hand", help="Guiyang / Fuzhou: settlements to include, e.g. hand,dou,chicken or hand,kong")
    s.add_argument("--option", action="append", default=[], help="rule flag, e.g. luzhou_cap=100")
    s.set_defaults(func=cmd_score)

    c = sub.add_parser("chajiao", help="查叫 of a whole table at the end of the wall",
                       description="Who is ready, who is 花豬, and who pays whom, at the end of "
                                   "the wall.")
    c.add_argument("--rules", required=True, help="luzhou, wuhan, guiyang or fuzhou")
    c.add_argument("--seat", action="append", default=[], help="LABEL=TILES (13 tiles) or LABEL=won")
    c.add_argument("--json", help="a table as JSON: {\"seats\": {\"A\": {\"concealed\": ..., "
                                  "\"melds\": [...]}, \"B\": {\"won\": true}}, \"dealer\": \"A\"}")
    c.add_argument("--dealer", help="seat label of the dealer")
    c.add_argument("--option", action="append", default=[], help="rule flag, e.g. luzhou_cap=100")
    c.set_defaults(func=cmd_chajiao)
    return parser


def main(argv: Optional[Sequence[str]] = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return int(args.func(args))
    except (ValueError, TypeError, OSError) as exc:
        sys.stderr.write(f"hupai: error: {short(str(exc), 300)}\n")
        return 2
    except RecursionError:
        sys.stderr.write("hupai: error: the input is nested too deeply\n")
        return 2
    except Exception as exc:   # a bug: say so in one line (HUPAI_DEBUG=1 shows the traceback)
        if os.environ.get("HUPAI_DEBUG") == "1":
            raise
        sys.stderr.write(f"hupai: internal error, please report it: {type(exc).__name__}: "
                         f"{short(str(exc), 200)}\n")
        return 3


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())

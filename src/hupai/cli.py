"""The ``hupai`` command line (also ``python -m hupai``).

Every command takes tiles and melds the same way: a hand is ``"CONCEALED [KIND:TILES[@SEAT]]..."``
(``"23m7z456m234p9p peng:111m"``; ``--melds`` adds more), a region's situation facts are
options generated from :class:`~hupai.rules.Situation` (``--indicator 8p``, ``--re-pao``,
...; a region refuses a fact it does not use), and ``--json`` prints the result as JSON.
"""
from __future__ import annotations

import argparse
import dataclasses
import json
import os
import sys
from pathlib import Path
from typing import Any, Optional, Sequence

from . import __version__, _core, cli_table, tiles, verify
from ._messages import clip, short

_LANGS = ("zh", "en")


def _tile_list(indices: Sequence[int]) -> str:
    return " ".join(tiles.tile_name(t) for t in indices) or "-"


def _write_json(value: Any) -> None:
    sys.stdout.write(json.dumps(value, ensure_ascii=False) + "\n")


# ------------------------------------------------------------------ hands, facts, options


def _hand_parts(text: str, extra_melds: Sequence[str] = ()) -> tuple[str, list[dict]]:
    """``"CONCEALED [KIND:TILES[@SEAT]]..."`` (and ``--melds``) as the concealed tiles and
    the case format's melds."""
    concealed: list[str] = []
    melds = []
    for token in " ".join([text, *extra_melds]).replace(",", " ").split():
        kind, sep, rest = token.partition(":")
        if not sep:
            concealed.append(token)
            continue
        tiles_text, _, seat = rest.partition("@")
        melds.append({"kind": kind, "tiles": tiles_text, **({"from": seat} if seat else {})})
    return "".join(concealed), melds


def _options(pairs: Sequence[str]) -> dict:
    """``key=value`` pairs; values are read as JSON (100, null, true, "floor") or text."""
    out = {}
    for item in pairs:
        key, sep, raw = item.partition("=")
        if not sep:
            raise ValueError(f"--option takes key=value, got {short(item)}")
        out[key] = _json_or_text(raw)
    return out


def _json_or_text(raw: str) -> Any:
    try:
        return json.loads(raw)
    except (json.JSONDecodeError, RecursionError):
        return raw


def _region(name: str):
    from .rules import REGIONS
    if name not in REGIONS:
        raise ValueError(f"unknown rules {short(name)}; available: {', '.join(REGIONS)}")
    return REGIONS[name]


_SKIP_FACTS = ("win_tile", "self_draw")


_TABLE_FACTS = ("indicator", "flip")


def _add_fact_options(p: argparse.ArgumentParser, only: Optional[Sequence[str]] = None) -> None:
    """One option per situation fact (``only``: these; a region refuses the facts it does
    not use)."""
    from .rules import Situation
    from .rules.situation import FACT_NOTES
    group = p.add_argument_group("situation facts (hupai.rules.Situation; L W G F: the regions that read each)")
    for f in dataclasses.fields(Situation):
        if f.name in _SKIP_FACTS or (only is not None and f.name not in only):
            continue
        flag, dest = "--" + f.name.replace("_", "-"), "fact_" + f.name
        regions, meaning = FACT_NOTES[f.name]
        note = f"[{regions}] {meaning.replace('``', '').replace(':class:', '')}".replace("%", "%%")
        if f.default is True:
            group.add_argument("--no-" + f.name.replace("_", "-"), dest=dest, action="store_false", default=None,
                               help=f"not: {note}")
        elif f.default is False:
            group.add_argument(flag, dest=dest, action="store_true", default=None, help=note)
        else:
            json_ = f.name in ("losers", "special_kongs")
            group.add_argument(flag, dest=dest, default=None, metavar="JSON" if json_ else "VALUE", help=note)


def _facts(args: argparse.Namespace) -> dict[str, Any]:
    """The facts given on the command line, in the case format's shape."""
    from .rules import Situation
    out: dict[str, Any] = {}
    for f in dataclasses.fields(Situation):
        value = getattr(args, "fact_" + f.name, None)
        if value is None:
            continue
        if f.name in ("losers", "special_kongs"):
            value = _json(value, "--" + f.name.replace("_", "-"))
        elif f.name in ("payment_scope", "discards"):
            value = [x for x in value.replace(",", " ").split() if x]
        elif f.name in ("ghosts_drawn", "guoshui_passed_value", "lianzhuang_count"):
            value = _json_or_text(value)
        out[f.name] = value
    return out


def _name(step_pattern: Any, lang: str) -> str:
    return step_pattern.name_en if lang == "en" else step_pattern.name_zh


# ------------------------------------------------------------------ analyze


def cmd_analyze(args: argparse.Namespace) -> int:
    from .analysis import analyze_discards
    from .rules import DeclaredMeld
    concealed, melds_raw = _hand_parts(args.hand, args.melds)
    counts = tiles.parse(concealed)
    melds = [DeclaredMeld.from_dict(m) for m in melds_raw]
    jokers = args.jokers
    total = int(counts.sum()) + jokers
    visible = tiles.parse(args.visible) if args.visible else None
    facts = _facts(args)
    if args.rules:
        if total % 3 != 2:
            raise ValueError("--rules analyses the discards of a 3M+2 hand (e.g. 14 tiles)")
        rows = analyze_discards(counts, jokers, visible, rules=args.rules, melds=melds, **facts)
        return _print_options(rows, counts, f"{args.rules} rules", args.json, with_void=True)
    if facts:
        raise ValueError(f"--{next(iter(facts)).replace('_', '-')} is a situation fact: it goes with --rules")
    opts = {"seven_pairs": not args.no_seven_pairs, "honor_sequences": args.honor_sequences}
    if args.json:
        if total % 3 != 2:
            raise ValueError("--json lists discards: give a 3M+2 hand (e.g. 14 tiles)")
        _write_json([o.to_dict() for o in analyze_discards(counts, jokers, visible, melds=melds, **opts)])
        return 0
    return _print_kernel(counts, jokers, visible, melds, opts, total)


def _print_kernel(counts, jokers: int, visible, melds, opts: dict, total: int) -> int:
    from .analysis import analyze_discards
    out = sys.stdout
    out.write(f"hand:     {tiles.format(counts)}  ({tiles.format(counts, 'chinese')})"
              f"{f' + {jokers} joker(s)' if jokers else ''}, {total} tiles\n")
    shanten = _core.shanten(counts, jokers, **opts)
    label = {-1: "complete", 0: "ready"}.get(shanten, f"{shanten} from ready")
    out.write(f"shanten:  {shanten} ({label})\n")
    if total % 3 == 1:
        kernel = _core.waits if shanten == 0 else _core.improving
        out.write(f"{'waits:   ' if shanten == 0 else 'improve: '} {_tile_list(kernel(counts, jokers, **opts))}\n")
        return 0
    if shanten == -1:
        decomps = _core.decompose(counts, jokers, **opts)
        out.write(f"arrangements: {len(decomps)}\n")
        for d in decomps:
            out.write(f"  {d.form:12} {d}\n")
    return _print_options(analyze_discards(counts, jokers, visible, melds=melds, **opts), counts, None, False)


def _print_options(rows, counts, rules_label: Optional[str], as_json: bool, with_void: bool = False) -> int:
    if as_json:
        _write_json([o.to_dict() for o in rows])
        return 0
    out = sys.stdout
    if rules_label:
        out.write(f"hand:     {tiles.format(counts)}  ({tiles.format(counts, 'chinese')}), {rules_label}\n")
    out.write("discard  shanten  unseen" + ("  void" if with_void else "")
              + "  effective tiles (unseen copies)" + (" / values of waits" if with_void else "") + "\n")
    for o in rows:
        eff = " ".join(f"{tiles.tile_name(t)}:{n}" for t, n in o.effective.items()) or "-"
        vals = (" values " + " ".join(f"{tiles.tile_name(t)}={v}" for t, v in o.values.items())
                if o.values else "")
        void = f"  {o.void or '-':4}" if with_void else ""
        note = f"  ({o.reason})" if o.reason else ""
        out.write(f"  {tiles.tile_name(o.discard):6} {o.shanten:7} {o.total:7}{void}  {eff}{vals}{note}\n")
    return 0


# ------------------------------------------------------------------ score


def cmd_score(args: argparse.Namespace) -> int:
    from .cases import score_case
    concealed, melds = _hand_parts(args.hand, args.melds)
    case = {"region": args.rules, "concealed": tiles.format(tiles.parse(concealed)), "melds": melds,
            "win_tile": tiles.tile_name(tiles.parse_tile(args.win)), "self_draw": args.self_draw,
            **_facts(args)}
    if args.option:
        case["options"] = _options(args.option)
    _region(args.rules)
    res = score_case(case)
    if args.json:
        _write_json(res.to_dict())
        return 0 if res.is_win else 1
    out = sys.stdout
    if not res.is_win:
        out.write(f"not a win: {res.reason}\n")
        return 1
    out.write(f"win: {res.value:g}{res.unit}\n")
    out.write("patterns: " + ", ".join(_pattern_name(_region(args.rules), n, args.lang) for n in res.patterns) + "\n")
    _print_breakdown(res.breakdown, args.lang, out)
    _print_ledger(res.ledger, out)
    return 0


_OP_TEXT = {"set": "= {:g}", "add": "+ {:g}", "multiply": "x {:g}", "max": "at least {:g}", "cap": "capped at {:g}",
            "half_down": "halved, rounded down", "half_up": "halved, rounded up", "floor": "rounded down"}


def _print_breakdown(breakdown, lang: str, out) -> None:
    """Each step with what it does and the value it leaves (a payer's share in [ ])."""
    from .rules.breakdown import running
    for step, value in zip(breakdown, running(breakdown)):
        who = f" [{step.payer}]" if step.payer else ""
        if step.op == "label":
            out.write(f"  {_name(step.pattern, lang)}{who}\n")
            continue
        does = f"x {2 ** step.amount:g}" if step.op == "double" else _OP_TEXT[step.op].format(step.amount)
        out.write(f"  {_name(step.pattern, lang)}{who}: {does} -> {value:g}\n")


def _print_ledger(ledger, out) -> None:
    net = ledger.net()
    out.write("payments: " + (", ".join(f"{k} {v:+g}" for k, v in sorted(net.items())) or "none") + "\n")
    for t in ledger:
        out.write(f"  {t.payer} -> {t.payee} {t.amount:g}: {t.reason}\n")


# ------------------------------------------------------------------ chajiao


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


_TABLE_SHAPE = ('a table is {"seats": {"A": {"concealed": "...", "melds": [...]}, "B": {"won": true}, ...}, '
                '"dealer": "A", "options": {...}}')


def _table_of(args: argparse.Namespace) -> dict:
    """The table of ``hupai chajiao``: ``--table`` (a file or -) and the ``--seat`` lines."""
    table: dict = {"seats": {}, "options": {}}
    source = args.table or (args.json if args.json not in (None, True) else None)
    if source:
        loaded = _json_text(source, "--table")
        if not isinstance(loaded, dict) or not isinstance(loaded.get("seats", {}), dict) \
                or not isinstance(loaded.get("options", {}), dict):
            raise ValueError(f"--table: {_TABLE_SHAPE}")
        table = {**loaded, "seats": dict(loaded.get("seats", {})), "options": dict(loaded.get("options", {}))}
    given: set[str] = set()
    for spec in args.seat:
        label, sep, hand_text = spec.partition("=")
        if not sep:
            raise ValueError(f"--seat takes LABEL=HAND or LABEL=won, got {short(spec)}")
        if label in given:
            raise ValueError(f"--seat {short(label)} is given twice")
        given.add(label)
        if hand_text == "won":
            table["seats"][label] = {"won": True}
        else:
            concealed, melds = _hand_parts(hand_text)
            table["seats"][label] = {"concealed": concealed, "melds": melds}
    if args.dealer:
        table["dealer"] = args.dealer
    if not table["seats"]:
        raise ValueError("no seats: give --seat LABEL=HAND (or LABEL=won) for A, B, C and D, or --table FILE")
    return table


def _seat_hand(region, label: str, raw: object):
    from .cases import hand_of
    if not isinstance(raw, dict):
        raise ValueError(f"seat {short(label)}: a seat is {{\"concealed\": TILES, \"melds\": [...]}} or "
                         "{\"won\": true}")
    if raw.get("won") is True:
        return None
    if not isinstance(raw.get("concealed"), str) or not isinstance(raw.get("melds", []), list):
        raise ValueError(f"seat {short(label)}: concealed is a tile string and melds a list")
    return hand_of(region, raw)


def cmd_chajiao(args: argparse.Namespace) -> int:
    from .rules import Situation
    region = _region(args.rules)
    table = _table_of(args)
    options = {**table.get("options", {}), **_options(args.option)}
    seats = {label: _seat_hand(region, label, raw) for label, raw in table["seats"].items()}
    facts = {k: table[k] for k in _TABLE_FACTS if k in table}
    res = region.exhaust(seats, region.Rules.from_options(options), dealer=table.get("dealer"),
                         situation=Situation.from_dict({**facts, **_facts(args)}))
    if args.json is True:
        _write_json(res.to_dict())
        return 0
    out = sys.stdout
    if not res.seats:
        out.write(res.event + "\n")
    net = res.ledger.net()
    for label in sorted(seats):
        out.write(f"{label}: {_seat_line(label, seats[label], res, net.get(label, 0), region, args.lang)}\n")
    _print_ledger(res.ledger, out)
    if res.next_dealer:
        out.write(f"next dealer: {res.next_dealer}\n")
    return 0


def _seat_line(label: str, hand, res, net, region: Any, lang: str) -> str:
    """What the end of the wall did to one seat."""
    if hand is None:
        return "has won"
    rep = res.seats.get(label)
    if rep is None:     # a region without 查叫 (荒莊, 后燒): the seat's settlement
        return f"receives {net:g}" if net > 0 else f"pays {-net:g}" if net < 0 else "settles nothing"
    status = "花豬" if rep.huazhu else "ready" if rep.ready else "not ready"
    if not rep.ready:
        return status + (f" ({rep.reason})" if rep.reason and not rep.huazhu else "")
    names = " ".join(_pattern_name(region, n, lang) for n in rep.patterns)
    return f"{status} waits {_tile_list(rep.waits)} value {rep.value:g}{res.unit} ({names})"


def _pattern_name(region: Any, name_zh: str, lang: str) -> str:
    """A reported name in the language asked for (the row's English name)."""
    if lang == "zh":
        return name_zh
    return next((row.name_en for row in region.PATTERNS if row.name_zh == name_zh), name_zh)


# ------------------------------------------------------------------ the parser


def _add_common(p: argparse.ArgumentParser, lang: bool = True) -> None:
    p.add_argument("--json", action="store_true", help="print the result as JSON")
    if lang:
        p.add_argument("--lang", choices=_LANGS, default="zh", help="names of patterns in text output")


_HAND_HELP = 'concealed tiles and melds, e.g. "23m7z456m234p9p peng:111m minggang:2222p@A"'


def _add_analyze(sub: Any, regions: Sequence[str]) -> None:
    p = sub.add_parser("analyze", help="shanten, waits, arrangements and discards of a hand",
                       description="Analyse a hand written in mpsz, Chinese or Unicode tiles; jokers are given "
                                   "with --jokers ([x] in arrangements marks a joker standing for x, * a free "
                                   "joker); --rules analyses the discards under a region's rules.")
    p.add_argument("hand", help=_HAND_HELP)
    p.add_argument("--melds", action="append", default=[], help="more melds, e.g. 'chi:345s peng:777p@B'")
    p.add_argument("--jokers", type=int, default=0, help="jokers held besides the hand's tiles")
    p.add_argument("--honor-sequences", action="store_true", help="any three winds, and 中发白, form sequences")
    p.add_argument("--no-seven-pairs", action="store_true", help="seven pairs do not win")
    p.add_argument("--visible", help="tiles seen on the table, for the unseen counts")
    p.add_argument("--rules", choices=list(regions), help="analyse under a region's rules")
    _add_common(p, lang=False)
    _add_fact_options(p)
    p.set_defaults(func=cmd_analyze)


def _add_verify(sub: Any) -> None:
    v = sub.add_parser("verify", help="run acceptance case files",
                       description="Evaluate case files (hupai case format 1) and compare with their expected "
                                   "results; ends with 'N passed, M failed'.")
    v.add_argument("files", nargs="+")
    v.add_argument("--json", action="store_true", help="print a JSON report of every case")
    v.set_defaults(func=lambda a: verify.main(a.files, a.json))


def _add_score(sub: Any, regions: Sequence[str]) -> None:
    s = sub.add_parser("score", help="score a win under a region's rules",
                       description="Score a win: the concealed hand before the winning tile, its melds, and how "
                                   "the winning tile came.")
    s.add_argument("hand", help=_HAND_HELP)
    s.add_argument("--rules", required=True, help=", ".join(regions))
    s.add_argument("--win", required=True, help="the winning tile, e.g. 9p")
    s.add_argument("--melds", action="append", default=[], help="more melds, e.g. 'peng:111m minggang:2222p@A'")
    s.add_argument("--self-draw", action="store_true")
    s.add_argument("--option", action="append", default=[], help="a rule flag as the case format names it: <region>_<flag>=<value>")
    _add_common(s)
    _add_fact_options(s)
    s.set_defaults(func=cmd_score)


def _add_chajiao(sub: Any, regions: Sequence[str]) -> None:
    c = sub.add_parser("chajiao", help="what the end of the wall settles (查叫, 荒莊, 后燒)",
                       description="Who is ready, who is 花豬, and who pays whom, at the end of the wall.")
    c.add_argument("--rules", required=True, help=", ".join(regions))
    c.add_argument("--seat", action="append", default=[], help="LABEL=HAND (13 tiles, melds inline) or LABEL=won")
    c.add_argument("--table", help='a table as JSON in a file, or - for standard input: {"seats": {"A": '
                                   '{"concealed": ..., "melds": [...]}, "B": {"won": true}}, "dealer": "A"}')
    c.add_argument("--json", nargs="?", const=True, default=None, metavar="FILE",
                   help="print the result as JSON; with FILE (or -), read the table from it as --table does")
    c.add_argument("--dealer", help="seat label of the dealer")
    c.add_argument("--option", action="append", default=[], help="a rule flag as the case format names it: <region>_<flag>=<value>")
    c.add_argument("--lang", choices=_LANGS, default="zh", help="names of patterns in text output")
    _add_fact_options(c, _TABLE_FACTS)
    c.set_defaults(func=cmd_chajiao)


# ------------------------------------------------------------------ serve


def cmd_serve(args: argparse.Namespace) -> int:
    try:
        from .server import Limits, serve
    except ImportError as exc:
        raise ValueError(f"hupai serve needs the server extra (pip install 'hupai[server]'): {exc}") from None
    serve(args.host, args.port, limits=Limits(args.max_body, args.time_limit), workers=args.workers,
          log_level=args.log_level, access_log=args.access_log)
    return 0


def _add_serve(sub: Any) -> None:
    s = sub.add_parser("serve", help="an HTTP JSON service (needs the [server] extra)",
                       description="Serve the HTTP JSON API (docs/server.md; GET /openapi.json) with uvicorn.")
    s.add_argument("--host", default="127.0.0.1")
    s.add_argument("--port", type=int, default=8000)
    s.add_argument("--workers", type=int, default=1, help="processes on the one socket (default 1)")
    s.add_argument("--max-body", type=int, default=1_000_000, help="the largest body in bytes (default 1 MB)")
    s.add_argument("--time-limit", type=float, default=10.0, help="seconds one request may take (default 10)")
    s.add_argument("--log-level", default="info", choices=["critical", "error", "warning", "info", "debug"])
    s.add_argument("--access-log", action="store_true", help="log every request")
    s.set_defaults(func=cmd_serve)


def build_parser() -> argparse.ArgumentParser:
    from .rules import REGIONS
    parser = argparse.ArgumentParser(prog="hupai", description="Mahjong hand evaluation under Chinese regional "
                                                               "rules.")
    parser.add_argument("--version", action="version", version=f"hupai {__version__}")
    sub = parser.add_subparsers(dest="command", required=True)
    _add_analyze(sub, list(REGIONS))
    _add_verify(sub)
    _add_score(sub, list(REGIONS))
    _add_chajiao(sub, list(REGIONS))
    cli_table.add_simulate(sub, list(REGIONS))
    cli_table.add_replay(sub)
    _add_serve(sub)
    return parser


def main(argv: Optional[Sequence[str]] = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return int(args.func(args))
    except (ValueError, TypeError, OSError) as exc:
        sys.stderr.write(f"hupai: error: {clip(str(exc), 300)}\n")
        return 2
    except RecursionError:
        sys.stderr.write("hupai: error: the input is nested too deeply\n")
        return 2
    except KeyboardInterrupt:   # Ctrl-C: what was written stays (a records file resumes)
        sys.stderr.write("hupai: interrupted\n")
        return 130
    except Exception as exc:   # a bug: say so in one line (HUPAI_DEBUG=1 shows the traceback)
        if os.environ.get("HUPAI_DEBUG") == "1":
            raise
        sys.stderr.write(f"hupai: internal error, please report it: {type(exc).__name__}: "
                         f"{clip(str(exc), 200)}\n")
        return 3


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())

"""Malformed JSON bodies made from valid ones, for the fuzz tests of the requests and of
the server: a field set to junk or dropped, an unknown field, the text cut short or
with bytes flipped, random bytes."""
import json

_JUNK = [None, True, False, 0, -1, 1.5, 10 ** 40, -10 ** 40, "", "x" * 300, "1m" * 40, "7z", "0m", "\u0000",
         "中", [], {}, [None], {"": None}, [[[[[]]]]], {"kind": "peng"}, ["1m"], 1e308]


def _paths(value, prefix=()):
    yield prefix
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _paths(v, prefix + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value[:5]):
            yield from _paths(v, prefix + (i,))


def _set(value, path, new):
    if not path:
        return new
    copy = dict(value) if isinstance(value, dict) else list(value)
    copy[path[0]] = _set(value[path[0]], path[1:], new)
    return copy


def _drop(value, path):
    if not path:
        return value
    if len(path) == 1:
        copy = dict(value) if isinstance(value, dict) else list(value)
        del copy[path[0]]
        return copy
    return _set(value, path[:1], _drop(value[path[0]], path[1:]))


def mutated(rng, seed):
    """One malformed body (bytes) made from a valid one."""
    choice = rng.randrange(7)
    paths = list(_paths(seed))
    path = rng.choice(paths)
    if choice == 0:
        value = _set(seed, path, rng.choice(_JUNK))
    elif choice == 1:
        value = _drop(seed, path) if path else {}
    elif choice == 2 and isinstance(seed, dict):
        value = {**seed, rng.choice(["kind", "extra", "options", "melds", "region"]): rng.choice(_JUNK)}
    elif choice == 3:
        text = json.dumps(seed).encode()
        return text[:rng.randrange(len(text))]
    elif choice == 4:
        text = bytearray(json.dumps(seed).encode())
        for _ in range(rng.randint(1, 4)):
            text[rng.randrange(len(text))] = rng.randrange(256)
        return bytes(text)
    elif choice == 5:
        return bytes(rng.randrange(256) for _ in range(rng.randint(0, 64)))
    else:
        value = rng.choice(_JUNK)
    return json.dumps(value).encode()

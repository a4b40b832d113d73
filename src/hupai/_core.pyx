# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False, embedsignature=True, embedsignature.format=clinic
"""Native core of hupai (private: use :mod:`hupai` and :mod:`hupai.batch`).

Validation happens here, at the Python boundary; the C kernel (csrc/hupai.c) trusts
its inputs.  The single-hand path acquires the caller's buffer directly and copies
the 34 counts into a local array, so the caller's data is never written and a
typed-memoryview argument (slow to set up) is avoided.
"""
from cpython.buffer cimport (PyObject_CheckBuffer, PyObject_GetBuffer, PyBuffer_Release,
                             PyBUF_RECORDS_RO)
cimport cython
from libc.stdint cimport uint8_t, int8_t, uint32_t, uint64_t
from cpython.object cimport PyObject, PyTypeObject
from libc.stddef cimport ptrdiff_t
from libc.stdlib cimport malloc, free
from libc.string cimport memcpy, memset
from cpython.bytearray cimport PyByteArray_AS_STRING
from cpython.bytes cimport PyBytes_AS_STRING, PyBytes_FromStringAndSize
from cpython.list cimport PyList_New, PyList_SET_ITEM
from cpython.tuple cimport PyTuple_GET_ITEM, PyTuple_SET_ITEM
from cpython.ref cimport Py_INCREF, Py_DECREF

from hupai._kernel cimport (
    hupai_meld, hupai_deficit, hupai_is_win, hupai_shanten, hupai_waits,
    hupai_improving, hupai_decompose_standard, hupai_decompose_seven_pairs,
    hupai_reading, hupai_readings, hupai_most_quads_quick, hupai_summary, hupai_summarize, hupai_discards,
    hupai_discards_void, hupai_prepare,
    HUPAI_STANDARD, HUPAI_SEVEN_PAIRS, HUPAI_QUADS_AS_TWO, HUPAI_HONOR_SEQ, HUPAI_SHISANLAN,
    HUPAI_LAN_STRICT, HUPAI_PAIR_258, hupai_lan_deficit, hupai_plain_classes,
    HUPAI_MELD_SEQUENCE, HUPAI_MELD_TRIPLET, HUPAI_MELD_PAIR, HUPAI_MELD_ANY, HUPAI_FREE,
    HUPAI_POOL_MAX, hupai_pool_run, hupai_pool_size,
    HUPAI_EL_U8 as EL_U8, HUPAI_EL_I8 as EL_I8, HUPAI_EL_U16 as EL_U16, HUPAI_EL_I16 as EL_I16,
    HUPAI_EL_U32 as EL_U32, HUPAI_EL_I32 as EL_I32, HUPAI_EL_U64 as EL_U64, HUPAI_EL_I64 as EL_I64,
    hupai_copy_counts, hupai_count_at,
)

cdef extern from "Python.h":
    # borrowed-reference forms, so that reading a list of ints touches no reference count
    PyObject *PySequence_Fast_GET_ITEM(object seq, Py_ssize_t i)
    PyTypeObject *_type_of "Py_TYPE"(PyObject *o)
    PyTypeObject PyLong_Type

cdef extern from *:
    """
    /* Pre: o is an exact int.  Its value when it fits in one digit (every count does),
     * with *ok = 1; else *ok = 0.  Reads the digit in place: no call, no error state. */
    static inline long hupai_small_int(PyObject *o, int *ok)
    {
    #if PY_VERSION_HEX >= 0x030C0000
        *ok = PyUnstable_Long_IsCompact((PyLongObject *)o);
        return *ok ? (long)PyUnstable_Long_CompactValue((PyLongObject *)o) : 0;
    #else
        Py_ssize_t size = Py_SIZE(o);
        *ok = size >= -1 && size <= 1;
        return *ok ? (long)size * (long)((PyLongObject *)o)->ob_digit[0] : 0;
    #endif
    }
    """
    long hupai_small_int(PyObject *o, int *ok) noexcept

import operator
from collections.abc import (ItemsView as _ItemsView, KeysView as _KeysView, Mapping as _Mapping,
                             ValuesView as _ValuesView)

import numpy as np

from hupai._messages import short as _short
from hupai.melds import Decomposition, Meld, Reading, SEVEN_PAIRS, STANDARD

# the entry tables of the waits and improving kernels, built at import rather than
# on the first call that needs them
if hupai_prepare() != 0:
    raise ImportError("hupai's kernel tables are inconsistent: rebuild it (tools/gen_tables.py)")

cdef enum:
    NK = 34
    MAX_TILES = 14
    MAX_JOKERS = 8

# ------------------------------------------------------------------ validation


cdef struct Rows:
    const char *base         # row 0, column 0
    Py_ssize_t row_stride    # bytes from one row to the next
    Py_ssize_t col_stride    # bytes from one count to the next
    int el                   # EL_*
    bint packed              # uint8 or int8 with col_stride 1: a row is 34 contiguous bytes
                             # (a negative int8 copied as a byte is >= 128, so above 4 too)


cdef enum:
    BAD_COUNT = 1
    BAD_SIZE = 2
    BAD_JOKERS = 3


cdef struct RowError:
    Py_ssize_t row               # the first invalid row met, or -1
    int why                      # BAD_COUNT, BAD_SIZE or BAD_JOKERS
    int tile                     # BAD_COUNT: the kind whose count is out of range
    unsigned long long value     # the count (its magnitude), the jokers, or the row's total
    bint negative                # BAD_COUNT: the count is below zero


cdef inline void _set_rows(Rows *rows, const char *base, int el, Py_ssize_t row_stride,
                           Py_ssize_t col_stride) noexcept:
    """The one place a Rows is filled in, for single hands (row_stride 0) and batches."""
    rows.base, rows.el, rows.row_stride, rows.col_stride = base, el, row_stride, col_stride
    rows.packed = (el == EL_U8 or el == EL_I8) and col_stride == 1


cdef inline int _copy_row(const Rows *a, Py_ssize_t r, uint8_t *h, RowError *err) noexcept nogil:
    """Pre: r is a row of a.  Copies row r into h, each element read once; a count outside
    0-4 of a wide type is recorded in err (returns 1).  uint8 counts are copied as they
    are, for _bad_row to check."""
    cdef const char *p = a.base + r * a.row_stride
    if a.packed:
        memcpy(h, p, NK)
        return 0
    if not hupai_copy_counts(p, a.col_stride, a.el, h):
        return 0
    _record_bad_count(p, a, r, err)
    return 1


cdef void _record_bad_count(const char *p, const Rows *a, Py_ssize_t r, RowError *err) noexcept nogil:
    """Pre: row r at p has a count outside 0-4 (unless the caller changed it since)."""
    cdef int i, negative = 0
    cdef uint64_t v = 0
    for i in range(NK):
        v = hupai_count_at(p, a.col_stride, a.el, i, &negative)
        if negative or v > 4:
            break
    err.row, err.why, err.tile, err.value, err.negative = r, BAD_COUNT, i, v, negative != 0


cdef int _load_slow(object obj, uint8_t *out) except -1:
    """Any other input: lists, tuples, other dtypes, strided arrays, notation."""
    cdef int i, total = 0
    if isinstance(obj, str):
        from hupai.tiles import parse
        arr = parse(obj)
    else:
        try:
            arr = np.asarray(obj)
        except Exception as exc:  # ragged lists and the like
            raise TypeError(f"counts must be a sequence of 34 integers: {_short(str(exc))}") from None
        # booleans are not counts: a bool array would silently read as 0 / 1
        if arr.ndim == 0 or arr.dtype.kind not in "iuf":
            raise TypeError(
                f"counts must be a sequence of 34 integers, not {type(obj).__name__}"
                + (f" of {arr.dtype}" if arr.ndim else ""))
        if arr.shape != (NK,):
            raise ValueError(f"counts must have 34 entries (shape (34,)), got shape {arr.shape}")
        if arr.dtype.kind == "f":
            if not (np.isfinite(arr).all() and (arr == np.round(arr)).all()):
                raise ValueError(f"counts of dtype {arr.dtype} cannot be cast to integers without loss")
        bad = np.flatnonzero((arr < 0) | (arr > 4))
        if bad.size:
            raise ValueError(f"counts[{bad[0]}] = {arr[bad[0]]} is outside 0-4")
    for i in range(NK):
        out[i] = <uint8_t>int(arr[i])
        total += out[i]
    return total


cdef int load_counts(object counts, uint8_t *out) except -1:
    """The 34 counts of a single hand into out; returns the tile count.  Fast paths: an
    exact list or tuple of ints, and any 1-D integer buffer in native order (numpy arrays
    of every integer dtype and stride, bytes); everything else goes through numpy."""
    cdef Py_buffer view
    cdef int total
    cdef RowError err
    if type(counts) is list or type(counts) is tuple:
        total = _load_sequence(counts, out)
    elif PyObject_CheckBuffer(counts):
        PyObject_GetBuffer(counts, &view, PyBUF_RECORDS_RO)
        total = _load_view(&view, out, &err)
        PyBuffer_Release(&view)
        if total == -2:
            raise ValueError(f"counts[{err.tile}] = {'-' if err.negative else ''}{err.value} is outside 0-4")
    else:
        total = -1
    return total if total >= 0 else _load_slow(counts, out)


cdef int _load_sequence(object seq, uint8_t *out) except -2:
    """A list or tuple of 34 exact ints; -1 (out untouched or partly written) when it holds
    anything else, for the slow path to judge."""
    cdef Py_ssize_t i
    cdef long v
    cdef int small, total = 0
    cdef PyObject *item
    if len(seq) != NK:
        return -1
    for i in range(NK):
        item = PySequence_Fast_GET_ITEM(seq, i)     # borrowed: seq holds it
        if _type_of(item) != &PyLong_Type:
            return -1
        v = hupai_small_int(item, &small)
        if not small or v < 0 or v > 4:
            raise ValueError(f"counts[{i}] = {v if small else _big_int(<object>item)} is outside 0-4")
        out[i] = <uint8_t>v
        total += <int>v
    return total


cdef str _big_int(object value):
    """A huge int, briefly (its decimal form may be too long to print)."""
    return f"{'a negative' if value < 0 else 'an'} int of {value.bit_length()} bits"


cdef int _load_view(const Py_buffer *view, uint8_t *out, RowError *err) noexcept:
    """A 1-D buffer of 34 integers in native order into out: the tile count, -2 with err
    set for a count outside 0-4, -1 for any other buffer (slow path)."""
    cdef const char *fmt = view.format
    cdef char code
    cdef int el, i, total = 0
    cdef Rows rows
    if view.ndim != 1 or view.shape[0] != NK:
        return -1
    if fmt == NULL:
        code = b'B'
    else:
        if fmt[0] == b'@' or fmt[0] == b'=':
            fmt += 1
        if fmt[0] == 0 or fmt[1] != 0:
            return -1
        code = fmt[0]
    el = _buffer_element(code, view.itemsize)
    if el < 0:
        return -1
    _set_rows(&rows, <const char *>view.buf, el, 0, view.itemsize if view.strides == NULL else view.strides[0])
    if _copy_row(&rows, 0, out, err):
        return -2
    for i in range(NK):
        total += out[i]
        if out[i] > 4:
            _record_byte(out[i], el == EL_I8, 0, i, err)
            return -2
    return total


cdef inline int _buffer_element(char code, Py_ssize_t itemsize) noexcept:
    """EL_* of a struct-module format letter of an integer, or -1."""
    cdef bint signed_
    if code == b'b' or code == b'h' or code == b'i' or code == b'l' or code == b'q':
        signed_ = True
    elif code == b'B' or code == b'H' or code == b'I' or code == b'L' or code == b'Q':
        signed_ = False
    else:
        return -1
    if itemsize == 1:
        return EL_I8 if signed_ else EL_U8
    if itemsize == 2:
        return EL_I16 if signed_ else EL_U16
    if itemsize == 4:
        return EL_I32 if signed_ else EL_U32
    if itemsize == 8:
        return EL_I64 if signed_ else EL_U64
    return -1


cdef int load_jokers(object jokers) except -1:
    cdef long v
    if type(jokers) is not int:
        if isinstance(jokers, bool) or not hasattr(jokers, "__index__"):
            raise TypeError(f"jokers must be an int, not {type(jokers).__name__}")
        jokers = operator.index(jokers)
    if not 0 <= jokers <= MAX_JOKERS:
        raise ValueError(f"jokers = {jokers} is outside 0-{MAX_JOKERS}")
    v = jokers
    return <int>v


cdef inline int _flag(object value, str name) except -1:
    """1 or 0 for an option given as ``True`` / ``False`` (or a numpy bool); TypeError for
    anything else: a string such as ``"no"`` is not read as true."""
    if value is True:
        return 1
    if value is False:
        return 0
    return _flag_other(value, name)


cdef int _flag_other(object value, str name) except -1:
    if isinstance(value, np.bool_):
        return 1 if value else 0
    raise TypeError(f"{name} must be True or False, not {type(value).__name__}")


cdef inline unsigned _options(object standard, object seven_pairs, object quads, object honor_seq,
                              object lan=False, object pair258=False) except? 0xFFFFFFFF:
    """The kernel's option bits; TypeError for an option that is not a bool."""
    return ((HUPAI_STANDARD if _flag(standard, "standard") else 0)
            | (HUPAI_SEVEN_PAIRS if _flag(seven_pairs, "seven_pairs") else 0)
            | (HUPAI_QUADS_AS_TWO if _flag(quads, "quads_as_two_pairs") else 0)
            | (HUPAI_HONOR_SEQ if _flag(honor_seq, "honor_sequences") else 0)
            | _lan_bits(lan) | (HUPAI_PAIR_258 if _flag(pair258, "pair258") else 0))


cdef inline unsigned _lan_bits(object lan) except? 0xFFFFFFFF:
    """``shisanlan``: False, True (suited tiles of a suit at least 3 apart) or "strict"
    (one of 147 / 258 / 369 per suit)."""
    if lan is False:
        return 0
    if lan is True:
        return HUPAI_SHISANLAN
    if isinstance(lan, str):
        if lan == "strict":
            return HUPAI_SHISANLAN | HUPAI_LAN_STRICT
        raise ValueError(f"shisanlan must be False, True or 'strict', got {_short(lan)}")
    if isinstance(lan, np.bool_):
        return HUPAI_SHISANLAN if lan else 0
    raise TypeError(f"shisanlan must be False, True or 'strict', not {type(lan).__name__}")


cdef inline bint _fits_forms(unsigned opts, int total):
    """Some enabled form can be read at this size: the standard form, or seven pairs /
    十三爛 with 13-14 tiles."""
    return (opts & HUPAI_STANDARD) != 0 or ((opts & (HUPAI_SEVEN_PAIRS | HUPAI_SHISANLAN)) != 0
                                             and total >= 13)


cdef str _size_problem(int total, int remainder, str what):
    if total > MAX_TILES:
        return f"a hand holds at most {MAX_TILES} tiles (jokers included), got {total}"
    if remainder == 2 and total % 3 != 2:
        return f"{what} needs 3M+2 tiles (2, 5, 8, 11 or 14, jokers included), got {total}"
    if remainder == 1 and total % 3 != 1:
        return f"{what} needs 3M+1 tiles (1, 4, 7, 10 or 13, jokers included), got {total}"
    if remainder == 3 and (total % 3 == 0):
        return f"{what} needs 3M+1 or 3M+2 tiles (jokers included), got {total}"
    return None


cdef inline int _check_size(int total, int remainder, str what) except -1:
    # remainder: 2 = 3M+2 only, 1 = 3M+1 only, 3 = either
    if total > MAX_TILES or (remainder == 3 and total % 3 == 0) or (remainder != 3 and total % 3 != remainder):
        raise ValueError(_size_problem(total, remainder, what))
    return 0


# ------------------------------------------------------------------ single hands


def is_win(counts, jokers=0, *, seven_pairs=True, quads_as_two_pairs=True,
           honor_sequences=False, shisanlan=False, pair258=False):
    """Whether the hand is complete: 3M+2 tiles forming M melds and a pair (or seven
    pairs).

    ``counts`` are the concealed tiles without the jokers (34 counts in Tenhou order);
    ``jokers`` is how many jokers the hand holds, each standing for any tile but never
    a fifth copy of a kind.  ``sum(counts) + jokers`` must be 3M+2 (M = 0..4, the other
    melds being declared).  ``seven_pairs``: a 14-tile hand of seven pairs wins;
    ``quads_as_two_pairs``: four of a kind counts as two of them (龙七对); otherwise the
    pairs must be of distinct kinds.  ``honor_sequences`` (Fuzhou): any three different
    winds, and 中发白, also form a sequence.  ``shisanlan`` (Fuzhou): a 14-tile hand of 14
    different tiles whose suited tiles of a suit are at least three apart (十三爛) wins;
    ``"strict"`` allows only 147 / 258 / 369 within a suit.  ``pair258`` (Wuhan's small
    win): the pair of the standard form must be a suited 2, 5 or 8 (a joker pair can be).
    """
    cdef uint8_t c[NK]
    cdef int k = load_jokers(jokers)
    cdef int total = load_counts(counts, c) + k
    _check_size(total, 2, "is_win")
    return hupai_is_win(c, k, _options(True, seven_pairs, quads_as_two_pairs, honor_sequences, shisanlan,
                                       pair258)) != 0


def shanten(counts, jokers=0, *, standard=True, seven_pairs=True,
            quads_as_two_pairs=True, honor_sequences=False, shisanlan=False,
            pair258=False):
    """Shanten number: -1 complete, 0 ready, n = n tiles away from ready.

    shanten = min over complete patterns P (M melds + a pair for ``standard``, or
    seven pairs when enabled and the hand has 13-14 tiles; each kind at most 4 times
    in P) of ``(|P| - min(|P|, overlap(P, counts) + jokers)) - 1``, where ``|P| = 3M+2``,
    M = total // 3 and overlap = sum over kinds of min(P[t], counts[t]).  The total
    (jokers included) must be 3M+1 or 3M+2.  Options as in :func:`is_win`.
    """
    cdef uint8_t c[NK]
    cdef int k = load_jokers(jokers)
    cdef int total = load_counts(counts, c) + k
    cdef unsigned opts = _options(standard, seven_pairs, quads_as_two_pairs, honor_sequences, shisanlan,
                                  pair258)
    _check_size(total, 3, "shanten")
    if not _fits_forms(opts, total):
        raise ValueError("no enabled form fits this hand: enable standard, or seven_pairs "
                         "with 13-14 tiles")
    return hupai_shanten(c, k, opts)


#: the kind indices as Python ints, shared by every list of kinds
cdef tuple _KIND_INTS = tuple(range(NK))


cdef list _mask_to_list(uint64_t mask):
    """The set bits of ``mask`` as a sorted list of kinds, made at its final size (the
    engine asks at every step: appending cost it more than the kernel call)."""
    cdef Py_ssize_t n = 0, i = 0
    cdef uint64_t m = mask
    cdef int t
    while m:
        m &= m - 1
        n += 1
    cdef list out = PyList_New(n)
    for t in range(NK):
        if mask >> t & 1:
            item = _KIND_INTS[t]
            Py_INCREF(item)             # PyList_SET_ITEM steals the reference it is given
            PyList_SET_ITEM(out, i, item)
            i += 1
    return out


def waits(counts, jokers=0, *, seven_pairs=True, quads_as_two_pairs=True,
          honor_sequences=False, shisanlan=False, pair258=False):
    """The tiles that complete a ready hand: kinds t with counts[t] < 4 such that adding
    one t makes :func:`is_win` true.  The total must be 3M+1.  Sorted tile indices;
    empty when the hand is not ready."""
    cdef uint8_t c[NK]
    cdef int k = load_jokers(jokers)
    cdef int total = load_counts(counts, c) + k
    _check_size(total, 1, "waits")
    return _mask_to_list(hupai_waits(c, k, _options(True, seven_pairs, quads_as_two_pairs, honor_sequences,
                                                    shisanlan, pair258)))


_WAIT_OPTIONS = frozenset(("seven_pairs", "quads_as_two_pairs", "honor_sequences", "shisanlan", "pair258"))


cdef unsigned _ALL_OPTION_BITS = (HUPAI_STANDARD | HUPAI_SEVEN_PAIRS | HUPAI_QUADS_AS_TWO | HUPAI_HONOR_SEQ
                                  | HUPAI_SHISANLAN | HUPAI_LAN_STRICT | HUPAI_PAIR_258)


cdef unsigned _STANDARD_BITS = HUPAI_STANDARD | HUPAI_SEVEN_PAIRS | HUPAI_QUADS_AS_TWO


def wait_options(dict options):
    """The option bits of :func:`waits` for its keyword options given as one dict
    (what a round flow's ``kernel_options`` answers), for :func:`wait_mask`: parsed
    once, not at every call.  A key :func:`waits` does not take is a TypeError."""
    for key in options:
        if key not in _WAIT_OPTIONS:
            raise TypeError(f"waits() has no option {_short(key)}")
    return _options(True, options.get("seven_pairs", True), options.get("quads_as_two_pairs", True),
                    options.get("honor_sequences", False), options.get("shisanlan", False),
                    options.get("pair258", False))


cdef unsigned _wait_bits(object options) except? 0xFFFFFFFF:
    """The bits of :func:`wait_options`, given as that dict or as the bits it answered
    (ValueError for bits it never answers)."""
    if type(options) is dict:
        return wait_options(options)
    if type(options) is not int:
        raise TypeError(f"options are a dict of waits() options or wait_options() bits, "
                        f"not {type(options).__name__}")
    cdef long v
    try:
        v = options
    except OverflowError:
        v = -1
    if v < 0 or v > <long>_ALL_OPTION_BITS or (<unsigned>v & ~_ALL_OPTION_BITS) or not (v & HUPAI_STANDARD) \
            or ((v & HUPAI_LAN_STRICT) and not (v & HUPAI_SHISANLAN)):
        raise ValueError(f"{_short(options)} are not option bits wait_options() answers")
    return <unsigned>v


def wait_mask(counts, options, joker_kinds=0):
    """:func:`waits` as a mask of kinds (bit t: kind t), for the table engine's call at
    every change of a seat's hand: ``counts`` the 34 counts as bytes or a bytearray, the
    kinds in the mask ``joker_kinds`` read as jokers (their copies, up to eight of
    Luzhou's 紅中, are the joker count), the options one dict or the bits
    :func:`wait_options` made of it."""
    cdef uint8_t c[NK]
    cdef const unsigned char *data
    cdef uint64_t jk = _kind_bits(joker_kinds)
    cdef unsigned opts = _wait_bits(options)
    cdef int t, v, k = 0, total = 0
    if type(counts) is bytearray:
        data = <const unsigned char *>PyByteArray_AS_STRING(counts)
    elif type(counts) is bytes:
        data = <const unsigned char *>PyBytes_AS_STRING(counts)
    else:
        raise TypeError(f"counts are bytes or a bytearray of 34, not {type(counts).__name__}")
    if len(counts) != NK:
        raise ValueError(f"counts must have 34 entries, got {len(counts)}")
    for t in range(NK):
        v = data[t]
        if jk >> t & 1:
            k += v
            c[t] = 0
        elif v > 4:
            raise ValueError(f"counts[{t}] = {v} is outside 0-4")
        else:
            c[t] = <uint8_t>v
            total += v
    if k > MAX_JOKERS:
        raise ValueError(f"{k} jokers are more than {MAX_JOKERS}")
    _check_size(total + k, 1, "waits")
    return hupai_waits(c, k, opts)


def improving(counts, jokers=0, *, standard=True, seven_pairs=True,
              quads_as_two_pairs=True, honor_sequences=False, shisanlan=False,
              pair258=False):
    """Effective tiles (进张) of a 3M+1 hand: the kinds t with counts[t] < 4 whose
    addition lowers the shanten.  For a ready hand these are its waits."""
    cdef uint8_t c[NK]
    cdef int k = load_jokers(jokers)
    cdef int total = load_counts(counts, c) + k
    cdef unsigned opts = _options(standard, seven_pairs, quads_as_two_pairs, honor_sequences, shisanlan,
                                  pair258)
    _check_size(total, 1, "improving")
    if not _fits_forms(opts, total):
        raise ValueError("no enabled form fits this hand: enable standard, or seven_pairs "
                         "with 13-14 tiles")
    return _mask_to_list(hupai_improving(c, k, opts))


cdef tuple _KIND_NAMES = ("sequence", "triplet", "pair", "any")


cdef object _meld(const hupai_meld *m):
    cdef int p
    tiles = tuple([None if m.tile[p] == HUPAI_FREE else m.tile[p] for p in range(m.size)])
    jok = tuple([(m.jokers >> p & 1) == 1 for p in range(m.size)])
    return Meld(_KIND_NAMES[m.kind], tiles, jok)


def decompose(counts, jokers=0, *, seven_pairs=True, quads_as_two_pairs=True,
              honor_sequences=False):
    """Every distinct arrangement of a complete hand into melds and a pair (pair last),
    and its seven-pairs arrangement when there is one.

    Each :class:`~hupai.Meld` says which of its tiles are jokers and what they stand
    for.  A meld or pair made only of jokers is returned as "any kind" (``tiles`` of
    ``None``; a meld of kind ``"any"`` may be a triplet or a sequence), for the caller
    to choose the kind that scores best.  Empty list when the hand is not complete.
    Options and size rules as in :func:`is_win`.
    """
    cdef uint8_t c[NK]
    cdef int k = load_jokers(jokers)
    cdef int total = load_counts(counts, c) + k
    _check_size(total, 2, "decompose")
    cdef unsigned opts = _options(True, seven_pairs, quads_as_two_pairs, honor_sequences)
    cdef size_t per = total // 3 + 1
    cdef size_t cap = 64, count, i, j
    cdef hupai_meld *buf = <hupai_meld *>malloc(cap * per * sizeof(hupai_meld))
    cdef hupai_meld pairs[7]
    cdef list out = []
    if buf == NULL:
        raise MemoryError()
    try:
        with nogil:
            count = hupai_decompose_standard(c, k, opts, buf, cap)
            if count > cap:
                free(buf)
                cap = count
                buf = <hupai_meld *>malloc(cap * per * sizeof(hupai_meld))
                if buf != NULL:
                    count = hupai_decompose_standard(c, k, opts, buf, cap)
        if buf == NULL:
            raise MemoryError()
        for i in range(count):
            out.append(Decomposition(STANDARD, tuple([_meld(&buf[i * per + j]) for j in range(per)])))
    finally:
        free(buf)
    if total == 14 and hupai_decompose_seven_pairs(c, k, opts, pairs):
        out.append(Decomposition(SEVEN_PAIRS, tuple([_meld(&pairs[j]) for j in range(7)])))
    return out


def readings(counts, jokers=0, *, seven_pairs=True, quads_as_two_pairs=True,
             honor_sequences=False):
    """The distinct ways the jokers of a complete hand can be assigned.

    Arrangements that give the jokers the same kinds, the same pair kind and the same
    "only triplets" property are merged into one :class:`~hupai.Reading`; jokers that
    form whole melds or pairs on their own are reported as free.  This is what the
    regional rules need to find the best-paying joker assignment without enumerating
    every joker value: a hand with 4 jokers has a few readings, not 31,465 candidate
    assignments.  Empty list when the hand is not complete.  Options as in
    :func:`is_win`.
    """
    cdef uint8_t c[NK]
    cdef int k = load_jokers(jokers)
    cdef int total = load_counts(counts, c) + k
    _check_size(total, 2, "readings")
    cdef unsigned opts = _options(True, seven_pairs, quads_as_two_pairs, honor_sequences)
    cdef hupai_reading small[16]
    cdef hupai_reading *heap = NULL
    cdef hupai_reading *buf
    cdef size_t n, i
    cdef int t, j
    cdef list out = []
    try:
        n = _collect_readings(c, k, opts, small, 16, &heap)
        buf = heap if heap != NULL else small
        for i in range(n):
            standins = []
            for t in range(NK):
                for j in range(buf[i].standin[t]):
                    standins.append(t)
            out.append(Reading(SEVEN_PAIRS if buf[i].form else STANDARD, tuple(standins),
                               None if buf[i].pair == HUPAI_FREE else buf[i].pair,
                               buf[i].triplets_only != 0, buf[i].free_melds, buf[i].free_pairs))
    finally:
        free(heap)
    return out


cdef size_t _collect_readings(const uint8_t *c, int k, unsigned opts, hupai_reading *small,
                              size_t cap, hupai_reading **heap) except? 0:
    """Readings into small (cap entries) or, when more are needed, into *heap (malloc'd;
    the caller frees it).  The kernel's count is an upper bound when cap was too small,
    so grow and retry until it fits."""
    cdef size_t n
    cdef hupai_reading *buf = small
    with nogil:
        n = hupai_readings(c, k, opts, buf, cap)
    while n > cap:
        cap = n
        free(heap[0])
        heap[0] = <hupai_reading *>malloc(cap * sizeof(hupai_reading))
        if heap[0] == NULL:
            raise MemoryError()
        buf = heap[0]
        with nogil:
            n = hupai_readings(c, k, opts, buf, cap)
    return n


def reading_summaries(counts, jokers=0, extra=None, free_kinds=None, *, seven_pairs=True,
                      quads_as_two_pairs=True, honor_sequences=False):
    """What regional scoring asks of the readings of a complete hand, in one call.

    ``extra`` (34 counts, default none) are tiles held outside the concealed hand, such
    as declared melds; ``free_kinds`` (tile indices or a mask of them, default all) are the kinds jokers
    forming whole sets may take.  Returns the distinct tuples
    ``(form, triplets_only, pair, quads, free_melds, free_pairs)`` over the readings
    (see :func:`readings`) in which no kind exceeds four copies counting ``extra``,
    where ``quads`` counts the kinds with four tiles (hand, extra and jokers) with the
    free sets placed to make the most.  A triplets-only reading with free melds is
    also reported with free sequences (``triplets_only`` false)."""
    cdef uint8_t c[NK]
    cdef uint8_t e[NK]
    cdef int k = load_jokers(jokers)
    cdef int total = load_counts(counts, c) + k
    _check_size(total, 2, "reading_summaries")
    _load_extra(extra, c, e)
    cdef uint64_t allowed = (<uint64_t>1 << NK) - 1 if free_kinds is None else _kind_mask(free_kinds)
    cdef unsigned opts = _options(True, seven_pairs, quads_as_two_pairs, honor_sequences)
    cdef hupai_summary small[64]
    cdef hupai_summary *heap = NULL
    cdef hupai_summary *sums
    cdef size_t m, i
    cdef list out = []
    try:
        m = _summaries(c, e, k, allowed, opts, small, 64, &heap)
        sums = heap if heap != NULL else small
        for i in range(m):
            out.append((SEVEN_PAIRS if sums[i].form else STANDARD, sums[i].triplets_only != 0,
                        None if sums[i].pair == HUPAI_FREE else sums[i].pair, sums[i].quads,
                        sums[i].free_melds, sums[i].free_pairs))
    finally:
        free(heap)
    return out


cdef size_t _summaries(const uint8_t *c, const uint8_t *e, int k, uint64_t allowed, unsigned opts,
                       hupai_summary *small, size_t cap, hupai_summary **heap) except? 0:
    """The summaries of the readings of the complete hand c (hupai_summarize) into
    small (cap entries) or, when more are needed, into *heap (malloc'd; the caller
    frees it); returns how many."""
    cdef hupai_reading readings[32]
    cdef hupai_reading *more = NULL
    cdef hupai_reading *buf
    cdef hupai_summary *sums = small
    cdef size_t n, m
    try:
        n = _collect_readings(c, k, opts, readings, 32, &more)
        buf = more if more != NULL else readings
        if 2 * n > cap:
            heap[0] = sums = <hupai_summary *>malloc(2 * n * sizeof(hupai_summary))
            if sums == NULL:
                raise MemoryError()
        with nogil:
            m = hupai_summarize(buf, n, c, e, allowed, opts, sums)
    finally:
        free(more)
    return m


cdef int _most_quads(const uint8_t *c, const uint8_t *e, int k, uint64_t allowed, unsigned opts,
                     int *best) except -1:
    """The most quads (as :func:`reading_summaries` counts them) of the seven-pairs
    readings (best[0]), the triplets-only standard ones (best[1]) and the other
    standard ones (best[2]) of the complete hand c; -1 where there is none."""
    cdef hupai_summary small[64]
    cdef hupai_summary *heap = NULL
    cdef hupai_summary *sums
    cdef size_t m, i
    cdef int slot
    if hupai_most_quads_quick(c, e, k, opts, best):
        return 0            # no quad possible: whether each kind of reading exists is enough
    best[0] = best[1] = best[2] = -1
    try:
        m = _summaries(c, e, k, allowed, opts, small, 64, &heap)
        sums = heap if heap != NULL else small
        for i in range(m):
            slot = 0 if sums[i].form else (1 if sums[i].triplets_only else 2)
            if sums[i].quads > best[slot]:
                best[slot] = sums[i].quads
    finally:
        free(heap)
    return 0


cdef int _load_extra(object extra, const uint8_t *c, uint8_t *e) except -1:
    """The 34 counts of ``extra`` (None: none) into e; ValueError when a kind would
    exceed four beside the hand c."""
    cdef int t
    if extra is None:
        memset(e, 0, NK)
        return 0
    load_counts(extra, e)
    for t in range(NK):
        if c[t] + e[t] > 4:
            raise ValueError(f"counts and extra hold {c[t] + e[t]} of kind {t}; at most 4 exist")
    return 0


cdef int _kind(object kind, str what) except -1:
    """A tile kind 0-33 given as an integer; TypeError / ValueError naming ``what``."""
    if type(kind) is not int:
        if isinstance(kind, bool) or not hasattr(kind, "__index__"):
            raise TypeError(f"a {what} is a kind 0-33, not {_short(kind)}")
        kind = operator.index(kind)
    cdef long t
    try:
        t = kind            # compared as a C long: Python comparisons cost a call each
    except OverflowError:
        t = -1
    if not 0 <= t < NK:
        raise ValueError(f"{what} {_short(kind)} is outside 0-33")
    return <int>t


cdef uint64_t _kind_mask(object kinds) except? 0:
    """Kinds given as a collection of indices 0-33, or as a mask of them (an int, bit t:
    kind t), as a mask."""
    if type(kinds) is int:
        return _kind_bits(kinds)
    cdef uint64_t mask = 0
    for kind in kinds:
        mask |= <uint64_t>1 << _kind(kind, "free kind")
    return mask


def reading_quads(counts, jokers=0, extra=None, free_kinds=None, *, seven_pairs=True,
                  quads_as_two_pairs=True, honor_sequences=False):
    """:func:`reading_summaries` of a complete hand reduced to what the quads-counting
    regions read: ``(seven_pairs, triplets_only, other)``, the most quads over the
    seven-pairs readings, the triplets-only standard readings and the other standard
    readings (-1: no such reading).  The arguments are those of
    :func:`reading_summaries`."""
    cdef uint8_t c[NK]
    cdef uint8_t e[NK]
    cdef int k = load_jokers(jokers)
    cdef int total = load_counts(counts, c) + k
    cdef int best[3]
    _check_size(total, 2, "reading_quads")
    _load_extra(extra, c, e)
    cdef uint64_t allowed = (<uint64_t>1 << NK) - 1 if free_kinds is None else _kind_mask(free_kinds)
    _most_quads(c, e, k, allowed, _options(True, seven_pairs, quads_as_two_pairs, honor_sequences), best)
    return best[0], best[1], best[2]


# what win_profile packs, bit by bit (hupai.rules.profile reads them by these names)
PROFILE_SEVEN = 0           # 3 bits each: the most quads + 1 of the seven-pairs readings,
PROFILE_TRIPLETS = 3        # of the triplets-only standard readings and of the other
PROFILE_OTHER = 6           # standard readings (0: no such reading)
PROFILE_GROUPS = 9          # 4 bits: the groups held, melds included (bit 0 m, 1 p, 2 s, 3 honours)
PROFILE_FOURS = 13          # 3 bits: the kinds held four times among the concealed tiles
PROFILE_DISTINCT = 16       # 14 tiles of 14 different kinds, no melds
PROFILE_LAN = 17            # with shisanlan among the options: a 十三爛 (strict if asked)
PROFILE_SEVEN_STARS = 18    # ... and a 七星十三爛


cdef inline int _check_kind(int kind, str what, bint none_allowed) except -1:
    """ValueError unless ``kind`` is a tile index 0-33 (or -1, none, when allowed)."""
    if not (0 <= kind < NK or none_allowed and kind == -1):
        raise ValueError(f"{what} must be a tile index 0-33{' or -1 (none)' if none_allowed else ''}, got {kind}")
    return 0


cdef const unsigned char *_win_melds(int win_tile, int joker, object meld_counts) except? NULL:
    """The checks of a complete hand's call (win_profile, reading_classes): its winning
    tile and joker kinds; its melds' counts read in place (NULL: none)."""
    _check_kind(win_tile, "win_tile", False)
    _check_kind(joker, "joker", True)
    return NULL if meld_counts is None else _counts_bytes(meld_counts, "meld_counts")


cdef inline const unsigned char *_counts_bytes(object counts, str what) except NULL:
    """The 34 counts of ``counts`` (bytes or a bytearray) read in place."""
    if type(counts) is bytes:
        if len(<bytes>counts) == NK:
            return <const unsigned char *>PyBytes_AS_STRING(counts)
    elif type(counts) is bytearray:
        if len(<bytearray>counts) == NK:
            return <const unsigned char *>PyByteArray_AS_STRING(counts)
    else:
        raise TypeError(f"{what} are bytes or a bytearray of 34, not {type(counts).__name__}")
    raise ValueError(f"{what} must have 34 entries, got {len(counts)}")


def win_profile(counts, int win_tile, meld_counts=None, options=_STANDARD_BITS, int joker=-1):
    """What a region reads of a complete hand, packed in one int (the ``PROFILE_*`` bit
    positions): ``counts`` the 34 concealed counts before the win (bytes or a
    bytearray), ``win_tile`` the kind added, ``meld_counts`` the 34 counts of the
    declared melds' tiles (None: no melds), ``options`` the bits of
    :func:`wait_options`.  The quads are those of the concealed tiles' readings (as
    :func:`reading_quads` without ``extra``); seven pairs and 十三爛 need 14 concealed
    tiles.  ``joker`` (-1: none) is a kind whose concealed copies, the winning tile
    included, are jokers (Luzhou's 紅中): they take no part in the groups, the fours or
    the copies' check, and the sets made of jokers alone take kinds of the suits the
    other tiles hold, melds included (of the first suit when they hold none), as
    ``free_kinds`` of :func:`reading_quads`.  -1 when a kind, counting the melds and the
    winning tile, is held more than four times: the caller names it."""
    cdef const unsigned char *data = _counts_bytes(counts, "counts")
    cdef const unsigned char *melds = NULL
    cdef uint8_t c[NK]
    cdef uint8_t e[NK]
    cdef unsigned opts = _wait_bits(options)
    cdef int t, v, g, total = 0, fours = 0, singles = 0, k = 0
    cdef int best[3]
    cdef long groups = 0
    cdef uint64_t allowed = (<uint64_t>1 << NK) - 1
    melds = _win_melds(win_tile, joker, meld_counts)
    for t in range(NK):
        v = data[t] + (t == win_tile)
        if t == joker:
            k = v
            c[t] = 0
            total += v
            continue
        if v > 4 or (melds != NULL and v + melds[t] > 4):
            return -1
        c[t] = <uint8_t>v
        total += v
        fours += v == 4
        singles += v == 1
        if v or (melds != NULL and melds[t]):
            groups |= 1 << (t // 9 if t < 27 else 3)
    if k > MAX_JOKERS:
        raise ValueError(f"win_profile: {k} jokers, outside 0-{MAX_JOKERS}")
    _check_size(total, 2, "win_profile (the concealed tiles with the winning tile)")
    if joker >= 0:
        allowed = 0
        for g in range(3):
            if groups >> g & 1:
                allowed |= <uint64_t>0x1FF << (9 * g)
        if not allowed:
            allowed = 0x1FF
    memset(e, 0, NK)
    _most_quads(c, e, k, allowed, opts, best)
    cdef long out = ((best[0] + 1) << PROFILE_SEVEN | (best[1] + 1) << PROFILE_TRIPLETS
                     | (best[2] + 1) << PROFILE_OTHER | groups << PROFILE_GROUPS | fours << PROFILE_FOURS)
    if singles == 14:
        out |= 1 << PROFILE_DISTINCT
        if opts & HUPAI_SHISANLAN and hupai_lan_deficit(c, (opts & HUPAI_LAN_STRICT) != 0, 0) == 0:
            out |= 1 << PROFILE_LAN
            if hupai_lan_deficit(c, (opts & HUPAI_LAN_STRICT) != 0, 1) == 0:
                out |= 1 << PROFILE_SEVEN_STARS
    return out


# what reading_classes packs, bit by bit (hupai.rules.wuhan reads them by these names)
CLASSES_HARD = 0            # 4 bits: bit (pair in pair_kinds) | 2 * (triplets only) of each reading
                            # with the joker kind's copies as themselves
CLASSES_GROUPS = 4          # 4 bits: the groups of the other tiles (bit 0 m, 1 p, 2 s, 3 honours)
CLASSES_WITHIN_A = 8        # 1 bit: every other concealed tile is of kinds_a
CLASSES_JOKERS = 9          # 4 bits: the joker kind's concealed copies, the winning tile included
CLASSES_BLOCKED = 13        # 1 bit: a kind of ``blocked`` is held, the winning tile included
CLASSES_SOFT = 16           # 32 bits: bit c for each class c of the readings with them as jokers
CLASS_PAIR = 1              # a soft class's bits: the pair's kind is in pair_kinds,
CLASS_FREE_PAIR = 2         # the pair is jokers alone,
CLASS_TRIPLETS = 4          # every set holding a real tile is a triplet,
CLASS_WITHIN_A = 8          # every joker outside free sets stands for a kind of kinds_a,
CLASS_WIN_PAIRS_JOKER = 16  # the winning tile, held once, is the pair with a joker


cdef int _class_of(const hupai_reading *r, const uint8_t *c, const unsigned char *melds, int win_tile,
                   uint64_t pair_kinds, uint64_t kinds_a) noexcept:
    """Pre: r a standard reading of c.  Its CLASS_* bits, or -1 when a joker would be a
    fifth copy of a kind the melds hold."""
    cdef int t, out = 0, a = 1
    for t in range(NK):
        if r.standin[t]:
            if melds != NULL and melds[t] and c[t] + r.standin[t] + melds[t] > 4:
                return -1
            a &= <int>(kinds_a >> t & 1)
    if r.pair == HUPAI_FREE:
        out |= CLASS_FREE_PAIR
    elif pair_kinds >> r.pair & 1:
        out |= CLASS_PAIR
    if r.triplets_only:
        out |= CLASS_TRIPLETS
    if a:
        out |= CLASS_WITHIN_A
    if r.pair == win_tile and r.standin[win_tile] and c[win_tile] == 1:
        out |= CLASS_WIN_PAIRS_JOKER
    return out


cdef uint64_t _classes(const uint8_t *c, int k, unsigned opts, const unsigned char *melds, int win_tile,
                       uint64_t pair_kinds, uint64_t kinds_a, int hard) except? 0xFFFFFFFFFFFFFFFF:
    """Pre: c valid, 3M+2 tiles with the k jokers.  The classes of its standard readings
    as a mask (bit c: class c); with ``hard``, 2 bits per reading (pair in pair_kinds,
    triplets only) instead."""
    cdef hupai_reading small[16]
    cdef hupai_reading *heap = NULL
    cdef hupai_reading *buf
    cdef size_t n, i
    cdef int cls
    cdef uint64_t out = 0
    with nogil:
        if not hupai_is_win(c, k, opts):
            return 0
    try:
        n = _collect_readings(c, k, opts, small, 16, &heap)
        buf = heap if heap != NULL else small
        for i in range(n):
            if buf[i].form:
                continue
            cls = _class_of(&buf[i], c, melds, win_tile, pair_kinds, kinds_a)
            if cls < 0:
                continue
            if hard:
                cls = (cls & CLASS_PAIR) | (2 if cls & CLASS_TRIPLETS else 0)
            out |= <uint64_t>1 << cls
    finally:
        free(heap)
    return out


def reading_classes(counts, int win_tile, meld_counts=None, int joker=-1, uint64_t pair_kinds=0,
                    uint64_t kinds_a=0, options=_STANDARD_BITS, int most_jokers=MAX_JOKERS,
                    uint64_t blocked=0, int flipped=-1):
    """The standard readings of a complete hand sorted into classes, packed in one int
    (the ``CLASSES_*`` bit positions), for a region that values a win by what its jokers
    stand for (Wuhan's laizi): ``counts`` the 34 concealed counts before the win (bytes
    or a bytearray), ``win_tile`` the kind added, ``meld_counts`` the 34 counts of the
    declared melds' tiles (None: no melds), ``joker`` (-1: none) the kind whose copies
    may be jokers, ``pair_kinds`` and ``kinds_a`` masks of kinds (bit t: kind t), ``options`` the bits of :func:`wait_options` (seven pairs are not read).

    The hard classes read the joker kind's copies as themselves; the soft ones as jokers
    (the ``CLASS_*`` bits of a reading; a reading that makes a joker a fifth copy of a
    kind the melds hold is left out); they are listed only when the joker kind's copies
    are at most ``most_jokers`` (listing them costs most with many jokers, and a region
    may know from the other fields that it needs none).  ``blocked`` is a mask of kinds
    whose holding the caller must know of (Wuhan's must-kong tiles), ``flipped`` (-1:
    none) a kind one copy of which lies face up (Wuhan's indicator).  -1 when a kind,
    counting the melds and the winning tile, is held more than four times, or the
    flipped kind more than three: the caller names it."""
    cdef const unsigned char *data = _counts_bytes(counts, "counts")
    cdef const unsigned char *melds = NULL
    cdef uint8_t c[NK]
    cdef unsigned opts = _wait_bits(options) & ~HUPAI_SEVEN_PAIRS
    cdef int t, v, total = 0, k = 0, within = 1, is_blocked = 0
    cdef long groups = 0
    cdef object hard, soft = 0
    _check_kind(flipped, "flipped", True)
    melds = _win_melds(win_tile, joker, meld_counts)
    for t in range(NK):
        v = data[t] + (t == win_tile)
        if v + (melds[t] if melds != NULL else 0) > 4 - (t == flipped):
            return -1
        c[t] = <uint8_t>v
        total += v
        if v and blocked >> t & 1:
            is_blocked = 1
        if t == joker:
            k = v
        elif v:
            groups |= 1 << (t // 9 if t < 27 else 3)
            within &= <int>(kinds_a >> t & 1)
    _check_size(total, 2, "reading_classes (the concealed tiles with the winning tile)")
    if opts & HUPAI_HONOR_SEQ:
        hard = _classes(c, 0, opts, melds, win_tile, pair_kinds, kinds_a, 1)
    else:
        hard = hupai_plain_classes(c, opts, pair_kinds)
    if 0 < k <= most_jokers:
        c[joker] = 0
        soft = _classes(c, k, opts, melds, win_tile, pair_kinds, kinds_a, 0)
    return (hard << CLASSES_HARD | groups << CLASSES_GROUPS | within << CLASSES_WITHIN_A
            | k << CLASSES_JOKERS | is_blocked << CLASSES_BLOCKED | soft << CLASSES_SOFT)


def wait_quads(counts, jokers=0, extra=None, candidates=None, free_kinds=None, *, seven_pairs=True,
               quads_as_two_pairs=True, honor_sequences=False):
    """For a 3M+1 hand, what :func:`reading_summaries` would say of the hand with each
    candidate kind added, reduced to what the quads-counting regions read (Luzhou's and
    Guiyang's 查叫): for each candidate (default: all 34 kinds, in order) that completes
    the hand, the most quads over its seven-pairs readings, its triplets-only standard
    readings and its other standard readings (-1: no such reading).  Candidates read
    alike and of one group come as one entry, ``(seven_pairs, triplets_only, other,
    group, kinds)``: ``group`` 0, 1, 2 (the suits) or 3 (the honours), ``kinds`` in
    candidate order, the entries in the order of their first kind.  A region values
    each entry once, however many waits share it.

    ``extra`` as in :func:`reading_summaries`; a candidate the hand and ``extra``
    already hold four of is skipped, and so is one that is no wait of the hand
    (:func:`waits`, asked once) without listing its readings.  ``free_kinds``: default
    any kind, else four collections of kinds (or masks of them), the ones free sets may take when the added
    kind is in group 0, 1, 2 or 3."""
    cdef uint8_t c[NK]
    cdef uint8_t e[NK]
    cdef int k = load_jokers(jokers)
    cdef int total = load_counts(counts, c) + k
    cdef int t, g
    cdef int best[3]
    cdef uint64_t allowed[4]
    _check_size(total + 1, 2, "wait_quads (a hand before its winning tile)")
    _load_extra(extra, c, e)
    if free_kinds is None:
        allowed[0] = allowed[1] = allowed[2] = allowed[3] = (<uint64_t>1 << NK) - 1
    else:
        groups = tuple(free_kinds)
        if len(groups) != 4:
            raise ValueError(f"free_kinds holds the kinds of each of 4 groups, not {len(groups)}")
        for g in range(4):
            allowed[g] = _kind_mask(groups[g])
    cdef unsigned opts = _options(True, seven_pairs, quads_as_two_pairs, honor_sequences)
    cdef uint64_t completing = hupai_waits(c, k, opts)      # no other kind has a reading
    cdef list order = []
    cdef dict kinds_of = {}
    for kind in (range(NK) if candidates is None else candidates):
        t = _kind(kind, "candidate")
        if c[t] + e[t] >= 4 or not (completing >> t) & 1:
            continue
        g = t // 9 if t < 27 else 3
        c[t] += 1
        try:
            _most_quads(c, e, k, allowed[g], opts, best)
        finally:
            c[t] -= 1
        if best[0] < 0 and best[1] < 0 and best[2] < 0:
            continue
        key = (best[0], best[1], best[2], g)
        found = kinds_of.get(key)
        if found is None:
            found = kinds_of[key] = []
            order.append(key)
        found.append(t)
    return [key + (tuple(kinds_of[key]),) for key in order]


cdef uint64_t _kind_bits(object mask) except? 0xFFFFFFFFFFFFFFFF:
    """A mask of kinds given as an int (bit t: kind t), checked: 34 bits."""
    if type(mask) is not int:
        raise TypeError(f"a mask of kinds is an int (bit t for kind t), not {type(mask).__name__}")
    cdef long long v
    try:
        v = mask
    except OverflowError:
        v = -1
    if v < 0 or v >> NK:
        raise ValueError(f"a mask of kinds has bits 0-33 only, got {_short(mask)}")
    return <uint64_t>v


cdef uint64_t _held_bits(object counts) except? 0xFFFFFFFFFFFFFFFF:
    """The kinds of which ``counts`` (34 counts of any size: Luzhou's game of eight 紅中
    holds more than four) hold a copy, as a mask; bytes and bytearray are read in place,
    anything else as a sequence of ints."""
    cdef const char *data
    cdef int t
    cdef uint64_t out = 0
    if type(counts) is bytearray or type(counts) is bytes:
        if len(counts) != NK:
            raise ValueError(f"counts must have 34 entries, got {len(counts)}")
        data = PyByteArray_AS_STRING(counts) if type(counts) is bytearray else PyBytes_AS_STRING(counts)
        for t in range(NK):
            if data[t]:
                out |= (<uint64_t>1) << t
        return out
    if isinstance(counts, str) or not hasattr(counts, "__len__"):
        raise TypeError(f"counts are 34 ints, not {type(counts).__name__}")
    if len(counts) != NK:
        raise ValueError(f"counts must have 34 entries, got {len(counts)}")
    for t in range(NK):
        n = operator.index(counts[t])
        if n < 0:
            raise ValueError(f"counts[{t}] = {n} is negative")
        if n:
            out |= (<uint64_t>1) << t
    return out


def held_kinds(counts, excluded=0):
    """The kinds of which ``counts`` hold a copy (:func:`held_mask`), in order, but the
    kinds in the mask ``excluded`` (bit t for kind t): what the table engine's seat may
    discard."""
    cdef uint64_t skip = _kind_bits(excluded)
    return _mask_to_list(_held_bits(counts) & ~skip)


def held_mask(counts):
    """The kinds of which ``counts`` (34 counts of any size: Luzhou's game of eight 紅中
    holds more than four) hold a copy, as a mask (bit t for kind t): the table engine's
    tests of what kinds a hand holds.  bytes and bytearray are read in place, anything
    else as a sequence of ints."""
    return _held_bits(counts)


def count_bytes(counts):
    """The 34 counts of one hand (0-4 each, read as :func:`is_win` reads them: notation,
    arrays of any integer type, lists, bytes) as 34 bytes: what the regions' Python
    reads a hand from, with item access that costs no numpy call."""
    cdef uint8_t c[NK]
    load_counts(counts, c)
    return PyBytes_FromStringAndSize(<char *>c, NK)


def discard_table(counts, jokers=0, *, seven_pairs=True, quads_as_two_pairs=True,
                  honor_sequences=False, shisanlan=False):
    """For a 3M+2 hand: ``{discard: (shanten after it, [kinds that then lower it])}`` for
    every kind held (jokers are not discarded here).  The building block of
    :func:`hupai.analysis.analyze_discards`."""
    cdef uint8_t c[NK]
    cdef int8_t sh[NK]
    cdef uint64_t imp[NK]
    cdef int k = load_jokers(jokers)
    cdef int total = load_counts(counts, c) + k
    cdef int d
    _check_size(total, 2, "discard_table")
    cdef unsigned opts = _options(True, seven_pairs, quads_as_two_pairs, honor_sequences, shisanlan)
    with nogil:
        hupai_discards(c, k, opts, sh, imp)
    out = {}
    for d in range(NK):
        if c[d]:
            out[d] = (sh[d], _mask_to_list(imp[d]))
    return out


def unseen(counts, seen=None, visible=None, int kinds=NK):
    """``4 - held - seen - visible`` of each of the first ``kinds`` kinds (0 beyond), as a
    list of 34 ints: the unseen copies :func:`discard_options` takes.  ``seen`` and
    ``visible`` are 34 counts 0-4 (or None), read as :func:`is_win` reads counts.
    ValueError when any kind would have more than four copies, or a count is not one."""
    cdef uint8_t c[NK]
    cdef uint8_t s[NK]
    cdef uint8_t v[NK]
    cdef int t, n
    if not 0 <= kinds <= NK:
        raise ValueError(f"kinds must be 0-34, got {kinds}")
    load_counts(counts, c)
    _load_extra_counts(seen, s)
    _load_extra_counts(visible, v)
    cdef list out = [0] * NK
    for t in range(NK):
        n = 4 - c[t] - s[t] - v[t]
        if n < 0:
            from hupai.tiles import tile_name
            raise ValueError(f"{4 - n} copies of {tile_name(t)} held and seen; only 4 exist")
        if t < kinds:
            out[t] = n
    return out


cdef int _load_extra_counts(object counts, uint8_t *out) except -1:
    """34 counts 0-4 into ``out``; None is none."""
    if counts is None:
        memset(out, 0, NK)
        return 0
    load_counts(counts, out)
    return 0


cdef int _load_unseen(object unseen, long *un) except -1:
    cdef int t
    if len(unseen) != NK:
        raise ValueError("unseen must have 34 entries")
    for t in range(NK):
        un[t] = unseen[t]
        if not 0 <= un[t] <= 255:
            raise ValueError(f"unseen counts are 0-255, got {un[t]}")
    return 0


cdef extern from *:
    int __builtin_popcountll(unsigned long long) nogil
    int __builtin_ctzll(unsigned long long) nogil


cdef long _unseen_total(uint64_t mask, const long *un) noexcept nogil:
    """The unseen copies of the kinds of ``mask`` (each 0-255: ``_load_unseen``)."""
    cdef long total = 0
    while mask:
        total += un[__builtin_ctzll(mask)]     # the lowest kind left
        mask &= mask - 1
    return total


cdef extern from "Python.h":
    dict _PyDict_NewPresized(Py_ssize_t minused)
    int PyDict_SetItem(object d, object key, object value) except -1
    dict PyDict_Copy(object d)

#: The ints 0-63 as objects, read without a conversion call (kinds and unseen counts).
cdef tuple _SMALL_INTS = tuple(range(64))


cdef inline object _small(long v):
    if 0 <= v < 64:
        return <object>PyTuple_GET_ITEM(_SMALL_INTS, v)
    return v


@cython.final
@cython.freelist(64)
cdef class TileMap:
    """An immutable map of tile kinds (0-33) to counts (0-255), in kind order: the
    effective tiles and waits of a :class:`hupai.DiscardOption` (kind -> unseen copies).
    It reads as a ``dict`` does (``m[kind]``, ``get``, ``in``, ``len``, iteration,
    ``keys``/``values``/``items``, ``==`` with a dict) and is a registered
    ``collections.abc.Mapping``; ``dict(m)`` makes a mutable copy.  Built from a mapping
    or pairs of ``kind, count``; the kernel makes one per option without a dict."""

    cdef uint64_t _mask          # the kinds held
    cdef uint8_t _n[NK]          # their counts (others 0)
    cdef bint _made              # built: never built again (NO_TILES is shared)

    def __init__(self, items=()):
        if self._made:
            raise TypeError("a TileMap is immutable: it is built once")
        self._made = True
        cdef int t
        cdef long n
        for key, value in _map_pairs(items):
            t = _map_kind(key)
            if t < 0:
                raise ValueError(f"a TileMap key is a tile kind 0-33, not {_short(key)}")
            if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
                raise TypeError(f"a TileMap count is an int, not {type(value).__name__}")
            if not 0 <= value <= 255:       # (compared as Python ints: any size)
                raise ValueError(f"a TileMap count is 0-255, not {_short(value)}")
            n = value
            self._mask |= <uint64_t>1 << t
            self._n[t] = <uint8_t>n

    def __len__(self):
        return __builtin_popcountll(self._mask)

    def __bool__(self):
        return self._mask != 0

    def __contains__(self, key):
        cdef int t = _map_kind(key)
        return t >= 0 and (self._mask >> t) & 1 == 1

    def __getitem__(self, key):
        cdef int t = _map_kind(key)
        if t < 0 or not (self._mask >> t) & 1:
            raise KeyError(key)
        return _small(self._n[t])

    def get(self, key, default=None, /):
        cdef int t = _map_kind(key)
        if t < 0 or not (self._mask >> t) & 1:
            return default
        return _small(self._n[t])

    def __iter__(self):
        return iter(self._kinds())

    cdef list _kinds(self):
        cdef list out = []
        cdef int t
        for t in range(NK):
            if (self._mask >> t) & 1:
                out.append(_small(t))
        return out

    def keys(self):
        return _KeysView(self)

    def values(self):
        return _ValuesView(self)

    def items(self):
        return _ItemsView(self)

    def __eq__(self, other):
        cdef TileMap o
        if isinstance(other, TileMap):
            o = other
            return self._mask == o._mask and _same_counts(self, o)
        if isinstance(other, _Mapping):
            return len(other) == len(self) and all(k in other and other[k] == v for k, v in self.items())
        return NotImplemented

    def __ne__(self, other):
        eq = self.__eq__(other)
        return eq if eq is NotImplemented else not eq

    def __hash__(self):
        return hash((TileMap, tuple(self.items())))

    def __repr__(self):
        return repr(dict(self.items()))

    def __reduce__(self):
        return TileMap, (tuple(self.items()),)


cdef list _map_pairs(object items):
    """A TileMap's items as a list of ``(key, value)`` pairs (TypeError when they are none)."""
    try:
        pairs = [(key, value) for key, value in (items.items() if hasattr(items, "items") else items)]
    except (TypeError, ValueError):
        raise TypeError(f"a TileMap is built from a mapping or (kind, count) pairs, not "
                        f"{_short(items)}") from None
    return pairs


cdef bint _same_counts(TileMap a, TileMap b):
    cdef int t
    for t in range(NK):
        if a._n[t] != b._n[t]:
            return False
    return True


cdef int _map_kind(object key):
    """A TileMap key as a kind 0-33, -1 when it is none (not an int, a bool, out of range)."""
    if isinstance(key, bool) or not isinstance(key, (int, np.integer)):
        return -1
    if not 0 <= key < NK:
        return -1
    return <int>key


cdef TileMap _effective_map(uint64_t mask, const long *un, long *total):
    """The kinds of ``mask`` with unseen copies and their unseen counts (``un``: each
    0-255, checked by ``_load_unseen``); their total into ``total``."""
    cdef TileMap out = TileMap.__new__(TileMap)
    out._made = True
    cdef int t
    cdef long tot = 0
    while mask:
        t = __builtin_ctzll(mask)       # the lowest kind left
        mask &= mask - 1
        if un[t] > 0:
            out._mask |= <uint64_t>1 << t
            out._n[t] = <uint8_t>un[t]
            tot += un[t]
    total[0] = tot
    return out


_Mapping.register(TileMap)

#: The empty map: the waits of an option that is not ready.
NO_TILES = TileMap()


def discard_options(counts, jokers, unseen, seven_pairs=True, quads_as_two_pairs=True,
                    honor_sequences=False, shisanlan=False, int void_suit=-1,
                    pair258=False, bint ranked=False, type option=None, int also_effective=-1):
    """``[(discard, shanten, effective, total)]`` for every kind held, where
    ``effective`` (a :class:`TileMap` of kind -> unseen copies) lists the kinds that lower the shanten after the discard and still have unseen
    copies (``unseen``: 34 ints).  The core of :func:`hupai.analyze_discards`.  In
    discard order, or with ``ranked`` best first: lowest shanten, then the highest
    total, then the lowest discard.  With ``option`` (a tuple type of eight fields,
    :class:`hupai.DiscardOption`) each row is made as one: ``(discard, shanten,
    effective, total, waits, None, None, None)``, ``waits`` the effective map when the
    shanten is 0, else empty.  ``also_effective`` (-1: none) is a kind whose unseen
    copies count as effective after every discard (a joker kind held as a tile, e.g.
    Wuhan's laizi: a drawn joker brings any hand a step closer)."""
    cdef uint8_t c[NK]
    cdef int8_t sh[NK]
    cdef uint64_t imp[NK]
    cdef long un[NK]
    cdef int k = load_jokers(jokers)
    cdef int total = load_counts(counts, c) + k
    cdef int d
    if option is not None and not issubclass(option, tuple):
        raise TypeError(f"option must be a tuple type such as DiscardOption, not {option.__name__}")
    _check_size(total, 2, "analyze_discards")
    _load_unseen(unseen, un)
    cdef unsigned opts = _options(True, seven_pairs, quads_as_two_pairs, honor_sequences, shisanlan,
                                  pair258)
    if not -1 <= void_suit <= 2:
        raise ValueError(f"void_suit must be 0 (m), 1 (p), 2 (s) or -1, got {void_suit}")
    with nogil:
        if void_suit < 0:
            hupai_discards(c, k, opts, sh, imp)
        else:
            hupai_discards_void(c, k, opts, void_suit, sh, imp)
    _check_kind(also_effective, "also_effective", True)
    return _option_rows(c, sh, imp, un, ranked, option,
                        0 if also_effective < 0 else <uint64_t>1 << also_effective, NULL)


cdef list _option_rows(const uint8_t *c, const int8_t *sh, const uint64_t *imp, const long *un, bint ranked,
                       type option, uint64_t also, const int8_t *voids):
    """The rows of :func:`discard_options` (``voids`` NULL) and
    :func:`discard_options_void` (``voids``: each discard's suit given up): one per kind
    held, the kinds of ``also`` effective after each, ranked in C when asked (lowest
    shanten, highest total, then the discard), each made once, as a plain tuple or
    straight as an ``option`` tuple."""
    cdef int order[NK]
    cdef long tots[NK]
    cdef list maps = [None] * NK
    cdef int n = 0, i, j, d
    cdef long tot
    for d in range(NK):
        if c[d]:
            maps[d] = _effective_map(imp[d] | also, un, &tot)
            tots[d] = tot
            order[n] = d
            n += 1
    if ranked:
        for i in range(1, n):       # an insertion sort of at most 34
            d = order[i]
            j = i - 1
            while j >= 0 and (sh[order[j]] > sh[d] or (sh[order[j]] == sh[d] and tots[order[j]] < tots[d])):
                order[j + 1] = order[j]
                j -= 1
            order[j + 1] = d
    cdef list out = PyList_New(n)
    cdef object row
    for i in range(n):
        d = order[i]
        if option is not None:
            row = _option_row(option, d, sh[d], maps[d], tots[d], None if voids == NULL else _SUITS[voids[d]])
        elif voids == NULL:
            row = (_small(d), sh[d], maps[d], tots[d])
        else:
            row = (_small(d), sh[d], maps[d], tots[d], voids[d])
        Py_INCREF(row)
        PyList_SET_ITEM(out, i, row)
    return out


#: A suit's letter (a void's name in a DiscardOption).
cdef tuple _SUITS = ("m", "p", "s")


cdef extern from "Python.h":
    ctypedef PyObject *(*_allocfunc)(PyTypeObject *, Py_ssize_t)
    ctypedef struct _AllocatingType "PyTypeObject":
        _allocfunc tp_alloc


cdef object _option_row(type option, int d, int shanten, TileMap eff, long total, object void):
    """``option((d, shanten, eff, total, waits, None, void, None))`` made in place (the
    tuple type's own allocation, its items set), ``waits`` the effective map when the
    shanten is 0, else empty."""
    cdef _AllocatingType *tp = <_AllocatingType *>option
    cdef PyObject *obj = tp.tp_alloc(<PyTypeObject *>option, 8)
    if obj == NULL:
        raise MemoryError()
    cdef object row = <object>obj
    Py_DECREF(row)          # (<object> took a reference of its own)
    _put(row, 0, _small(d))
    _put(row, 1, _small(shanten))
    _put(row, 2, eff)
    _put(row, 3, _small(total))
    _put(row, 4, eff if shanten == 0 else NO_TILES)
    _put(row, 5, None)
    _put(row, 6, void)
    _put(row, 7, None)
    return row


cdef inline void _put(object row, Py_ssize_t i, object value):
    """Item ``i`` of a new tuple ``row`` (its slot empty) set to ``value``."""
    Py_INCREF(value)        # (PyTuple_SET_ITEM steals the reference it is given)
    PyTuple_SET_ITEM(row, i, value)


def discard_options_void(counts, jokers, unseen, seven_pairs=True, voids=(0, 1, 2), *, bint ranked=False,
                         type option=None, int also_effective=-1):
    """Like :func:`discard_options` under 缺一門: for each discard, the suit given up
    (one of ``voids``, the suits still open) that leaves the lowest shanten, then the
    most unseen effective tiles, then the lowest suit; the effective tiles of every
    suit that ties on shanten count.  Rows are ``(discard, shanten, effective, total,
    void_suit)`` (``effective`` a :class:`TileMap`), or with ``option`` option tuples
    whose ``void`` is the suit's letter; ``ranked`` and ``also_effective`` as in
    :func:`discard_options`."""
    cdef uint8_t c[NK]
    cdef int8_t sh[3][NK]
    cdef uint64_t imp[3][NK]
    cdef int8_t best_sh[NK]
    cdef int8_t best_void[NK]
    cdef uint64_t best_imp[NK]
    cdef long un[NK]
    cdef int k = load_jokers(jokers)
    cdef int total = load_counts(counts, c) + k
    cdef int d, g, best_g
    cdef int open_[3]
    cdef long tot, best_tot
    cdef uint64_t m
    if option is not None and not issubclass(option, tuple):
        raise TypeError(f"option must be a tuple type such as DiscardOption, not {option.__name__}")
    _check_size(total, 2, "analyze_discards")
    _load_unseen(unseen, un)
    _check_kind(also_effective, "also_effective", True)
    open_[0] = open_[1] = open_[2] = 0
    for g in voids:
        if not 0 <= g <= 2:
            raise ValueError(f"voids are suits 0 (m), 1 (p), 2 (s), got {g}")
        open_[g] = 1
    if not (open_[0] or open_[1] or open_[2]):
        raise ValueError("voids must name at least one suit")
    cdef unsigned opts = _options(True, seven_pairs, True, False, False)
    with nogil:
        for g in range(3):
            if open_[g]:
                hupai_discards_void(c, k, opts, g, sh[g], imp[g])
    cdef uint64_t also = 0 if also_effective < 0 else <uint64_t>1 << also_effective
    for d in range(NK):
        if not c[d]:
            continue
        best_g, best_tot = -1, 0
        for g in range(3):
            if not open_[g]:
                continue
            tot = _unseen_total(imp[g][d] | also, un)     # only the best suit's tiles are listed
            if best_g < 0 or sh[g][d] < sh[best_g][d] or (sh[g][d] == sh[best_g][d] and tot > best_tot):
                best_g, best_tot = g, tot
        # a draw lowers the shanten if it helps any suit choice that is already best
        m = 0
        for g in range(3):
            if open_[g] and sh[g][d] == sh[best_g][d]:
                m |= imp[g][d]
        best_sh[d], best_imp[d], best_void[d] = sh[best_g][d], m, best_g
    return _option_rows(c, best_sh, best_imp, un, ranked, option, also, best_void)


def lan_deficit(counts, *, strict=False, seven_stars=False):
    """Fewest tiles a 13- or 14-tile hand lacks for a 十三爛 (14 different tiles, the suited
    ones of a suit at least three apart, or with ``strict`` one of 147/258/369 per suit;
    honours any) or, with ``seven_stars``, a 七星十三爛 (all seven honours).  0: complete."""
    cdef uint8_t c[NK]
    cdef int total = load_counts(counts, c)
    if total not in (13, 14):
        raise ValueError(f"十三爛 needs 13 or 14 tiles, got {total}")
    return hupai_lan_deficit(c, _flag(strict, "strict"), _flag(seven_stars, "seven_stars"))


def deficit(counts, jokers=0, *, standard=True, seven_pairs=True,
            quads_as_two_pairs=True, honor_sequences=False, shisanlan=False,
            pair258=False):
    """Fewest tiles the hand lacks for a complete pattern of total // 3 melds and a pair
    (or seven pairs), jokers not counted as held.  A building block for the rules."""
    cdef uint8_t c[NK]
    cdef int k = load_jokers(jokers)
    cdef int total = load_counts(counts, c) + k
    cdef unsigned opts = _options(standard, seven_pairs, quads_as_two_pairs, honor_sequences, shisanlan,
                                  pair258)
    _check_size(total, 3, "deficit")
    if not _fits_forms(opts, total):
        raise ValueError("no enabled form fits this hand")
    return hupai_deficit(c, k, opts)


# ------------------------------------------------------------------ batches

cdef enum:
    FN_IS_WIN = 0
    FN_SHANTEN = 1
    FN_WAITS = 2
    FN_DISCARDS = 3
    MAX_THREADS = HUPAI_POOL_MAX  # the most threads= accepts
    # fewer rows than this per thread: waking a pool thread (a few µs) would cost more than
    # it saves (benchmarks/README.md, "Threads")
    MIN_ROWS_PER_THREAD = 2048
    CHUNKS_PER_THREAD = 8         # rows are handed out in this many chunks per thread

MAX_BATCH_THREADS = MAX_THREADS

cdef inline void _record_byte(uint8_t b, bint signed8, Py_ssize_t r, int i, RowError *err) noexcept nogil:
    """Pre: b is a copied count above 4 at row r, slot i; signed8 when it was an int8."""
    cdef bint negative = signed8 and b >= 128
    err.row, err.why, err.tile = r, BAD_COUNT, i
    err.value, err.negative = (256 - b if negative else b), negative


cdef inline bint _bad_row(const uint8_t *h, int k, int remainder, int min_tiles, Py_ssize_t r,
                          bint signed8, RowError *err) noexcept nogil:
    """Pre: h is a private copy of one row.  Records in err and returns true when the row
    is not a valid input for the function (a count above 4, too many jokers, a size the
    function does not take)."""
    cdef int i, total = k, worst = 0
    for i in range(NK):
        total += h[i]
        worst |= h[i] & 0xF8
        worst |= (h[i] + 3) & 8   # 5, 6, 7 have bit 3 set after +3
    if worst:
        for i in range(NK):
            if h[i] > 4:
                _record_byte(h[i], signed8, r, i, err)
                return True
    if k > MAX_JOKERS:
        err.row, err.why, err.value = r, BAD_JOKERS, k
        return True
    if total > MAX_TILES or total < min_tiles or (remainder == 3 and total % 3 == 0) \
            or (remainder != 3 and total % 3 != remainder):
        err.row, err.why, err.value = r, BAD_SIZE, total
        return True
    return False


# Arguments of one batch call, read by every thread, and one error slot per thread.
cdef struct Job:
    int fn, remainder, min_tiles
    unsigned opts
    Rows hands
    const uint8_t *jp        # jokers of row r at jp[r * jstep]
    Py_ssize_t jstep
    uint8_t *op              # one result per row (34 for waits and discards)
    uint64_t *op2            # discards: 34 masks per row
    RowError *errors         # [threads]


cdef void _run_rows(void *ctx, int worker, size_t lo, size_t hi) noexcept nogil:
    """Pre: ctx is a Job whose buffers hold rows lo..hi; worker < its error slots.  Each row
    is copied, the copy validated and then evaluated, so memory the caller changes
    meanwhile is never trusted; stops at the first invalid row, recorded in the worker's
    error slot (a later row than one already recorded is not looked at).  Writes one
    result per row (34 for waits and discards; discards also 34 masks per row to op2)."""
    cdef Job *job = <Job *>ctx
    cdef RowError *err = &job.errors[worker]
    cdef Py_ssize_t r
    cdef int t, k
    cdef uint64_t m
    cdef uint8_t h[NK]
    cdef int fn = job.fn
    cdef unsigned opts = job.opts
    cdef uint8_t *out = job.op
    cdef bint signed8 = job.hands.el == EL_I8
    if err.row >= 0:
        return
    for r in range(<Py_ssize_t>lo, <Py_ssize_t>hi):
        k = job.jp[r * job.jstep]
        if _copy_row(&job.hands, r, h, err) or _bad_row(h, k, job.remainder, job.min_tiles, r, signed8, err):
            return
        if fn == FN_DISCARDS:
            hupai_discards(h, k, opts, <int8_t *>(out + r * NK), job.op2 + r * NK)
        elif fn == FN_IS_WIN:
            out[r] = <uint8_t>hupai_is_win(h, k, opts)
        elif fn == FN_SHANTEN:
            (<int8_t *>out)[r] = <int8_t>hupai_shanten(h, k, opts)
        else:
            m = hupai_waits(h, k, opts)
            for t in range(NK):
                out[r * NK + t] = (m >> t) & 1


cdef int _raise_first_error(const Job *job, int workers, str what) except -1:
    cdef int i
    cdef const RowError *e = NULL
    for i in range(workers):
        if job.errors[i].row >= 0 and (e == NULL or job.errors[i].row < e.row):
            e = &job.errors[i]
    if e == NULL:
        return 0
    if e.why == BAD_COUNT:
        raise ValueError(f"hands[{e.row}, {e.tile}] = {'-' if e.negative else ''}{e.value} is outside 0-4")
    if e.why == BAD_JOKERS:
        raise ValueError(f"jokers[{e.row}] = {e.value} is outside 0-{MAX_JOKERS}")
    if e.value < <unsigned long long>job.min_tiles and e.value <= MAX_TILES:
        raise ValueError(f"row {e.row}: seven_pairs alone needs 13 or 14 tiles")
    raise ValueError(f"row {e.row}: " + _size_problem(<int>e.value, job.remainder, what))


cdef dict _ELEMENTS = {(np.dtype(t).kind, np.dtype(t).itemsize): el for t, el in [
    (np.uint8, EL_U8), (np.int8, EL_I8), (np.uint16, EL_U16), (np.int16, EL_I16),
    (np.uint32, EL_U32), (np.int32, EL_I32), (np.uint64, EL_U64), (np.int64, EL_I64)]}


cdef object _batch_hands(object hands):
    """The (N, 34) array the batch reads: the caller's own when it is an integer array in
    native byte order (its rows are validated as they are read), else a converted uint8
    copy, range-checked first (floats, other byte orders)."""
    try:
        arr = np.asarray(hands)
    except Exception as exc:
        raise TypeError(f"hands must be an (N, 34) integer array: {_short(str(exc))}") from None
    if arr.dtype.kind not in "iuf":
        raise TypeError(f"hands must be an (N, 34) integer array, not {arr.dtype}")
    if arr.ndim != 2 or arr.shape[1] != NK:
        raise ValueError(f"hands must have shape (N, 34), got {arr.shape}")
    if (arr.dtype.kind, arr.dtype.itemsize) not in _ELEMENTS or not arr.dtype.isnative:
        return _converted_hands(arr)
    return arr


cdef int _describe_rows(object arr, const Py_buffer *view, Rows *rows) except -1:
    """Pre: view is arr's buffer (2-D, strides given), arr from _batch_hands."""
    _set_rows(rows, <const char *>view.buf, _ELEMENTS[(arr.dtype.kind, arr.dtype.itemsize)],
              view.strides[0], view.strides[1])
    return 0


cdef object _converted_hands(object arr):
    if arr.dtype.kind == "f" and not (np.isfinite(arr).all() and (arr == np.round(arr)).all()):
        raise ValueError(f"hands of dtype {arr.dtype} cannot be cast to integers without loss")
    bad = np.argwhere((arr < 0) | (arr > 4))
    if len(bad):
        r, t = (int(v) for v in bad[0])
        raise ValueError(f"hands[{r}, {t}] = {arr[r, t]} is outside 0-4")
    return np.ascontiguousarray(arr, dtype=np.uint8)


cdef object _batch_jokers(object jokers, Py_ssize_t n):
    if np.ndim(jokers) == 0:
        return np.full(1, load_jokers(jokers), dtype=np.uint8)
    arr = np.asarray(jokers)
    if arr.dtype.kind not in "iu":
        raise TypeError(f"jokers must be an int or an (N,) integer array, not {arr.dtype}")
    if arr.shape != (n,):
        raise ValueError(f"jokers must be a scalar or have shape ({n},), got {arr.shape}")
    if arr.dtype != np.uint8:
        bad = np.flatnonzero((arr < 0) | (arr > MAX_JOKERS))
        if bad.size:
            raise ValueError(f"jokers[{bad[0]}] = {arr[bad[0]]} is outside 0-{MAX_JOKERS}")
    return np.ascontiguousarray(arr, dtype=np.uint8)


cdef int _threads(object threads) except -1:
    """``threads=``: an int from 1 to MAX_BATCH_THREADS (not a bool)."""
    if isinstance(threads, bool) or not isinstance(threads, (int, np.integer)):
        raise TypeError(f"threads must be an int, not {type(threads).__name__}")
    if not 1 <= threads <= MAX_THREADS:
        raise ValueError(f"threads must be 1-{MAX_THREADS}, got {_short(threads)}")
    return <int>threads


cdef object _batch_out(int fn, Py_ssize_t n):
    if fn == FN_IS_WIN:
        return np.zeros(n, dtype=np.bool_), None
    if fn == FN_SHANTEN:
        return np.zeros(n, dtype=np.int8), None
    if fn == FN_DISCARDS:
        return np.zeros((n, NK), dtype=np.int8), np.zeros((n, NK), dtype=np.uint64)
    return np.zeros((n, NK), dtype=np.bool_), None


cdef object _batch(int fn, object hands, object jokers, unsigned opts, int remainder,
                   str what, object threads, int min_tiles=0):
    cdef int nthreads = _threads(threads)
    cdef Job job
    arr = _batch_hands(hands)            # arr, jk, out and masks own the buffers
    cdef Py_ssize_t n = arr.shape[0]
    jk = _batch_jokers(jokers, n)
    out, masks = _batch_out(fn, n)
    if n == 0:
        return out if masks is None else (out, masks)
    cdef const uint8_t[::1] jv = jk
    cdef uint8_t[::1] ov = out.reshape(-1).view(np.uint8)
    cdef uint64_t[::1] mv
    job.fn, job.opts, job.remainder, job.min_tiles = fn, opts, remainder, min_tiles
    job.jp, job.jstep, job.op, job.op2 = &jv[0], 0 if jk.shape[0] == 1 and n != 1 else 1, &ov[0], NULL
    if masks is not None:
        mv = masks.reshape(-1)
        job.op2 = &mv[0]
    nthreads = <int>min(nthreads, max(n // MIN_ROWS_PER_THREAD, 1))
    cdef RowError errors[MAX_THREADS]
    cdef int i
    for i in range(nthreads):
        errors[i].row = -1
    job.errors = errors
    cdef size_t chunk = <size_t>max(n // (nthreads * CHUNKS_PER_THREAD), 1)
    cdef Py_buffer view
    PyObject_GetBuffer(arr, &view, PyBUF_RECORDS_RO)
    try:
        _describe_rows(arr, &view, &job.hands)
        with nogil:
            nthreads = hupai_pool_run(nthreads, _run_rows, &job, <size_t>n, chunk)
    finally:
        PyBuffer_Release(&view)
    _raise_first_error(&job, nthreads, what)
    return out if masks is None else (out, masks)


def pool_threads():
    """How many worker threads the batch functions' pool has started in this process
    (they wait between calls; the calling thread is not counted)."""
    return hupai_pool_size()


def batch_is_win(hands, jokers=0, *, seven_pairs=True, quads_as_two_pairs=True,
                 honor_sequences=False, shisanlan=False, threads=1):
    """:func:`is_win` of every row of an (N, 34) array: an (N,) bool array."""
    return _batch(FN_IS_WIN, hands, jokers,
                  _options(True, seven_pairs, quads_as_two_pairs, honor_sequences, shisanlan), 2, "is_win", threads)


def batch_shanten(hands, jokers=0, *, standard=True, seven_pairs=True,
                  quads_as_two_pairs=True, honor_sequences=False, shisanlan=False, threads=1):
    """:func:`shanten` of every row of an (N, 34) array: an (N,) int8 array."""
    cdef unsigned opts = _options(standard, seven_pairs, quads_as_two_pairs, honor_sequences, shisanlan)
    if not opts & (HUPAI_STANDARD | HUPAI_SEVEN_PAIRS | HUPAI_SHISANLAN):
        raise ValueError("no enabled form: enable standard or seven_pairs")
    # without the standard form, seven pairs (or 十三爛) needs 13-14 tiles in every row
    return _batch(FN_SHANTEN, hands, jokers, opts, 3, "shanten", threads,
                  0 if opts & HUPAI_STANDARD else 13)


def batch_discards(hands, jokers=0, *, seven_pairs=True, quads_as_two_pairs=True,
                   honor_sequences=False, shisanlan=False, threads=1):
    """For every row (a 3M+2 hand) and every kind held: the shanten after discarding it
    ((N, 34) int8, 127 where the kind is not held) and the kinds that then lower it
    ((N, 34) uint64 bit masks, bit t for kind t).  The batch form of
    :func:`hupai.analyze_discards`, without the unseen-tile accounting."""
    return _batch(FN_DISCARDS, hands, jokers,
                  _options(True, seven_pairs, quads_as_two_pairs, honor_sequences, shisanlan), 2,
                  "analyze_discards", threads)


def batch_waits(hands, jokers=0, *, seven_pairs=True, quads_as_two_pairs=True,
                honor_sequences=False, shisanlan=False, threads=1):
    """:func:`waits` of every row of an (N, 34) array: an (N, 34) bool array."""
    return _batch(FN_WAITS, hands, jokers,
                  _options(True, seven_pairs, quads_as_two_pairs, honor_sequences, shisanlan), 1, "waits", threads)


# ------------------------------------------------------------------ the env's arrays
#
# hupai.env hands out two new arrays per step (a seat's planes, the mask of its legal
# actions).  numpy's take and frombuffer spend more on their call than on the copy; these
# two write the same arrays with one allocation each (issue #15).

cimport numpy as cnp

cnp.import_array()


def gather_rows(cnp.ndarray store not None, bytes rows not None):
    """A new float32 array whose row i is ``store[rows[i]]``: ``store`` a C-contiguous
    2-D float32 array, ``rows`` its row indices as bytes (``store.take(list(rows), 0)``).
    Runs of consecutive rows are copied as one block."""
    if store.ndim != 2 or cnp.PyArray_TYPE(store) != cnp.NPY_FLOAT32 or not cnp.PyArray_IS_C_CONTIGUOUS(store):
        raise TypeError(f"gather_rows reads a C-contiguous 2-D float32 array, not {store.ndim}-D {store.dtype}")
    cdef Py_ssize_t n = len(rows), i, run
    cdef Py_ssize_t height = cnp.PyArray_DIM(store, 0), width = cnp.PyArray_DIM(store, 1)
    cdef const unsigned char *order = rows
    for i in range(n):
        if order[i] >= height:
            raise ValueError(f"row {order[i]} is outside the store's {height} rows")
    cdef cnp.npy_intp dims[2]
    dims[0], dims[1] = n, width
    out = cnp.PyArray_EMPTY(2, dims, cnp.NPY_FLOAT32, 0)
    cdef const float *src = <const float *>cnp.PyArray_DATA(store)
    cdef float *dst = <float *>cnp.PyArray_DATA(out)
    i = 0
    while i < n:
        run = 1
        while i + run < n and order[i + run] == order[i] + run:
            run += 1
        memcpy(dst + i * width, src + order[i] * width, run * width * sizeof(float))
        i += run
    return out


cdef extern from "Python.h":
    PyObject *PyDict_GetItemWithError(object d, object key) except? NULL
    bytearray PyByteArray_FromStringAndSize(const char *string, Py_ssize_t size)
    char *PyByteArray_AS_STRING(object bytearray)


cdef int _move_tile(object name) except -2:
    """The kind of a tile name of the round record ("3m", "7z"), -1 when it is none."""
    if type(name) is not str or len(<str>name) != 2:
        return -1
    cdef Py_UCS4 rank_char = (<str>name)[0]
    cdef Py_UCS4 suit = (<str>name)[1]
    cdef long rank = <long>rank_char - 49        # "1" is 49
    if not 0 <= rank <= 8:
        return -1
    if suit == u"m":
        return rank
    if suit == u"p":
        return rank + 9
    if suit == u"s":
        return rank + 18
    if suit == u"z" and rank <= 6:
        return rank + 27
    return -1


cdef int _move_seat(dict event) except -2:
    seat = event.get("seat")
    if type(seat) is not int or not 0 <= <long>seat <= 3:
        return -1
    return <int>seat


def apply_moves(list events not None, Py_ssize_t start, cnp.ndarray store not None, tuple layout not None,
                Py_ssize_t last_discard):
    """What ``hupai.env``'s planes make of the draws and discards of a round's events
    (the record's dicts), from ``events[start]`` to the first event of another type:
    every step has one or two of them, read here without a Python loop.

    ``store`` is a C-contiguous float32 array; ``layout`` the first cell of the rows
    they change, 13 ints: each seat's hand, each seat's discards, each seat's latest
    discard, then the face-up row.  A draw adds its tile to the drawer's hand; a discard
    moves it to the discarder's discards and the face-up row, and moves the one mark of
    the table's latest discard (``last_discard``, its cell, -1: none) to its own row.
    Returns ``(stop, last_discard, seat, tile, replaced)``: the first event not read,
    the mark's cell, the seat and tile of the last discard read (-1, -1: none), and a bit
    per seat that drew a kong's replacement (its melds changed).  ValueError for a draw
    or discard without a seat 0-3 and a tile name, or a layout outside the store."""
    if cnp.PyArray_TYPE(store) != cnp.NPY_FLOAT32 or not cnp.PyArray_IS_C_CONTIGUOUS(store):
        raise TypeError(f"apply_moves writes a C-contiguous float32 array, not {store.dtype}")
    cdef Py_ssize_t size = cnp.PyArray_SIZE(store), i, n = len(events)
    if len(layout) != 13:
        raise ValueError(f"the layout gives 13 first cells, not {len(layout)}")
    cdef Py_ssize_t first[13]
    for i in range(13):
        first[i] = layout[i]
        if not 0 <= first[i] <= size - 34:
            raise ValueError(f"a row of the layout starts at cell {first[i]}, outside the store's {size} cells")
    if not -1 <= last_discard < size:
        raise ValueError(f"the latest discard's cell {last_discard} is outside the store's {size} cells")
    if not 0 <= start <= n:
        raise ValueError(f"start {start} is outside the {n} events")
    cdef float *cells = <float *>cnp.PyArray_DATA(store)
    cdef int seat, tile, open_seat = -1, open_tile = -1, replaced = 0
    cdef dict event
    for i in range(start, n):
        if type(events[i]) is not dict:
            return i, last_discard, open_seat, open_tile, replaced
        event = <dict>events[i]
        kind = event.get("type")
        if kind == "discard" or kind == "draw":
            seat, tile = _move_seat(event), _move_tile(event.get("tile"))
            if seat < 0 or tile < 0:
                raise ValueError(f"a {kind} event needs a seat 0-3 and a tile name, not {_short(event)}")
        else:
            return i, last_discard, open_seat, open_tile, replaced
        if kind == "draw":
            cells[first[seat] + tile] += 1
            if "replacement" in event:
                replaced |= 1 << seat
            continue
        cells[first[seat] + tile] -= 1
        cells[first[4 + seat] + tile] += 1
        cells[first[12] + tile] += 1
        if last_discard >= 0:
            cells[last_discard] = 0
        last_discard = first[8 + seat] + tile
        cells[last_discard] = 1
        open_seat, open_tile = seat, tile
    return n, last_discard, open_seat, open_tile, replaced


def tile_mask(list actions not None, dict kinds not None, Py_ssize_t size):
    """``(mask, at, rest)`` of the list ``actions`` (at most 255) whose index is a tile
    kind's: each action that is a 3-tuple ``(kind, tiles, "")`` with ``kinds[kind] ==
    (base, count)`` and ``tiles`` ``count`` times one int ``t`` 0-33 (``count`` 0: no
    tiles, ``t`` 0) has the index ``base + t`` (0 to size - 1).  ``mask`` is a new int8
    array of ``size`` with a 1 at each such index, ``at`` a new bytearray of ``size``
    with 1 + the position in ``actions`` of the first action of each such index (0
    elsewhere), ``rest`` the positions of the other actions (None when there are none):
    what this shape cannot index."""
    if size < 0:
        raise ValueError(f"a mask's size is 0 or more, not {size}")
    cdef Py_ssize_t n = len(actions), position, index
    if n > 255:
        raise ValueError(f"tile_mask takes at most 255 actions, not {n}")
    cdef cnp.npy_intp dim = size
    mask = cnp.PyArray_ZEROS(1, &dim, cnp.NPY_INT8, 0)
    cdef int8_t *cells = <int8_t *>cnp.PyArray_DATA(mask)
    cdef bytearray at = PyByteArray_FromStringAndSize(NULL, size)
    cdef unsigned char *first = <unsigned char *>PyByteArray_AS_STRING(at)
    memset(first, 0, size)
    cdef list rest = None
    for position in range(n):
        index = _tile_index(actions[position], kinds)
        if index < 0:
            if rest is None:
                rest = []
            rest.append(position)
            continue
        if index >= size:
            raise ValueError(f"kinds gives {_short(actions[position])} the index {index}, outside 0-{size - 1}")
        if not cells[index]:
            cells[index] = 1
            first[index] = <unsigned char>(position + 1)
    return mask, at, rest


cdef Py_ssize_t _tile_index(object action, dict kinds) except -2:
    """The index of ``action`` by :func:`tile_mask`'s rule, or -1 when it has not that
    shape; TypeError / ValueError for a malformed entry of ``kinds``."""
    if not isinstance(action, tuple) or len(<tuple>action) != 3:
        return -1
    cdef tuple a = <tuple>action
    what = a[2]
    if type(what) is not str or len(<str>what) != 0:
        return -1
    cdef PyObject *spec = PyDict_GetItemWithError(kinds, a[0])
    if spec is NULL:
        return -1
    if type(<object>spec) is not tuple or len(<tuple>spec) != 2:
        raise TypeError(f"kinds gives {_short(a[0])} {_short(<object>spec)}, not (base, count)")
    cdef Py_ssize_t base = (<tuple>spec)[0], count = (<tuple>spec)[1], t = 0, k
    if base < 0 or not 0 <= count <= 4:
        raise ValueError(f"kinds gives {_short(a[0])} the base {base} and count {count}: 0 or more, and 0-4")
    tiles_ = a[1]
    if type(tiles_) is not tuple or len(<tuple>tiles_) != count:
        return -1
    cdef int ok
    if count:
        first = (<tuple>tiles_)[0]
        if type(first) is not int:
            return -1
        t = hupai_small_int(<PyObject *>first, &ok)
        if not ok or not 0 <= t < NK:
            return -1
        for k in range(1, count):
            if (<tuple>tiles_)[k] is not first and (<tuple>tiles_)[k] != first:
                return -1
    return base + t


# ------------------------------------------------------------ seeds
#
# numpy.random.SeedSequence's hash (M. O'Neill's seed_seq mixing, as numpy documents it):
# the entropy and the spawn key as 32-bit words mixed into a pool of four, and the pool
# hashed out into the state.  The engine seeds every round's agents this way; building
# a SeedSequence for one number took about 10 µs.

cdef inline uint32_t _hashmix(uint32_t value, uint32_t *h) noexcept nogil:
    value ^= h[0]
    h[0] *= 0x931e8875u
    value *= h[0]
    return value ^ (value >> 16)


cdef inline uint32_t _mix(uint32_t x, uint32_t y) noexcept nogil:
    cdef uint32_t r = 0xca01f9ddu * x - 0x4973f715u * y
    return r ^ (r >> 16)


cdef list _words(object value, str what):
    """The 32-bit words of a whole number 0 or more, least significant first (0: one word)."""
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or value < 0:
        raise ValueError(f"{what} is a whole number 0 or more, not {_short(value)}")
    value = int(value)
    if value == 0:
        return [0]
    out = []
    while value:
        out.append(value & 0xFFFFFFFF)
        value >>= 32
    return out


cdef int _seed_pool(object entropy, tuple spawn_key, uint32_t *pool) except -1:
    """The SeedSequence pool of four words for ``entropy`` and ``spawn_key``."""
    words = _words(entropy, "a seed")
    spawn = []
    for part in spawn_key:
        spawn += _words(part, "a spawn key part")
    if spawn and len(words) < 4:
        words += [0] * (4 - len(words))     # the run's entropy is padded to the pool's size
    words += spawn
    cdef Py_ssize_t n = len(words), i, src, dst
    cdef uint32_t *w = <uint32_t *>malloc(n * sizeof(uint32_t))
    if w == NULL:
        raise MemoryError()
    for i in range(n):
        w[i] = <uint32_t>words[i]
    cdef uint32_t h = 0x43b0d7e5u
    for i in range(4):
        pool[i] = _hashmix(w[i] if i < n else 0, &h)
    for src in range(4):
        for dst in range(4):
            if src != dst:
                pool[dst] = _mix(pool[dst], _hashmix(pool[src], &h))
    for src in range(4, n):
        for dst in range(4):
            pool[dst] = _mix(pool[dst], _hashmix(w[src], &h))
    free(w)
    return 0


cdef inline uint32_t _state_word(uint32_t *pool, Py_ssize_t i, uint32_t *h) noexcept nogil:
    """The ``i``-th 32-bit word of the state the pool hashes out (``h`` carried along)."""
    cdef uint32_t v = pool[i % 4] ^ h[0]
    h[0] *= 0x58f38dedu
    v *= h[0]
    return v ^ (v >> 16)


def seed_state(entropy, tuple spawn_key not None, Py_ssize_t n_words, dtype=np.uint32):
    """``SeedSequence(entropy, spawn_key=spawn_key).generate_state(n_words, dtype)``
    (dtype uint32 or uint64), the same words without a SeedSequence (ValueError for a
    negative or non-integer part)."""
    cdef bint wide
    if dtype is np.uint64 or dtype is np.uint32:     # the callers' own: no dtype to build
        wide = dtype is np.uint64
    else:
        out_dtype = np.dtype(dtype)
        if out_dtype != np.uint32 and out_dtype != np.uint64:
            raise TypeError(f"seed_state gives uint32 or uint64 words, not {_short(dtype)}")
        wide = out_dtype == np.uint64
    if n_words < 0:
        raise ValueError(f"seed_state gives 0 or more words, not {n_words}")
    cdef uint32_t pool[4]
    _seed_pool(entropy, spawn_key, pool)
    cdef cnp.npy_intp dim = n_words
    state = cnp.PyArray_EMPTY(1, &dim, cnp.NPY_UINT64 if wide else cnp.NPY_UINT32, 0)
    cdef uint32_t *out32 = <uint32_t *>cnp.PyArray_DATA(state)
    cdef uint64_t *out64 = <uint64_t *>cnp.PyArray_DATA(state)
    cdef uint32_t v, h = 0x8b51f9ddu
    cdef Py_ssize_t i
    for i in range(n_words * (2 if wide else 1)):
        v = _state_word(pool, i, &h)
        if not wide:
            out32[i] = v
        elif i % 2 == 0:
            out64[i // 2] = v       # two words a uint64, the first the low half
        else:
            out64[i // 2] |= <uint64_t>v << 32
    return state


def seed_word(entropy, tuple spawn_key not None):
    """``seed_state(entropy, spawn_key, 1, np.uint64)[0]`` as an int, without an array:
    the seed the engine gives each round's agents."""
    cdef uint32_t pool[4]
    _seed_pool(entropy, spawn_key, pool)
    cdef uint32_t h = 0x8b51f9ddu
    cdef uint64_t low = _state_word(pool, 0, &h)
    return low | (<uint64_t>_state_word(pool, 1, &h) << 32)

# Extern declarations of the C kernel (csrc/hupai.h), its worker pool (csrc/hupai_pool.h) and
# its input reader (csrc/hupai_input.h);
# the only binding of csrc/.
from libc.stddef cimport ptrdiff_t
from libc.stdint cimport int8_t, uint8_t, uint64_t

cdef extern from "hupai.h" nogil:
    enum:
        HUPAI_KINDS
        HUPAI_MAX_TILES
        HUPAI_MAX_JOKERS
        HUPAI_STANDARD
        HUPAI_SEVEN_PAIRS
        HUPAI_QUADS_AS_TWO
        HUPAI_HONOR_SEQ
        HUPAI_SHISANLAN
        HUPAI_LAN_STRICT
        HUPAI_PAIR_258
        HUPAI_MELD_SEQUENCE
        HUPAI_MELD_TRIPLET
        HUPAI_MELD_PAIR
        HUPAI_MELD_ANY
        HUPAI_FREE

    ctypedef struct hupai_meld:
        uint8_t kind
        uint8_t size
        uint8_t jokers
        uint8_t tile[3]

    ctypedef struct hupai_reading:
        uint8_t form
        uint8_t pair
        uint8_t triplets_only
        uint8_t free_melds
        uint8_t free_pairs
        uint8_t standin[34]

    ctypedef struct hupai_summary:
        uint8_t form
        uint8_t triplets_only
        uint8_t pair
        uint8_t free_melds
        uint8_t free_pairs
        uint8_t quads

    size_t hupai_summarize(const hupai_reading *r, size_t n, const uint8_t *counts,
                           const uint8_t *extra, uint64_t allowed, unsigned opts,
                           hupai_summary *out) noexcept

    void hupai_discards(const uint8_t *counts, int jokers, unsigned opts, int8_t *shanten,
                        uint64_t *improving) noexcept
    void hupai_discards_void(const uint8_t *counts, int jokers, unsigned opts, int void_group,
                             int8_t *shanten, uint64_t *improving) noexcept
    int hupai_lan_deficit(const uint8_t *counts, int strict, int seven_stars) noexcept
    unsigned hupai_plain_classes(const uint8_t *counts, unsigned opts, uint64_t pair_kinds) noexcept
    int hupai_deficit(const uint8_t *counts, int jokers, unsigned opts) noexcept
    int hupai_is_win(const uint8_t *counts, int jokers, unsigned opts) noexcept
    int hupai_shanten(const uint8_t *counts, int jokers, unsigned opts) noexcept
    int hupai_prepare() noexcept
    uint64_t hupai_waits(const uint8_t *counts, int jokers, unsigned opts) noexcept
    uint64_t hupai_improving(const uint8_t *counts, int jokers, unsigned opts) noexcept
    size_t hupai_decompose_standard(const uint8_t *counts, int jokers, unsigned opts,
                                    hupai_meld *out, size_t cap) noexcept
    size_t hupai_readings(const uint8_t *counts, int jokers, unsigned opts,
                          hupai_reading *out, size_t cap) noexcept
    int hupai_most_quads_quick(const uint8_t *counts, const uint8_t *extra, int jokers, unsigned opts,
                               int *best) noexcept
    int hupai_decompose_seven_pairs(const uint8_t *counts, int jokers, unsigned opts,
                                    hupai_meld *out) noexcept

cdef extern from "hupai_pool.h" nogil:
    enum:
        HUPAI_POOL_MAX
    ctypedef void (*hupai_pool_fn)(void *ctx, int worker, size_t lo, size_t hi) noexcept nogil
    int hupai_pool_run(int threads, hupai_pool_fn fn, void *ctx, size_t n, size_t chunk) noexcept
    int hupai_pool_size() noexcept

cdef extern from "hupai_input.h" nogil:
    enum:
        HUPAI_EL_U8
        HUPAI_EL_I8
        HUPAI_EL_U16
        HUPAI_EL_I16
        HUPAI_EL_U32
        HUPAI_EL_I32
        HUPAI_EL_U64
        HUPAI_EL_I64
    int hupai_copy_counts(const char *p, ptrdiff_t stride, int el, uint8_t *out) noexcept
    uint64_t hupai_count_at(const char *p, ptrdiff_t stride, int el, int i, int *negative) noexcept

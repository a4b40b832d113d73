/* hupai kernel: win check, shanten, waits and decompositions over a 34-kind count
 * vector, with jokers, driven by the per-group deficit tables of hupai_tables.h.
 *
 * Every function here is pure, allocation-free and thread-safe.  Validation is the
 * caller's job (the Cython layer); each function states its preconditions in one
 * line.  "counts" always means the 34 concealed non-joker counts in Tenhou order.
 */
#ifndef HUPAI_H
#define HUPAI_H

#include <stdint.h>
#include <stddef.h>

#define HUPAI_KINDS 34
#define HUPAI_MAX_TILES 14
#define HUPAI_MAX_JOKERS 8

/* option bits */
#define HUPAI_STANDARD 1u        /* four melds (or fewer, for smaller hands) and a pair */
#define HUPAI_SEVEN_PAIRS 2u     /* seven pairs, for 13/14-tile totals */
#define HUPAI_QUADS_AS_TWO 4u    /* four of a kind counts as two of the seven pairs */
#define HUPAI_HONOR_SEQ 8u       /* any three winds, and 白发中, form a sequence */
#define HUPAI_SHISANLAN 16u      /* 十三爛: 14 different tiles, suited ones of a suit >= 3 apart */
#define HUPAI_LAN_STRICT 32u     /* 十三爛 suited tiles only from one of 147 / 258 / 369 per suit */
#define HUPAI_PAIR_258 64u       /* standard form: the pair is a suited 2, 5 or 8 (Wuhan small win);
                                  * deficits, wins, shanten, waits and 进张 only */

/* meld kinds in decompositions */
#define HUPAI_MELD_SEQUENCE 0
#define HUPAI_MELD_TRIPLET 1
#define HUPAI_MELD_PAIR 2
#define HUPAI_MELD_ANY 3         /* three jokers: any triplet or sequence */
#define HUPAI_FREE 255           /* tile slot of a joker-only meld or pair: any kind */

typedef struct {
    uint8_t kind;      /* HUPAI_MELD_* */
    uint8_t size;      /* 2 or 3 */
    uint8_t jokers;    /* bit i set: position i is a joker */
    uint8_t tile[3];   /* kind each position stands for, HUPAI_FREE if free */
} hupai_meld;

/* Builds the entry tables the waits, improving and discards kernels read (once per
 * process, thread-safe; they call it themselves, so calling it first only moves its few
 * milliseconds to a time of the caller's choosing).  0, or -1 if the generated tables
 * and the walk over every group vector disagree (a build error). */
int hupai_prepare(void);

/* Pre: counts[i] <= 4, sum + jokers <= 14, opts has HUPAI_STANDARD or a 13/14 total.
 * Fewest tiles the hand lacks for a complete pattern of total//3 melds + a pair (or
 * seven pairs); jokers are not counted as held, so the result is >= jokers when the
 * total is 3M+2. */
int hupai_deficit(const uint8_t *counts, int jokers, unsigned opts);

/* A reading: one way the jokers of a complete hand can be assigned, all arrangements
 * with the same key merged.  Jokers forming whole melds or pairs on their own are
 * left free (their kind is the caller's choice). */
typedef struct {
    uint8_t form;           /* 0 standard, 1 seven pairs */
    uint8_t pair;           /* kind of the pair (standard), HUPAI_FREE if jokers only */
    uint8_t triplets_only;  /* every meld holding a real tile is a triplet */
    uint8_t free_melds;     /* melds of three jokers */
    uint8_t free_pairs;     /* pairs of two jokers */
    uint8_t standin[34];    /* how many jokers stand for each kind outside free sets */
    uint32_t hash;          /* of the fields above */
} hupai_reading;

/* Pre: counts valid, 13 or 14 tiles with the jokers.  Fewest tiles the hand lacks for a
 * 十三爛 (honours any; `strict` restricts each suit to one of 147/258/369); with
 * `seven_stars` all seven honours are required (七星十三爛). */
int hupai_lan_deficit(const uint8_t *counts, int strict, int seven_stars);

/* Pre: as hupai_deficit, total = 3M+2.  1 when the hand is complete. */
int hupai_is_win(const uint8_t *counts, int jokers, unsigned opts);

/* Pre: counts valid, 3M+2 tiles, no joker, opts without HUPAI_HONOR_SEQ.  Bit
 * (pair in pair_kinds) + 2 * (every set a triplet) set for each standard reading. */
unsigned hupai_plain_classes(const uint8_t *counts, unsigned opts, uint64_t pair_kinds);

/* Pre: as hupai_deficit, total = 3M+1 or 3M+2.  -1 complete, 0 ready, ... */
int hupai_shanten(const uint8_t *counts, int jokers, unsigned opts);

/* Pre: as hupai_deficit, total = 3M+1.  Bit t set when adding kind t wins. */
uint64_t hupai_waits(const uint8_t *counts, int jokers, unsigned opts);

/* Pre: as hupai_deficit, total = 3M+1 or 3M+2.  Bit t set when one more tile of kind
 * t (held fewer than 4 times) lowers the shanten of a 3M+1 hand (进张), or of the
 * same-size pattern for a 3M+2 hand. */
uint64_t hupai_improving(const uint8_t *counts, int jokers, unsigned opts);

/* Pre: as hupai_deficit, total = 3M+2.  For every kind d held, the hand without one d:
 * shanten[d] and the mask of kinds whose addition lowers it (improving[d]); kinds not
 * held get shanten 127 and mask 0. */
void hupai_discards(const uint8_t *counts, int jokers, unsigned opts, int8_t *shanten,
                    uint64_t *improving);

/* Pre: as hupai_discards, void_group in 0..2.  The same with suit void_group given up
 * (缺一門): its tiles count as dead weight and no pattern uses it; improving masks
 * never name that suit. */
void hupai_discards_void(const uint8_t *counts, int jokers, unsigned opts, int void_group,
                         int8_t *shanten, uint64_t *improving);

/* Pre: as hupai_is_win, opts has HUPAI_STANDARD.  Writes up to cap decompositions of
 * M+1 melds each (the pair last) to out[i * (M+1) ...]; returns how many exist (may
 * exceed cap: call again with more room). */
size_t hupai_decompose_standard(const uint8_t *counts, int jokers, unsigned opts,
                                hupai_meld *out, size_t cap);

/* Pre: as hupai_is_win, opts has HUPAI_STANDARD.  Writes the distinct readings (standard
 * ones, then the seven-pairs one if any) to out; returns how many there are, or a
 * larger number when cap was too small (call again with at least that much room). */
size_t hupai_readings(const uint8_t *counts, int jokers, unsigned opts,
                      hupai_reading *out, size_t cap);

/* What the regional rules ask of a reading, given tiles held outside the concealed
 * hand (`extra`, e.g. declared melds) and the kinds joker-only sets may take. */
typedef struct {
    uint8_t form, triplets_only, pair, free_melds, free_pairs;
    uint8_t quads;     /* kinds with four tiles (hand + extra + jokers), free sets placed for the most */
} hupai_summary;

/* Pre: r[0..n-1] from hupai_readings of counts; counts[t] + extra[t] <= 4.  Writes the
 * distinct summaries of the readings that keep every kind within four (melds counted)
 * and whose free sets fit in `allowed` (bit t: kind t); returns how many (<= 2n: a
 * triplets-only reading with free melds also yields its free-sequence variant). */
size_t hupai_summarize(const hupai_reading *r, size_t n, const uint8_t *counts,
                       const uint8_t *extra, uint64_t allowed, unsigned opts, hupai_summary *out);

/* Pre: as hupai_readings, with counts[t] + extra[t] <= 4.  When the hand has no joker,
 * or one and no kind can reach four (hand, extra and joker), writes what
 * hupai_summarize of its readings gives as the most quads of its seven-pairs,
 * triplets-only and other standard readings (-1: no such reading) to best and returns
 * 1, without listing the readings; otherwise returns 0 and writes nothing. */
int hupai_most_quads_quick(const uint8_t *counts, const uint8_t *extra, int jokers, unsigned opts,
                           int best[3]);

/* Pre: as hupai_is_win with a 14-tile total.  Writes the 7 pairs of the (unique)
 * seven-pairs arrangement to out and returns 1, or returns 0 when there is none. */
int hupai_decompose_seven_pairs(const uint8_t *counts, int jokers, unsigned opts,
                                hupai_meld *out);

#endif /* HUPAI_H */

/* hupai kernel.  See hupai.h for the contract and tools/gen_tables.py for the tables.
 *
 * The whole kernel rests on one quantity, the deficit: the fewest tiles a hand lacks
 * for a complete pattern.  Melds never cross the four groups (three suits, honours),
 * so the deficit is a min-plus combination of per-group table rows, one row per group
 * with an entry per target "j melds, with or without the pair".  Rows are class ids
 * (180 of them, closed under combination), so combining is a table lookup.  Jokers are simply
 * not counted as held: a 3M+2 hand with k jokers wins exactly when its deficit is k,
 * and its shanten is deficit - k - 1.  Patterns never use a kind more than four
 * times, which is the "no fifth copy" rule for jokers.
 */
#include "hupai.h"
#include "hupai_tables.h"

#include <pthread.h>
#include <string.h>

#define BIG 100             /* larger than any deficit sum */
#define SUIT_KINDS 9
#define HONOR_BASE 27
#define HONOR_KINDS 7

static inline int imin(int a, int b) { return a < b ? a : b; }

/* ------------------------------------------------------------ group classes */

/* Pre: c[0..n-1] <= 4 with sum <= 14; R is that group's rank table.  Adds the
 * group's tile count to *tiles. */
static inline uint32_t group_rank(const uint8_t *c, int n, const uint32_t (*R)[75], int *tiles)
{
    uint32_t r = 0;
    unsigned s = 0;
    for (int i = 0; i < n; i++) {
        r += R[i][s * 5 + c[i]];
        s += c[i];
    }
    *tiles += (int)s;
    return r;
}

/* Rank of group g (0-2 suits, 3 honours) of the 34-vector c. */
static inline uint32_t rank_of(const uint8_t *c, int g, int *tiles)
{
    if (g < 3) return group_rank(c + SUIT_KINDS * g, SUIT_KINDS, HUPAI_SUIT_RANK, tiles);
    return group_rank(c + HONOR_BASE, HONOR_KINDS, HUPAI_HONOR_RANK, tiles);
}

/* Pre: r is a rank of group g.  Its class. */
static inline int class_of(int g, uint32_t r, unsigned opts)
{
    if (g < 3) return HUPAI_SUIT_DCLS[r];
    return (opts & HUPAI_HONOR_SEQ) ? HUPAI_HSEQ_DCLS[r] : HUPAI_HONOR_DCLS[r];
}

/* Class of group g of the 34-vector c. */
static inline int group_class(const uint8_t *c, int g, unsigned opts, int *tiles)
{
    return class_of(g, rank_of(c, g, tiles), opts);
}

/* Pre: counts valid.  Classes and ranks (for the successor tables) of the four groups;
 * returns the number of tiles. */
static inline int classify_ranked(const uint8_t *counts, unsigned opts, int cls[4], uint32_t rank[4])
{
    int tiles = 0;
    for (int g = 0; g < 4; g++) {
        rank[g] = rank_of(counts, g, &tiles);
        cls[g] = class_of(g, rank[g], opts);
    }
    return tiles;
}

/* Pre: counts valid.  Classes of the four groups; returns the number of tiles. */
static inline int classify(const uint8_t *counts, unsigned opts, int cls[4])
{
    uint32_t rank[4];
    return classify_ranked(counts, opts, cls, rank);
}

#define COMB(a, b) HUPAI_COMB[(a)][(b)]

/* Class of the whole hand's standard form: the four groups combined. */
static inline int hand_class(const int cls[4])
{
    return COMB(COMB(cls[0], cls[1]), COMB(cls[2], cls[3]));
}

/* ------------------------------------------------------------ seven pairs */

typedef struct { int n1, n2, n3, n4; } pair_census;  /* kinds held 1, >=2, 3, 4 times */

/* Per byte, 1 when the count b (<= 4) is >= k: b + 8 - k has bit 3 set exactly then,
 * and never carries into the next byte. */
#define AT_LEAST(w, k) ((((w) + 0x0101010101010101ull * (8 - (k))) >> 3) & 0x0101010101010101ull)
/* Sum of the bytes of w (each sum below 256). */
#define BYTE_SUM(w) ((int)(((w) * 0x0101010101010101ull) >> 56))

static inline pair_census census(const uint8_t *c)
{
    uint64_t ge1 = 0, ge2 = 0, ge3 = 0, ge4 = 0, w;
    for (int k = 0; k < 4; k++) {  /* byte order is irrelevant to counting */
        memcpy(&w, c + 8 * k, 8);
        ge1 += AT_LEAST(w, 1);
        ge2 += AT_LEAST(w, 2);
        ge3 += AT_LEAST(w, 3);
        ge4 += AT_LEAST(w, 4);
    }
    w = (uint64_t)c[32] | (uint64_t)c[33] << 8;
    ge1 += AT_LEAST(w, 1) & 0xFFFF;  /* the six unused bytes are zero counts */
    ge2 += AT_LEAST(w, 2) & 0xFFFF;
    ge3 += AT_LEAST(w, 3) & 0xFFFF;
    ge4 += AT_LEAST(w, 4) & 0xFFFF;
    int n1 = BYTE_SUM(ge1), n2 = BYTE_SUM(ge2), n3 = BYTE_SUM(ge3), n4 = BYTE_SUM(ge4);
    pair_census r = {n1 - n2, n2, n3 - n4, n4};
    return r;
}

/* Seven pairs as 7 "units" of two tiles: a held pair fills a unit, a single half of one.
 * With quads as two pairs a kind may take two units: a fourth copy fills the second
 * unit, a third copy half of it.  Greedy by gain is optimal: a second unit never
 * gains more than the first. */
static inline int seven_from_census(pair_census k, unsigned opts)
{
    int quads = (opts & HUPAI_QUADS_AS_TWO) != 0;
    int full = quads ? k.n2 + k.n4 : k.n2;
    int half = quads ? k.n1 + k.n3 : k.n1;
    int f = imin(full, 7);
    int h = imin(half, 7 - f);
    return 14 - 2 * f - h;
}

/* census after one more tile of a kind now held v times (v <= 3) */
static inline pair_census census_plus(pair_census k, int v)
{
    switch (v) {
    case 0: k.n1++; break;
    case 1: k.n1--; k.n2++; break;
    case 2: k.n3++; break;
    default: k.n3--; k.n4++; break;
    }
    return k;
}

/* ------------------------------------------------------------ 十三爛 */

/* Best overlap of a suit's held ranks (9-bit mask) with a valid 十三爛 subset of each
 * size 0-3: ranks pairwise at least 3 apart (strict: all congruent mod 3). */
static void lan_suit(unsigned mask, int strict, int best[4])
{
    best[0] = 0;
    best[1] = best[2] = best[3] = -1;
    for (int a = 0; a < 9; a++) {
        int oa = (int)((mask >> a) & 1);
        if (oa > best[1]) best[1] = oa;
        for (int b = a + 3; b < 9; b++) {
            if (strict && (b - a) % 3) continue;
            int ob = oa + (int)((mask >> b) & 1);
            if (ob > best[2]) best[2] = ob;
            for (int c = b + 3; c < 9; c++) {
                if (strict && (c - b) % 3) continue;
                int oc = ob + (int)((mask >> c) & 1);
                if (oc > best[3]) best[3] = oc;
            }
        }
    }
}

/* lan_suit of every mask, plain and strict: built with the other tables (hupai_prepare). */
static int8_t lan_suits[2][1 << SUIT_KINDS][4];

static void build_lan_table(void)
{
    for (int strict = 0; strict < 2; strict++)
        for (unsigned mask = 0; mask < (1u << SUIT_KINDS); mask++) {
            int best[4];
            lan_suit(mask, strict, best);
            for (int k = 0; k < 4; k++) lan_suits[strict][mask][k] = (int8_t)best[k];
        }
}

static inline void need_tables(void);

int hupai_lan_deficit(const uint8_t *counts, int strict, int seven_stars)
{
    need_tables();
    const int8_t *f[3];
    int honors = 0;
    for (int g = 0; g < 3; g++) {
        unsigned mask = 0;
        for (int i = 0; i < SUIT_KINDS; i++) mask |= (unsigned)(counts[SUIT_KINDS * g + i] > 0) << i;
        f[g] = lan_suits[strict != 0][mask];
    }
    for (int t = HONOR_BASE; t < HUPAI_KINDS; t++) honors += counts[t] > 0;
    /* 14 different kinds: h honours (5-7, or all 7 for 七星) and 14 - h suited ones, at
     * most three per suit */
    int best = -1;
    for (int h = seven_stars ? 7 : 5; h <= 7; h++)
        for (int k0 = 0; k0 <= 3; k0++)
            for (int k1 = 0; k1 <= 3; k1++) {
                int k2 = 14 - h - k0 - k1;
                if (k2 < 0 || k2 > 3) continue;
                int ov = imin(h, honors) + f[0][k0] + f[1][k1] + f[2][k2];
                if (ov > best) best = ov;
            }
    return 14 - best;
}

static inline int lan_deficit(const uint8_t *counts, unsigned opts)
{
    return hupai_lan_deficit(counts, (opts & HUPAI_LAN_STRICT) != 0, 0);
}

/* ------------------------------------------------------------ 2-5-8 pair */

/* Pre: cls and rank the four groups' classes and ranks, m <= 4.  Standard deficit of m
 * melds and a pair of a suited 2, 5 or 8: the pair's suit from its own table, the other
 * three groups pair-free from their class rows (pair-free entries do not depend on where
 * a pair may go, so only the pair's group needs the other table). */
static int pair258_deficit(const int cls[4], const uint32_t rank[4], int m)
{
    int best = BIG;
    for (int g = 0; g < 3; g++) {
        const uint8_t *row = HUPAI_P258[HUPAI_SUIT_P258[rank[g]]];
        int o[3], k = 0;
        for (int h = 0; h < 4; h++)
            if (h != g) o[k++] = cls[h];
        const uint8_t *rest = HUPAI_DEF[COMB(COMB(o[0], o[1]), o[2])];
        for (int j = 0; j <= m; j++) best = imin(best, row[j] + rest[2 * (m - j)]);
    }
    return best;
}

/* ------------------------------------------------------------ entry tables
 *
 * A hand's standard deficit for 2m+1 (m melds and the pair) is the least, over the
 * entries e (2 * melds + pair) of one group, of that group's DEF[e] plus the other
 * groups' DEF[2m+1-e].  One more tile of the group lowers an entry by at most one, and
 * the hand's deficit by at most one; so the tile lowers the hand's deficit exactly when
 * it lowers an entry of a split already at the least.  Both sides are sets of entries
 * (bit e): `splits_at_least` depends on the group's class and the other groups' class,
 * the entries a tile lowers on the group's class before and after the tile. */
#define ENTRIES 10              /* 2 * melds + pair, melds 0..4 */

static uint16_t lowered[HUPAI_CLASSES][HUPAI_CLASSES];   /* [before][after]: read by the build */
static uint16_t splits_at_least[ENTRIES][HUPAI_CLASSES][HUPAI_CLASSES];   /* [target][c][r] */

/* Bit e (e < n) set where deficit row `after` lacks one tile less than row `before`. */
static unsigned entries_lowered(const uint8_t *before, const uint8_t *after, int n)
{
    unsigned bits = 0;
    for (int e = 0; e < n; e++)
        if (after[e] + 1 == before[e]) bits |= 1u << e;
    return bits;
}

/* Bit e set where a group of class c taking entry e, and groups of class r taking
 * target - e, reach the least deficit of the target of the two together (at most one
 * pair: e and target - e are not both odd), and the group lacks a tile for e (an entry
 * it already fills cannot be lowered). */
static uint16_t entries_at_least(int target, int c, int r)
{
    int least = BIG;
    for (int e = 0; e <= target; e++)
        if (!(e & (target - e) & 1)) least = imin(least, HUPAI_DEF[c][e] + HUPAI_DEF[r][target - e]);
    unsigned bits = 0;
    for (int e = 0; e <= target; e++)
        if (!(e & (target - e) & 1) && HUPAI_DEF[c][e] > 0
            && HUPAI_DEF[c][e] + HUPAI_DEF[r][target - e] == least)
            bits |= 1u << e;
    return (uint16_t)bits;
}

static void build_entry_tables(void)
{
    for (int c = 0; c < HUPAI_CLASSES; c++) {
        for (int s = 0; s < HUPAI_CLASSES; s++)
            lowered[c][s] = (uint16_t)entries_lowered(HUPAI_DEF[c], HUPAI_DEF[s], ENTRIES);
        for (int t = 0; t < ENTRIES; t++)
            for (int r = 0; r < HUPAI_CLASSES; r++) splits_at_least[t][c][r] = entries_at_least(t, c, r);
    }
}

/* ------------------------------------------------------------ successor entries
 *
 * For every group vector (by rank) and kind of the group, the entries one more tile of
 * that kind lowers: the waits and improving kernels try the kinds of a group a few at a
 * time instead of re-ranking the group per kind.  A kind takes a 16-bit lane, four
 * lanes a word, three words a vector (9 kinds, or 7): the class row's entries in bits
 * 0-9 and, for a suit, the 2-5-8-pair row's entries (j melds and a pair of its 2, 5 or
 * 8) in bits 10-14.  Built once per process from the rank, class and entry tables
 * (about 12 MB, about 20 ms); written out as source they would be some 40 MB. */

#define SUIT_RANKS (sizeof HUPAI_SUIT_DCLS / sizeof HUPAI_SUIT_DCLS[0])
#define HONOR_RANKS (sizeof HUPAI_HONOR_DCLS / sizeof HUPAI_HONOR_DCLS[0])
#define MAX_GROUP_TILES 14   /* the rank tables cover groups of at most 14 tiles */
#define LANE_BITS 16
#define LANES 4
#define LANE_ONES 0x0001000100010001ull        /* 1 in each of the four lanes */
#define P258_BITS 10                           /* where a lane's 2-5-8-pair entries start */
#define P258_ROWS (sizeof HUPAI_P258 / sizeof HUPAI_P258[0])

typedef uint64_t lane_words[3];
static lane_words suit_next[SUIT_RANKS];
static lane_words honor_next[HONOR_RANKS];
static lane_words hseq_next[HONOR_RANKS];
static uint8_t p258_lowered[P258_ROWS][P258_ROWS];    /* [before][after]: read by the build */
static pthread_once_t built = PTHREAD_ONCE_INIT;
static int tables_ready;         /* set, with release order, once the tables are built */

static void build_p258_table(void)
{
    for (size_t a = 0; a < P258_ROWS; a++)
        for (size_t b = 0; b < P258_ROWS; b++)
            p258_lowered[a][b] = (uint8_t)entries_lowered(HUPAI_P258[a], HUPAI_P258[b], 5);
}

typedef struct {
    int n;                           /* kinds in the group */
    uint32_t ranks;                  /* vectors of the group: the length of its class tables */
    const uint32_t (*R)[75];         /* its rank table */
    const uint8_t *cls, *cls2;       /* its class tables (cls2: honours as sequences, or NULL) */
    const uint8_t *p258;             /* its 2-5-8-pair rows (suits), or NULL */
    lane_words *next, *next2;        /* the successor tables to fill */
    uint8_t v[SUIT_KINDS];           /* the vector being visited */
} walk;

/* Kind i's lane of a vector's words gets `entries`. */
static inline void set_lane(lane_words words, int i, unsigned entries)
{
    words[i / LANES] |= (uint64_t)entries << (LANE_BITS * (i % LANES));
}

/* Pre: w->v[0..n-1] is a vector of sum `sum` and rank `rank`.  Its successors: the rank
 * with one more tile of kind i is the rank terms before i, i's own term one count up,
 * and the terms after i each read at a prefix sum one higher (at most 14: the group
 * holds at most 13 here).  A kind held four times, or a full group, lowers nothing: its
 * lanes stay 0. */
static void fill(walk *w, uint32_t rank, int sum)
{
    const int n = w->n;
    if (rank >= w->ranks) return;    /* (never: hupai_prepare reports a walk that disagrees) */
    if (sum >= MAX_GROUP_TILES) return;
    uint32_t before[SUIT_KINDS + 1], after[SUIT_KINDS + 1];
    unsigned s[SUIT_KINDS], run = 0;
    before[0] = 0;
    for (int i = 0; i < n; i++) {
        s[i] = run;
        before[i + 1] = before[i] + w->R[i][run * 5 + w->v[i]];
        run += w->v[i];
    }
    after[n] = 0;
    for (int i = n - 1; i >= 0; i--) after[i] = after[i + 1] + w->R[i][(s[i] + 1) * 5 + w->v[i]];
    for (int i = 0; i < n; i++) {
        if (w->v[i] >= 4) continue;
        uint32_t r = before[i] + w->R[i][s[i] * 5 + w->v[i] + 1] + after[i + 1];
        unsigned pair258 = w->p258 ? (unsigned)p258_lowered[w->p258[rank]][w->p258[r]] << P258_BITS : 0;
        set_lane(w->next[rank], i, lowered[w->cls[rank]][w->cls[r]] | pair258);
        if (w->next2) set_lane(w->next2[rank], i, lowered[w->cls2[rank]][w->cls2[r]]);
    }
}

/* Every vector from kind i on, in rank (lexicographic) order: ranks count up from 0. */
static void visit(walk *w, int i, int sum, uint32_t *rank)
{
    if (i == w->n) {
        fill(w, (*rank)++, sum);
        return;
    }
    for (int c = 0; c <= 4 && sum + c <= MAX_GROUP_TILES; c++) {
        w->v[i] = (uint8_t)c;
        visit(w, i + 1, sum + c, rank);
    }
}

static int walked_all;          /* the walk met exactly as many vectors as the tables hold */

static void build(void)
{
    build_entry_tables();            /* the walk reads `lowered` and `p258_lowered` */
    build_lan_table();
    build_p258_table();
    uint32_t rank = 0;
    walk suits = {SUIT_KINDS, SUIT_RANKS, HUPAI_SUIT_RANK, HUPAI_SUIT_DCLS, NULL, HUPAI_SUIT_P258,
                  suit_next, NULL, {0}};
    visit(&suits, 0, 0, &rank);
    int ok = rank == SUIT_RANKS;
    rank = 0;
    walk honors = {HONOR_KINDS, HONOR_RANKS, HUPAI_HONOR_RANK, HUPAI_HONOR_DCLS, HUPAI_HSEQ_DCLS, NULL,
                   honor_next, hseq_next, {0}};
    visit(&honors, 0, 0, &rank);
    walked_all = ok && rank == HONOR_RANKS;
    __atomic_store_n(&tables_ready, 1, __ATOMIC_RELEASE);
}

int hupai_prepare(void)
{
    pthread_once(&built, build);
    return walked_all ? 0 : -1;
}

/* The tables, built on the first call (then one load: pthread_once is a library call). */
static inline void need_tables(void)
{
    if (!__atomic_load_n(&tables_ready, __ATOMIC_ACQUIRE)) hupai_prepare();
}

/* Pre: hupai_prepare() has returned; rank is the rank of group g.  Its successor
 * entries. */
static inline const uint64_t *next_words(int g, uint32_t rank, unsigned opts)
{
    if (g < 3) return suit_next[rank];
    return ((opts & HUPAI_HONOR_SEQ) ? hseq_next : honor_next)[rank];
}

/* ------------------------------------------------------------ public kernels */

/* Deficits of both forms (BIG where a form is off or does not fit). */
typedef struct { int cls[4]; uint32_t rank[4]; int m, standard, seven, lan; } hand_eval;

/* Pre: e holds the groups' classes and ranks and m.  The standard form's deficit. */
static inline int standard_deficit(const hand_eval *e, unsigned opts)
{
    return !(opts & HUPAI_STANDARD) ? BIG
         : (opts & HUPAI_PAIR_258) ? pair258_deficit(e->cls, e->rank, e->m)
         : HUPAI_DEF[hand_class(e->cls)][2 * e->m + 1];
}

/* Pre: counts valid; m < 0 means total // 3, else the melds to form (a hand with some
 * tiles set aside, e.g. a void suit, still needs as many melds). */
static inline hand_eval evaluate_m(const uint8_t *counts, int jokers, unsigned opts, int m)
{
    hand_eval e;
    int tiles = classify_ranked(counts, opts, e.cls, e.rank);
    e.m = m >= 0 ? m : (tiles + jokers) / 3;
    e.standard = standard_deficit(&e, opts);
    e.seven = ((opts & HUPAI_SEVEN_PAIRS) && e.m == 4) ? seven_from_census(census(counts), opts) : BIG;
    e.lan = ((opts & HUPAI_SHISANLAN) && e.m == 4) ? lan_deficit(counts, opts) : BIG;
    return e;
}

static inline hand_eval evaluate(const uint8_t *counts, int jokers, unsigned opts)
{
    return evaluate_m(counts, jokers, opts, -1);
}

int hupai_deficit(const uint8_t *counts, int jokers, unsigned opts)
{
    hand_eval e = evaluate(counts, jokers, opts);
    return imin(imin(e.standard, e.seven), e.lan);
}

int hupai_is_win(const uint8_t *counts, int jokers, unsigned opts)
{
    return hupai_deficit(counts, jokers, opts) == jokers;
}

unsigned hupai_plain_classes(const uint8_t *counts, unsigned opts, uint64_t pair_kinds)
{
    /* With no joker, a standard reading is its pair and whether every set is a
     * triplet: the rest after a pair is complete when its deficit with no pair is 0,
     * all triplets when every count is 0 or 3, and also holds a sequence when it is not
     * all triplets or three neighbours of a suit are held three times (three equal
     * sequences); honours form no sequence here. */
    uint8_t rem[HUPAI_KINDS];
    int cls[4];
    unsigned out = 0;
    memcpy(rem, counts, HUPAI_KINDS);
    int total = 0;
    for (int t = 0; t < HUPAI_KINDS; t++) total += counts[t];
    int m = total / 3;
    for (int t = 0; t < HUPAI_KINDS; t++) {
        if (counts[t] < 2) continue;
        rem[t] -= 2;
        classify(rem, opts, cls);
        if (HUPAI_DEF[hand_class(cls)][2 * m] == 0) {
            unsigned in = (unsigned)(pair_kinds >> t & 1);
            int triplets = 1, run = 0, three_runs = 0;
            for (int u = 0; u < HUPAI_KINDS; u++) {
                if (rem[u] != 0 && rem[u] != 3) triplets = 0;
                run = (u < HONOR_BASE && rem[u] == 3) ? (u % SUIT_KINDS ? run + 1 : 1) : 0;
                if (run >= 3) three_runs = 1;
            }
            if (triplets) out |= 1u << (in | 2);
            if (!triplets || three_runs) out |= 1u << in;
        }
        rem[t] += 2;
    }
    return out;
}

int hupai_shanten(const uint8_t *counts, int jokers, unsigned opts)
{
    int s = hupai_deficit(counts, jokers, opts) - jokers;
    return (s > 0 ? s : 0) - 1;
}

/* The eight lanes of words w0 and w1 at once: bit i set where lane i (w0's four, then
 * w1's) shares a bit with `query` (repeated in every lane).  A lane of at most 15 bits
 * plus 0x7FFF sets its bit 15 exactly when it is not 0, with no carry out of the lane;
 * those bits, w0's moved to bits 16k and w1's to 16k + 4, are gathered by one product
 * into bits 45 + k and 49 + k, and no two partial products below bit 64 meet. */
static inline unsigned lanes_meeting(uint64_t w0, uint64_t w1, uint64_t query)
{
    const uint64_t fill = 0x7FFF * LANE_ONES, top = 0x8000 * LANE_ONES;
    uint64_t t0 = ((w0 & query) + fill) & top, t1 = ((w1 & query) + fill) & top;
    return (unsigned)(((((t0 >> 15) | (t1 >> 11)) * 0x0000200040008001ull) >> 45) & 0xFF);
}

/* Pre: hupai_prepare() has returned; rank is group g's rank.  Kinds of the group whose
 * lane shares a bit with `query` (entries in a lane's layout), as a 34-kind mask. */
static inline uint64_t kinds_lowering(int g, uint32_t rank, unsigned opts, unsigned query)
{
    const uint64_t *next = next_words(g, rank, opts);
    uint64_t bits = lanes_meeting(next[0], next[1], query * LANE_ONES);
    if (g < 3) bits |= (uint64_t)((next[2] & query) != 0) << (2 * LANES);   /* kind 8: lane 0 */
    return bits << (SUIT_KINDS * g);
}

/* Pre: e is evaluate(counts, ...) without HUPAI_PAIR_258, and hupai_prepare() has
 * returned.  Mask of kinds whose addition lowers the standard deficit (by one: see the
 * entry tables).  The other three groups are combined once per group ("rest"); a group
 * with no entry to lower in a least split is passed over. */
static uint64_t standard_reaching(const hand_eval *e, unsigned opts)
{
    const int *c = e->cls;
    int left = COMB(c[0], c[1]), right = COMB(c[2], c[3]);
    int rest[4] = {COMB(c[1], right), COMB(c[0], right), COMB(left, c[3]), COMB(left, c[2])};
    uint64_t mask = 0;
    for (int g = 0; g < 4; g++) {
        unsigned entries = splits_at_least[2 * e->m + 1][c[g]][rest[g]];
        if (entries) mask |= kinds_lowering(g, e->rank[g], opts, entries);
    }
    return mask;
}

/* Pre: e is evaluate(counts, ...) with HUPAI_PAIR_258, and hupai_prepare() has
 * returned.  The same for the 2-5-8-pair deficit: the least over the pair's suit g and
 * its melds j of that suit's pair row P[j] plus the other three groups' pair-free
 * entry 2(m - j).  A tile lowers it exactly when it lowers a term at the least: in the
 * pair's suit, an entry j of its pair row; in another group h, an entry of a least
 * split of 2(m - j) between h and the remaining two groups. */
static uint64_t pair258_reaching(const hand_eval *e, unsigned opts)
{
    const int *c = e->cls;
    unsigned query[4] = {0, 0, 0, 0};
    for (int g = 0; g < 3; g++) {
        int others[3], k = 0;
        for (int h = 0; h < 4; h++)
            if (h != g) others[k++] = h;
        const uint8_t *row = HUPAI_P258[HUPAI_SUIT_P258[e->rank[g]]];
        const uint8_t *rest = HUPAI_DEF[COMB(COMB(c[others[0]], c[others[1]]), c[others[2]])];
        for (int j = 0; j <= e->m; j++) {
            int target = 2 * (e->m - j);
            if (row[j] + rest[target] != e->standard) continue;
            if (row[j] > 0) query[g] |= 1u << (j + P258_BITS);
            for (int k2 = 0; k2 < 3; k2++) {
                int h = others[k2], a = others[(k2 + 1) % 3], b = others[(k2 + 2) % 3];
                query[h] |= splits_at_least[target][c[h]][COMB(c[a], c[b])];
            }
        }
    }
    uint64_t mask = 0;
    for (int g = 0; g < 4; g++)
        if (query[g]) mask |= kinds_lowering(g, e->rank[g], opts, query[g]);
    return mask;
}

/* Bytes p[0..7] as a word, p[i] in bits 8i..8i+7 on any byte order. */
static inline uint64_t load_le8(const uint8_t *p)
{
    uint64_t w;
    memcpy(&w, p, 8);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    w = __builtin_bswap64(w);
#endif
    return w;
}

/* The low bits of the eight bytes of w (each 0 or 1) as a byte, byte k at bit k: the
 * product moves byte k's bit to bit 56 + k, and no two partial products meet. */
#define BYTE_BITS(w) ((uint64_t)(((w) * 0x0102040810204080ull) >> 56))

/* Pre: counts valid; ok[v] (v = 0..3) is 0 or 1.  Mask of the kinds held v times with
 * ok[v], eight kinds a word.  A count's bits c2 c1 c0 are bit planes; as c <= 4, the
 * kind is selected when c2 is clear and ok[c1 c0] holds, which is the algebraic normal
 * form a ^ b c0 ^ c c1 ^ d c0 c1 of the four ok values, per byte. */
static uint64_t kinds_held(const uint8_t *counts, const int ok[4])
{
    const uint64_t ones = 0x0101010101010101ull;
    const uint64_t a = ones * ok[0], b = ones * (ok[0] ^ ok[1]), c = ones * (ok[0] ^ ok[2]),
                   d = ones * (ok[0] ^ ok[1] ^ ok[2] ^ ok[3]);
#define SELECTED(w) ((a ^ (b & (w)) ^ (c & ((w) >> 1)) ^ (d & (w) & ((w) >> 1))) & ~((w) >> 2) & ones)
    uint64_t mask = 0;
    for (int k = 0; k < 4; k++) {
        uint64_t w = load_le8(counts + 8 * k);
        mask |= BYTE_BITS(SELECTED(w)) << (8 * k);
    }
    uint64_t w = (uint64_t)counts[32] | (uint64_t)counts[33] << 8;   /* the last two kinds */
    mask |= (BYTE_BITS(SELECTED(w)) & 3) << 32;
#undef SELECTED
    return mask;
}

/* Mask of kinds (held < 4) whose addition brings the seven-pairs deficit to goal: it
 * depends only on how many copies of the kind are held. */
static uint64_t seven_reaching(const uint8_t *counts, unsigned opts, int goal)
{
    pair_census k = census(counts);
    int ok[4];
    for (int v = 0; v < 4; v++) ok[v] = seven_from_census(census_plus(k, v), opts) == goal;
    return kinds_held(counts, ok);
}

/* Pre: e is evaluate(counts, ...) of a 3M+1 hand. */
/* Mask of kinds whose addition brings the 十三爛 deficit to goal: only a kind not yet
 * held can add to the overlap. */
static uint64_t lan_reaching(const uint8_t *counts, unsigned opts, int goal)
{
    uint8_t tmp[HUPAI_KINDS];
    memcpy(tmp, counts, HUPAI_KINDS);
    uint64_t mask = 0;
    for (int t = 0; t < HUPAI_KINDS; t++) {
        if (tmp[t]) continue;
        tmp[t] = 1;
        if (lan_deficit(tmp, opts) == goal) mask |= (uint64_t)1 << t;
        tmp[t] = 0;
    }
    return mask;
}

static uint64_t improving(const uint8_t *counts, const hand_eval *e, unsigned opts)
{
    need_tables();
    int d = imin(imin(e->standard, e->seven), e->lan);
    uint64_t mask = 0;
    /* One more tile lowers a form's deficit by at most one, so only forms already at
     * the minimum can lower the hand's. */
    if (e->standard == d)
        mask |= (opts & HUPAI_PAIR_258) ? pair258_reaching(e, opts) : standard_reaching(e, opts);
    if (e->seven == d) mask |= seven_reaching(counts, opts, d - 1);
    if (e->lan == d) mask |= lan_reaching(counts, opts, d - 1);
    return mask;
}

uint64_t hupai_improving(const uint8_t *counts, int jokers, unsigned opts)
{
    hand_eval e = evaluate(counts, jokers, opts);
    return improving(counts, &e, opts);
}

uint64_t hupai_waits(const uint8_t *counts, int jokers, unsigned opts)
{
    /* A 3M+1 hand lacks at least jokers+1 tiles; it is ready exactly when it lacks
     * jokers+1, and then a wait is a tile that lowers the deficit to jokers. */
    hand_eval e = evaluate(counts, jokers, opts);
    if (imin(imin(e.standard, e.seven), e.lan) != jokers + 1) return 0;
    return improving(counts, &e, opts);
}


/* Census after one tile less of a kind now held v times (1 <= v <= 4). */
static inline pair_census census_minus(pair_census k, int v)
{
    switch (v) {
    case 1: k.n1--; break;
    case 2: k.n2--; k.n1++; break;
    case 3: k.n3--; break;
    default: k.n4--; k.n3++; break;
    }
    return k;
}

/* Pre: e is evaluate_m(counts, jokers, opts, m) and k census(counts); less is counts with
 * one tile of kind d fewer.  evaluate_m(less, jokers, opts, m), with only d's group
 * ranked again and the census counted down. */
static inline hand_eval evaluate_less(hand_eval e, pair_census k, const uint8_t *counts,
                                      const uint8_t *less, int d, unsigned opts)
{
    int g = d < HONOR_BASE ? d / SUIT_KINDS : 3, tiles = 0;
    e.rank[g] = rank_of(less, g, &tiles);
    e.cls[g] = class_of(g, e.rank[g], opts);
    e.standard = standard_deficit(&e, opts);
    if (e.seven != BIG) e.seven = seven_from_census(census_minus(k, counts[d]), opts);
    if (e.lan != BIG) e.lan = lan_deficit(less, opts);
    return e;
}

/* Pre: as hupai_discards; void_group -1 for none.  One pass over the discards: the hand
 * (less its void suit) is evaluated once, and each discard only in the discard's group.
 * A discard of the void suit leaves that same hand. */
static void discards(const uint8_t *counts, int jokers, unsigned opts, int void_group,
                     int8_t *shanten, uint64_t *improving_out)
{
    uint8_t kept[HUPAI_KINDS];
    int total = jokers;
    for (int t = 0; t < HUPAI_KINDS; t++) total += counts[t];
    /* melds still needed after a discard: fixed, even when a void suit is set aside */
    int m = (total - 1) / 3;
    memcpy(kept, counts, HUPAI_KINDS);
    uint64_t dead = 0;
    if (void_group >= 0) {
        memset(kept + SUIT_KINDS * void_group, 0, SUIT_KINDS);
        dead = ((uint64_t)0x1FF) << (SUIT_KINDS * void_group);
    }
    hand_eval whole = evaluate_m(kept, jokers, opts, m);
    pair_census k = census(kept);
    for (int d = 0; d < HUPAI_KINDS; d++) {
        if (!counts[d]) {
            shanten[d] = 127;
            improving_out[d] = 0;
            continue;
        }
        hand_eval e = whole;
        int in_void = d >= SUIT_KINDS * void_group && d < SUIT_KINDS * (void_group + 1);
        if (!in_void) {
            kept[d]--;
            e = evaluate_less(whole, k, counts, kept, d, opts);
        }
        int deficit = imin(imin(e.standard, e.seven), e.lan);
        shanten[d] = (int8_t)(deficit - jokers - 1);   /* a 3M+1 hand lacks at least jokers+1 */
        improving_out[d] = improving(kept, &e, opts) & ~dead;
        if (!in_void) kept[d]++;
    }
}

void hupai_discards(const uint8_t *counts, int jokers, unsigned opts, int8_t *shanten,
                    uint64_t *improving_out)
{
    discards(counts, jokers, opts, -1, shanten, improving_out);
}

void hupai_discards_void(const uint8_t *counts, int jokers, unsigned opts, int void_group,
                         int8_t *shanten, uint64_t *improving_out)
{
    discards(counts, jokers, opts, void_group, shanten, improving_out);
}

/* ------------------------------------------------------------ decompositions */

static inline int total_of(const uint8_t *counts, int jokers)
{
    int s = jokers;
    for (int i = 0; i < HUPAI_KINDS; i++) s += counts[i];
    return s;
}

typedef struct {
    uint8_t rem[HUPAI_KINDS];   /* real tiles not yet placed */
    uint8_t used[HUPAI_KINDS];  /* tiles placed, real or joker stand-in, per kind */
    int jokers, melds, pair;    /* still to place / form */
    int m;                      /* melds of a full decomposition */
    const uint8_t *counts;      /* the hand */
    int cls[4];                 /* group classes of rem, kept current */
    int group, hi;              /* group mode: enumerate one group (kinds below hi) */
    int jokers0, melds0;        /* budgets when the group search started */
    int gsum;                   /* group mode: real tiles of the group still to place */
    struct group_list *glist;
    unsigned opts;
    hupai_meld stack[5];
    int depth;
    hupai_meld *out;            /* decompositions, or NULL when collecting readings */
    hupai_reading *readings;
    size_t cap, count;
    int overflow;               /* a reading did not fit in cap */
} dctx;

static int completable(const dctx *x)
{
    if (x->group < 0)
        return HUPAI_DEF[hand_class(x->cls)][2 * x->melds + x->pair] <= x->jokers;
    /* group mode: the group's tiles left must be exactly covered by some j melds and p
     * pairs within budget (a pattern lacking 3j+2p-s tiles covers all s tiles) */
    const uint8_t *row = HUPAI_DEF[x->cls[x->group]];
    int s = x->gsum;
    for (int j = 0; j <= x->melds; j++)
        for (int p = 0; p <= x->pair; p++) {
            int need = 3 * j + 2 * p - s;
            if (need >= 0 && need <= x->jokers && row[2 * j + p] == need) return 1;
        }
    return 0;
}

static inline uint32_t reading_hash(const hupai_reading *r)
{
    uint32_t h = 2166136261u;  /* FNV-1a over the key fields */
    const uint8_t *k = &r->form;
    for (size_t i = 0; i < offsetof(hupai_reading, hash) - offsetof(hupai_reading, form); i++)
        h = (h ^ k[i]) * 16777619u;
    return h;
}

static inline int same_reading(const hupai_reading *a, const hupai_reading *b)
{
    return a->hash == b->hash &&
           memcmp(&a->form, &b->form, offsetof(hupai_reading, hash) - offsetof(hupai_reading, form)) == 0;
}

/* Append reading r (its hash filled in here) unless an equal one is known; past cap,
 * only count it, so that the caller can retry with room for all. */
static void add_reading(dctx *x, hupai_reading *r)
{
    r->hash = reading_hash(r);
    for (size_t i = 0; i < x->count && i < x->cap; i++)
        if (same_reading(&x->readings[i], r)) return;
    if (x->count < x->cap) x->readings[x->count] = *r;
    else x->overflow = 1;
    x->count++;
}

/* The pair kind and whether every meld is a triplet, of the melds placed so far. */
static void stack_shape(const dctx *x, uint8_t *pair, uint8_t *triplets_only)
{
    for (int i = 0; i < x->depth; i++) {
        const hupai_meld *md = &x->stack[i];
        if (md->kind == HUPAI_MELD_PAIR) *pair = md->tile[0];
        else if (md->kind == HUPAI_MELD_SEQUENCE) *triplets_only = 0;
    }
}

/* Record the reading of the finished whole-hand stack unless an equal one is known
 * (the fallback of hupai_readings when a group has too many readings to list). */
static void emit_reading(dctx *x)
{
    hupai_reading r;
    memset(&r, 0, sizeof r);
    r.form = 0;
    r.pair = HUPAI_FREE;
    r.triplets_only = 1;
    stack_shape(x, &r.pair, &r.triplets_only);
    r.free_melds = (uint8_t)x->melds;
    r.free_pairs = (uint8_t)x->pair;
    /* every real tile is placed, so what is placed beyond the hand is the jokers */
    for (int t = 0; t < HUPAI_KINDS; t++) r.standin[t] = (uint8_t)(x->used[t] - x->counts[t]);
    add_reading(x, &r);
}

#define GROUP_CAP 512

typedef struct {
    uint8_t jokers, melds, pair, pair_kind, triplets_only;
    uint8_t standin[SUIT_KINDS];
} group_reading;

struct group_list {
    group_reading r[GROUP_CAP];
    int n, overflow;
};

static void emit_group(dctx *x)
{
    group_reading r;
    memset(&r, 0, sizeof r);
    int lo = x->group < 3 ? SUIT_KINDS * x->group : HONOR_BASE;
    r.jokers = (uint8_t)(x->jokers0 - x->jokers);
    r.melds = (uint8_t)(x->melds0 - x->melds);
    r.pair = (uint8_t)(1 - x->pair);
    r.pair_kind = HUPAI_FREE;
    r.triplets_only = 1;
    stack_shape(x, &r.pair_kind, &r.triplets_only);
    for (int t = lo; t < x->hi; t++) r.standin[t - lo] = (uint8_t)(x->used[t] - x->counts[t]);
    struct group_list *gl = x->glist;
    for (int i = 0; i < gl->n; i++)
        if (memcmp(&gl->r[i], &r, sizeof r) == 0) return;
    if (gl->n < GROUP_CAP) gl->r[gl->n++] = r;
    else gl->overflow = 1;
}

static void emit(dctx *x)
{
    if (x->group >= 0) {   /* readings are collected group by group */
        emit_group(x);
        return;
    }
    if (x->readings) {     /* ... or, past GROUP_CAP, from whole-hand arrangements */
        emit_reading(x);
        return;
    }
    size_t n = (size_t)x->m + 1;
    if (x->count < x->cap) {
        hupai_meld *o = x->out + x->count * n;
        size_t k = 0;
        hupai_meld pair = {HUPAI_MELD_PAIR, 2, 3, {HUPAI_FREE, HUPAI_FREE, HUPAI_FREE}};
        for (int i = 0; i < x->depth; i++) {
            if (x->stack[i].kind == HUPAI_MELD_PAIR) pair = x->stack[i];
            else o[k++] = x->stack[i];
        }
        for (int i = 0; i < x->melds; i++) {
            hupai_meld any = {HUPAI_MELD_ANY, 3, 7, {HUPAI_FREE, HUPAI_FREE, HUPAI_FREE}};
            o[k++] = any;
        }
        o[k] = pair;  /* the pair goes last; a pending pair is two free jokers */
    }
    x->count++;
}

static void search(dctx *x, int t, int last_id);

/* Place meld `md` (real tiles at the non-joker positions) and search on. */
static void place(dctx *x, const hupai_meld *md, int t, int id)
{
    int nj = 0, ok = 1;
    for (int p = 0; p < md->size; p++) {
        int kind = md->tile[p];
        if (md->jokers >> p & 1) nj++;
        else x->rem[kind]--;
        if (++x->used[kind] > 4) ok = 0;  /* a joker may not be a fifth copy */
    }
    int is_pair = md->kind == HUPAI_MELD_PAIR;
    x->jokers -= nj;
    x->melds -= !is_pair;
    x->pair -= is_pair;
    /* a meld lies in one group: only that group's class changes */
    int g = t < HONOR_BASE ? t / SUIT_KINDS : 3, tiles = 0, old = x->cls[g];
    x->cls[g] = group_class(x->rem, g, x->opts, &tiles);
    x->gsum -= md->size - nj;
    if (ok && x->jokers >= 0 && completable(x)) {
        x->stack[x->depth++] = *md;
        search(x, t, id);
        x->depth--;
    }
    x->cls[g] = old;
    x->gsum += md->size - nj;
    x->jokers += nj;
    x->melds += !is_pair;
    x->pair += is_pair;
    for (int p = 0; p < md->size; p++) {
        int kind = md->tile[p];
        if (!(md->jokers >> p & 1)) x->rem[kind]++;
        x->used[kind]--;
    }
}

/* Sequence templates containing kind t: three kinds in increasing order. */
static int templates(int t, unsigned opts, uint8_t tpl[4][3])
{
    int n = 0;
    if (t < HONOR_BASE) {
        int i = t % SUIT_KINDS, base = t - i;
        for (int s = i - 2; s <= i; s++) {
            if (s < 0 || s + 2 >= SUIT_KINDS) continue;
            tpl[n][0] = (uint8_t)(base + s);
            tpl[n][1] = (uint8_t)(base + s + 1);
            tpl[n][2] = (uint8_t)(base + s + 2);
            n++;
        }
    } else if (opts & HUPAI_HONOR_SEQ) {
        if (t < HONOR_BASE + 4) {  /* winds: any three of the four */
            for (int skip = 3; skip >= 0; skip--) {
                if (HONOR_BASE + skip == t) continue;
                int k = 0;
                for (int w = 0; w < 4; w++)
                    if (w != skip) tpl[n][k++] = (uint8_t)(HONOR_BASE + w);
                n++;
            }
        } else {                   /* 白 发 中 */
            tpl[n][0] = HONOR_BASE + 4;
            tpl[n][1] = HONOR_BASE + 5;
            tpl[n][2] = HONOR_BASE + 6;
            n++;
        }
    }
    return n;
}

/* Enumerate the melds that contain t, the lowest real tile left, in a fixed id order;
 * melds sharing a lowest tile are placed in non-decreasing id order so that every
 * multiset of melds is produced exactly once. */
static void search(dctx *x, int t, int last_id)
{
    int from = t, end = x->group < 0 ? HUPAI_KINDS : x->hi;
    while (t < end && x->rem[t] == 0) t++;
    if (t == end) {
        emit(x);
        return;
    }
    if (t != from) last_id = -1;  /* ids order only melds sharing a lowest tile */
    int r = x->rem[t], j = x->jokers;
    hupai_meld md;
    int id;
    uint8_t tt = (uint8_t)t;

    if (x->pair) {
        md = (hupai_meld){HUPAI_MELD_PAIR, 2, 0, {tt, tt, HUPAI_FREE}};
        if ((id = 0) >= last_id && r >= 2) place(x, &md, t, id);
        md.jokers = 2;
        if ((id = 1) >= last_id && j >= 1) place(x, &md, t, id);
    }
    if (x->melds) {
        md = (hupai_meld){HUPAI_MELD_TRIPLET, 3, 0, {tt, tt, tt}};
        for (int nj = 0; nj <= 2; nj++) {
            id = 2 + nj;
            md.jokers = (uint8_t)((7u << (3 - nj)) & 7u);  /* jokers in the last nj slots */
            if (id >= last_id && r >= 3 - nj && j >= nj) place(x, &md, t, id);
        }
        uint8_t tpl[4][3];
        int nt = templates(t, x->opts, tpl);
        for (int ti = 0; ti < nt; ti++) {
            md = (hupai_meld){HUPAI_MELD_SEQUENCE, 3, 0, {tpl[ti][0], tpl[ti][1], tpl[ti][2]}};
            int forced = 0, free_slots = 0;
            for (int p = 0; p < 3; p++) {
                if (tpl[ti][p] < t) forced |= 1 << p;               /* nothing real below t */
                else if (tpl[ti][p] > t) free_slots |= 1 << p;      /* real or joker */
            }
            for (int mask = 0; mask < 8; mask++) {
                if ((mask & forced) != forced || (mask & ~(forced | free_slots))) continue;
                int need_real_ok = 1, nj = 0;
                for (int p = 0; p < 3; p++) {
                    if (mask >> p & 1) nj++;
                    else if (x->rem[tpl[ti][p]] == 0) need_real_ok = 0;
                }
                id = 8 + ti * 8 + mask;
                if (id < last_id || !need_real_ok || nj > j) continue;
                md.jokers = (uint8_t)mask;
                place(x, &md, t, id);
            }
        }
    }
}

static void start(dctx *x, const uint8_t *counts, int jokers, unsigned opts, size_t cap)
{
    memcpy(x->rem, counts, HUPAI_KINDS);
    memset(x->used, 0, HUPAI_KINDS);
    x->counts = counts;
    x->jokers = jokers;
    x->m = total_of(counts, jokers) / 3;
    x->melds = x->m;
    x->pair = 1;
    x->opts = opts;
    x->depth = 0;
    x->cap = cap;
    x->count = 0;
    x->overflow = 0;
    x->group = -1;
    classify(x->rem, opts, x->cls);
    if (completable(x)) search(x, 0, -1);
}

/* Fewest jokers that make the hand's real tiles (each kind at most four) into
 * triplets and one pair: a kind of four takes two more as triplets, one as the pair. */
static int triplets_only_cost(const uint8_t *counts)
{
    static const int triplet[5] = {0, 2, 1, 0, 2}, pair[5] = {BIG, 1, 0, 2, 1};
    int base = 0, best = BIG;
    for (int t = 0; t < HUPAI_KINDS; t++) base += triplet[counts[t]];
    for (int t = 0; t < HUPAI_KINDS; t++)
        if (counts[t]) best = imin(best, base - triplet[counts[t]] + pair[counts[t]]);
    return best;
}

/* Whether the complete hand (at most one joker) has a standard arrangement holding a
 * sequence: some sequence, a joker standing in for at most one of its kinds, leaves a
 * winning hand behind. */
static int sequence_arrangement(const uint8_t *counts, int jokers, unsigned opts)
{
    static const uint8_t honors[5][3] = {{27, 28, 29}, {27, 28, 30}, {27, 29, 30},
                                         {28, 29, 30}, {31, 32, 33}};
    unsigned standard = opts & (HUPAI_STANDARD | HUPAI_HONOR_SEQ);
    int n = (opts & HUPAI_HONOR_SEQ) ? 26 : 21;
    uint8_t rest[HUPAI_KINDS];
    memcpy(rest, counts, HUPAI_KINDS);
    for (int s = 0; s < n; s++) {
        uint8_t k[3];
        if (s < 21) {
            int base = (s / 7) * SUIT_KINDS + s % 7;
            k[0] = (uint8_t)base; k[1] = (uint8_t)(base + 1); k[2] = (uint8_t)(base + 2);
        } else {
            memcpy(k, honors[s - 21], 3);
        }
        int missing = !counts[k[0]] + !counts[k[1]] + !counts[k[2]];
        if (missing > jokers || missing == 3) continue;
        for (int i = 0; i < 3; i++) if (rest[k[i]]) rest[k[i]]--;
        int win = hupai_is_win(rest, jokers - missing, standard);
        for (int i = 0; i < 3; i++) rest[k[i]] = counts[k[i]];
        if (win) return 1;
    }
    return 0;
}

int hupai_most_quads_quick(const uint8_t *counts, const uint8_t *extra, int jokers, unsigned opts,
                           int best[3])
{
    /* Past one joker free sets appear and their placement decides; with one, a kind
     * that can reach four makes quads in some readings only: both need the readings
     * listed.  Without jokers every reading holds the same tiles, so each counts the
     * same quads: the kinds held four times, hand and extra together. */
    int quads = 0;
    if (jokers > 1) return 0;
    for (int t = 0; t < HUPAI_KINDS; t++) {
        if (counts[t] + extra[t] + jokers >= 4) {
            if (jokers) return 0;
            quads++;
        }
    }
    /* A kind of reading scores `quads` exactly when one exists. */
    int seven = (opts & HUPAI_SEVEN_PAIRS) && total_of(counts, jokers) == 14
                && seven_from_census(census(counts), opts) == jokers;
    best[0] = seven ? quads : -1;
    best[1] = triplets_only_cost(counts) <= jokers ? quads : -1;
    best[2] = sequence_arrangement(counts, jokers, opts) ? quads : -1;
    return 1;
}

size_t hupai_decompose_standard(const uint8_t *counts, int jokers, unsigned opts,
                                hupai_meld *out, size_t cap)
{
    dctx x;
    x.out = out;
    x.readings = NULL;
    start(&x, counts, jokers, opts, cap);
    return x.count;
}

/* Combine one reading per group (budgets permitting) into whole-hand readings. */
static void combine_groups(dctx *x, struct group_list *gl, int g, hupai_reading *acc,
                           int jokers, int melds, int pairs)
{
    if (g == 4) {
        hupai_reading r = *acc;
        r.free_melds = (uint8_t)(x->m - melds);
        r.free_pairs = (uint8_t)(1 - pairs);
        add_reading(x, &r);
        return;
    }
    int lo = g < 3 ? SUIT_KINDS * g : HONOR_BASE, n = g < 3 ? SUIT_KINDS : HONOR_KINDS;
    for (int i = 0; i < gl[g].n; i++) {
        const group_reading *gr = &gl[g].r[i];
        if (jokers + gr->jokers > x->jokers0 || melds + gr->melds > x->m || pairs + gr->pair > 1)
            continue;
        hupai_reading next = *acc;
        memcpy(next.standin + lo, gr->standin, (size_t)n);
        if (gr->pair) next.pair = gr->pair_kind;
        next.triplets_only = (uint8_t)(acc->triplets_only && gr->triplets_only);
        combine_groups(x, gl, g + 1, &next, jokers + gr->jokers, melds + gr->melds,
                       pairs + gr->pair);
    }
}

size_t hupai_readings(const uint8_t *counts, int jokers, unsigned opts,
                      hupai_reading *out, size_t cap)
{
    /* Melds never cross groups, so each group's arrangements are enumerated on their
     * own and then combined: far fewer search nodes than arranging the whole hand
     * when jokers can go anywhere. */
    struct group_list gl[4];
    dctx x;
    x.out = NULL;
    x.readings = out;
    memcpy(x.rem, counts, HUPAI_KINDS);
    memset(x.used, 0, HUPAI_KINDS);
    x.counts = counts;
    x.m = total_of(counts, jokers) / 3;
    x.opts = opts;
    x.cap = cap;
    x.count = 0;
    x.overflow = 0;
    x.jokers0 = jokers;
    classify(x.rem, opts, x.cls);
    int feasible = HUPAI_DEF[hand_class(x.cls)][2 * x.m + 1] <= jokers;
    /* Least jokers and melds each group needs to cover its own tiles exactly: a group
     * may use only what the others leave, which prunes its search. */
    int need_j[4], need_m[4], sum_j = 0, sum_m = 0;
    for (int g = 0; g < 4; g++) {
        int lo = g < 3 ? SUIT_KINDS * g : HONOR_BASE, hi = g < 3 ? lo + SUIT_KINDS : HUPAI_KINDS;
        int sg = 0;
        for (int t = lo; t < hi; t++) sg += counts[t];
        const uint8_t *row = HUPAI_DEF[x.cls[g]];
        need_j[g] = need_m[g] = BIG;
        for (int j = 0; j <= x.m; j++)
            for (int p = 0; p <= 1; p++) {
                int need = 3 * j + 2 * p - sg;
                if (need >= 0 && row[2 * j + p] == need) {
                    need_j[g] = imin(need_j[g], need);
                    need_m[g] = imin(need_m[g], j);
                }
            }
        sum_j += need_j[g];
        sum_m += need_m[g];
    }
    int overflow = 0;
    for (int g = 0; g < 4 && feasible; g++) {
        gl[g].n = 0;
        gl[g].overflow = 0;
        x.group = g;
        x.hi = g < 3 ? SUIT_KINDS * (g + 1) : HUPAI_KINDS;
        x.jokers = jokers - (sum_j - need_j[g]);
        x.melds = x.melds0 = x.m - (sum_m - need_m[g]);
        x.pair = 1;
        if (x.jokers < 0 || x.melds < 0) {
            feasible = 0;
            break;
        }
        x.depth = 0;
        x.glist = &gl[g];
        x.jokers0 = x.jokers;
        int lo = g < 3 ? SUIT_KINDS * g : HONOR_BASE;
        x.gsum = 0;
        for (int t = lo; t < x.hi; t++) x.gsum += counts[t];
        if (completable(&x)) search(&x, lo, -1);
        if (gl[g].overflow) {
            overflow = 1;
            break;
        }
        if (gl[g].n == 0) feasible = 0;
    }
    x.group = -1;
    x.jokers0 = jokers;
    if (feasible && overflow) {
        /* A group has more readings than GROUP_CAP (up to eight jokers in one suit):
         * arrange the whole hand instead, slower but with no such limit. */
        start(&x, counts, jokers, opts, cap);
    } else if (feasible) {
        hupai_reading acc;
        memset(&acc, 0, sizeof acc);
        acc.pair = HUPAI_FREE;
        acc.triplets_only = 1;
        combine_groups(&x, gl, 0, &acc, 0, 0, 0);
    }
    size_t n = x.count;
    if ((opts & HUPAI_SEVEN_PAIRS) && total_of(counts, jokers) == 14
            && seven_from_census(census(counts), opts) == jokers) {
        hupai_reading r;
        memset(&r, 0, sizeof r);
        r.form = 1;
        r.pair = HUPAI_FREE;
        int left = jokers;
        for (int t = 0; t < HUPAI_KINDS; t++) {
            r.standin[t] = counts[t] & 1;  /* a single, or the third of a quad, takes a joker */
            left -= counts[t] & 1;
        }
        r.free_pairs = (uint8_t)(left / 2);
        r.hash = reading_hash(&r);
        if (n < cap) out[n] = r;
        n++;
    }
    return n;
}

int hupai_decompose_seven_pairs(const uint8_t *counts, int jokers, unsigned opts,
                                hupai_meld *out)
{
    if (!(opts & HUPAI_SEVEN_PAIRS) || total_of(counts, jokers) != 14) return 0;
    if (seven_from_census(census(counts), opts) != jokers) return 0;
    /* Winning means every real tile sits in a pair: jokers complete the singles (and
     * the odd third copy of a quad), the jokers left over pair up freely. */
    int k = 0, left = jokers;
    for (int t = 0; t < HUPAI_KINDS; t++) {
        uint8_t tt = (uint8_t)t;
        for (int c = counts[t]; c > 0; c -= 2) {
            hupai_meld md = {HUPAI_MELD_PAIR, 2, c == 1 ? 2 : 0, {tt, tt, HUPAI_FREE}};
            left -= c == 1;
            out[k++] = md;
        }
    }
    while (left > 0) {
        hupai_meld any = {HUPAI_MELD_PAIR, 2, 3, {HUPAI_FREE, HUPAI_FREE, HUPAI_FREE}};
        out[k++] = any;
        left -= 2;
    }
    return k == 7;
}

/* ------------------------------------------------------------ reading summaries */

static int count_quads(const uint8_t *f)
{
    int q = 0;
    for (int t = 0; t < HUPAI_KINDS; t++) q += f[t] == 4;
    return q;
}

/* Most kinds at four after placing `melds` free melds (option ids >= from, so each
 * multiset once) and `pairs` free pairs on f within `allowed`; -1 if impossible.
 * At most two melds and one pair (eight jokers), so plain search is cheap. */
static int place_free(uint8_t *f, int melds, int pairs, uint64_t allowed, int triplets_only,
                      unsigned opts, int from)
{
    if (melds == 0 && pairs == 0) return count_quads(f);
    int best = -1;
    if (melds) {
        for (int id = from; id < HUPAI_KINDS + 26; id++) {
            uint8_t k[3];
            if (id < HUPAI_KINDS) {
                k[0] = k[1] = k[2] = (uint8_t)id;
            } else {
                int s = id - HUPAI_KINDS;           /* 21 suit sequences, then honours */
                if (triplets_only) break;
                if (s < 21) {
                    int base = (s / 7) * 9 + s % 7;
                    k[0] = (uint8_t)base; k[1] = (uint8_t)(base + 1); k[2] = (uint8_t)(base + 2);
                } else {
                    if (!(opts & HUPAI_HONOR_SEQ)) break;
                    static const uint8_t hs[5][3] = {{27, 28, 29}, {27, 28, 30}, {27, 29, 30},
                                                     {28, 29, 30}, {31, 32, 33}};
                    k[0] = hs[s - 21][0]; k[1] = hs[s - 21][1]; k[2] = hs[s - 21][2];
                }
            }
            int ok = 1;
            for (int i = 0; i < 3; i++) ok &= (int)((allowed >> k[i]) & 1);
            if (!ok) continue;
            for (int i = 0; i < 3; i++) f[k[i]]++;
            for (int i = 0; i < 3; i++) ok &= f[k[i]] <= 4;
            if (ok) {
                int q = place_free(f, melds - 1, pairs, allowed, triplets_only, opts, id);
                if (q > best) best = q;
            }
            for (int i = 0; i < 3; i++) f[k[i]]--;
        }
        return best;
    }
    for (int t = 0; t < HUPAI_KINDS; t++) {
        if (!((allowed >> t) & 1) || f[t] > 2) continue;
        f[t] += 2;
        int q = place_free(f, 0, pairs - 1, allowed, triplets_only, opts, 0);
        if (q > best) best = q;
        f[t] -= 2;
    }
    return best;
}

size_t hupai_summarize(const hupai_reading *r, size_t n, const uint8_t *counts,
                       const uint8_t *extra, uint64_t allowed, unsigned opts, hupai_summary *out)
{
    size_t k = 0;
    for (size_t i = 0; i < n; i++) {
        uint8_t f[HUPAI_KINDS];
        int ok = 1;
        for (int t = 0; t < HUPAI_KINDS; t++) {
            f[t] = (uint8_t)(counts[t] + extra[t] + r[i].standin[t]);
            ok &= f[t] <= 4;
        }
        if (!ok) continue;
        int q = place_free(f, r[i].free_melds, r[i].free_pairs, allowed,
                           r[i].triplets_only, opts, 0);
        if (q < 0) continue;
        for (int variant = 0; variant < 2; variant++) {
            /* a triplets-only reading with free melds is also a reading with free
             * sequences, which may make more quads */
            if (variant && !(r[i].triplets_only && r[i].free_melds)) break;
            if (variant) {
                q = place_free(f, r[i].free_melds, r[i].free_pairs, allowed, 0, opts, 0);
                if (q < 0) break;
            }
            hupai_summary sm = {r[i].form, (uint8_t)(r[i].triplets_only && !variant), r[i].pair,
                                r[i].free_melds, r[i].free_pairs, (uint8_t)q};
            int dup = 0;
            for (size_t j = 0; j < k && !dup; j++) dup = memcmp(&out[j], &sm, sizeof sm) == 0;
            if (!dup) out[k++] = sm;
        }
    }
    return k;
}

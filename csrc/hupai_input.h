/* hupai input: reading the 34 counts of a hand from a caller's integer array of any
 * element type and stride, in place, each element read once (the boundary layer's fast
 * path for int8 ... int64 arrays, so that no converted copy is made). */
#ifndef HUPAI_INPUT_H
#define HUPAI_INPUT_H

#include <stddef.h>
#include <stdint.h>

/* element types */
#define HUPAI_EL_U8 0
#define HUPAI_EL_I8 1
#define HUPAI_EL_U16 2
#define HUPAI_EL_I16 3
#define HUPAI_EL_U32 4
#define HUPAI_EL_I32 5
#define HUPAI_EL_U64 6
#define HUPAI_EL_I64 7

/* Read as the unsigned type of the same width (U), a negative value is above 4 too; no
 * widening.  A value v is above 4 when v >> 3 (8 and more) or (v + 3) >> 3 (5 to 7; v + 3
 * wraps only for values that v >> 3 already catches) is not zero: shifts, adds and ors,
 * which vectorise for every width, where a 64-bit compare has no SSE2 instruction and
 * left the int64 loop scalar (314 instructions a row, against about 160). */
#define HUPAI_COPY_(T, U)                                                   \
    if (stride == (ptrdiff_t)sizeof(T)) {  /* contiguous: a loop the compiler vectorises */ \
        const T *q = (const T *)p;                                             \
        U above = 0;                                                           \
        for (int i = 0; i < 34; i++) {                                         \
            U v = (U)q[i];                                                     \
            above |= (U)(v >> 3) | (U)((U)(v + 3) >> 3);                       \
            out[i] = (uint8_t)v;                                               \
        }                                                                      \
        worst = above != 0;                                                    \
        break;                                                                 \
    }                                                                          \
    for (int i = 0; i < 34; i++) {                                             \
        U v = (U)(*(const T *)(p + i * stride));                               \
        worst |= v > 4;                                                        \
        out[i] = (uint8_t)v;                                                   \
    }                                                                          \
    break;

/* Pre: p points at 34 elements of type `el` (HUPAI_EL_*), `stride` bytes apart.  Copies
 * them into out (uint8 values as they are, for the caller's check); returns 0, or 1 when
 * an element of a wider type is outside 0-4 (then out is not to be used). */
static inline int hupai_copy_counts(const char *p, ptrdiff_t stride, int el, uint8_t *out)
{
    int worst = 0;
    switch (el) {
    case HUPAI_EL_U8:  for (int i = 0; i < 34; i++) out[i] = *(const uint8_t *)(p + i * stride); break;
    case HUPAI_EL_I8:  HUPAI_COPY_(int8_t, uint8_t)
    case HUPAI_EL_U16: HUPAI_COPY_(uint16_t, uint16_t)
    case HUPAI_EL_I16: HUPAI_COPY_(int16_t, uint16_t)
    case HUPAI_EL_U32: HUPAI_COPY_(uint32_t, uint32_t)
    case HUPAI_EL_I32: HUPAI_COPY_(int32_t, uint32_t)
    case HUPAI_EL_U64: HUPAI_COPY_(uint64_t, uint64_t)
    default:           HUPAI_COPY_(int64_t, uint64_t)
    }
    return worst;
}

/* Pre: as hupai_copy_counts.  Element i as a magnitude and a sign (for messages). */
static inline uint64_t hupai_count_at(const char *p, ptrdiff_t stride, int el, int i, int *negative)
{
    int64_t s;
    p += i * stride;
    *negative = 0;
    switch (el) {
    case HUPAI_EL_U8:  return *(const uint8_t *)p;
    case HUPAI_EL_U16: return *(const uint16_t *)p;
    case HUPAI_EL_U32: return *(const uint32_t *)p;
    case HUPAI_EL_U64: return *(const uint64_t *)p;
    case HUPAI_EL_I8:  s = *(const int8_t *)p; break;
    case HUPAI_EL_I16: s = *(const int16_t *)p; break;
    case HUPAI_EL_I32: s = *(const int32_t *)p; break;
    default:           s = *(const int64_t *)p; break;
    }
    *negative = s < 0;
    return s < 0 ? (uint64_t)0 - (uint64_t)s : (uint64_t)s;
}

#endif /* HUPAI_INPUT_H */

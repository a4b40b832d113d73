# Boundary helpers of the native core, for other Cython modules to cimport.
from libc.stdint cimport uint8_t

# Copy a 34-count hand into out (validated: 34 entries, each 0-4); returns the tile count.
cdef int load_counts(object counts, uint8_t *out) except -1
# A joker count 0-8.
cdef int load_jokers(object jokers) except -1

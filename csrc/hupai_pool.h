/* hupai worker pool: persistent threads for the batch functions.
 *
 * Threads are started on first use and then wait on a condition variable between
 * calls, so a batch call pays a wake-up (a few microseconds), not a thread start.  The
 * calling thread works too.  Rows are handed out in chunks from a shared counter, so a
 * thread slowed by the rest of the machine takes fewer of them.  One call uses the pool
 * at a time; a call made while it is busy (from another thread) runs on its own thread.
 * After fork() the child starts with no pool threads and builds them again on use.
 */
#ifndef HUPAI_POOL_H
#define HUPAI_POOL_H

#include <stddef.h>

#define HUPAI_POOL_MAX 256

/* Work on rows [lo, hi) as `worker` (0 = the calling thread, then 1.. in the pool). */
typedef void (*hupai_pool_fn)(void *ctx, int worker, size_t lo, size_t hi);

/* Pre: 1 <= threads <= HUPAI_POOL_MAX, chunk >= 1, fn safe to run concurrently on
 * disjoint ranges.  Runs fn over [0, n) in chunks of `chunk` rows on `threads` threads
 * (fewer when the pool cannot start them or is busy); returns once every row is done.
 * Returns the number of threads that took part. */
int hupai_pool_run(int threads, hupai_pool_fn fn, void *ctx, size_t n, size_t chunk);

/* The number of pool threads started so far (not counting callers). */
int hupai_pool_size(void);

#endif /* HUPAI_POOL_H */

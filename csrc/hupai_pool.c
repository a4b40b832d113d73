/* Persistent worker pool of the batch functions (see hupai_pool.h). */
#include "hupai_pool.h"

#include <pthread.h>
#include <stdint.h>

static pthread_mutex_t busy = PTHREAD_MUTEX_INITIALIZER;  /* one call at a time */
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;  /* guards everything below */
static pthread_cond_t wake = PTHREAD_COND_INITIALIZER;    /* a job is published */
static pthread_cond_t done = PTHREAD_COND_INITIALIZER;    /* the last worker finished */
static pthread_once_t once = PTHREAD_ONCE_INIT;

static int started;                      /* pool threads alive: ids 1..started */
static unsigned long generation;         /* bumped by every job */
static unsigned long birth[HUPAI_POOL_MAX];  /* the generation a thread was started in */
static int wanted;                       /* threads 0..wanted-1 take part in the job */
static int running;                      /* pool threads still in the job */
static hupai_pool_fn job_fn;
static void *job_ctx;
static size_t job_n, job_chunk;
static size_t next_row;                  /* the next chunk's first row (atomic) */

/* Pre: a job is published.  Takes chunks until none is left. */
static void work(int worker)
{
    for (;;) {
        size_t lo = __atomic_fetch_add(&next_row, job_chunk, __ATOMIC_RELAXED);
        if (lo >= job_n)
            return;
        size_t hi = job_n - lo > job_chunk ? lo + job_chunk : job_n;
        job_fn(job_ctx, worker, lo, hi);
    }
}

static void *worker_main(void *arg)
{
    int id = (int)(intptr_t)arg;
    pthread_mutex_lock(&lock);
    unsigned long seen = birth[id];
    for (;;) {
        while (generation == seen)
            pthread_cond_wait(&wake, &lock);
        seen = generation;
        if (id >= wanted)
            continue;
        pthread_mutex_unlock(&lock);
        work(id);
        pthread_mutex_lock(&lock);
        if (--running == 0)
            pthread_cond_signal(&done);
    }
    return NULL;
}

/* fork(): the child has only the forking thread, so it forgets the pool (and any lock
 * state), and starts threads again when a batch asks for them. */
static void before_fork(void) { pthread_mutex_lock(&busy); pthread_mutex_lock(&lock); }
static void after_fork_parent(void) { pthread_mutex_unlock(&lock); pthread_mutex_unlock(&busy); }
static void after_fork_child(void)
{
    pthread_mutex_init(&busy, NULL);
    pthread_mutex_init(&lock, NULL);
    pthread_cond_init(&wake, NULL);
    pthread_cond_init(&done, NULL);
    started = 0;
    running = 0;
}

static void register_fork(void) { pthread_atfork(before_fork, after_fork_parent, after_fork_child); }

/* Pre: lock held.  Starts pool threads up to `count`; returns how many there are. */
static int grow(int count)
{
    while (started < count) {
        pthread_t t;
        pthread_attr_t attr;
        int id = started + 1;
        birth[id] = generation;
        if (pthread_attr_init(&attr) != 0)
            break;
        pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
        int failed = pthread_create(&t, &attr, worker_main, (void *)(intptr_t)id);
        pthread_attr_destroy(&attr);
        if (failed)
            break;
        started = id;
    }
    return started;
}

int hupai_pool_run(int threads, hupai_pool_fn fn, void *ctx, size_t n, size_t chunk)
{
    pthread_once(&once, register_fork);
    if (threads <= 1 || pthread_mutex_trylock(&busy) != 0) {
        fn(ctx, 0, 0, n);
        return 1;
    }
    pthread_mutex_lock(&lock);
    int helpers = grow(threads - 1);
    if (helpers > threads - 1)
        helpers = threads - 1;
    job_fn = fn;
    job_ctx = ctx;
    job_n = n;
    job_chunk = chunk;
    next_row = 0;
    wanted = helpers + 1;
    running = helpers;
    generation++;
    pthread_cond_broadcast(&wake);
    pthread_mutex_unlock(&lock);
    work(0);
    pthread_mutex_lock(&lock);
    while (running > 0)
        pthread_cond_wait(&done, &lock);
    pthread_mutex_unlock(&lock);
    pthread_mutex_unlock(&busy);
    return helpers + 1;
}

int hupai_pool_size(void)
{
    pthread_mutex_lock(&lock);
    int n = started;
    pthread_mutex_unlock(&lock);
    return n;
}

"""Running one piece of work on several Python threads at once, for the thread tests."""
import threading


def run_together(work, threads, repeat):
    """Calls work() `repeat` times on each of `threads` threads released together by a
    barrier; returns every result, or raises the first exception a thread met."""
    results, errors = [], []
    go = threading.Barrier(threads)

    def loop():
        try:
            go.wait()
            for _ in range(repeat):
                results.append(work())
        except Exception as exc:   # pragma: no cover - raised below
            errors.append(exc)

    workers = [threading.Thread(target=loop) for _ in range(threads)]
    for t in workers:
        t.start()
    for t in workers:
        t.join()
    if errors:
        raise errors[0]
    return results

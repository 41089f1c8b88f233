#pragma once

#include <QtGlobal>

#include <time.h>

namespace qs {

/**
 * CLOCK_MONOTONIC in nanoseconds: the one clock for live charts, scenario schedules and their
 * tests. It is the same clock in every process of the machine, so a test can compare a time
 * another process reports (a scenario step's start) with its own readings.
 */
inline qint64 monotonicNowNs()
{
    timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return qint64(now.tv_sec) * 1'000'000'000 + now.tv_nsec;
}

/**
 * The CPU time the calling thread has used, user and kernel, in nanoseconds: what a piece of
 * work costs the machine, whatever else ran meanwhile (wall time on a loaded machine also counts
 * the time the thread waited for a core).
 */
inline qint64 threadCpuTimeNs()
{
    timespec now;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
    return qint64(now.tv_sec) * 1'000'000'000 + now.tv_nsec;
}

} // namespace qs

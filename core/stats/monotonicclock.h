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

} // namespace qs

#pragma once

// What the window benchmarks measure of their own process: event-loop lateness, RSS and CPU.

#include <QByteArray>
#include <QFile>
#include <QList>

#include <algorithm>
#include <vector>
#include <cmath>
#include <sys/resource.h>
#include <unistd.h>

namespace qs::bench {

/** Event-loop lateness in 0.1 ms buckets up to 2 s: fixed memory, exact enough for p99. */
class LatencyHistogram
{
public:
    void add(double ms)
    {
        const size_t bucket = std::min(m_counts.size() - 1, size_t(std::max(0.0, ms) * 10.0));
        ++m_counts[bucket];
        ++m_total;
        m_max = std::max(m_max, ms);
    }
    double percentile(double p) const
    {
        const quint64 rank = quint64(std::ceil(p / 100.0 * double(m_total)));
        quint64 seen = 0;
        for (size_t i = 0; i < m_counts.size(); ++i) {
            seen += m_counts[i];
            if (seen >= rank && seen > 0)
                return double(i + 1) / 10.0; // upper edge of the bucket: never flatters
        }
        return m_max;
    }
    double max() const { return m_max; }
    quint64 total() const { return m_total; }

private:
    std::vector<quint64> m_counts = std::vector<quint64>(20'000, 0);
    quint64 m_total = 0;
    double m_max = 0;
};

/** The process's resident memory in MB (/proc/self/statm). */
inline double rssMb()
{
    QFile statm(QStringLiteral("/proc/self/statm"));
    if (!statm.open(QIODevice::ReadOnly))
        return 0;
    const QList<QByteArray> fields = statm.readAll().split(' ');
    return fields.size() > 1
               ? double(fields.at(1).toLongLong() * sysconf(_SC_PAGESIZE)) / (1024.0 * 1024.0)
               : 0;
}

/** User plus system CPU time of the process so far. */
inline double cpuSeconds()
{
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    return double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) +
           double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6;
}

} // namespace qs::bench

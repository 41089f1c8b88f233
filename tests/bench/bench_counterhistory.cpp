// Prints what CounterHistory costs: ns per append and per window query, and its footprint.
// Figures only, no assertions: timing depends on the machine.

#include "stats/counterhistory.h"

#include <chrono>
#include <cstdio>

namespace {

using Clock = std::chrono::steady_clock;
constexpr qint64 Ms = 1'000'000;
constexpr qint64 Sec = 1'000'000'000;

double nsSince(Clock::time_point start)
{
    return double(
        std::chrono::duration_cast<std::chrono::nanoseconds>(Clock::now() - start).count());
}

struct Query
{
    const char *name;
    qint64 spanNs;
    int maxPoints;
};

} // namespace

int main()
{
    constexpr qint64 Samples = 10'000'000;
    qs::CounterHistory history; // default tiers: 5 min raw, 1 s for 1 h, 1 min for 24 h
    qs::CounterSample s{3600 * Sec, 0, 0, 0, 0, 0, 0, 0};

    const auto appendStart = Clock::now();
    for (qint64 i = 0; i < Samples; ++i) {
        s.timeNs += 100 * Ms + (i % 7) * 100'000; // a little jitter
        s.bytes += 125'000 + quint64(i % 13) * 100;
        s.packets = quint32(s.packets + 1000); // u32, wraps twice over the run
        s.drops += quint32(i % 5);
        s.overlimits += 3;
        s.backlogBytes = quint32((i % 4) * 1500);
        s.backlogPackets = quint32(i % 4);
        history.append(s);
    }
    const double appendNs = nsSince(appendStart) / double(Samples);

    std::printf("memoryBytes: %lld\n", qlonglong(history.memoryBytes()));
    for (int tier = 0; tier < history.tierCount(); ++tier) {
        const auto info = history.tierInfo(tier);
        std::printf("tier %d: resolution %lld ms, capacity %lld\n", tier,
                    qlonglong(info.resolutionNs / Ms), qlonglong(info.capacity));
    }
    std::printf("append: %.1f ns/sample (%lld samples)\n", appendNs, qlonglong(Samples));

    const Query queries[] = {
        {"30 s", 30 * Sec, 0},     {"30 s, 1000 pts", 30 * Sec, 1000},
        {"5 min", 300 * Sec, 0},   {"5 min, 1000 pts", 300 * Sec, 1000},
        {"1 h", 3600 * Sec, 0},    {"1 h, 1000 pts", 3600 * Sec, 1000},
        {"24 h", 86'400 * Sec, 0}, {"24 h, 1000 pts", 86'400 * Sec, 1000},
    };
    double checksum = 0;
    qs::CounterHistory::RateSeries reused;
    for (const Query &q : queries) {
        constexpr int Rounds = 2000;
        auto start = Clock::now();
        for (int r = 0; r < Rounds; ++r) {
            const auto series = history.recentRates(q.spanNs, q.maxPoints);
            checksum += series.points.isEmpty() ? 0 : series.points.last().bitsPerSec;
        }
        const double fresh = nsSince(start) / Rounds;
        const auto sample = history.recentRates(q.spanNs, q.maxPoints);

        const qint64 to = history.latestSample()->timeNs;
        start = Clock::now();
        for (int r = 0; r < Rounds; ++r) {
            history.rates(to - q.spanNs, to, q.maxPoints, reused);
            checksum += reused.points.isEmpty() ? 0 : reused.points.first().bitsPerSec;
        }
        const double reusing = nsSince(start) / Rounds;
        std::printf("query %-16s tier %d, %5lld points: %9.0f ns (%9.0f ns reusing storage)\n",
                    q.name, sample.tier, qlonglong(sample.points.size()), fresh, reusing);
    }
    std::printf("(checksum %g)\n", checksum);
    return 0;
}

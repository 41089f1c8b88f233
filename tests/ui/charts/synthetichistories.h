#pragma once

#include "historysource.h"

#include <cmath>
#include <map>
#include <memory>

namespace qs::test {

/** Histories fed with made-up counters: what the charts draw, without a kernel. */
class SyntheticHistories : public HistorySource
{
public:
    static constexpr qint64 PollNs = 100'000'000;

    CounterHistory &add(quint64 key)
    {
        auto &slot = m_histories[key];
        slot = std::make_unique<CounterHistory>();
        m_samples[key] = CounterSample{};
        return *slot;
    }
    const CounterHistory *history(quint64 key) const override
    {
        const auto it = m_histories.find(key);
        return it == m_histories.end() ? nullptr : it->second.get();
    }

    /**
     * Appends @p polls samples 100 ms apart to node @p key, starting after its last one (or at
     * @p startNs), at a rate that wanders around @p meanBitsPerSec, with some drops, overlimits
     * and backlog so every metric has a shape.
     */
    void feed(quint64 key, int polls, double meanBitsPerSec, qint64 startNs = 1000'000'000'000)
    {
        CounterHistory &history = *m_histories.at(key);
        CounterSample &s = m_samples[key];
        if (s.timeNs == 0) {
            s.timeNs = startNs;
            history.append(s);
        }
        for (int i = 0; i < polls; ++i) {
            const double phase = double(s.timeNs) / 1e9;
            const double rate =
                meanBitsPerSec * (1.0 + 0.5 * std::sin(phase / 3.0 + double(key % 7)));
            const quint64 bytes = quint64(rate / 8.0 * double(PollNs) / 1e9);
            s.timeNs += PollNs + (i % 3) * 1'000'000; // a little jitter, as real timers have
            s.bytes += bytes;
            s.packets += bytes / 1000;
            s.drops += quint32(i % 4);
            s.overlimits += quint32(i % 5 + 1);
            s.backlogBytes = quint32((i % 10) * 1514);
            s.backlogPackets = quint32(i % 10);
            history.append(s);
        }
    }
    /** Moves node @p key's clock on by @p ns without a sample: the next one ends a gap. */
    void skip(quint64 key, qint64 ns) { m_samples[key].timeNs += ns; }

private:
    std::map<quint64, std::unique_ptr<CounterHistory>> m_histories;
    std::map<quint64, CounterSample> m_samples;
};

} // namespace qs::test

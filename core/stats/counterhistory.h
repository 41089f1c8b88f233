#pragma once

#include <QList>
#include <QtGlobal>

#include <optional>
#include <utility>
#include <vector>

namespace qs {

/** One poll of a qdisc's or class's TCA_STATS2 counters. */
struct CounterSample
{
    qint64 timeNs = 0;   ///< CLOCK_MONOTONIC, nanoseconds.
    quint64 bytes = 0;   ///< gnet_stats_basic bytes (u64).
    quint64 packets = 0; ///< u32 in gnet_stats_basic, u64 with TCA_STATS_PKT64.
    quint32 drops = 0;   ///< gnet_stats_queue drops (u32, wraps).
    quint32 overlimits = 0;
    quint32 requeues = 0;
    quint32 backlogBytes = 0;   ///< Gauge, not a counter.
    quint32 backlogPackets = 0; ///< Gauge (qlen), not a counter.
};

/**
 * Rates over one period, ending at timeNs. A raw point covers one poll interval; a
 * downsampled point covers all poll intervals that ended inside its bucket (or chart group).
 */
struct RatePoint
{
    qint64 timeNs = 0; ///< End of the last poll interval in the point.
    double bitsPerSec = 0;
    double packetsPerSec = 0;
    double dropsPerSec = 0;
    double overlimitsPerSec = 0;
    double requeuesPerSec = 0;
    quint32 backlogBytes = 0;   ///< Maximum over the point, so spikes survive downsampling.
    quint32 backlogPackets = 0; ///< Maximum over the point.
    /**
     * Do not join this point to the previous one: a counter reset or a polling gap lies
     * between them. Also set on the first point of the history.
     */
    bool segmentStart = false;
    double backlogBytesMean = 0;   ///< Time-weighted mean over the point.
    double backlogPacketsMean = 0; ///< Time-weighted mean over the point.
    qint64 coveredNs = 0;          ///< Sum of the poll intervals the rates average over.
};

/** Counter increases seen since the first sample, plus what the history made of the input. */
struct CounterTotals
{
    /** A reset counts as the counter restarting from zero (as Prometheus' increase() does). */
    quint64 bytes = 0;
    quint64 packets = 0;
    quint64 drops = 0;
    quint64 overlimits = 0;
    quint64 requeues = 0;
    quint64 samples = 0;        ///< Samples accepted (including the first).
    quint64 ignoredSamples = 0; ///< Duplicate or backwards timestamps.
    quint64 resets = 0;         ///< Counters that went down (not wraps).
    quint64 implausible = 0;    ///< Increases beyond maxBitsPerSec or maxEventsPerSec.
    quint64 gaps = 0;           ///< Poll intervals longer than the gap threshold.
    quint64 wraps = 0;          ///< Intervals in which at least one 32-bit counter wrapped.
    qint64 firstTimeNs = 0;
    qint64 lastTimeNs = 0;
};

/** One downsampled tier: buckets of bucketNs, kept for at least spanNs. */
struct CounterTierSpec
{
    qint64 bucketNs;
    qint64 spanNs;
};

/** Sizes and thresholds of a CounterHistory; ring sizes are fixed when it is constructed. */
struct CounterHistoryConfig
{
    /** Nominal poll interval: sizes the full-resolution ring and sets the gap threshold. */
    qint64 pollIntervalNs = 100'000'000;
    /** How long full-resolution samples are kept (at the nominal poll interval). */
    qint64 rawSpanNs = 300'000'000'000;
    /** Downsampled tiers, finest first. */
    QList<CounterTierSpec> tiers{CounterTierSpec{1'000'000'000, 3'600'000'000'000},
                                 CounterTierSpec{60'000'000'000, 86'400'000'000'000}};
    /** A poll interval longer than gapFactor × pollIntervalNs is a gap, not a line. */
    double gapFactor = 5.0;
    /** Packets arrive as u64 (TCA_STATS_PKT64); otherwise they are u32 and may wrap. */
    bool packets64 = false;
    /** A byte rate above this is a glitch or a different node, never traffic. */
    double maxBitsPerSec = 4e12;
    /** Same for packets, drops, overlimits and requeues; also bounds 32-bit wraps. */
    double maxEventsPerSec = 2e9;
    /**
     * Full detail's rings take their storage as samples arrive (up to their capacity) instead
     * of all at construction: a node watched for a minute costs a minute of samples, not 24
     * hours'. Compact and Recent rings, a few kilobytes, are taken whole at once: grown sample
     * by sample, the 50 000 nodes of a big tree, polled every 20 s, raised the window's memory by
     * a quarter in each of the first minutes, up to the same bound.
     */
    bool growOnDemand = false;
    /** Start in CounterHistory::Detail::Compact (see setDetail()). */
    bool compact = false;
    /** Compact detail: how long full-resolution samples are kept, and each tier's span. */
    qint64 compactRawSpanNs = 2'000'000'000;
    QList<qint64> compactTierSpansNs{40'000'000'000, 900'000'000'000};
    /** Recent detail: the compact tiers, full resolution for this long (a sparkline's span). */
    qint64 recentRawSpanNs = 32'000'000'000;
};

namespace detail {

// Internal storage of CounterHistory; here only because the class holds them by value.

struct CounterRawEntry
{
    qint64 timeNs;
    qint64 dtNs;
    quint64 bytes; // deltas over (timeNs - dtNs, timeNs]
    quint64 packets;
    quint32 drops;
    quint32 overlimits;
    quint32 requeues;
    quint32 backlogBytes; // gauges at timeNs
    quint32 backlogPackets;
    bool segmentStart;
};

struct CounterBucket
{
    qint64 timeNs; // end of the last interval folded in
    qint64 coveredNs;
    quint64 bytes;
    quint64 packets;
    quint64 drops;
    quint64 overlimits;
    quint64 requeues;
    double backlogBytesNs; // Σ backlog × dt, for the time-weighted mean
    double backlogPacketsNs;
    quint32 backlogBytesMax;
    quint32 backlogPacketsMax;
    bool segmentStart;
};

// A ring over storage allocated once; push() overwrites the oldest entry when full.
// With growOnDemand the storage grows with the entries up to the capacity; otherwise it is all
// allocated at once.
template <typename T> class CounterRing
{
public:
    void allocate(qsizetype capacity, bool growOnDemand = false)
    {
        m_capacity = qMax<qsizetype>(capacity, 1);
        std::vector<T>().swap(m_items);
        if (!growOnDemand)
            m_items.assign(size_t(m_capacity), T{});
        clear();
    }
    void clear()
    {
        if (qsizetype(m_items.size()) != m_capacity)
            m_items.clear(); // growing on demand: fill from index 0 again (the storage stays)
        m_first = 0;
        m_size = 0;
        m_dropped = false;
    }
    /**
     * A new capacity, keeping the newest entries that fit (hasDropped() when some did not) and
     * releasing the storage beyond what they need (growOnDemand) or beyond the new capacity.
     */
    void resize(qsizetype capacity, bool growOnDemand)
    {
        capacity = qMax<qsizetype>(capacity, 1);
        const qsizetype keep = qMin(m_size, capacity);
        std::vector<T> items;
        items.reserve(size_t(growOnDemand ? keep : capacity));
        for (qsizetype i = m_size - keep; i < m_size; ++i)
            items.push_back(at(i));
        if (!growOnDemand)
            items.resize(size_t(capacity), T{});
        m_items.swap(items);
        m_dropped = m_dropped || keep < m_size;
        m_capacity = capacity;
        m_first = 0;
        m_size = keep;
    }
    qsizetype capacity() const { return m_capacity; }
    qsizetype storageBytes() const { return qsizetype(m_items.capacity() * sizeof(T)); }
    qsizetype size() const { return m_size; }
    bool isEmpty() const { return m_size == 0; }
    // True once an entry was overwritten: the ring no longer reaches back to the first sample.
    bool hasDropped() const { return m_dropped; }

    T &push()
    {
        const qsizetype cap = capacity();
        if (m_size < cap && qsizetype(m_items.size()) == m_size) {
            // Growing on demand: not full yet, so the entries sit in order from index 0.
            if (m_items.size() == m_items.capacity()) // doubling, never beyond the capacity
                m_items.reserve(size_t(qMin(m_capacity, qMax<qsizetype>(8, m_size * 2))));
            m_items.push_back(T{});
            ++m_size;
            return m_items.back();
        }
        qsizetype index = m_first;
        if (m_size < cap) {
            index += m_size;
            if (index >= cap)
                index -= cap;
            ++m_size;
        } else {
            if (++m_first == cap)
                m_first = 0;
            m_dropped = true;
        }
        T &slot = m_items[size_t(index)];
        slot = T{};
        return slot;
    }
    // 0 is the oldest entry.
    const T &at(qsizetype i) const
    {
        qsizetype index = m_first + i;
        if (index >= qsizetype(m_items.size()))
            index -= qsizetype(m_items.size());
        return m_items[size_t(index)];
    }
    const T &back() const { return at(m_size - 1); }
    T &back() { return const_cast<T &>(std::as_const(*this).back()); }

private:
    std::vector<T> m_items;
    qsizetype m_capacity = 1;
    qsizetype m_first = 0;
    qsizetype m_size = 0;
    bool m_dropped = false;
};

} // namespace detail

/**
 * The counter history of one qdisc or class node: rates derived from polled TCA_STATS2
 * counters, kept at full resolution for a few minutes and in downsampled tiers for longer.
 *
 * By default memory is fixed at construction: every tier is a preallocated ring, append() never
 * allocates and costs O(number of tiers). With growOnDemand the rings grow with the samples up
 * to the same bounds (amortised O(1), no allocation once full); setDetail() trades the long
 * spans for a few kilobytes while nobody looks at the node (StatsPoller does that for big trees). Tier 0 is the full-resolution ring, tiers 1…n the
 * configured downsampled ones. Every accepted poll interval is folded into all tiers at once,
 * so each tier is complete on its own; a downsampled bucket holds the sum of the counter
 * deltas of the intervals that ended inside it and their total duration, so its rate is the
 * exact time average, and it keeps the maximum (and time-weighted mean) of the backlog.
 *
 * Not thread-safe: use it from the thread that polls, or guard it.
 */
class CounterHistory
{
public:
    /** What append() made of a sample. */
    enum class AppendResult {
        First,    ///< The first sample: a baseline, no rate yet.
        Interval, ///< A rate point was recorded.
        Wrapped,  ///< A rate point was recorded; a 32-bit counter wrapped.
        Reset,    ///< Counters went down: a new segment starts.
        /** Counters rose faster than any link could: a new segment starts, totals skip it. */
        Implausible,
        Gap,     ///< The interval was too long to draw: a new segment starts.
        Ignored, ///< Timestamp not after the previous sample: dropped.
    };

    /** What one tier holds; tier 0 is full resolution. */
    struct TierInfo
    {
        qint64 resolutionNs = 0; ///< Bucket width; the nominal poll interval for tier 0.
        qsizetype capacity = 0;  ///< Entries preallocated; never changes.
        qsizetype size = 0;      ///< Entries in use.
        /** Start of the oldest retained data; the minimum qint64 while nothing was dropped. */
        qint64 coverageStartNs = 0;
    };

    /** The result of a rate query. */
    struct RateSeries
    {
        int tier = -1;           ///< The tier the points came from.
        qint64 resolutionNs = 0; ///< That tier's resolution.
        QList<RatePoint> points; ///< Oldest first.
    };

    /**
     * How much a history keeps. Full: the configured raw span and tier spans (5 min at 100 ms,
     * 1 h of 1 s, 24 h of 1 min by default): a charted node. Compact: the same tiers over short
     * spans (2 s raw, 40 s of 1 s, 15 min of 1 min): enough for a node's latest rates and its
     * sparkline, for nodes nobody looks at. Recent: compact with 32 s at full resolution, for a
     * row in sight (its sparkline at the poll's resolution). All answer rates(); a less
     * detailed history answers from coarser tiers.
     */
    enum class Detail { Full, Recent, Compact };

    explicit CounterHistory(const CounterHistoryConfig &config = {});

    /**
     * Switches the detail kept from now on. Full → Compact keeps the newest entries that fit
     * (older ones are gone for good); Compact → Full keeps everything and lets the rings grow
     * again. Costs O(entries kept); allocates only with growOnDemand or when growing.
     */
    void setDetail(Detail detail);
    Detail detail() const { return m_detail; }

    /**
     * Records one poll. Rates come from the deltas to the previous accepted sample divided by
     * the real time between them. A u64 counter going down is a reset; a u32 counter going
     * down is a wrap if the modular delta is plausible (at most maxEventsPerSec × dt and
     * 2^31, for packets at most the bytes delta) and bytes did not go down, else a reset.
     * The full rule and its reasons are at the top of counterhistory.cpp.
     */
    AppendResult append(const CounterSample &sample);

    /** Forgets all samples; keeps the storage. */
    void clear();

    /** Changes the nominal poll interval used for gap detection; ring sizes stay as built. */
    void setPollIntervalNs(qint64 intervalNs);
    qint64 pollIntervalNs() const { return m_pollIntervalNs; }

    /**
     * Declares the packets counter 64-bit (TCA_STATS_PKT64): a decrease is then a reset,
     * never a wrap. A packets value above 2^32 - 1 switches this on by itself.
     */
    void setPackets64(bool packets64) { m_packets64 = packets64; }
    bool packets64() const { return m_packets64; }

    /**
     * Rate points with timeNs in [fromNs, toNs] from the finest tier that reaches back to
     * fromNs. With maxPoints > 0, neighbouring points are merged (rates averaged over time,
     * backlog maximum kept, segment starts kept) so at most maxPoints are returned.
     */
    RateSeries rates(qint64 fromNs, qint64 toNs, int maxPoints = 0) const;
    /** As rates(), reusing out.points' storage (for charts that refresh every frame). */
    void rates(qint64 fromNs, qint64 toNs, int maxPoints, RateSeries &out) const;
    /** The last spanNs before the latest accepted sample. */
    RateSeries recentRates(qint64 spanNs, int maxPoints = 0) const;
    /** As rates(), from the given tier whether or not it covers the window. */
    RateSeries ratesInTier(int tier, qint64 fromNs, qint64 toNs, int maxPoints = 0) const;
    /** The tier rates() uses for a window starting at fromNs. */
    int finestTierCovering(qint64 fromNs) const;

    /**
     * The newest rate point. After a reset or gap it is the last point before it until the
     * next interval completes; compare its timeNs with latestSample() if that matters.
     */
    std::optional<RatePoint> latest() const;
    /** The last accepted raw sample. */
    std::optional<CounterSample> latestSample() const;
    CounterTotals totals() const { return m_totals; }

    int tierCount() const { return int(m_tiers.size()) + 1; }
    TierInfo tierInfo(int tier) const;

    /**
     * Bytes this object occupies including its rings' storage: constant over its life unless
     * growOnDemand (then bounded by the full or compact capacities) or setDetail() changes it.
     */
    qsizetype memoryBytes() const;

private:
    enum class Verdict { Increase, Wrapped, Reset, Implausible };
    struct Deltas
    {
        quint64 bytes = 0;
        quint64 packets = 0;
        quint32 drops = 0;
        quint32 overlimits = 0;
        quint32 requeues = 0;
    };
    struct Tier
    {
        qint64 bucketNs = 0;
        qsizetype capacity[3] = {}; // by Detail
        qint64 bucketEndNs = 0; // end of the bucket at the back of the ring
        detail::CounterRing<detail::CounterBucket> ring;
    };

    Verdict classify(const CounterSample &before, const CounterSample &after, qint64 dtNs,
                     Deltas &deltas) const;
    void record(const CounterSample &sample, qint64 dtNs, const Deltas &deltas);
    qint64 coverageStart(int tier) const;
    void collect(int tier, qint64 fromNs, qint64 toNs, int maxPoints, RateSeries &out) const;

    detail::CounterRing<detail::CounterRawEntry> m_raw;
    std::vector<Tier> m_tiers;
    qsizetype m_rawCapacity[3] = {}; // by Detail
    Detail m_detail = Detail::Full;
    bool m_growOnDemand = false;
    bool growsOnDemand() const { return m_growOnDemand && m_detail == Detail::Full; }
    CounterSample m_base; // previous accepted sample: the baseline of the next delta
    CounterTotals m_totals;
    qint64 m_pollIntervalNs = 0;
    qint64 m_gapThresholdNs = 0;
    double m_gapFactor = 5.0;
    double m_maxBitsPerSec = 0;
    double m_maxEventsPerSec = 0;
    bool m_hasBase = false;
    bool m_segmentPending = true; // the next recorded point starts a segment
    bool m_packets64 = false;
};

} // namespace qs

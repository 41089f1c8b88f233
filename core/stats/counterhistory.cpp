#include "counterhistory.h"

#include <QtNumeric>

#include <algorithm>
#include <limits>

namespace qs {

/*
 * Wrap or reset: the rule append() applies to each poll interval (before → after, dt > 0).
 *
 * 1. A decrease of a 64-bit counter (bytes always, packets when 64-bit) is a reset. 2^64
 *    bytes take 11 years at 400 Gbit/s, so a u64 never wraps while we watch it; a decrease
 *    means the kernel object was replaced or its counters were zeroed.
 * 2. A decrease of a 32-bit counter (drops, overlimits, requeues; packets when 32-bit) is a
 *    wrap only if, read as a modular delta d = (after - before) mod 2^32, it is plausible:
 *      - d ≤ maxEventsPerSec × dt: at 2·10^9 events/s and 100 ms that is 2·10^8, so only a
 *        counter already in the top ~5 % of its range can have wrapped, while a reset (which
 *        drops the counter to near zero) yields d ≈ 2^32 - before, far above the bound;
 *      - d ≤ 2^31, so a long interval cannot make every decrease look like a wrap;
 *      - packets only: d ≤ bytes delta, since every packet carries at least one byte;
 *    and rule 1 did not fire, i.e. the u64 bytes counter did not go down. Otherwise the
 *    whole node is taken as reset: its counters are one unit in the kernel.
 * 3. An increase implying more than maxBitsPerSec or maxEventsPerSec is not traffic (a glitch
 *    or a different node under the same handle): Implausible, a new segment like a reset, but
 *    nothing is added to the totals.
 * A reset or a gap (dt > gapFactor × nominal poll interval) records no rate for the interval;
 * the next point carries segmentStart, so a chart neither draws a spike nor a straight line
 * across. A counter that wraps more than once within one interval cannot be told apart from
 * one that wrapped once; at the bounds above that needs > 4·10^9 events per poll.
 */

namespace {

using detail::CounterBucket;
using detail::CounterRawEntry;

constexpr qint64 Int64Min = std::numeric_limits<qint64>::min();
constexpr qint64 Int64Max = std::numeric_limits<qint64>::max();

qint64 floorDiv(qint64 a, qint64 b)
{
    qint64 q = a / b;
    if (a % b != 0 && ((a < 0) != (b < 0)))
        --q;
    return q;
}

qint64 ceilDiv(qint64 a, qint64 b)
{
    return -floorDiv(-a, b);
}

// Ring sizes get a little headroom so that a window exactly as long as a tier's nominal span,
// measured against slightly late polls and a partly filled newest bucket, still fits in it.
qsizetype ringCapacity(qint64 spanNs, qint64 stepNs)
{
    const qint64 entries = qMax<qint64>(1, ceilDiv(qMax<qint64>(spanNs, 1), stepNs));
    return qsizetype(entries + entries / 32 + 2);
}

CounterBucket asBucket(const CounterBucket &bucket)
{
    return bucket;
}

CounterBucket asBucket(const CounterRawEntry &e)
{
    const double dt = double(e.dtNs);
    return CounterBucket{e.timeNs,
                         e.dtNs,
                         e.bytes,
                         e.packets,
                         e.drops,
                         e.overlimits,
                         e.requeues,
                         double(e.backlogBytes) * dt,
                         double(e.backlogPackets) * dt,
                         e.backlogBytes,
                         e.backlogPackets,
                         e.segmentStart};
}

void merge(CounterBucket &into, const CounterBucket &b)
{
    into.timeNs = b.timeNs;
    into.coveredNs += b.coveredNs;
    into.bytes += b.bytes;
    into.packets += b.packets;
    into.drops += b.drops;
    into.overlimits += b.overlimits;
    into.requeues += b.requeues;
    into.backlogBytesNs += b.backlogBytesNs;
    into.backlogPacketsNs += b.backlogPacketsNs;
    into.backlogBytesMax = qMax(into.backlogBytesMax, b.backlogBytesMax);
    into.backlogPacketsMax = qMax(into.backlogPacketsMax, b.backlogPacketsMax);
    into.segmentStart = into.segmentStart || b.segmentStart;
}

RatePoint toPoint(const CounterBucket &b)
{
    RatePoint p;
    p.timeNs = b.timeNs;
    p.coveredNs = b.coveredNs;
    p.backlogBytes = b.backlogBytesMax;
    p.backlogPackets = b.backlogPacketsMax;
    p.segmentStart = b.segmentStart;
    if (b.coveredNs <= 0)
        return p;
    // Multiply before dividing: whole-number rates over whole-number intervals stay exact.
    const double covered = double(b.coveredNs);
    p.bitsPerSec = double(b.bytes) * 8e9 / covered;
    p.packetsPerSec = double(b.packets) * 1e9 / covered;
    p.dropsPerSec = double(b.drops) * 1e9 / covered;
    p.overlimitsPerSec = double(b.overlimits) * 1e9 / covered;
    p.requeuesPerSec = double(b.requeues) * 1e9 / covered;
    p.backlogBytesMean = b.backlogBytesNs / covered;
    p.backlogPacketsMean = b.backlogPacketsNs / covered;
    return p;
}

// First logical index whose timeNs is >= t (entries are strictly increasing in time).
template <typename Ring> qsizetype lowerBound(const Ring &ring, qint64 t)
{
    qsizetype lo = 0;
    qsizetype hi = ring.size();
    while (lo < hi) {
        const qsizetype mid = lo + (hi - lo) / 2;
        if (ring.at(mid).timeNs < t)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

template <typename Ring>
void collectFrom(const Ring &ring, qint64 fromNs, qint64 toNs, int maxPoints, QList<RatePoint> &out)
{
    const qsizetype begin = lowerBound(ring, fromNs);
    const qsizetype end = toNs == Int64Max ? ring.size() : lowerBound(ring, toNs + 1);
    const qsizetype count = end - begin;
    if (count <= 0)
        return;
    if (maxPoints <= 0 || count <= maxPoints) {
        out.reserve(count);
        for (qsizetype i = begin; i < end; ++i)
            out.append(toPoint(asBucket(ring.at(i))));
        return;
    }
    out.reserve(maxPoints);
    if (maxPoints == 1) {
        CounterBucket all = asBucket(ring.at(begin));
        for (qsizetype i = begin + 1; i < end; ++i)
            merge(all, asBucket(ring.at(i)));
        out.append(toPoint(all));
        return;
    }
    // maxPoints is a chart's width, which shows the whole window, so groups are the window
    // divided by it (the data's own span for an open window). Groups are aligned to multiples
    // of their width on the monotonic clock: a scrolling chart asking for the same window
    // length each refresh gets the same samples in the same groups, not a shimmering curve.
    // With width >= span / (maxPoints - 1) the points fall into at most maxPoints groups.
    qint64 span = 0;
    const bool openWindow = fromNs == Int64Min || toNs == Int64Max;
    if (openWindow || qSubOverflow(toNs, fromNs, &span))
        span = ring.at(end - 1).timeNs - ring.at(begin).timeNs;
    const qint64 width = ceilDiv(qMax<qint64>(span, 1), maxPoints - 1);
    CounterBucket group = asBucket(ring.at(begin));
    qint64 groupIndex = floorDiv(group.timeNs, width);
    for (qsizetype i = begin + 1; i < end; ++i) {
        const CounterBucket b = asBucket(ring.at(i));
        const qint64 index = floorDiv(b.timeNs, width);
        if (index != groupIndex) {
            out.append(toPoint(group));
            group = b;
            groupIndex = index;
        } else {
            merge(group, b);
        }
    }
    out.append(toPoint(group));
}

// Modular delta of a 32-bit counter; false when a decrease cannot be a wrap (rule 2).
bool delta32(quint32 before, quint32 after, double wrapLimit, quint32 &delta, bool &wrapped)
{
    delta = after - before;
    if (after >= before)
        return true;
    wrapped = true;
    return double(delta) <= wrapLimit;
}

} // namespace

CounterHistory::CounterHistory(const CounterHistoryConfig &config)
    : m_gapFactor(config.gapFactor > 1.0 ? config.gapFactor : 5.0),
      m_maxBitsPerSec(config.maxBitsPerSec), m_maxEventsPerSec(config.maxEventsPerSec),
      m_packets64(config.packets64)
{
    Q_ASSERT(config.pollIntervalNs > 0);
    setPollIntervalNs(config.pollIntervalNs);
    m_growOnDemand = config.growOnDemand;
    m_detail = config.compact ? Detail::Compact : Detail::Full;
    const qsizetype rawFull = ringCapacity(config.rawSpanNs, m_pollIntervalNs);
    m_rawCapacity[int(Detail::Full)] = rawFull;
    m_rawCapacity[int(Detail::Recent)] = qMin(rawFull, ringCapacity(config.recentRawSpanNs, m_pollIntervalNs));
    m_rawCapacity[int(Detail::Compact)] = qMin(rawFull, ringCapacity(config.compactRawSpanNs, m_pollIntervalNs));
    m_raw.allocate(m_rawCapacity[int(m_detail)], growsOnDemand());
    m_tiers.resize(size_t(config.tiers.size()));
    for (qsizetype i = 0; i < config.tiers.size(); ++i) {
        const CounterTierSpec &spec = config.tiers.at(i);
        // finestTierCovering() walks the tiers in order and takes the first that covers.
        Q_ASSERT(spec.bucketNs > 0);
        Q_ASSERT(i == 0 || spec.bucketNs > config.tiers.at(i - 1).bucketNs);
        Tier &tier = m_tiers[size_t(i)];
        tier.bucketNs = qMax<qint64>(1, spec.bucketNs);
        const qsizetype full = ringCapacity(spec.spanNs, tier.bucketNs);
        const qint64 compactSpan = i < config.compactTierSpansNs.size() ? config.compactTierSpansNs.at(i) : spec.spanNs;
        tier.capacity[int(Detail::Full)] = full;
        tier.capacity[int(Detail::Recent)] = tier.capacity[int(Detail::Compact)] =
            qMin(full, ringCapacity(qMin(compactSpan, spec.spanNs), tier.bucketNs));
        tier.ring.allocate(tier.capacity[int(m_detail)], growsOnDemand());
    }
    clear();
}

void CounterHistory::setDetail(Detail detail)
{
    if (detail == m_detail)
        return;
    m_detail = detail;
    m_raw.resize(m_rawCapacity[int(detail)], growsOnDemand());
    for (Tier &tier : m_tiers)
        tier.ring.resize(tier.capacity[int(detail)], growsOnDemand());
}

void CounterHistory::clear()
{
    m_raw.clear();
    for (Tier &tier : m_tiers) {
        tier.ring.clear();
        tier.bucketEndNs = Int64Min;
    }
    m_base = CounterSample{};
    m_totals = CounterTotals{};
    m_hasBase = false;
    m_segmentPending = true;
}

void CounterHistory::setPollIntervalNs(qint64 intervalNs)
{
    m_pollIntervalNs = qMax<qint64>(1, intervalNs);
    m_gapThresholdNs = qint64(double(m_pollIntervalNs) * m_gapFactor);
}

CounterHistory::AppendResult CounterHistory::append(const CounterSample &sample)
{
    // A packets value beyond 32 bits proves the kernel sends PKT64; decide before comparing.
    if (sample.packets > std::numeric_limits<quint32>::max())
        m_packets64 = true;

    if (!m_hasBase) {
        m_base = sample;
        m_hasBase = true;
        m_segmentPending = true;
        m_totals.samples = 1;
        m_totals.firstTimeNs = m_totals.lastTimeNs = sample.timeNs;
        return AppendResult::First;
    }

    const qint64 dtNs = sample.timeNs - m_base.timeNs;
    if (dtNs <= 0) {
        // Keep the old baseline: the next good sample then spans both and its delta is whole.
        ++m_totals.ignoredSamples;
        return AppendResult::Ignored;
    }
    ++m_totals.samples;
    m_totals.lastTimeNs = sample.timeNs;

    Deltas d;
    const Verdict verdict = classify(m_base, sample, dtNs, d);
    m_base = sample;

    if (verdict == Verdict::Reset) {
        // The new counters started from zero, so their values are what they saw since.
        m_totals.bytes += sample.bytes;
        m_totals.packets += sample.packets;
        m_totals.drops += sample.drops;
        m_totals.overlimits += sample.overlimits;
        m_totals.requeues += sample.requeues;
        ++m_totals.resets;
        m_segmentPending = true;
        return AppendResult::Reset;
    }
    if (verdict == Verdict::Implausible) {
        // How much of the jump is traffic is unknowable; counting none of it is the safe side.
        ++m_totals.implausible;
        m_segmentPending = true;
        return AppendResult::Implausible;
    }

    // The counters stayed consistent over a gap, so its traffic is real even if not drawn.
    m_totals.bytes += d.bytes;
    m_totals.packets += d.packets;
    m_totals.drops += d.drops;
    m_totals.overlimits += d.overlimits;
    m_totals.requeues += d.requeues;
    if (verdict == Verdict::Wrapped)
        ++m_totals.wraps;

    if (dtNs > m_gapThresholdNs) {
        ++m_totals.gaps;
        m_segmentPending = true;
        return AppendResult::Gap;
    }

    record(sample, dtNs, d);
    return verdict == Verdict::Wrapped ? AppendResult::Wrapped : AppendResult::Interval;
}

CounterHistory::Verdict CounterHistory::classify(const CounterSample &before,
                                                 const CounterSample &after, qint64 dtNs,
                                                 Deltas &d) const
{
    // Rule 1 (see the top of this file).
    if (after.bytes < before.bytes)
        return Verdict::Reset;
    d.bytes = after.bytes - before.bytes;

    const double seconds = double(dtNs) * 1e-9;
    const double maxEvents = m_maxEventsPerSec * seconds;
    const double wrapLimit = qMin(double(1u << 31), maxEvents);
    bool wrapped = false;

    if (m_packets64) {
        if (after.packets < before.packets)
            return Verdict::Reset;
        d.packets = after.packets - before.packets;
    } else {
        // Rule 2; a packet carries at least one byte, which bounds a packets wrap further.
        quint32 packets = 0;
        if (!delta32(quint32(before.packets), quint32(after.packets), wrapLimit, packets,
                     wrapped) ||
            (after.packets < before.packets && packets > d.bytes)) {
            return Verdict::Reset;
        }
        d.packets = packets;
    }
    if (!delta32(before.drops, after.drops, wrapLimit, d.drops, wrapped) ||
        !delta32(before.overlimits, after.overlimits, wrapLimit, d.overlimits, wrapped) ||
        !delta32(before.requeues, after.requeues, wrapLimit, d.requeues, wrapped)) {
        return Verdict::Reset;
    }

    // Rule 3.
    if (double(d.bytes) * 8.0 > m_maxBitsPerSec * seconds)
        return Verdict::Implausible;
    const quint64 events =
        qMax(qMax(d.packets, quint64(d.drops)), qMax(quint64(d.overlimits), quint64(d.requeues)));
    if (double(events) > maxEvents)
        return Verdict::Implausible;

    return wrapped ? Verdict::Wrapped : Verdict::Increase;
}

void CounterHistory::record(const CounterSample &sample, qint64 dtNs, const Deltas &d)
{
    CounterRawEntry &e = m_raw.push();
    e.timeNs = sample.timeNs;
    e.dtNs = dtNs;
    e.bytes = d.bytes;
    e.packets = d.packets;
    e.drops = d.drops;
    e.overlimits = d.overlimits;
    e.requeues = d.requeues;
    e.backlogBytes = sample.backlogBytes;
    e.backlogPackets = sample.backlogPackets;
    e.segmentStart = m_segmentPending;
    m_segmentPending = false;

    const double dt = double(dtNs);
    for (Tier &tier : m_tiers) {
        // An interval belongs to the bucket its end falls in; the bucket's rate divides by the
        // intervals' real total length, so it stays an exact average even when intervals
        // straddle bucket edges or a reset leaves part of the bucket uncovered.
        if (sample.timeNs >= tier.bucketEndNs) {
            tier.bucketEndNs = (floorDiv(sample.timeNs, tier.bucketNs) + 1) * tier.bucketNs;
            tier.ring.push();
        }
        CounterBucket &b = tier.ring.back();
        b.timeNs = sample.timeNs;
        b.coveredNs += dtNs;
        b.bytes += d.bytes;
        b.packets += d.packets;
        b.drops += d.drops;
        b.overlimits += d.overlimits;
        b.requeues += d.requeues;
        b.backlogBytesNs += double(sample.backlogBytes) * dt;
        b.backlogPacketsNs += double(sample.backlogPackets) * dt;
        b.backlogBytesMax = qMax(b.backlogBytesMax, sample.backlogBytes);
        b.backlogPacketsMax = qMax(b.backlogPacketsMax, sample.backlogPackets);
        b.segmentStart = b.segmentStart || e.segmentStart;
    }
}

qint64 CounterHistory::coverageStart(int tier) const
{
    if (tier == 0) {
        if (!m_raw.hasDropped())
            return Int64Min;
        const CounterRawEntry &oldest = m_raw.at(0);
        return oldest.timeNs - oldest.dtNs;
    }
    const Tier &t = m_tiers[size_t(tier - 1)];
    if (!t.ring.hasDropped())
        return Int64Min;
    return floorDiv(t.ring.at(0).timeNs, t.bucketNs) * t.bucketNs;
}

int CounterHistory::finestTierCovering(qint64 fromNs) const
{
    // A finer tier that still holds everything since the first sample beats a coarser one.
    for (int tier = 0; tier < tierCount(); ++tier) {
        if (coverageStart(tier) <= fromNs)
            return tier;
    }
    return tierCount() - 1;
}

CounterHistory::TierInfo CounterHistory::tierInfo(int tier) const
{
    TierInfo info;
    if (tier < 0 || tier >= tierCount())
        return info;
    info.coverageStartNs = coverageStart(tier);
    if (tier == 0) {
        info.resolutionNs = m_pollIntervalNs;
        info.capacity = m_raw.capacity();
        info.size = m_raw.size();
    } else {
        const Tier &t = m_tiers[size_t(tier - 1)];
        info.resolutionNs = t.bucketNs;
        info.capacity = t.ring.capacity();
        info.size = t.ring.size();
    }
    return info;
}

void CounterHistory::collect(int tier, qint64 fromNs, qint64 toNs, int maxPoints,
                             RateSeries &out) const
{
    out.points.resize(0); // keeps the capacity
    out.tier = -1;
    out.resolutionNs = 0;
    if (tier < 0 || tier >= tierCount())
        return;
    out.tier = tier;
    out.resolutionNs = tierInfo(tier).resolutionNs;
    if (fromNs > toNs)
        return;
    if (tier == 0)
        collectFrom(m_raw, fromNs, toNs, maxPoints, out.points);
    else
        collectFrom(m_tiers[size_t(tier - 1)].ring, fromNs, toNs, maxPoints, out.points);
}

void CounterHistory::rates(qint64 fromNs, qint64 toNs, int maxPoints, RateSeries &out) const
{
    collect(finestTierCovering(fromNs), fromNs, toNs, maxPoints, out);
}

CounterHistory::RateSeries CounterHistory::rates(qint64 fromNs, qint64 toNs, int maxPoints) const
{
    RateSeries out;
    rates(fromNs, toNs, maxPoints, out);
    return out;
}

CounterHistory::RateSeries CounterHistory::recentRates(qint64 spanNs, int maxPoints) const
{
    if (!m_hasBase)
        return RateSeries{0, m_pollIntervalNs, {}};
    const qint64 to = m_base.timeNs;
    spanNs = qMax<qint64>(0, spanNs);
    const qint64 from = to < Int64Min + spanNs ? Int64Min : to - spanNs;
    return rates(from, to, maxPoints);
}

CounterHistory::RateSeries CounterHistory::ratesInTier(int tier, qint64 fromNs, qint64 toNs,
                                                       int maxPoints) const
{
    RateSeries out;
    collect(tier, fromNs, toNs, maxPoints, out);
    return out;
}

std::optional<RatePoint> CounterHistory::latest() const
{
    if (m_raw.isEmpty())
        return std::nullopt;
    return toPoint(asBucket(m_raw.back()));
}

std::optional<CounterSample> CounterHistory::latestSample() const
{
    if (!m_hasBase)
        return std::nullopt;
    return m_base;
}

qsizetype CounterHistory::memoryBytes() const
{
    qsizetype bytes = qsizetype(sizeof(*this)) + m_raw.storageBytes() +
                      qsizetype(m_tiers.capacity() * sizeof(Tier));
    for (const Tier &tier : m_tiers)
        bytes += tier.ring.storageBytes();
    return bytes;
}

} // namespace qs

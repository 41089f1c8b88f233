#include "stats/counterhistory.h"

#include <QElapsedTimer>
#include <QTest>

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <limits>
#include <map>
#include <new>

#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 33))
#include <malloc.h>
#define QS_HAVE_MALLINFO2 1
#endif

// Every operator new in this process is counted, so the fixed-memory test can prove that
// append() never allocates. Qt containers use malloc directly; mallinfo2() covers those.
namespace {
std::atomic<quint64> g_newCalls{0};
}

void *operator new(std::size_t size)
{
    g_newCalls.fetch_add(1, std::memory_order_relaxed);
    if (void *p = std::malloc(size == 0 ? 1 : size))
        return p;
    throw std::bad_alloc();
}

void operator delete(void *p) noexcept
{
    std::free(p);
}

void operator delete(void *p, std::size_t) noexcept
{
    std::free(p);
}

using qs::CounterHistory;
using qs::CounterHistoryConfig;
using qs::CounterSample;
using qs::RatePoint;
using Result = qs::CounterHistory::AppendResult;

Q_DECLARE_METATYPE(qs::CounterSample)
Q_DECLARE_METATYPE(qs::CounterHistory::AppendResult)

namespace {

constexpr qint64 Ms = 1'000'000;
constexpr qint64 Sec = 1'000'000'000;
// A start on a whole minute keeps bucket edges predictable.
constexpr qint64 T0 = 3600 * Sec;
constexpr quint64 U32 = quint64(1) << 32;

CounterHistoryConfig configWithInterval(qint64 intervalNs)
{
    CounterHistoryConfig config;
    config.pollIntervalNs = intervalNs;
    return config;
}

// Small tiers so a test can fill and overflow all of them quickly.
CounterHistoryConfig smallConfig()
{
    CounterHistoryConfig config;
    config.pollIntervalNs = 100 * Ms;
    config.rawSpanNs = 10 * Sec;
    config.tiers = {qs::CounterTierSpec{1 * Sec, 60 * Sec},
                    qs::CounterTierSpec{10 * Sec, 600 * Sec}};
    return config;
}

// Advances counters the way the kernel does: u32 fields wrap modulo 2^32, packets too unless
// they are 64-bit.
struct Feed
{
    CounterSample s{T0, 0, 0, 0, 0, 0, 0, 0};
    bool packets64 = false;

    CounterSample step(qint64 dtNs, quint64 bytes, quint64 packets, quint32 drops = 0,
                       quint32 overlimits = 0, quint32 requeues = 0)
    {
        s.timeNs += dtNs;
        s.bytes += bytes;
        s.packets = packets64 ? s.packets + packets : quint64(quint32(s.packets + packets));
        s.drops += drops;
        s.overlimits += overlimits;
        s.requeues += requeues;
        return s;
    }
};

int segmentStarts(const QList<RatePoint> &points)
{
    return int(std::count_if(points.cbegin(), points.cend(),
                             [](const RatePoint &p) { return p.segmentStart; }));
}

bool saneRates(const QList<RatePoint> &points, double maxBits, double maxPackets)
{
    for (const RatePoint &p : points) {
        if (p.bitsPerSec < 0 || p.bitsPerSec > maxBits || p.packetsPerSec < 0 ||
            p.packetsPerSec > maxPackets || p.dropsPerSec < 0 || p.dropsPerSec > maxPackets ||
            p.overlimitsPerSec < 0 || p.requeuesPerSec < 0)
            return false;
    }
    return true;
}

CounterSample makeSample(qint64 t, quint64 bytes, quint64 packets, quint32 drops = 0,
                         quint32 overlimits = 0, quint32 requeues = 0)
{
    return CounterSample{t, bytes, packets, drops, overlimits, requeues, 0, 0};
}

constexpr qint64 AllTime = std::numeric_limits<qint64>::max();
constexpr qint64 NoStart = std::numeric_limits<qint64>::min();

} // namespace

class TstCounterHistory : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void constantRate_data();
    void constantRate();
    void realTimestampsNotNominal();
    void counterReset_data();
    void counterReset();
    void classification_data();
    void classification();
    void wrapGivesRightRate_data();
    void wrapGivesRightRate();
    void bytesDecreaseIsReset();
    void badTimestamps();
    void longGap_data();
    void longGap();
    void downsampledTiers_data();
    void downsampledTiers();
    void downsampledSegmentMarker();
    void windowChoosesTier_data();
    void windowChoosesTier();
    void youngHistoryUsesFinestTier();
    void maxPoints_data();
    void maxPoints();
    void fixedMemoryAfterTenMillionSamples();
    void growOnDemandCostsWhatIsRecorded();
    void compactHistoryIsBoundedAndStillDraws();
    void detailFollowsWhatIsLookedAt();
    void emptyAndClear();
};

void TstCounterHistory::constantRate_data()
{
    QTest::addColumn<qint64>("intervalNs");
    QTest::addColumn<quint64>("bytes");
    QTest::addColumn<quint64>("packets");
    QTest::addColumn<quint32>("drops");
    QTest::addColumn<quint32>("overlimits");
    QTest::addColumn<quint32>("requeues");

    QTest::newRow("100 ms, 10 Mbit/s")
        << 100 * Ms << quint64(125'000) << quint64(100) << 3u << 5u << 1u;
    QTest::newRow("250 ms") << 250 * Ms << quint64(1'000'000) << quint64(700) << 0u << 40u << 0u;
    QTest::newRow("1 s") << 1 * Sec << quint64(12'500'000'000) << quint64(1'000'000) << 17u << 0u
                         << 2u;
    QTest::newRow("10 ms") << 10 * Ms << quint64(1500) << quint64(1) << 0u << 0u << 0u;
    QTest::newRow("37 ms, odd") << 37 * Ms << quint64(4321) << quint64(9) << 1u << 2u << 3u;
    QTest::newRow("idle") << 100 * Ms << quint64(0) << quint64(0) << 0u << 0u << 0u;
}

void TstCounterHistory::constantRate()
{
    QFETCH(qint64, intervalNs);
    QFETCH(quint64, bytes);
    QFETCH(quint64, packets);
    QFETCH(quint32, drops);
    QFETCH(quint32, overlimits);
    QFETCH(quint32, requeues);

    CounterHistory history(configWithInterval(intervalNs));
    Feed feed;
    QCOMPARE(history.append(feed.s), Result::First);
    const int intervals = 300;
    for (int i = 0; i < intervals; ++i)
        QCOMPARE(history.append(feed.step(intervalNs, bytes, packets, drops, overlimits, requeues)),
                 Result::Interval);

    const double seconds = double(intervalNs) / 1e9;
    const double bits = double(bytes) * 8 / seconds;
    const double pps = double(packets) / seconds;
    const auto series = history.rates(NoStart, AllTime);
    QCOMPARE(series.tier, 0);
    QCOMPARE(series.points.size(), intervals);
    QCOMPARE(segmentStarts(series.points), 1);
    QVERIFY(series.points.first().segmentStart);
    for (const RatePoint &p : series.points) {
        QCOMPARE(p.bitsPerSec, bits);
        QCOMPARE(p.packetsPerSec, pps);
        QCOMPARE(p.dropsPerSec, double(drops) / seconds);
        QCOMPARE(p.overlimitsPerSec, double(overlimits) / seconds);
        QCOMPARE(p.requeuesPerSec, double(requeues) / seconds);
        QCOMPARE(p.coveredNs, intervalNs);
    }
    // Every downsampled tier averages a constant rate to the same constant.
    for (int tier = 1; tier < history.tierCount(); ++tier) {
        const auto coarse = history.ratesInTier(tier, NoStart, AllTime);
        QVERIFY(!coarse.points.isEmpty());
        for (const RatePoint &p : coarse.points) {
            QCOMPARE(p.bitsPerSec, bits);
            QCOMPARE(p.packetsPerSec, pps);
        }
    }

    const auto latest = history.latest();
    QVERIFY(latest);
    QCOMPARE(latest->timeNs, feed.s.timeNs);
    QCOMPARE(latest->bitsPerSec, bits);
    QCOMPARE(history.latestSample()->bytes, feed.s.bytes);

    const auto totals = history.totals();
    QCOMPARE(totals.bytes, bytes * intervals);
    QCOMPARE(totals.packets, packets * intervals);
    QCOMPARE(totals.drops, quint64(drops) * intervals);
    QCOMPARE(totals.overlimits, quint64(overlimits) * intervals);
    QCOMPARE(totals.requeues, quint64(requeues) * intervals);
    QCOMPARE(totals.samples, quint64(intervals + 1));
    QCOMPARE(totals.resets, quint64(0));
    QCOMPARE(totals.gaps, quint64(0));
    QCOMPARE(totals.firstTimeNs, T0);
    QCOMPARE(totals.lastTimeNs, feed.s.timeNs);
}

void TstCounterHistory::realTimestampsNotNominal()
{
    // Late and early polls: bytes proportional to the real interval is a constant rate.
    CounterHistory history;
    Feed feed;
    history.append(feed.s);
    const qint64 jitterMs[] = {90, 110, 100, 130, 70, 101, 99, 250, 20, 1};
    for (const qint64 ms : jitterMs)
        QCOMPARE(history.append(feed.step(ms * Ms, quint64(ms) * 1000, quint64(ms))),
                 Result::Interval);
    const auto points = history.rates(NoStart, AllTime).points;
    QCOMPARE(points.size(), qsizetype(std::size(jitterMs)));
    for (const RatePoint &p : points) {
        QCOMPARE(p.bitsPerSec, 8e6);
        QCOMPARE(p.packetsPerSec, 1000.0);
    }
    // 1000 bytes that arrived in 130 ms are 61538.46… bit/s, not 80000 as a nominal 100 ms
    // would make them.
    history.append(feed.step(130 * Ms, 1000, 1));
    QCOMPARE(history.latest()->bitsPerSec, 8000.0 / 0.13);
}

void TstCounterHistory::counterReset_data()
{
    QTest::addColumn<CounterSample>("afterReset");

    QTest::newRow("to zero") << makeSample(0, 0, 0);
    QTest::newRow("to small values") << makeSample(0, 3000, 2, 1, 0, 0);
    QTest::newRow("bytes lower, rest higher")
        << makeSample(0, 50'000, 4'000'000, 900'000, 900'000, 900'000);
}

void TstCounterHistory::counterReset()
{
    QFETCH(CounterSample, afterReset);

    CounterHistory history;
    Feed feed;
    feed.s = makeSample(T0, 5'000'000, 100'000, 10'000, 20'000, 30);
    history.append(feed.s);
    for (int i = 0; i < 20; ++i)
        history.append(feed.step(100 * Ms, 125'000, 100, 1, 2, 0));
    const quint64 bytesBefore = history.totals().bytes;

    afterReset.timeNs = feed.s.timeNs + 100 * Ms;
    QCOMPARE(history.append(afterReset), Result::Reset);
    feed.s = afterReset;
    for (int i = 0; i < 20; ++i)
        QCOMPARE(history.append(feed.step(100 * Ms, 125'000, 100, 1, 2, 0)), Result::Interval);

    const auto points = history.rates(NoStart, AllTime).points;
    QCOMPARE(points.size(), 40); // the reset interval itself has no rate
    QVERIFY(saneRates(points, 10e6, 1000));
    QCOMPARE(segmentStarts(points), 2);
    QVERIFY(points.at(20).segmentStart);
    QCOMPARE(points.at(20).timeNs, afterReset.timeNs + 100 * Ms);
    for (const RatePoint &p : points)
        QCOMPARE(p.bitsPerSec, 10e6);

    const auto totals = history.totals();
    QCOMPARE(totals.resets, quint64(1));
    QCOMPARE(totals.wraps, quint64(0));
    QCOMPARE(totals.bytes, bytesBefore + afterReset.bytes + 20 * 125'000);
}

void TstCounterHistory::classification_data()
{
    QTest::addColumn<CounterSample>("before");
    QTest::addColumn<CounterSample>("after");
    QTest::addColumn<bool>("packets64");
    QTest::addColumn<qint64>("pollNs");
    QTest::addColumn<Result>("expected");

    const qint64 t1 = T0 + 100 * Ms;
    const quint32 nearTop = 0xFFFFFF00u;
    auto row = [](const char *name, const CounterSample &before, const CounterSample &after,
                  Result expected, bool packets64 = false, qint64 pollNs = 100 * Ms) {
        QTest::newRow(name) << before << after << packets64 << pollNs << expected;
    };

    row("plain increase", makeSample(T0, 1000, 10, 1, 1, 1), makeSample(t1, 2000, 20, 2, 2, 2),
        Result::Interval);
    row("unchanged", makeSample(T0, 1000, 10, 1, 1, 1), makeSample(t1, 1000, 10, 1, 1, 1),
        Result::Interval);
    // Wraps: a small modular delta, bytes still rising.
    row("drops wrap", makeSample(T0, 1000, 10, nearTop), makeSample(t1, 2000, 20, 0x100),
        Result::Wrapped);
    row("overlimits wrap", makeSample(T0, 1000, 10, 0, nearTop), makeSample(t1, 2000, 20, 0, 5),
        Result::Wrapped);
    row("requeues wrap", makeSample(T0, 1000, 10, 0, 0, nearTop), makeSample(t1, 2000, 20, 0, 0, 7),
        Result::Wrapped);
    row("packets u32 wrap", makeSample(T0, 1000, nearTop), makeSample(t1, 1'000'000, 0x200),
        Result::Wrapped);
    row("packets wrap just under the 2e9/s bound", makeSample(T0, 0, U32 - 99'000'000),
        makeSample(t1, 10'000'000'000, 100'000'000), Result::Wrapped);
    row("drops wrap over a 4 s poll, delta under 2^31", makeSample(T0, 1000, 10, 3'000'000'000u),
        makeSample(T0 + 4 * Sec, 2000, 20, 10), Result::Wrapped, false, 1 * Sec);
    // Resets where bytes did not go down: the modular reading is implausible.
    row("drops fall near zero", makeSample(T0, 1000, 10, 1'000'000), makeSample(t1, 2000, 20, 5),
        Result::Reset);
    row("overlimits halve", makeSample(T0, 1000, 10, 0, 3'000'000'000u),
        makeSample(t1, 2000, 20, 0, 1'500'000'000u), Result::Reset);
    row("wrap faster than 2e9 events/s", makeSample(T0, 1000, 10, 0xF0000000u),
        makeSample(t1, 2000, 20, 0x10000000u), Result::Reset);
    row("drops fall over a 4 s poll, delta above 2^31", makeSample(T0, 1000, 10, 2'000'000'000u),
        makeSample(T0 + 4 * Sec, 2000, 20, 10), Result::Reset, false, 1 * Sec);
    row("packets wrap exceeding bytes delta", makeSample(T0, 1000, nearTop),
        makeSample(t1, 1100, 0x200), Result::Reset);
    // u64 bytes going down is always a reset, even if everything else looks like a wrap.
    row("bytes down by one", makeSample(T0, 1000, 10, 1, 1, 1), makeSample(t1, 999, 20, 2, 2, 2),
        Result::Reset);
    row("bytes down, drops wrap-like", makeSample(T0, 1'000'000, 10, nearTop),
        makeSample(t1, 10, 20, 0x10), Result::Reset);
    // 64-bit packets.
    row("declared u64 packets: wrap-like decrease", makeSample(T0, 1000, nearTop),
        makeSample(t1, 1'000'000, 0x200), Result::Reset, true);
    row("packets above 2^32 detect u64", makeSample(T0, 1000, 5'000'000'000),
        makeSample(t1, 1'000'000, 4'999'999'000), Result::Reset);
    row("packets cross 2^32 as u64", makeSample(T0, 1000, U32 - 16),
        makeSample(t1, 1'000'000, U32 + 16), Result::Interval);
    // No huge positive spike either.
    row("implausible byte jump", makeSample(T0, 1000, 10), makeSample(t1, 100'000'000'000'000, 20),
        Result::Implausible);
    row("implausible drop jump", makeSample(T0, 1000, 10, 0),
        makeSample(t1, 2000, 20, 1'000'000'000u), Result::Implausible);
}

void TstCounterHistory::classification()
{
    QFETCH(CounterSample, before);
    QFETCH(CounterSample, after);
    QFETCH(bool, packets64);
    QFETCH(qint64, pollNs);
    QFETCH(Result, expected);

    CounterHistory history(configWithInterval(pollNs));
    history.setPackets64(packets64);
    QCOMPARE(history.append(before), Result::First);
    QCOMPARE(history.append(after), expected);

    const bool recorded = expected == Result::Interval || expected == Result::Wrapped;
    const auto points = history.rates(NoStart, AllTime).points;
    QCOMPARE(points.size(), recorded ? 1 : 0);
    if (recorded)
        QVERIFY(saneRates(points, 1e12, 2e9));
    const auto totals = history.totals();
    QCOMPARE(totals.resets, quint64(expected == Result::Reset ? 1 : 0));
    QCOMPARE(totals.implausible, quint64(expected == Result::Implausible ? 1 : 0));
    QCOMPARE(totals.wraps, quint64(expected == Result::Wrapped ? 1 : 0));
    // A reset counts the new counters from zero; an implausible jump counts nothing.
    const quint64 bytes = recorded                    ? after.bytes - before.bytes
                          : expected == Result::Reset ? after.bytes
                                                      : 0;
    const quint64 drops = recorded                    ? quint32(after.drops - before.drops)
                          : expected == Result::Reset ? after.drops
                                                      : 0;
    QCOMPARE(totals.bytes, bytes);
    QCOMPARE(totals.drops, drops);
}

void TstCounterHistory::wrapGivesRightRate_data()
{
    QTest::addColumn<QString>("field");
    QTest::newRow("drops") << QStringLiteral("drops");
    QTest::newRow("overlimits") << QStringLiteral("overlimits");
    QTest::newRow("requeues") << QStringLiteral("requeues");
    QTest::newRow("packets") << QStringLiteral("packets");
}

void TstCounterHistory::wrapGivesRightRate()
{
    QFETCH(QString, field);

    CounterHistory history;
    Feed feed;
    const quint32 start = quint32(U32 - 3500); // wraps during the fourth interval
    if (field == u"drops")
        feed.s.drops = start;
    else if (field == u"overlimits")
        feed.s.overlimits = start;
    else if (field == u"requeues")
        feed.s.requeues = start;
    else
        feed.s.packets = start;
    history.append(feed.s);

    const quint32 per = 1000;
    const bool isPackets = field == u"packets";
    int wrapped = 0;
    for (int i = 0; i < 10; ++i) {
        const auto result = history.append(
            feed.step(100 * Ms, 1'500'000, isPackets ? per : 1, field == u"drops" ? per : 0,
                      field == u"overlimits" ? per : 0, field == u"requeues" ? per : 0));
        QVERIFY(result == Result::Interval || result == Result::Wrapped);
        wrapped += result == Result::Wrapped;
    }
    QCOMPARE(wrapped, 1);

    const auto points = history.rates(NoStart, AllTime).points;
    QCOMPARE(points.size(), 10);
    QCOMPARE(segmentStarts(points), 1);
    for (const RatePoint &p : points) {
        const double value = field == u"drops"        ? p.dropsPerSec
                             : field == u"overlimits" ? p.overlimitsPerSec
                             : field == u"requeues"   ? p.requeuesPerSec
                                                      : p.packetsPerSec;
        QCOMPARE(value, 10'000.0);
    }
    const auto totals = history.totals();
    const quint64 total = field == u"drops"        ? totals.drops
                          : field == u"overlimits" ? totals.overlimits
                          : field == u"requeues"   ? totals.requeues
                                                   : totals.packets;
    QCOMPARE(total, quint64(10 * per));
    QCOMPARE(totals.wraps, quint64(1));
    QCOMPARE(totals.resets, quint64(0));
    // The wrap is inside one second bucket; the bucket average is unaffected.
    for (const RatePoint &p : history.ratesInTier(1, NoStart, AllTime).points)
        QVERIFY(qAbs((isPackets ? p.packetsPerSec
                                : p.dropsPerSec + p.overlimitsPerSec + p.requeuesPerSec) -
                     10'000.0) < 1e-6);
}

void TstCounterHistory::bytesDecreaseIsReset()
{
    CounterHistory history;
    Feed feed;
    feed.s.bytes = 10'000'000'000;
    feed.s.drops = 0xFFFFFFF0u;
    history.append(feed.s);
    for (int i = 0; i < 5; ++i)
        history.append(feed.step(100 * Ms, 125'000, 100));
    // Every u32 counter grew a little, drops even "wrapped" plausibly, but bytes fell by 1.
    CounterSample down = feed.s;
    down.timeNs += 100 * Ms;
    down.bytes -= 1;
    down.packets += 100;
    down.drops = 0x20;
    down.overlimits += 1;
    QCOMPARE(history.append(down), Result::Reset);
    feed.s = down;
    history.append(feed.step(100 * Ms, 125'000, 100));

    const auto points = history.rates(NoStart, AllTime).points;
    QCOMPARE(points.size(), 6);
    QVERIFY(saneRates(points, 10e6, 1000));
    QVERIFY(points.last().segmentStart);
    QCOMPARE(points.last().bitsPerSec, 10e6);
    QCOMPARE(points.last().dropsPerSec, 0.0);
    QCOMPARE(history.totals().resets, quint64(1));
}

void TstCounterHistory::badTimestamps()
{
    CounterHistory history;
    QCOMPARE(history.append(makeSample(T0, 0, 0)), Result::First);
    QCOMPARE(history.append(makeSample(T0 + 100 * Ms, 1000, 1)), Result::Interval);
    QCOMPARE(history.append(makeSample(T0 + 100 * Ms, 1500, 2)), Result::Ignored);
    QCOMPARE(history.append(makeSample(T0 + 50 * Ms, 1700, 3)), Result::Ignored);
    QCOMPARE(history.append(makeSample(T0 - 10 * Sec, 0, 0)), Result::Ignored);
    QCOMPARE(history.append(makeSample(T0 + 200 * Ms, 2000, 4)), Result::Interval);

    const auto points = history.rates(NoStart, AllTime).points;
    QCOMPARE(points.size(), 2);
    // The second interval runs from the last accepted sample (100 ms, 1000 B).
    QCOMPARE(points.at(1).bitsPerSec, 80'000.0);
    QCOMPARE(points.at(1).packetsPerSec, 30.0);
    QCOMPARE(points.at(1).coveredNs, 100 * Ms);
    QVERIFY(!points.at(1).segmentStart);
    QCOMPARE(history.totals().ignoredSamples, quint64(3));
    QCOMPARE(history.totals().samples, quint64(3));
    QCOMPARE(history.totals().bytes, quint64(2000));
}

void TstCounterHistory::longGap_data()
{
    QTest::addColumn<qint64>("gapNs");
    QTest::addColumn<Result>("expected");

    QTest::newRow("4.9 intervals") << 490 * Ms << Result::Interval;
    QTest::newRow("5 intervals") << 500 * Ms << Result::Interval;
    QTest::newRow("5 intervals + 1 ns") << 500 * Ms + 1 << Result::Gap;
    QTest::newRow("1 h pause") << 3600 * Sec << Result::Gap;
}

void TstCounterHistory::longGap()
{
    QFETCH(qint64, gapNs);
    QFETCH(Result, expected);

    CounterHistory history;
    Feed feed;
    history.append(feed.s);
    for (int i = 0; i < 10; ++i)
        history.append(feed.step(100 * Ms, 1000, 1));
    QCOMPARE(history.append(feed.step(gapNs, 77'777, 7)), expected);
    const qint64 gapEnd = feed.s.timeNs;
    for (int i = 0; i < 10; ++i)
        history.append(feed.step(100 * Ms, 1000, 1));

    const auto points = history.rates(NoStart, AllTime).points;
    const bool gap = expected == Result::Gap;
    QCOMPARE(points.size(), gap ? 20 : 21);
    QCOMPARE(segmentStarts(points), gap ? 2 : 1);
    QCOMPARE(points.at(10).timeNs, gap ? gapEnd + 100 * Ms : gapEnd);
    QCOMPARE(points.at(10).segmentStart, gap);
    QCOMPARE(history.totals().gaps, quint64(gap ? 1 : 0));
    // The traffic during the gap is real, only not drawn.
    QCOMPARE(history.totals().bytes, quint64(20 * 1000 + 77'777));
    // Nothing but the finer tiers' own structure: no bucket rate mixes in the gap interval.
    for (int tier = 1; tier < history.tierCount(); ++tier) {
        const auto coarse = history.ratesInTier(tier, NoStart, AllTime).points;
        qint64 covered = 0;
        for (const RatePoint &p : coarse)
            covered += p.coveredNs;
        QCOMPARE(covered, gap ? 20 * 100 * Ms : 20 * 100 * Ms + gapNs);
    }
}

void TstCounterHistory::downsampledTiers_data()
{
    QTest::addColumn<bool>("jitter");
    QTest::newRow("regular 100 ms") << false;
    QTest::newRow("jittered, straddling bucket edges") << true;
}

void TstCounterHistory::downsampledTiers()
{
    QFETCH(bool, jitter);

    CounterHistory history; // 1 s and 1 min tiers
    Feed feed;
    feed.s.backlogBytes = 0;
    history.append(feed.s);

    // Expected per-second buckets, following the documented rule: an interval belongs to the
    // bucket its end falls in.
    struct Expect
    {
        quint64 bytes = 0;
        quint64 packets = 0;
        qint64 covered = 0;
        quint32 maxBacklog = 0;
        double backlogNs = 0;
    };
    std::map<qint64, Expect> perSecond;
    Expect all;
    const qint64 jitterMs[] = {70, 130, 100, 90, 110, 45, 155, 100};
    for (int i = 0; i < 125; ++i) {
        const qint64 dt = (jitter ? jitterMs[i % 8] : 100) * Ms;
        const quint64 bytes = 1000 * quint64(i % 7 + 1);
        const quint64 packets = quint64(i % 3 + 1);
        feed.step(dt, bytes, packets);
        feed.s.backlogBytes = i == 37 ? 999'999u : quint32(i * 10);
        feed.s.backlogPackets = i == 37 ? 700u : quint32(i);
        QVERIFY(history.append(feed.s) == Result::Interval);
        Expect &e = perSecond[feed.s.timeNs / Sec];
        for (Expect *x : {&e, &all}) {
            x->bytes += bytes;
            x->packets += packets;
            x->covered += dt;
            x->maxBacklog = qMax(x->maxBacklog, feed.s.backlogBytes);
            x->backlogNs += double(feed.s.backlogBytes) * double(dt);
        }
    }

    const auto seconds = history.ratesInTier(1, NoStart, AllTime);
    QCOMPARE(seconds.resolutionNs, Sec);
    QCOMPARE(seconds.points.size(), qsizetype(perSecond.size()));
    auto it = perSecond.cbegin();
    bool sawSpike = false;
    for (const RatePoint &p : seconds.points) {
        QCOMPARE(p.timeNs / Sec, it->first);
        QCOMPARE(p.coveredNs, it->second.covered);
        QCOMPARE(p.bitsPerSec, double(it->second.bytes) * 8e9 / double(it->second.covered));
        QCOMPARE(p.packetsPerSec, double(it->second.packets) * 1e9 / double(it->second.covered));
        QCOMPARE(p.backlogBytes, it->second.maxBacklog);
        QCOMPARE(p.backlogBytesMean, it->second.backlogNs / double(it->second.covered));
        sawSpike = sawSpike || (p.backlogBytes == 999'999u && p.backlogPackets == 700u);
        ++it;
    }
    QVERIFY(sawSpike);

    const auto minutes = history.ratesInTier(2, NoStart, AllTime);
    QCOMPARE(minutes.points.size(), 1);
    const RatePoint &m = minutes.points.first();
    QCOMPARE(m.coveredNs, all.covered);
    QCOMPARE(m.bitsPerSec, double(all.bytes) * 8e9 / double(all.covered));
    QCOMPARE(m.packetsPerSec, double(all.packets) * 1e9 / double(all.covered));
    QCOMPARE(m.backlogBytes, 999'999u);
    QCOMPARE(m.backlogPackets, 700u);
    QVERIFY(qAbs(m.backlogBytesMean - all.backlogNs / double(all.covered)) < 1e-6);
}

void TstCounterHistory::downsampledSegmentMarker()
{
    CounterHistory history;
    Feed feed;
    history.append(feed.s);
    for (int i = 0; i < 15; ++i) // buckets T0 and T0+1 s
        history.append(feed.step(100 * Ms, 10'000, 10));
    // Reset at T0+1.6 s, inside the second bucket.
    feed.s = makeSample(feed.s.timeNs + 100 * Ms, 0, 0);
    QCOMPARE(history.append(feed.s), Result::Reset);
    for (int i = 0; i < 20; ++i)
        history.append(feed.step(100 * Ms, 10'000, 10));

    const auto points = history.ratesInTier(1, NoStart, AllTime).points;
    QCOMPARE(points.size(), 4);
    QVERIFY(points.at(0).segmentStart); // history start
    QVERIFY(points.at(1).segmentStart); // the reset
    QVERIFY(!points.at(2).segmentStart);
    QVERIFY(!points.at(3).segmentStart);
    // The reset interval is not part of the average, so the rate stays exact.
    for (const RatePoint &p : points)
        QCOMPARE(p.bitsPerSec, 800'000.0);
    QCOMPARE(points.at(1).coveredNs, 900 * Ms);
}

void TstCounterHistory::windowChoosesTier_data()
{
    QTest::addColumn<qint64>("windowNs");
    QTest::addColumn<int>("expectedTier");

    QTest::newRow("5 s") << 5 * Sec << 0;
    QTest::newRow("10 s, the raw span") << 10 * Sec << 0;
    QTest::newRow("20 s") << 20 * Sec << 1;
    QTest::newRow("60 s, the 1 s tier span") << 60 * Sec << 1;
    QTest::newRow("90 s") << 90 * Sec << 2;
    QTest::newRow("600 s, the 10 s tier span") << 600 * Sec << 2;
    QTest::newRow("2000 s, beyond every tier") << 2000 * Sec << 2;
}

void TstCounterHistory::windowChoosesTier()
{
    QFETCH(qint64, windowNs);
    QFETCH(int, expectedTier);

    CounterHistory history(smallConfig());
    Feed feed;
    history.append(feed.s);
    for (int i = 0; i < 10'000; ++i) // 1000 s, more than every tier holds
        history.append(feed.step(100 * Ms, 12'500, 10, 0, 0, 0));
    for (int tier = 0; tier < history.tierCount(); ++tier)
        QVERIFY(history.tierInfo(tier).coverageStartNs > NoStart);

    const qint64 to = feed.s.timeNs;
    const qint64 from = to - windowNs;
    QCOMPARE(history.finestTierCovering(from), expectedTier);
    const auto series = history.recentRates(windowNs);
    QCOMPARE(series.tier, expectedTier);
    QCOMPARE(series.resolutionNs, history.tierInfo(expectedTier).resolutionNs);
    QVERIFY(!series.points.isEmpty());
    for (const RatePoint &p : series.points) {
        QVERIFY(p.timeNs >= from && p.timeNs <= to);
        QCOMPARE(p.bitsPerSec, 1e6);
    }
    QCOMPARE(series.points.last().timeNs, to);
    // A covering tier really reaches back to the window start.
    if (expectedTier < history.tierCount() - 1 || windowNs <= 600 * Sec)
        QVERIFY(series.points.first().timeNs - series.points.first().coveredNs <=
                from + series.resolutionNs);
    // The explicit-window form agrees.
    const auto same = history.rates(from, to);
    QCOMPARE(same.tier, expectedTier);
    QCOMPARE(same.points.size(), series.points.size());
}

void TstCounterHistory::youngHistoryUsesFinestTier()
{
    // Before any ring dropped data the raw tier holds everything, so even a 24 h window of a
    // 3 s old history comes at full resolution.
    CounterHistory history(smallConfig());
    Feed feed;
    history.append(feed.s);
    for (int i = 0; i < 30; ++i)
        history.append(feed.step(100 * Ms, 1000, 1));
    const auto series = history.recentRates(86'400 * Sec);
    QCOMPARE(series.tier, 0);
    QCOMPARE(series.points.size(), 30);
    QCOMPARE(history.tierInfo(0).coverageStartNs, NoStart);
}

void TstCounterHistory::maxPoints_data()
{
    QTest::addColumn<int>("maxPoints");
    QTest::newRow("1") << 1;
    QTest::newRow("2") << 2;
    QTest::newRow("7") << 7;
    QTest::newRow("200") << 200;
    QTest::newRow("2998") << 2998;
    QTest::newRow("no merge needed") << 5000;
}

void TstCounterHistory::maxPoints()
{
    QFETCH(int, maxPoints);

    CounterHistory history;
    Feed feed;
    history.append(feed.s);
    for (int i = 0; i < 3000; ++i) {
        if (i == 1500) { // a reset half way
            feed.s = makeSample(feed.s.timeNs + 100 * Ms, 0, 0);
            QCOMPARE(history.append(feed.s), Result::Reset);
            continue;
        }
        feed.step(100 * Ms, 125'000, 100);
        feed.s.backlogBytes = i == 2222 ? 5'000'000u : 1000u;
        history.append(feed.s);
    }

    const auto full = history.recentRates(300 * Sec);
    QCOMPARE(full.tier, 0);
    QCOMPARE(full.points.size(), 2999);
    const auto series = history.recentRates(300 * Sec, maxPoints);
    QCOMPARE(series.tier, 0);
    QVERIFY(series.points.size() <= maxPoints);
    QVERIFY(series.points.size() >= qMin(maxPoints, 2999) / 2);
    qint64 covered = 0;
    quint32 maxBacklog = 0;
    for (const RatePoint &p : series.points) {
        QCOMPARE(p.bitsPerSec, 10e6);
        QCOMPARE(p.packetsPerSec, 1000.0);
        covered += p.coveredNs;
        maxBacklog = qMax(maxBacklog, p.backlogBytes);
    }
    QCOMPARE(covered, 2999 * 100 * Ms);
    QCOMPARE(maxBacklog, 5'000'000u);
    QCOMPARE(series.points.last().timeNs, feed.s.timeNs);
    // The reset survives merging, unless one group also holds the history's start.
    if (maxPoints <= 2)
        QVERIFY(segmentStarts(series.points) >= 1);
    else
        QCOMPARE(segmentStarts(series.points), 2);

    // The reusing overload gives the same answer and keeps its storage.
    CounterHistory::RateSeries reused;
    reused.points.reserve(5000);
    const auto *storage = reused.points.constData();
    history.rates(feed.s.timeNs - 300 * Sec, feed.s.timeNs, maxPoints, reused);
    QCOMPARE(reused.points.size(), series.points.size());
    QCOMPARE(reused.points.constData(), storage);
}

void TstCounterHistory::fixedMemoryAfterTenMillionSamples()
{
    CounterHistory history; // the default: 5 min raw, 1 s for 1 h, 1 min for 24 h
    Feed feed;
    const quint32 backlogs[] = {0, 1500, 3000, 1500};

    auto feedOne = [&](qint64 i) {
        feed.step(100 * Ms, 125'000, 1000, 7, 3, 0);
        feed.s.backlogBytes = backlogs[i & 3];
        feed.s.backlogPackets = backlogs[i & 3] / 1500;
        return history.append(feed.s);
    };

    history.append(feed.s);
    for (qint64 i = 1; i < 10; ++i)
        feedOne(i);
    const qsizetype memoryAfterTen = history.memoryBytes();
    QList<qsizetype> capacities;
    for (int tier = 0; tier < history.tierCount(); ++tier)
        capacities.append(history.tierInfo(tier).capacity);

    constexpr qint64 Samples = 10'000'000;
    QElapsedTimer timer;
    timer.start();
#ifdef QS_HAVE_MALLINFO2
    const size_t heapBefore = mallinfo2().uordblks;
#endif
    const quint64 newCallsBefore = g_newCalls.load();
    quint64 unexpected = 0;
    for (qint64 i = 10; i < Samples; ++i) {
        const Result r = feedOne(i);
        unexpected += r != Result::Interval && r != Result::Wrapped;
    }
    const quint64 newCalls = g_newCalls.load() - newCallsBefore;
#ifdef QS_HAVE_MALLINFO2
    const size_t heapAfter = mallinfo2().uordblks;
#endif
    const qint64 appendMs = timer.elapsed();

    QCOMPARE(unexpected, quint64(0));
    // The probe must see allocations for its zero to mean anything.
    const quint64 probeNew = g_newCalls.load();
    ::operator delete(::operator new(64)); // a call, unlike a new-expression, is never elided
    QVERIFY(g_newCalls.load() > probeNew);
    QCOMPARE(newCalls, quint64(0));
#ifdef QS_HAVE_MALLINFO2
    // Qt containers allocate with malloc, which operator new does not see. Sanitizers replace
    // malloc and leave mallinfo2() blind, so only trust it when it sees a test allocation.
    const size_t probeHeap = mallinfo2().uordblks;
    const QList<qint64> probeList(100'000, 1);
    if (mallinfo2().uordblks > probeHeap)
        QCOMPARE(heapAfter, heapBefore);
#endif
    QCOMPARE(history.memoryBytes(), memoryAfterTen);
    for (int tier = 0; tier < history.tierCount(); ++tier) {
        QCOMPARE(history.tierInfo(tier).capacity, capacities.at(tier));
        QCOMPARE(history.tierInfo(tier).size, capacities.at(tier)); // full, overwriting
    }
    const auto totals = history.totals();
    QCOMPARE(totals.samples, quint64(Samples));
    QCOMPARE(totals.bytes, quint64(Samples - 1) * 125'000);
    QCOMPARE(totals.packets, quint64(Samples - 1) * 1000); // wrapped u32 twice
    QVERIFY(totals.wraps >= 2);
    QCOMPARE(totals.resets, quint64(0));

    timer.restart();
    const auto day = history.recentRates(86'400 * Sec);
    QCOMPARE(day.tier, 2);
    QCOMPARE(day.resolutionNs, 60 * Sec);
    QVERIFY(day.points.size() >= 1440 && day.points.size() <= 1442);
    for (const RatePoint &p : day.points) {
        QCOMPARE(p.bitsPerSec, 10e6);
        QCOMPARE(p.packetsPerSec, 10'000.0);
        QCOMPARE(p.dropsPerSec, 70.0);
        QCOMPARE(p.backlogBytes, 3000u);
        QCOMPARE(p.backlogBytesMean, 1500.0);
        QVERIFY(!p.segmentStart);
    }
    const auto dayChart = history.recentRates(86'400 * Sec, 800);
    QVERIFY(dayChart.points.size() <= 800 && dayChart.points.size() >= 700);
    const qint64 queryUs = timer.nsecsElapsed() / 1000;

    QCOMPARE(history.recentRates(3600 * Sec).tier, 1);
    QCOMPARE(history.recentRates(3600 * Sec).points.size(), 3601);
    QCOMPARE(history.recentRates(300 * Sec).tier, 0);
    QCOMPARE(history.recentRates(300 * Sec).points.size(), 3001);
    QCOMPARE(history.recentRates(30 * Sec).tier, 0);
    QCOMPARE(history.memoryBytes(), memoryAfterTen);
    qInfo("10^7 appends: %lld ms; 24 h queries: %lld us; memoryBytes: %lld", qlonglong(appendMs),
          qlonglong(queryUs), qlonglong(memoryAfterTen));
}

void TstCounterHistory::growOnDemandCostsWhatIsRecorded()
{
    // The same history as the default, its rings taking storage only as samples come: after a
    // minute it costs about a minute of samples, after 24 h what the preallocated one costs.
    const qsizetype preallocated = CounterHistory().memoryBytes();
    CounterHistoryConfig config;
    config.growOnDemand = true;
    CounterHistory history(config);
    const qsizetype empty = history.memoryBytes();
    QVERIFY2(empty < 1024, qPrintable(QString::number(empty)));
    Feed feed;
    history.append(feed.s);
    for (int i = 0; i < 600; ++i)
        history.append(feed.step(100 * Ms, 125'000, 100));
    const qsizetype minute = history.memoryBytes();
    // 600 raw entries, 60 + 1 buckets: a few tens of kilobytes (vectors grow by doubling).
    QVERIFY2(minute < 2 * (600 * qsizetype(sizeof(qs::detail::CounterRawEntry)) + 64 * qsizetype(sizeof(qs::detail::CounterBucket)) * 2) + 1024,
             qPrintable(QString::number(minute)));
    QVERIFY(minute < preallocated / 8);
    for (qint64 i = 0; i < 25 * 36'000; ++i)
        history.append(feed.step(100 * Ms, 125'000, 100));
    QVERIFY2(history.memoryBytes() <= preallocated, qPrintable(QString::number(history.memoryBytes())));
    for (int tier = 0; tier < history.tierCount(); ++tier) {
        QCOMPARE(history.tierInfo(tier).capacity, CounterHistory().tierInfo(tier).capacity);
        QCOMPARE(history.tierInfo(tier).size, history.tierInfo(tier).capacity); // full, overwriting
    }
    const qsizetype day = history.memoryBytes();
    for (int i = 0; i < 10'000; ++i)
        history.append(feed.step(100 * Ms, 125'000, 100));
    QCOMPARE(history.memoryBytes(), day); // full rings no longer grow
    QCOMPARE(history.recentRates(86'400 * Sec).tier, 2);
    for (const RatePoint &p : history.recentRates(300 * Sec).points)
        QCOMPARE(p.bitsPerSec, 10e6);
}

void TstCounterHistory::compactHistoryIsBoundedAndStillDraws()
{
    // A node nobody looks at: a few kilobytes however long it is polled, and still its latest
    // rate and a 30 s sparkline (from the 1 s tier).
    CounterHistoryConfig config;
    config.growOnDemand = true;
    config.compact = true;
    CounterHistory history(config);
    QCOMPARE(history.detail(), CounterHistory::Detail::Compact);
    Feed feed;
    history.append(feed.s);
    // Its few kilobytes are taken at once, even with growOnDemand: a window polling 50 000
    // such nodes keeps the same memory from the first minute on.
    const qsizetype atFirst = history.memoryBytes();
    qsizetype most = 0;
    for (qint64 i = 0; i < 36'000; ++i) { // one hour at 100 ms
        history.append(feed.step(100 * Ms, i % 2 ? 100'000 : 150'000, 100));
        most = qMax(most, history.memoryBytes());
    }
    QCOMPARE(most, atFirst);
    const qsizetype bound = 8 * 1024;
    QVERIFY2(most <= bound, qPrintable(QString::number(most)));
    QVERIFY(most * 50 < CounterHistory().memoryBytes());
    QCOMPARE(history.tierInfo(0).size, history.tierInfo(0).capacity);
    QVERIFY(history.tierInfo(0).capacity <= 25);

    const std::optional<RatePoint> latest = history.latest();
    QVERIFY(latest);
    QCOMPARE(latest->bitsPerSec, 8.0 * 100'000 * 10); // the last interval, at full resolution
    const auto sparkline = history.recentRates(30 * Sec);
    QCOMPARE(sparkline.tier, 1);
    QVERIFY2(sparkline.points.size() >= 30 && sparkline.points.size() <= 31, qPrintable(QString::number(sparkline.points.size())));
    for (qsizetype i = 1; i + 1 < sparkline.points.size(); ++i) // whole buckets: the exact mean
        QCOMPARE(sparkline.points.at(i).bitsPerSec, 8.0 * 125'000 * 10);
    const auto quarter = history.recentRates(900 * Sec);
    QCOMPARE(quarter.tier, 2);
    QVERIFY(quarter.points.size() >= 15 && quarter.points.size() <= 16);
    // What it no longer holds it does not pretend to: an hour reaches back 15 minutes only.
    const auto hour = history.recentRates(3600 * Sec);
    QVERIFY(hour.points.size() <= 17);
    QCOMPARE(history.totals().bytes, quint64(18'000) * 250'000);
}

void TstCounterHistory::detailFollowsWhatIsLookedAt()
{
    // Two nodes polled alike: one shown all along, one hidden, then shown (charted), then
    // hidden again. Shown, it records at full resolution from then on on top of what its
    // compact tiers kept; hidden again, it shrinks back to the compact bound.
    CounterHistoryConfig config;
    config.growOnDemand = true;
    CounterHistory shown(config);
    config.compact = true;
    CounterHistory hidden(config);
    Feed feed;
    shown.append(feed.s);
    hidden.append(feed.s);
    const auto step = [&] {
        const CounterSample s = feed.step(100 * Ms, 125'000, 100);
        shown.append(s);
        hidden.append(s);
    };
    for (int i = 0; i < 6000; ++i) // 10 min
        step();
    const qsizetype compactBytes = hidden.memoryBytes();
    QVERIFY(shown.memoryBytes() > 20 * compactBytes);
    QCOMPARE(shown.recentRates(300 * Sec).tier, 0);
    QCOMPARE(hidden.recentRates(300 * Sec).tier, 2); // beyond the 40 s of the 1 s tier

    hidden.setDetail(CounterHistory::Detail::Full);
    QCOMPARE(hidden.detail(), CounterHistory::Detail::Full);
    for (int i = 0; i < 600; ++i) // 1 min, now at full resolution
        step();
    const auto lastMinute = hidden.recentRates(60 * Sec);
    QCOMPARE(lastMinute.tier, 0);
    QCOMPARE(lastMinute.points.size(), shown.recentRates(60 * Sec).points.size());
    for (const RatePoint &p : lastMinute.points)
        QCOMPARE(p.bitsPerSec, 10e6);
    // Older data comes from what the compact tiers held, at their resolution.
    const auto tenMinutes = hidden.recentRates(600 * Sec);
    QCOMPARE(tenMinutes.tier, 2);
    QVERIFY(!tenMinutes.points.isEmpty());
    for (const RatePoint &p : tenMinutes.points)
        QVERIFY(qAbs(p.bitsPerSec - 10e6) < 1);
    QVERIFY(hidden.memoryBytes() > compactBytes);

    hidden.setDetail(CounterHistory::Detail::Compact);
    QVERIFY2(hidden.memoryBytes() <= compactBytes, qPrintable(QStringLiteral("%1 > %2").arg(hidden.memoryBytes()).arg(compactBytes)));
    step();
    QCOMPARE(hidden.latest()->bitsPerSec, 10e6);
    QCOMPARE(hidden.recentRates(30 * Sec).tier, 1);
    QCOMPARE(hidden.totals().bytes, shown.totals().bytes);
    // A full, preallocated history switched to compact gives its storage back too.
    CounterHistory eager;
    const qsizetype eagerBytes = eager.memoryBytes();
    eager.setDetail(CounterHistory::Detail::Compact);
    QVERIFY(eager.memoryBytes() * 20 < eagerBytes);
    eager.setDetail(CounterHistory::Detail::Full);
    QCOMPARE(eager.memoryBytes(), eagerBytes);
}

void TstCounterHistory::emptyAndClear()
{
    CounterHistory history;
    const qsizetype memory = history.memoryBytes();
    QVERIFY(!history.latest());
    QVERIFY(!history.latestSample());
    QVERIFY(history.rates(NoStart, AllTime).points.isEmpty());
    QVERIFY(history.recentRates(60 * Sec).points.isEmpty());
    QVERIFY(history.rates(T0 + 5, T0).points.isEmpty());
    QCOMPARE(history.ratesInTier(99, NoStart, AllTime).tier, -1);

    Feed feed;
    history.append(feed.s);
    QVERIFY(!history.latest()); // one sample has no rate yet
    QCOMPARE(history.latestSample()->timeNs, T0);
    for (int i = 0; i < 100; ++i)
        history.append(feed.step(100 * Ms, 1000, 1));
    QVERIFY(history.latest());
    QVERIFY(history.rates(feed.s.timeNs + 1, AllTime).points.isEmpty());
    QCOMPARE(history.rates(T0 + 200 * Ms, T0 + 500 * Ms).points.size(), 4);

    history.clear();
    QVERIFY(!history.latest());
    QVERIFY(!history.latestSample());
    QCOMPARE(history.totals().samples, quint64(0));
    QVERIFY(history.rates(NoStart, AllTime).points.isEmpty());
    QCOMPARE(history.memoryBytes(), memory);
    // Counters lower than before the clear are a fresh start, not a reset.
    QCOMPARE(history.append(makeSample(T0, 0, 0)), Result::First);
    QCOMPARE(history.append(makeSample(T0 + 100 * Ms, 10, 1)), Result::Interval);
}

QTEST_GUILESS_MAIN(TstCounterHistory)
#include "tst_counterhistory.moc"

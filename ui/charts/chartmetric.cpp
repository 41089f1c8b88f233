#include "chartmetric.h"

#include <array>

namespace qs {

namespace {

struct Prefix
{
    double divisor;
    const char16_t *name;
};

// The largest prefix whose divisor does not exceed the maximum: 20e6 bit/s reads "20 Mbit/s".
template <size_t N> MetricUnit pick(const std::array<Prefix, N> &prefixes, double maxValue)
{
    const Prefix *chosen = &prefixes.front();
    for (const Prefix &p : prefixes) {
        if (maxValue >= p.divisor)
            chosen = &p;
    }
    return MetricUnit{chosen->divisor, QString::fromUtf16(chosen->name)};
}

} // namespace

QList<ChartMetric> allChartMetrics()
{
    return {ChartMetric::Throughput,   ChartMetric::Packets,        ChartMetric::Drops,
            ChartMetric::BacklogBytes, ChartMetric::BacklogPackets, ChartMetric::Overlimits};
}

QString chartMetricTitle(ChartMetric metric)
{
    switch (metric) {
    case ChartMetric::Throughput:
        return QStringLiteral("Throughput");
    case ChartMetric::Packets:
        return QStringLiteral("Packets");
    case ChartMetric::Drops:
        return QStringLiteral("Drops");
    case ChartMetric::BacklogBytes:
        return QStringLiteral("Backlog (bytes)");
    case ChartMetric::BacklogPackets:
        return QStringLiteral("Backlog (packets)");
    case ChartMetric::Overlimits:
        return QStringLiteral("Overlimits");
    }
    return {};
}

double chartMetricValue(ChartMetric metric, const RatePoint &point)
{
    switch (metric) {
    case ChartMetric::Throughput:
        return point.bitsPerSec;
    case ChartMetric::Packets:
        return point.packetsPerSec;
    case ChartMetric::Drops:
        return point.dropsPerSec;
    case ChartMetric::BacklogBytes:
        return double(point.backlogBytes);
    case ChartMetric::BacklogPackets:
        return double(point.backlogPackets);
    case ChartMetric::Overlimits:
        return point.overlimitsPerSec;
    }
    return 0;
}

MetricUnit chartMetricUnit(ChartMetric metric, double maxValue)
{
    switch (metric) {
    case ChartMetric::Throughput: {
        static constexpr std::array<Prefix, 5> bits{{{1, u"bit/s"},
                                                     {1e3, u"kbit/s"},
                                                     {1e6, u"Mbit/s"},
                                                     {1e9, u"Gbit/s"},
                                                     {1e12, u"Tbit/s"}}};
        return pick(bits, maxValue);
    }
    case ChartMetric::Packets: {
        static constexpr std::array<Prefix, 3> packets{
            {{1, u"packets/s"}, {1e3, u"k packets/s"}, {1e6, u"M packets/s"}}};
        return pick(packets, maxValue);
    }
    case ChartMetric::Drops: {
        static constexpr std::array<Prefix, 3> drops{
            {{1, u"drops/s"}, {1e3, u"k drops/s"}, {1e6, u"M drops/s"}}};
        return pick(drops, maxValue);
    }
    case ChartMetric::BacklogBytes: {
        static constexpr std::array<Prefix, 3> bytes{
            {{1, u"bytes"}, {1024.0, u"KiB"}, {1024.0 * 1024.0, u"MiB"}}};
        return pick(bytes, maxValue);
    }
    case ChartMetric::BacklogPackets: {
        static constexpr std::array<Prefix, 2> packets{{{1, u"packets"}, {1e3, u"k packets"}}};
        return pick(packets, maxValue);
    }
    case ChartMetric::Overlimits: {
        static constexpr std::array<Prefix, 3> events{
            {{1, u"overlimits/s"}, {1e3, u"k overlimits/s"}, {1e6, u"M overlimits/s"}}};
        return pick(events, maxValue);
    }
    }
    return {};
}

} // namespace qs

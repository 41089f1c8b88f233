#include "chartmetric.h"

#include <QCoreApplication>

#include <array>

namespace qs {

namespace {

// The unit names below are marked with QT_TRANSLATE_NOOP in this context.
QString translatedUnit(const char *text)
{
    return QCoreApplication::translate("qs::ChartMetric", text);
}

struct Prefix
{
    double divisor;
    const char *name; ///< marked with QT_TRANSLATE_NOOP, translated when picked
};

// The largest prefix whose divisor does not exceed the maximum: 20e6 bit/s reads "20 Mbit/s".
template <size_t N> MetricUnit pick(const std::array<Prefix, N> &prefixes, double maxValue)
{
    const Prefix *chosen = &prefixes.front();
    for (const Prefix &p : prefixes) {
        if (maxValue >= p.divisor)
            chosen = &p;
    }
    return MetricUnit{chosen->divisor, translatedUnit(chosen->name)};
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
        return QCoreApplication::translate("qs::ChartMetric", "Throughput");
    case ChartMetric::Packets:
        //: chart of packets per second
        return QCoreApplication::translate("qs::ChartMetric", "Packets");
    case ChartMetric::Drops:
        return QCoreApplication::translate("qs::ChartMetric", "Drops");
    case ChartMetric::BacklogBytes:
        return QCoreApplication::translate("qs::ChartMetric", "Backlog (bytes)");
    case ChartMetric::BacklogPackets:
        return QCoreApplication::translate("qs::ChartMetric", "Backlog (packets)");
    case ChartMetric::Overlimits:
        //: chart of how often a shaper held packets back (tc's "overlimits" counter)
        return QCoreApplication::translate("qs::ChartMetric", "Overlimits");
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
    // Unit symbols on the value axis; translated when one is picked.
    switch (metric) {
    case ChartMetric::Throughput: {
        static constexpr std::array<Prefix, 5> bits{{
            //: value axis unit: bits per second (SI prefixes follow)
            {1, QT_TRANSLATE_NOOP("qs::ChartMetric", "bit/s")},
            {1e3, QT_TRANSLATE_NOOP("qs::ChartMetric", "kbit/s")},
            {1e6, QT_TRANSLATE_NOOP("qs::ChartMetric", "Mbit/s")},
            {1e9, QT_TRANSLATE_NOOP("qs::ChartMetric", "Gbit/s")},
            {1e12, QT_TRANSLATE_NOOP("qs::ChartMetric", "Tbit/s")},
        }};
        return pick(bits, maxValue);
    }
    case ChartMetric::Packets: {
        static constexpr std::array<Prefix, 3> packets{{
            {1, QT_TRANSLATE_NOOP("qs::ChartMetric", "packets/s")},
            //: value axis unit: thousands of packets per second
            {1e3, QT_TRANSLATE_NOOP("qs::ChartMetric", "k packets/s")},
            //: value axis unit: millions of packets per second
            {1e6, QT_TRANSLATE_NOOP("qs::ChartMetric", "M packets/s")},
        }};
        return pick(packets, maxValue);
    }
    case ChartMetric::Drops: {
        static constexpr std::array<Prefix, 3> drops{{
            {1, QT_TRANSLATE_NOOP("qs::ChartMetric", "drops/s")},
            {1e3, QT_TRANSLATE_NOOP("qs::ChartMetric", "k drops/s")},
            {1e6, QT_TRANSLATE_NOOP("qs::ChartMetric", "M drops/s")},
        }};
        return pick(drops, maxValue);
    }
    case ChartMetric::BacklogBytes: {
        static constexpr std::array<Prefix, 3> bytes{{
            {1, QT_TRANSLATE_NOOP("qs::ChartMetric", "bytes")},
            //: value axis unit: 1024 bytes
            {1024.0, QT_TRANSLATE_NOOP("qs::ChartMetric", "KiB")},
            //: value axis unit: 1024 × 1024 bytes
            {1024.0 * 1024.0, QT_TRANSLATE_NOOP("qs::ChartMetric", "MiB")},
        }};
        return pick(bytes, maxValue);
    }
    case ChartMetric::BacklogPackets: {
        static constexpr std::array<Prefix, 2> packets{{
            {1, QT_TRANSLATE_NOOP("qs::ChartMetric", "packets")},
            {1e3, QT_TRANSLATE_NOOP("qs::ChartMetric", "k packets")},
        }};
        return pick(packets, maxValue);
    }
    case ChartMetric::Overlimits: {
        static constexpr std::array<Prefix, 3> events{{
            //: value axis unit: tc's "overlimits" counter per second
            {1, QT_TRANSLATE_NOOP("qs::ChartMetric", "overlimits/s")},
            {1e3, QT_TRANSLATE_NOOP("qs::ChartMetric", "k overlimits/s")},
            {1e6, QT_TRANSLATE_NOOP("qs::ChartMetric", "M overlimits/s")},
        }};
        return pick(events, maxValue);
    }
    }
    return {};
}

} // namespace qs

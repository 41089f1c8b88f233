#pragma once

#include "stats/counterhistory.h"

#include <QList>
#include <QString>

namespace qs {

/** What a chart plots for each node. */
enum class ChartMetric {
    Throughput,     ///< bit/s
    Packets,        ///< packets/s
    Drops,          ///< drops/s
    BacklogBytes,   ///< bytes queued (the maximum over each point)
    BacklogPackets, ///< packets queued (the maximum over each point)
    Overlimits,     ///< overlimits/s
};

/** A display unit: plotted value = base value / divisor. */
struct MetricUnit
{
    double divisor = 1.0;
    QString name; ///< "Mbit/s", "KiB", "k drops/s"
};

/** Every metric, in the order the panel offers them. */
QList<ChartMetric> allChartMetrics();
/** "Throughput", "Backlog (bytes)", … */
QString chartMetricTitle(ChartMetric metric);
/** The metric's value in its base unit (bit/s, packets/s, bytes, …). */
double chartMetricValue(ChartMetric metric, const RatePoint &point);
/**
 * The unit the axis shows for values up to @p maxValue (base unit): tc's decimal prefixes
 * for rates (kbit = 1000 bit), binary ones for queued bytes, as `tc -s` prints backlog.
 */
MetricUnit chartMetricUnit(ChartMetric metric, double maxValue);

} // namespace qs

#pragma once

#include "historysource.h"

#include <QList>
#include <QStringList>

#include <functional>

class QIODevice;

namespace qs {

/** What one CSV export covers. */
struct ChartCsvRequest
{
    QList<quint64> keys;
    QStringList labels; ///< one per key; the node column
    qint64 fromNs = 0;  ///< CLOCK_MONOTONIC, like CounterSample::timeNs
    qint64 toNs = 0;
    /** Maps a monotonic time to milliseconds since the epoch for the time column. */
    std::function<double(qint64 monotonicNs)> toWallMs;
};

/**
 * Writes the rates of @p request's nodes as tidy CSV: one row per node and point, one column
 * per metric, at the finest resolution the histories hold for the window (no merging):
 *
 *     time,node,interval_s,bits_per_s,packets_per_s,drops_per_s,overlimits_per_s,backlog_bytes,backlog_packets
 *     2024-05-02T13:04:05.123Z,class 1:10,0.100,20001234,1700.5,0,12.0,3028,2
 *
 * time is the end of the point's interval in UTC (ISO 8601, ms); interval_s is the time the
 * rates average over; backlogs are the maximum over the point. Rows come node by node, oldest
 * first. Returns false when @p device cannot be written.
 */
bool writeChartCsv(QIODevice &device, const HistorySource &source, const ChartCsvRequest &request);

} // namespace qs

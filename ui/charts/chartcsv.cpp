#include "chartcsv.h"

#include <QDateTime>
#include <QIODevice>

namespace qs {

namespace {

// RFC 4180: a field holding a comma, quote or line break is quoted, quotes doubled.
QByteArray csvField(const QString &text)
{
    QByteArray field = text.toUtf8();
    if (field.contains(',') || field.contains('"') || field.contains('\n') ||
        field.contains('\r')) {
        field.replace("\"", "\"\"");
        field = '"' + field + '"';
    }
    return field;
}

QByteArray number(double value, int decimals)
{
    return QByteArray::number(value, 'f', decimals);
}

} // namespace

bool writeChartCsv(QIODevice &device, const HistorySource &source, const ChartCsvRequest &request)
{
    QByteArray text = "time,node,interval_s,bits_per_s,packets_per_s,drops_per_s,"
                      "overlimits_per_s,backlog_bytes,backlog_packets\n";
    CounterHistory::RateSeries series;
    for (qsizetype i = 0; i < request.keys.size(); ++i) {
        const CounterHistory *history = source.history(request.keys.at(i));
        if (!history)
            continue;
        const QByteArray node = csvField(request.labels.value(i));
        history->rates(request.fromNs, request.toNs, 0, series);
        for (const RatePoint &p : std::as_const(series.points)) {
            const qint64 wallMs = qint64(request.toWallMs(p.timeNs));
            text += QDateTime::fromMSecsSinceEpoch(wallMs, Qt::UTC)
                        .toString(Qt::ISODateWithMs)
                        .toLatin1();
            text += ',' + node + ',' + number(double(p.coveredNs) / 1e9, 3) + ',' +
                    number(p.bitsPerSec, 0) + ',' + number(p.packetsPerSec, 1) + ',' +
                    number(p.dropsPerSec, 1) + ',' + number(p.overlimitsPerSec, 1) + ',' +
                    QByteArray::number(p.backlogBytes) + ',' +
                    QByteArray::number(p.backlogPackets) + '\n';
        }
    }
    return device.write(text) == text.size();
}

} // namespace qs

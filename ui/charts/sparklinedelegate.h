#pragma once

#include "historysource.h"

#include <QPolygonF>
#include <QStyledItemDelegate>

namespace qs {

/**
 * Paints a node's throughput over the last 30 s as a small line in a view column. The node
 * comes from the index's StatsKeyRole (Qt::UserRole + 3, a nodeStatsKey(); 0 paints nothing),
 * its history from the source (usually the StatsPoller; connect its sampled() signal to the
 * view's viewport update). Each line scales to its own peak so a 10 kbit/s class shows as
 * much shape as a 10 Gbit/s one. Colors come from the palette, so dark themes work.
 *
 * paint() reuses one rate buffer and one polygon: no allocation per paint once warm.
 */
class SparklineDelegate : public QStyledItemDelegate
{
    Q_OBJECT

public:
    /** The tree model's StatsKeyRole. */
    static constexpr int StatsKeyRole = Qt::UserRole + 3;
    /** How far back the line reaches. */
    static constexpr qint64 SpanNs = 30'000'000'000;

    /** @p source is not owned and must outlive the delegate (a StatsPoller fits). */
    explicit SparklineDelegate(const HistorySource *source, QObject *parent = nullptr);

    void paint(QPainter *painter, const QStyleOptionViewItem &option,
               const QModelIndex &index) const override;
    QSize sizeHint(const QStyleOptionViewItem &option, const QModelIndex &index) const override;

private:
    const HistorySource *m_source;
    mutable CounterHistory::RateSeries m_rates;
    mutable QPolygonF m_line;
};

} // namespace qs

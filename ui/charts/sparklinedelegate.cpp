#include "sparklinedelegate.h"

#include <QPainter>

#include <algorithm>

namespace qs {

namespace {

// An idle node would otherwise scale a few bytes of ARP to full height.
constexpr double MinimumPeakBitsPerSec = 8'000;

} // namespace

SparklineDelegate::SparklineDelegate(const HistorySource *source, QObject *parent)
    : QStyledItemDelegate(parent), m_source(source)
{
}

QSize SparklineDelegate::sizeHint(const QStyleOptionViewItem &option,
                                  const QModelIndex &index) const
{
    QSize size = QStyledItemDelegate::sizeHint(option, index);
    size.setWidth(std::max(size.width(), 96));
    return size;
}

void SparklineDelegate::paint(QPainter *painter, const QStyleOptionViewItem &option,
                              const QModelIndex &index) const
{
    // Background, selection and focus as every other cell (and any text the model gives).
    QStyledItemDelegate::paint(painter, option, index);

    const quint64 key = index.data(StatsKeyRole).toULongLong();
    const CounterHistory *history = key && m_source ? m_source->history(key) : nullptr;
    if (!history)
        return;
    const std::optional<CounterSample> latest = history->latestSample();
    if (!latest)
        return;
    const QRectF area = QRectF(option.rect).adjusted(3, 3, -3, -3);
    if (area.width() < 4 || area.height() < 4)
        return;

    const qint64 endNs = latest->timeNs;
    const qint64 fromNs = endNs - SpanNs;
    history->rates(fromNs, endNs, int(area.width()), m_rates);
    if (m_rates.points.isEmpty())
        return;
    double peak = MinimumPeakBitsPerSec;
    for (const RatePoint &p : std::as_const(m_rates.points))
        peak = std::max(peak, p.bitsPerSec);

    const double xScale = area.width() / double(SpanNs);
    const double yScale = area.height() / peak;
    m_line.resize(0); // keeps its capacity
    for (const RatePoint &p : std::as_const(m_rates.points))
        m_line.append(QPointF(area.left() + double(p.timeNs - fromNs) * xScale,
                              area.bottom() - p.bitsPerSec * yScale));

    const bool selected = option.state & QStyle::State_Selected;
    const QPalette::ColorGroup group =
        option.state & QStyle::State_Enabled ? QPalette::Normal : QPalette::Disabled;
    const QColor color =
        option.palette.color(group, selected ? QPalette::HighlightedText : QPalette::Highlight);

    painter->save();
    painter->setRenderHint(QPainter::Antialiasing);
    painter->setPen(QPen(color, 1.0)); // 1 px: the raster engine's fast stroker, 50 rows at 10 Hz
    // A reset or polling gap breaks the line instead of bridging it.
    const QList<RatePoint> &points = m_rates.points;
    qsizetype start = 0;
    for (qsizetype i = 1; i <= points.size(); ++i) {
        if (i == points.size() || points.at(i).segmentStart) {
            if (i - start > 1)
                painter->drawPolyline(m_line.constData() + start, int(i - start));
            start = i;
        }
    }
    painter->restore();
}

} // namespace qs

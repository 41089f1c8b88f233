#include "axisfit.h"

#include <QFontMetricsF>

#include <array>
#include <cmath>

namespace qs::AxisFit {

int labelsThatFit(qreal length, qreal extent)
{
    if (!(extent > 0))
        return 1;
    return std::max(1, int(std::floor(length / (extent + LabelMargin))));
}

double thinnedInterval(double span, double base, qreal length, qreal labelWidth)
{
    // Multiples that land on round numbers of seconds and minutes (5, 10, 15, 30 s; 1, 2, 5 min).
    constexpr std::array<int, 8> Multiples{1, 2, 3, 6, 10, 12, 30, 60};
    const int room = labelsThatFit(length, labelWidth);
    for (const int multiple : Multiples) {
        const double interval = base * multiple;
        // Ticks at every interval from one end to the other, both ends included.
        if (int(std::floor(span / interval + 1e-9)) + 1 <= room)
            return interval;
    }
    return base * Multiples.back();
}

qreal widest(const QFont &font, const QStringList &texts)
{
    const QFontMetricsF metrics(font);
    qreal width = 0;
    for (const QString &text : texts)
        width = std::max(width, metrics.horizontalAdvance(text));
    return width;
}

QString fittingTitle(const QFont &font, const QStringList &titles, qreal length)
{
    const QFontMetricsF metrics(font);
    for (const QString &title : titles) {
        if (metrics.horizontalAdvance(title) + LabelMargin <= length)
            return title;
    }
    return titles.isEmpty() ? QString() : titles.last();
}

} // namespace qs::AxisFit

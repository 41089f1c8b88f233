#pragma once

#include <QRectF>
#include <QString>
#include <QtGlobal>

namespace qs {

/** A labelled vertical line on a chart, as RateChart::markers() reports it. */
struct ChartMarker
{
    qint64 timeMs = 0; ///< wall clock, ms since the epoch
    QString label;
    bool visible = false; ///< inside the window the last draw() showed
    bool labelShown = false; ///< its label is drawn (left out where it would cover another)
    QRectF labelRect;        ///< where the label is, in the chart's scene coordinates
};

} // namespace qs

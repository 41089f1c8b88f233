#pragma once

#include <QString>
#include <QtGlobal>

namespace qs {

/** A labelled vertical line on a chart, as RateChart::markers() reports it. */
struct ChartMarker
{
    qint64 timeMs = 0; ///< wall clock, ms since the epoch
    QString label;
    bool visible = false; ///< inside the window the last draw() showed
};

} // namespace qs

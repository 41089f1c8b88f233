#pragma once

#include <QList>
#include <QString>
#include <QtGlobal>

namespace qs {

/** How far back a chart reaches. */
enum class TimeWindow {
    Seconds30, ///< full resolution (100 ms polls)
    Minutes5,  ///< full resolution, merged to the chart's width
    Hour1,     ///< the 1 s tier of CounterHistory, merged to the chart's width
};

/** How a chart draws one TimeWindow. */
struct TimeWindowSpec
{
    qint64 spanNs = 0;
    /**
     * How often the chart redraws while live. A 5 min window moves 0.3 px per 100 ms on a
     * 1000 px chart, so redrawing it at 10 Hz would buy nothing visible.
     */
    int refreshMs = 100;
    double unitMs = 1000;    ///< the time axis counts in this unit (seconds or minutes)
    QString unitName;        ///< "s", "min"
    double tickInterval = 5; ///< time-axis ticks, in units
    QString referenceFormat; ///< QDateTime format of the moment the axis counts back from
    QString label;           ///< "30 s", "5 min", "1 h"
};

/** Every window, shortest first. */
QList<TimeWindow> allTimeWindows();
TimeWindowSpec timeWindowSpec(TimeWindow window);

} // namespace qs

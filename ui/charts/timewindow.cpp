#include "timewindow.h"

#include <QCoreApplication>

namespace qs {

QList<TimeWindow> allTimeWindows()
{
    return {TimeWindow::Seconds30, TimeWindow::Minutes5, TimeWindow::Hour1};
}

TimeWindowSpec timeWindowSpec(TimeWindow window)
{
    constexpr qint64 Second = 1'000'000'000;
    switch (window) {
    // The unit follows the numbers of the time axis' tick labels; the label names the button.
    case TimeWindow::Seconds30:
        return {30 * Second, 100, 1000,
                //: time axis unit after each tick label: seconds
                QCoreApplication::translate("qs::TimeWindow", "s"), 5, QStringLiteral("hh:mm:ss"),
                //: chart button: show the last 30 seconds
                QCoreApplication::translate("qs::TimeWindow", "30 s")};
    case TimeWindow::Minutes5:
        return {300 * Second, 250, 60'000,
                //: time axis unit after each tick label: minutes
                QCoreApplication::translate("qs::TimeWindow", "min"), 1, QStringLiteral("hh:mm:ss"),
                //: chart button: show the last 5 minutes
                QCoreApplication::translate("qs::TimeWindow", "5 min")};
    case TimeWindow::Hour1:
        return {3600 * Second, 1000, 60'000, QCoreApplication::translate("qs::TimeWindow", "min"),
                10, QStringLiteral("hh:mm:ss"),
                //: chart button: show the last hour
                QCoreApplication::translate("qs::TimeWindow", "1 h")};
    }
    return {};
}

} // namespace qs

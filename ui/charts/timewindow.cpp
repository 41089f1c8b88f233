#include "timewindow.h"

namespace qs {

QList<TimeWindow> allTimeWindows()
{
    return {TimeWindow::Seconds30, TimeWindow::Minutes5, TimeWindow::Hour1};
}

TimeWindowSpec timeWindowSpec(TimeWindow window)
{
    constexpr qint64 Second = 1'000'000'000;
    switch (window) {
    case TimeWindow::Seconds30:
        return {30 * Second,           100, 1000,
                QStringLiteral("s"),   5,   QStringLiteral("hh:mm:ss"),
                QStringLiteral("30 s")};
    case TimeWindow::Minutes5:
        return {300 * Second,           250, 60'000,
                QStringLiteral("min"),  1,   QStringLiteral("hh:mm:ss"),
                QStringLiteral("5 min")};
    case TimeWindow::Hour1:
        return {3600 * Second,         1000, 60'000,
                QStringLiteral("min"), 10,   QStringLiteral("hh:mm:ss"),
                QStringLiteral("1 h")};
    }
    return {};
}

} // namespace qs

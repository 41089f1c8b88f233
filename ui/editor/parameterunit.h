#pragma once

#include <QCoreApplication>
#include <QList>
#include <QString>

namespace qs {

/** What a parameter measures; decides the units offered and how values are rounded. */
enum class Quantity {
    Time,    ///< base unit µs (get_time())
    Rate,    ///< base unit bytes/s, as the model and the kernel hold rates
    Size,    ///< base unit bytes; tc's kb/mb are 1024-based
    Percent, ///< base unit %, a double; the only non-integral quantity
    Count,   ///< packets, bands, seconds, …: one unit named by the parameter
};

/**
 * One entry of a unit selector: its name as tc spells it and how many base units it holds.
 * Changing the unit only changes how the spin box shows the value.
 */
struct ParameterUnit
{
    QString name;      ///< "ms", "kbit", "kb", "%", "packets"
    double factor = 1; ///< base units in one of this unit (1000 for ms; 125 for kbit in bytes/s)
    int decimals = 0;  ///< enough to show every base-unit value exactly
    bool autoPick =
        true; ///< considered when a unit is chosen for a value (kbps is offered, never chosen)
    QString toolTip;

    /**
     * The units of @p quantity, smallest first. @p countUnit names the one unit of a Count
     * ("packets"); the other quantities ignore it.
     */
    static QList<ParameterUnit> unitsFor(Quantity quantity, const QString &countUnit = {});
    /**
     * The index in @p units that reads best for @p value: the largest unit in which the value is
     * at least 1 and needs at most three decimals ("1.5 ms", "32 kb", but "1514 b") and at most
     * seven significant digits; failing that the largest in which it is at least 1 (a ramp's
     * 35732112 bit/s reads "35.73 mbit", see readable()); @p fallback for 0.
     */
    static int bestUnitFor(const QList<ParameterUnit> &units, double value, int fallback);
    /**
     * @p shown (a value in this unit) as the spin box shows it: exact when that takes at most
     * seven significant digits, else rounded to four (never to fewer than whole units).
     */
    double readable(double shown) const;

    // Last: it ends in "private:", and the fields above stay public for aggregate initialisation.
    Q_DECLARE_TR_FUNCTIONS(qs::ParameterUnit)
};

} // namespace qs

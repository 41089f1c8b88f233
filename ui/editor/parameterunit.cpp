#include "parameterunit.h"

#include <algorithm>
#include <cmath>

namespace qs {

QList<ParameterUnit> ParameterUnit::unitsFor(Quantity quantity, const QString &countUnit)
{
    // The names are tc's own unit tokens (machine text); the tool tips say what they mean.
    switch (quantity) {
    case Quantity::Time:
        return {{QStringLiteral("µs"), 1, 0, true, tr("microseconds")},
                {QStringLiteral("ms"), 1e3, 3, true, tr("milliseconds")},
                {QStringLiteral("s"), 1e6, 6, true, tr("seconds")}};
    case Quantity::Rate:
        // tc's SI rate units (kbit = 1000 bit/s); the "bps" ones are bytes per second in tc.
        return {{QStringLiteral("bit"), 0.125, 0, true, tr("bits per second")},
                {QStringLiteral("kbit"), 125, 3, true,
                 tr("kilobits per second (1000 bit/s, as tc's kbit)")},
                {QStringLiteral("mbit"), 125e3, 6, true,
                 tr("megabits per second (10⁶ bit/s, as tc's mbit)")},
                {QStringLiteral("gbit"), 125e6, 9, true,
                 tr("gigabits per second (10⁹ bit/s, as tc's gbit)")},
                {QStringLiteral("kbps"), 1e3, 3, false,
                 tr("kilobytes per second: tc's kbps is BYTES (1000 B/s = 8 kbit)")},
                {QStringLiteral("mbps"), 1e6, 6, false,
                 tr("megabytes per second: tc's mbps is BYTES (10⁶ B/s = 8 mbit)")}};
    case Quantity::Size:
        // 1/1024 and 1/1024² need 10 and 20 decimals to be exact; a double carries the first.
        return {{QStringLiteral("b"), 1, 0, true, tr("bytes")},
                {QStringLiteral("kb"), 1024, 10, true, tr("kilobytes: tc's kb is 1024 bytes")},
                {QStringLiteral("mb"), 1024.0 * 1024, 12, true,
                 tr("megabytes: tc's mb is 1024 × 1024 bytes")}};
    case Quantity::Percent:
        // netem's resolution is 100 / 2³² % (2.3e-8 %): ten decimals round-trip every step.
        return {{QStringLiteral("%"), 1, 10, true, tr("percent")}};
    case Quantity::Count:
        return {{countUnit, 1, 0, true, countUnit}};
    }
    return {};
}

namespace {

// A value with more significant digits than this (a ramp's value on its way, "35732.112 kbit")
// is rounded for the eye; up to it, what is stored is shown exactly ("1234.567 ms", "1514 b").
constexpr int ExactDigits = 7;
// What a rounded value keeps: "35.73 Mbit", "3.457 %".
constexpr int RoundedDigits = 4;

/** The significant digits of @p shown written with @p decimals decimals, trailing zeros dropped. */
int significantDigits(double shown, int decimals)
{
    long long digits = std::llround(std::abs(shown) * std::pow(10.0, decimals));
    if (digits == 0)
        return 0;
    while (digits % 10 == 0)
        digits /= 10;
    int count = 0;
    for (; digits > 0; digits /= 10)
        ++count;
    return count;
}

/** @p shown is written exactly with at most @p decimals decimals. */
bool exactWith(double shown, int decimals)
{
    const double scaled = shown * std::pow(10.0, decimals);
    return std::abs(scaled - std::round(scaled)) < 1e-6 * std::max(1.0, std::abs(scaled));
}

} // namespace

int ParameterUnit::bestUnitFor(const QList<ParameterUnit> &units, double value, int fallback)
{
    if (!(value > 0))
        return fallback;
    for (int i = int(units.size()) - 1; i >= 0; --i) {
        if (!units[i].autoPick)
            continue;
        const double shown = value / units[i].factor;
        if (shown >= 1 && exactWith(shown, 3) && significantDigits(shown, 3) <= ExactDigits)
            return i;
    }
    // Written exactly it would be a long number: the largest unit it reads in, rounded.
    for (int i = int(units.size()) - 1; i >= 0; --i) {
        if (units[i].autoPick && value / units[i].factor >= 1)
            return i;
    }
    return 0;
}

double ParameterUnit::readable(double shown) const
{
    if (exactWith(shown, decimals) && significantDigits(shown, decimals) <= ExactDigits)
        return shown;
    const int integerDigits = std::abs(shown) < 1 ? 1 : int(std::floor(std::log10(std::abs(shown)))) + 1;
    const double scale = std::pow(10.0, std::clamp(RoundedDigits - integerDigits, 0, decimals));
    return std::round(shown * scale) / scale;
}

} // namespace qs

#pragma once

#include "parameterscale.h"
#include "parameterunit.h"

#include <QString>

namespace qs {

/**
 * Everything a ParameterSlider needs to know about one numeric parameter. Values are in the
 * quantity's base unit (µs, bytes/s, bytes, %, the count); the slider covers the useful range
 * (scale), the spin box the whole allowed one (minimum…maximum), so a value beyond the slider's
 * end can still be typed and is shown with the slider at its end.
 */
struct ParameterSpec
{
    QString key;     ///< the parameter's JSON key: "delay", "loss.correlation", "rate"
    QString label;   ///< "Delay"
    QString toolTip; ///< one sentence saying what the parameter does
    Quantity quantity = Quantity::Count;
    QString countUnit;   ///< the unit a Count is shown in: "packets", "s", "bands"
    QString defaultUnit; ///< the unit shown for 0 ("ms" for a delay); empty: the base unit

    ParameterScale scale;   ///< slider positions, in scale units
    double scaleToBase = 1; ///< base units per scale unit: rate scales run in bit/s (1/8 byte)

    double minimum = 0; ///< spin box range, base units
    double maximum = 0;
    /** Shown instead of the minimum ("off", "auto"): the parameter's "unset" state. Keep it short.
     */
    QString offText;

    /** A time in µs on @p scale (µs), up to @p maximum µs; shown in ms when 0. */
    static ParameterSpec time(const QString &key, const QString &label, const QString &toolTip,
                              const ParameterScale &scale, double maximum = 4294967295.0);
    /**
     * A rate in bytes/s with a slider from 8 kbit to 100 Gbit; with @p zeroAtStart the slider's
     * left end is 0 (no rate).
     */
    static ParameterSpec rate(const QString &key, const QString &label, const QString &toolTip,
                              bool zeroAtStart);
    /** A size in bytes on @p scale (bytes, snapped to powers of two), up to 4 GiB - 1. */
    static ParameterSpec size(const QString &key, const QString &label, const QString &toolTip,
                              const ParameterScale &scale);
    /** A percentage 0…100 on @p scale. */
    static ParameterSpec percent(const QString &key, const QString &label, const QString &toolTip,
                                 const ParameterScale &scale);
    /** A whole number of @p unit on @p scale, from @p minimum to @p maximum. */
    static ParameterSpec count(const QString &key, const QString &label, const QString &toolTip,
                               const QString &unit, const ParameterScale &scale, double minimum = 0,
                               double maximum = 4294967295.0);

    /** This spec with @p text shown for the minimum. */
    ParameterSpec withOffText(const QString &text) const;
    /** This spec showing 0 in @p unit ("b" for a quantum of about one packet). */
    ParameterSpec withDefaultUnit(const QString &unit) const;
};

} // namespace qs

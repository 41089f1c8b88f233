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
    QString countUnit; ///< the unit a Count is shown in: "packets", "s", "bands"
    QString defaultUnit; ///< the unit shown for 0 ("ms" for a delay); empty: the base unit

    ParameterScale scale; ///< slider positions, in scale units
    double scaleToBase = 1; ///< base units per scale unit: rate scales run in bit/s (1/8 byte)

    double minimum = 0; ///< spin box range, base units
    double maximum = 0;
    /** Shown instead of the minimum ("off", "default (1024)"): the parameter's "unset" state. */
    QString offText;
};

} // namespace qs

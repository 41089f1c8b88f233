#include "parameterspec.h"

namespace qs {

namespace {
ParameterSpec base(const QString &key, const QString &label, const QString &toolTip,
                   Quantity quantity)
{
    ParameterSpec spec;
    spec.key = key;
    spec.label = label;
    spec.toolTip = toolTip;
    spec.quantity = quantity;
    return spec;
}
} // namespace

ParameterSpec ParameterSpec::time(const QString &key, const QString &label, const QString &toolTip,
                                  const ParameterScale &scale, double maximum)
{
    ParameterSpec spec = base(key, label, toolTip, Quantity::Time);
    spec.defaultUnit = QStringLiteral("ms");
    spec.scale = scale;
    spec.maximum = maximum;
    return spec;
}

ParameterSpec ParameterSpec::rate(const QString &key, const QString &label, const QString &toolTip,
                                  bool zeroAtStart)
{
    ParameterSpec spec = base(key, label, toolTip, Quantity::Rate);
    spec.defaultUnit = QStringLiteral("mbit");
    // In bit/s so the slider stops at round bit rates (104 kbit, not 13 kB/s = 104 kbit by luck).
    // The slider spans the rates people shape at, six decades; the box takes any rate up to the
    // maximum (a value beyond the slider's ends holds the handle at that end).
    spec.scale = ParameterScale::logarithmic(10e3, 10e9, zeroAtStart);
    spec.scaleToBase = 1.0 / 8;
    // Far beyond any link, still below 2^53 so every value is an exact double and tc-exact text.
    spec.maximum = 12.5e12;
    return spec;
}

ParameterSpec ParameterSpec::size(const QString &key, const QString &label, const QString &toolTip,
                                  const ParameterScale &scale)
{
    ParameterSpec spec = base(key, label, toolTip, Quantity::Size);
    spec.defaultUnit = QStringLiteral("kb");
    spec.scale = scale.withSnapping(ParameterScale::Snapping::Binary);
    spec.maximum = 4294967295.0;
    return spec;
}

ParameterSpec ParameterSpec::percent(const QString &key, const QString &label,
                                     const QString &toolTip, const ParameterScale &scale)
{
    ParameterSpec spec = base(key, label, toolTip, Quantity::Percent);
    spec.scale = scale;
    spec.maximum = 100;
    return spec;
}

ParameterSpec ParameterSpec::count(const QString &key, const QString &label, const QString &toolTip,
                                   const QString &unit, const ParameterScale &scale, double minimum,
                                   double maximum)
{
    ParameterSpec spec = base(key, label, toolTip, Quantity::Count);
    spec.countUnit = unit;
    spec.scale = scale;
    spec.minimum = minimum;
    spec.maximum = maximum;
    return spec;
}

ParameterSpec ParameterSpec::withOffText(const QString &text) const
{
    ParameterSpec spec = *this;
    spec.offText = text;
    return spec;
}

ParameterSpec ParameterSpec::withDefaultUnit(const QString &unit) const
{
    ParameterSpec spec = *this;
    spec.defaultUnit = unit;
    return spec;
}

} // namespace qs

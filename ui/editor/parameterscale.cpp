#include "parameterscale.h"

#include <algorithm>
#include <cmath>

namespace qs {

ParameterScale ParameterScale::linear(double minimum, double maximum, int steps)
{
    ParameterScale scale;
    scale.m_min = minimum;
    scale.m_max = maximum;
    scale.m_steps = std::max(1, steps);
    return scale;
}

ParameterScale ParameterScale::logarithmic(double minimum, double maximum, bool zeroAtStart,
                                           int steps)
{
    ParameterScale scale;
    scale.m_min = minimum;
    scale.m_max = maximum;
    // The zero takes position 0, so the decades need at least one position of their own.
    scale.m_steps = std::max(zeroAtStart ? 2 : 1, steps);
    scale.m_logarithmic = true;
    scale.m_zeroAtStart = zeroAtStart;
    return scale;
}

ParameterScale ParameterScale::withSnapping(Snapping snapping) const
{
    ParameterScale scale = *this;
    scale.m_snapping = snapping;
    return scale;
}

double ParameterScale::minimum() const
{
    return m_zeroAtStart ? 0.0 : m_min;
}

double ParameterScale::rawValueAt(int position) const
{
    if (!m_logarithmic)
        return m_min + (m_max - m_min) * position / m_steps;
    const int first = m_zeroAtStart ? 1 : 0;
    if (position < first)
        return 0.0;
    const double fraction = double(position - first) / (m_steps - first);
    return m_min * std::pow(m_max / m_min, fraction);
}

double ParameterScale::snapped(double value, double step) const
{
    if (!(step > 0))
        return value;
    // The roundest quantum that still lets every position have a value of its own.
    const double quantum = m_snapping == Snapping::Binary
                               ? std::exp2(std::floor(std::log2(step)))
                               : std::pow(10.0, std::floor(std::log10(step)));
    return std::round(value / quantum) * quantum;
}

double ParameterScale::valueAt(int position) const
{
    position = std::clamp(position, 0, m_steps);
    if (position == 0)
        return minimum();
    if (position == m_steps)
        return m_max;
    const double raw = rawValueAt(position);
    const double step = m_logarithmic ? rawValueAt(position + 1) - raw : (m_max - m_min) / m_steps;
    return std::clamp(snapped(raw, step), m_min, m_max);
}

int ParameterScale::positionOf(double value) const
{
    if (!(value > minimum())) // also NaN
        return 0;
    if (value >= m_max)
        return m_steps;
    if (!m_logarithmic)
        return std::clamp(int(std::lround((value - m_min) / (m_max - m_min) * m_steps)), 0,
                          m_steps);
    const int first = m_zeroAtStart ? 1 : 0;
    if (value < m_min) // only with zeroAtStart: between the 0 and the first decade
        return value < m_min / 2 ? 0 : first;
    const double fraction = std::log(value / m_min) / std::log(m_max / m_min);
    return std::clamp(first + int(std::lround(fraction * (m_steps - first))), first, m_steps);
}

int ParameterScale::pageStep() const
{
    if (!m_logarithmic)
        return std::max(1, m_steps / 10);
    const double decades = std::log10(m_max / m_min);
    const int first = m_zeroAtStart ? 1 : 0;
    return std::max(1, int(std::lround((m_steps - first) / decades / 3)));
}

} // namespace qs

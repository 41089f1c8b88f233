#include "probability.h"

#include <cmath>

namespace qs {

namespace {
constexpr double kScale = 4294967295.0; // UINT32_MAX
}

Probability Probability::fromPercent(double percent)
{
    if (!(percent > 0.0)) // also catches NaN
        return Probability(0);
    if (percent >= 100.0)
        return always();
    return Probability(static_cast<quint32>(std::rint(percent / 100.0 * kScale)));
}

Probability Probability::fromFraction(double fraction)
{
    if (!(fraction > 0.0)) // also catches NaN
        return Probability(0);
    if (fraction >= 1.0)
        return always();
    return Probability(static_cast<quint32>(std::rint(fraction * kScale)));
}

double Probability::percent() const
{
    return 100.0 * m_scaled / kScale;
}

double Probability::fraction() const
{
    return m_scaled / kScale;
}

} // namespace qs

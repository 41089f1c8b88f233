#pragma once

#include <QString>
#include <QtGlobal>

namespace qs {

/**
 * A probability as the kernel stores it for netem: 0..UINT32_MAX scaled to 0..100 %.
 * Kept in the kernel's own form so a value read back from the kernel compares exactly.
 */
class Probability
{
public:
    constexpr Probability() = default;
    static constexpr Probability fromScaled(quint32 scaled) { return Probability(scaled); }
    /** Rounds like iproute2's set_percent(): rint(fraction * UINT32_MAX). @p percent is clamped to 0..100. */
    static Probability fromPercent(double percent);
    /** netem's set_percent() itself: rint(fraction * UINT32_MAX). @p fraction is clamped to 0..1. */
    static Probability fromFraction(double fraction);
    static constexpr Probability always() { return Probability(0xFFFFFFFFu); }

    constexpr quint32 scaled() const { return m_scaled; }
    double percent() const;
    double fraction() const;
    constexpr bool isZero() const { return m_scaled == 0; }

    /** "1 - p" as tc's gemodel "1-h" is turned into the kernel's "h". */
    constexpr Probability complement() const { return Probability(0xFFFFFFFFu - m_scaled); }

    friend constexpr bool operator==(Probability, Probability) = default;

private:
    constexpr explicit Probability(quint32 scaled) : m_scaled(scaled) {}
    quint32 m_scaled = 0;
};

} // namespace qs

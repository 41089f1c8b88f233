#pragma once

namespace qs {

/**
 * Maps slider positions 0…steps() to values and back. A logarithmic scale spreads its positions
 * evenly over the decades, so 0.01 %…0.1 % gets as much travel as 10 %…100 %; with zeroAtStart,
 * position 0 is an exact 0 ("off", "no delay") and the decades start at position 1.
 *
 * Values between the ends are snapped to round numbers no coarser than one position's step
 * (104 ms rather than 103.514 ms), decimal by default or to powers of two for byte sizes
 * (14.5 kb rather than 14.6484375 kb). Both ends are exact.
 */
class ParameterScale
{
public:
    enum class Snapping { Decimal, Binary };

    static constexpr int DefaultSteps = 1000;

    /** A zero-width scale at 0 (what a default-constructed spec holds). */
    ParameterScale() = default;
    /** Evenly spaced values from @p minimum to @p maximum. */
    static ParameterScale linear(double minimum, double maximum, int steps = DefaultSteps);
    /**
     * Values growing by the same factor per position from @p minimum (> 0) to @p maximum; with
     * @p zeroAtStart, position 0 is 0 and position 1 is @p minimum.
     */
    static ParameterScale logarithmic(double minimum, double maximum, bool zeroAtStart = false,
                                      int steps = DefaultSteps);
    /** This scale snapping to @p snapping numbers in between the ends. */
    ParameterScale withSnapping(Snapping snapping) const;

    int steps() const { return m_steps; }
    bool isLogarithmic() const { return m_logarithmic; }
    bool hasZeroAtStart() const { return m_zeroAtStart; }
    /** The value at position 0 (0 with zeroAtStart) and at steps(). */
    double minimum() const;
    double maximum() const { return m_max; }

    /** The value at @p position, clamped to 0…steps(). */
    double valueAt(int position) const;
    /** The position whose value is nearest to @p value, clamped to the ends. */
    int positionOf(double value) const;
    /** PageUp/PageDown: a third of a decade when logarithmic (×2.15, like 1-2-5), else a tenth. */
    int pageStep() const;

private:
    double rawValueAt(int position) const;
    double snapped(double value, double step) const;

    double m_min = 0;
    double m_max = 0;
    int m_steps = 1;
    bool m_logarithmic = false;
    bool m_zeroAtStart = false;
    Snapping m_snapping = Snapping::Decimal;
};

} // namespace qs

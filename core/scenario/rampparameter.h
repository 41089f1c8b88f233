#pragma once

#include "model/qdisctree.h"

#include <QCoreApplication>
#include <QString>
#include <QStringList>

#include <optional>

namespace qs {

/** How a ramp moves from its start value to its end value over the step. */
enum class RampCurve {
    Linear,      ///< equal steps: from + (to - from) * f
    Exponential, ///< equal ratios: from * (to / from)^f; both ends must be above zero
};
QString rampCurveName(RampCurve curve);
std::optional<RampCurve> rampCurveFromName(QStringView name);

/**
 * The parameters a ramp can move, named "kind.parameter", with the unit its values are written
 * in (as tc writes them) and held in (as the model holds them):
 *   netem.delay, netem.jitter          time  ("20ms")   microseconds
 *   netem.loss                         percent ("2%")   fraction 0…1 (random loss; none counts as 0 %)
 *   netem.duplicate, netem.corrupt,
 *   netem.reorder                      percent          fraction 0…1
 *   netem.rate                         rate ("10mbit")  bytes per second
 *   netem.limit                        packets ("1000") packets
 *   tbf.rate                           rate             bytes per second
 *   tbf.burst                          size ("32kb")    bytes
 *   htb.rate, htb.ceil                 rate             bytes per second, on an htb class
 * Values are doubles in the held unit; writing one into a tree rounds to the model's integer
 * (or the kernel's scaled probability).
 */
class RampParameter
{
    Q_DECLARE_TR_FUNCTIONS(qs::RampParameter)

public:
    enum class Unit { Time, Percent, Rate, Size, Packets };

    /** Every name above, in that order. */
    static QStringList names();
    /** The unit of @p name; nullopt for a name that is not in the list. */
    static std::optional<Unit> unitOf(QStringView name);
    /** Parses @p text in @p name's unit ("200ms" for netem.delay); nullopt with a sentence in @p error. */
    static std::optional<double> parseValue(QStringView name, QStringView text, QString *error);
    /**
     * The shortest text of @p value in @p name's unit that parseValue() reads back to what the
     * kernel holds ("200ms", "5mbit", "2%"): the model's integer for times, rates, sizes and
     * packets; for percentages the fewest significant digits that scale to the same Probability,
     * so a value read from a tree prints "0.2%", never "0.2000000095460564%".
     */
    static QString formatValue(QStringView name, double value);
    /** The largest value the model and kernel hold for @p name (e.g. netem's 274.9 s delay, 100 %). */
    static double maximumOf(QStringView name);

    /**
     * The node @p name lives on in @p tree: the qdisc (or, for htb.*, the class) with handle
     * @p at, or when @p at is unspecified the only qdisc of that kind (the only htb class).
     * nullopt with a sentence in @p error when there is none, or more than one to choose from.
     */
    static std::optional<TcHandle> locate(const QdiscTree &tree, QStringView name, TcHandle at, QString *error);
    /** The current value of @p name on node @p node of @p tree (located before). */
    static std::optional<double> read(const QdiscTree &tree, QStringView name, TcHandle node);
    /** Writes @p value (clamped to 0…maximumOf) into node @p node of @p tree. */
    static bool write(QdiscTree &tree, QStringView name, TcHandle node, double value);
};

/** The value a ramp has reached at @p fraction (0…1) of its step. */
double rampValue(RampCurve curve, double from, double to, double fraction);

} // namespace qs

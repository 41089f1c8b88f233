#pragma once

#include "model/probability.h"
#include "kinds/qdisckind.h"
#include "model/validationissue.h"

#include <QCoreApplication>
#include <QString>
#include <QtGlobal>

#include <optional>
#include <variant>

namespace qs {

/** The delay distribution tables iproute2 ships; Uniform means no table. */
enum class NetemDistribution { Uniform, Normal, Pareto, ParetoNormal };
QString netemDistributionName(NetemDistribution distribution);
std::optional<NetemDistribution> netemDistributionFromName(QStringView name);

/**
 * Random (Bernoulli) loss with an optional correlation to the previous packet. A probability of
 * 0 with a correlation is a real kernel state (`loss 0% 25%`, or a change that drops the loss but
 * sends no correlation): the kernel keeps the correlation for a later loss. Probability and
 * correlation both 0 is no loss at all and is held as std::monostate.
 */
struct NetemRandomLoss
{
    Probability probability;
    Probability correlation;
    friend bool operator==(const NetemRandomLoss &, const NetemRandomLoss &) = default;
};

/** The 4-state Markov loss model (GI): transition probabilities as tc's "loss state". */
struct NetemStateLoss
{
    Probability p13, p31, p32, p23, p14;
    /**
     * tc's defaults for the omitted parameters: p31 = 1 - p13, p32 = 0, p23 = 1, p14 = 0. tc
     * computes them from the parsed fraction (rint((1 - p13) * UINT32_MAX)), which can differ by
     * one from the complement of the rounded p13: pass what TcUnits::parsePercentFraction() gives.
     */
    static NetemStateLoss withDefaults(double p13Fraction);
    friend bool operator==(const NetemStateLoss &, const NetemStateLoss &) = default;
};

/**
 * The Gilbert-Elliott loss model as tc's "loss gemodel p r 1-h 1-k" spells it: the values are
 * kept as the user writes them. The kernel stores h = 1 - (1-h) and k1 = 1-k.
 */
struct NetemGilbertElliottLoss
{
    Probability p, r, oneMinusH, oneMinusK;
    /** tc's defaults: r = 1 - p, 1-h = 1 (kernel h = 0), 1-k = 0; from the fraction, as for NetemStateLoss. */
    static NetemGilbertElliottLoss withDefaults(double pFraction);
    friend bool operator==(const NetemGilbertElliottLoss &, const NetemGilbertElliottLoss &) = default;
};

using NetemLoss = std::variant<std::monostate, NetemRandomLoss, NetemStateLoss, NetemGilbertElliottLoss>;

/** A probability with its correlation, as duplicate / corrupt / reorder take them. */
struct NetemChance
{
    Probability probability;
    Probability correlation;
    bool isSet() const { return !probability.isZero(); }
    friend bool operator==(const NetemChance &, const NetemChance &) = default;
};

/** netem's rate emulation with its link-layer accounting. */
struct NetemRate
{
    quint64 bytesPerSecond = 0; ///< 0: no rate limit
    qint32 packetOverhead = 0;
    quint32 cellSize = 0;
    qint32 cellOverhead = 0;
    friend bool operator==(const NetemRate &, const NetemRate &) = default;
};

/** Slotting (bursty delivery, like Wi-Fi or DOCSIS): fixed min/max or a distribution. */
struct NetemSlot
{
    bool enabled = false;
    /** When set, delay/jitter below follow this distribution (tc's "slot distribution …"). */
    std::optional<NetemDistribution> distribution;
    qint64 minDelayNs = 0; ///< fixed form: slot MIN [MAX]
    qint64 maxDelayNs = 0;
    qint64 distDelayNs = 0; ///< distribution form: DELAY JITTER
    qint64 distJitterNs = 0;
    qint32 maxPackets = 0; ///< 0: unlimited
    qint32 maxBytes = 0;   ///< 0: unlimited
    friend bool operator==(const NetemSlot &, const NetemSlot &) = default;
};

/**
 * Every option of netem (iproute2 6.1). Times are in microseconds where tc parses them with
 * get_time() (delay, jitter), nanoseconds where it uses get_time64() (slot).
 */
struct NetemParams
{
    Q_DECLARE_TR_FUNCTIONS(qs::NetemParams)

public:
    /** tc's default queue length, in packets. */
    static constexpr quint32 DefaultLimit = 1000;
    /** get_ticks() refuses times whose 64 ns ticks do not fit 32 bits (about 274.9 s). */
    static constexpr quint64 MaxDelayUs = 274877906;
    /** The kernel clamps jitter to INT_MAX nanoseconds. */
    static constexpr quint64 MaxUsefulJitterUs = 2147483;

    quint32 limit = DefaultLimit; ///< packets; 0 drops everything
    quint64 delayUs = 0;
    quint64 jitterUs = 0;
    Probability delayCorrelation;
    NetemDistribution distribution = NetemDistribution::Uniform;
    NetemLoss loss;
    NetemChance duplicate;
    NetemChance corrupt;
    NetemChance reorder;
    quint32 gap = 0; ///< with reorder: every gap-th packet is sent at once
    NetemRate rate;
    NetemSlot slot;
    bool ecn = false; ///< mark instead of drop (needs a loss model)

    bool hasLoss() const;
    ValidationIssues validate() const;
    friend bool operator==(const NetemParams &, const NetemParams &) = default;
};
QS_DECLARE_QDISC_KIND(NetemParams)

} // namespace qs

#pragma once

#include "kinds/qdisckind.h"
#include "model/validationissue.h"

#include <QCoreApplication>
#include <QtGlobal>

#include <optional>

namespace qs {

/**
 * fq: per-flow fair queueing with pacing (servers' default for TCP). Every option is sent only
 * when it is set; a change keeps what it does not send, as the kernel does.
 */
struct FqParams
{
    Q_DECLARE_TR_FUNCTIONS(qs::FqParams)

public:
    /** The kernel's caps: quantum up to 2^20 (else "invalid quantum"), 2^1…2^18 buckets. */
    static constexpr quint32 MaxQuantum = 1u << 20;
    static constexpr quint32 MaxBucketsLog = 18;

    std::optional<quint32> limit;            ///< packets; default 10000
    std::optional<quint32> flowLimit;        ///< packets per flow; default 100
    std::optional<quint32> quantum;          ///< bytes; default 2 × MTU
    std::optional<quint32> initialQuantum;   ///< bytes; default 10 × MTU
    std::optional<quint32> maxRate;          ///< bytes/s per flow; default none
    std::optional<quint32> lowRateThreshold; ///< bytes/s; default 550 kbit
    std::optional<quint32> defaultRate;      ///< bytes/s; obsolete: the kernel ignores it (tc's defrate)
    std::optional<quint32> buckets;          ///< hash buckets as given; tc sends log2 rounded up; default 1024
    std::optional<quint32> refillDelayUs;    ///< default 40 ms; kept in jiffies (reads back rounded up to one)
    std::optional<quint32> orphanMask;       ///< default 1023
    std::optional<quint32> ceThresholdUs;    ///< default off
    std::optional<quint32> timerSlackNs;     ///< default 10 µs
    std::optional<quint32> horizonUs;        ///< default 10 s
    std::optional<bool> horizonDrop;         ///< beyond the horizon: drop (default) or cap
    std::optional<bool> pacing;              ///< default on

    /** tc's ilog2() of the bucket count: the power of two at or above it. */
    static quint32 bucketsLog(quint32 buckets);
    ValidationIssues validate() const;
    /** What the kernel holds after changing @p running to these: fq keeps every attribute not sent. */
    FqParams appliedOnto(const FqParams &running) const;
    friend bool operator==(const FqParams &, const FqParams &) = default;
};
QS_DECLARE_QDISC_KIND(FqParams)

} // namespace qs

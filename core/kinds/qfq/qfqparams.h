#pragma once

#include "kinds/classkind.h"
#include "kinds/qdisckind.h"
#include "model/validationissue.h"

#include <QCoreApplication>
#include <QtGlobal>

#include <optional>

namespace qs {

/** The qfq qdisc itself (quick fair queueing over its classes); it has no options of its own. */
struct QfqQdiscParams
{
    friend bool operator==(const QfqQdiscParams &, const QfqQdiscParams &) = default;
};

/** One qfq class: its share (weight) and the largest packet it sends (maxpkt, the kernel's lmax). */
struct QfqClassParams
{
    Q_DECLARE_TR_FUNCTIONS(qs::QfqClassParams)

public:
    /** sch_qfq.c: QFQ_MAX_WEIGHT, QFQ_MIN_LMAX, QFQ_MAX_LMAX, QFQ_MAX_WSUM (the weights of one qdisc together). */
    static constexpr quint32 MaxWeight = 1024;
    static constexpr quint32 MinMaxpkt = 512;
    static constexpr quint32 MaxMaxpkt = 65536;
    static constexpr quint64 MaxWeightSum = 64 * 1024;

    /** Unset: 1 (also on a change, which sends the whole class again). */
    std::optional<quint32> weight;
    /** Bytes; unset: the device's MTU with its link-layer header (psched_mtu), which must lie in 512…65536. */
    std::optional<quint32> maxpkt;

    quint32 effectiveWeight() const { return weight.value_or(1); }
    ValidationIssues validate() const;
    /** Equal when the kernel would hold the same class: an unset weight is 1, as the kernel reads it. */
    friend bool operator==(const QfqClassParams &a, const QfqClassParams &b)
    {
        return a.effectiveWeight() == b.effectiveWeight() && a.maxpkt == b.maxpkt;
    }
};

QS_DECLARE_QDISC_KIND(QfqQdiscParams)
QS_DECLARE_CLASS_KIND(QfqClassParams)

} // namespace qs

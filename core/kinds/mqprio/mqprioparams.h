#pragma once

#include "kinds/qdisckind.h"
#include "model/validationissue.h"

#include <QCoreApplication>
#include <QList>
#include <QtGlobal>

#include <array>
#include <optional>

namespace qs {

/**
 * mqprio: the root of a multi-queue device that maps the 16 packet priorities to up to 16 traffic
 * classes, each a contiguous range of transmit queues (COUNT@OFFSET). Like mq it holds one qdisc
 * per transmit queue (MAJOR:1 … MAJOR:N); the kernel also lists one class per traffic class
 * (MAJOR:ffe0 …), which holds nothing. With hw 1 the driver sets the queues (and, in channel mode,
 * shapes each class between min_rate and max_rate); without offload only hw 0 works, and then
 * every traffic class needs its queues.
 */
struct MqprioParams
{
    Q_DECLARE_TR_FUNCTIONS(qs::MqprioParams)

public:
    static constexpr int MaxTrafficClasses = 16; ///< TC_QOPT_MAX_QUEUE
    using Map = std::array<quint8, 16>;          ///< priority (TC_PRIO_*) → traffic class
    /** tc's map when none is given (q_mqprio.c). */
    static constexpr Map DefaultMap = {0, 1, 2, 3, 4, 5, 6, 7, 0, 1, 1, 1, 3, 3, 3, 3};

    struct QueueRange
    {
        quint16 count = 0;
        quint16 offset = 0;
        friend bool operator==(const QueueRange &, const QueueRange &) = default;
    };
    enum class Mode : quint16 { Dcb = 0, Channel = 1 };   ///< TC_MQPRIO_MODE_*
    enum class Shaper : quint16 { Dcb = 0, BwRlimit = 1 }; ///< TC_MQPRIO_SHAPER_*

    int trafficClasses = 8;
    Map map = DefaultMap;
    /** The queues of traffic class 0, 1, …: at most trafficClasses, none for trailing 0@0. */
    QList<QueueRange> queues;
    /** Whether the driver owns the layout (the kernel's TC_MQPRIO_HW_OFFLOAD_TCS is 1); tc's default is 1. */
    bool hw = true;
    /** Sent only where it differs from DCB, as tc does (the kernel reports only what it was sent). */
    Mode mode = Mode::Dcb;
    Shaper shaper = Shaper::Dcb;
    /** bw_rlimit's rates per traffic class, bytes per second: empty when not given, else trafficClasses values. */
    QList<quint64> minRate;
    QList<quint64> maxRate;

    /** "COUNT@OFFSET", one queue range as tc writes it. */
    static std::optional<QueueRange> parseQueueRange(QStringView word);
    static QString queueRangeText(const QueueRange &range);
    /** The ranges as tc's queues words ("1@0 1@1"); null when a word is not a range or there are more than 16. */
    static std::optional<QList<QueueRange>> parseQueues(QStringView text);
    QString queuesText() const;

    /** Trailing 0@0 ranges dropped, rates cut to or filled up to the traffic classes: one form per setting. */
    void normalise();
    ValidationIssues validate() const;
    friend bool operator==(const MqprioParams &, const MqprioParams &) = default;
};
QS_DECLARE_QDISC_KIND(MqprioParams)

} // namespace qs

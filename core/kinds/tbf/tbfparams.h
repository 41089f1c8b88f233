#pragma once

#include "kinds/kindsupport.h"
#include "kinds/qdisckind.h"
#include "model/validationissue.h"

#include <QCoreApplication>
#include <QtGlobal>

namespace qs {

/** Token bucket filter. Rates in bytes per second, sizes in bytes, as tc sends them. */
struct TbfParams
{
    Q_DECLARE_TR_FUNCTIONS(qs::TbfParams)

public:
    /** A full-size Ethernet frame as the qdisc sees it (1500 bytes of IP + 14 of header). */
    static constexpr quint32 EthernetFrameBytes = 1514;

    quint64 rateBytesPerSecond = 0;
    quint32 burstBytes = 0;
    /** tc takes either the queue size in bytes or the longest a packet may wait. */
    enum class LimitMode { Bytes, Latency };
    LimitMode limitMode = LimitMode::Latency;
    quint32 limitBytes = 0;
    quint32 latencyUs = 0;
    quint64 peakRateBytesPerSecond = 0; ///< 0: no peak rate
    quint32 mtu = 0;                    ///< bucket for the peak rate ("mtu"/"minburst"); needed with it
    /** Bytes the kernel adds to every packet before it charges the bucket (tc_ratespec.overhead). */
    quint16 overhead = 0;
    /** The least a packet is charged, in bytes (tc_ratespec.mpu, 16 bits in the kernel). */
    quint32 mpu = 0;
    /** ATM charges whole 53-byte cells (tc's linklayer atm/adsl). */
    LinkLayer linkLayer = LinkLayer::Ethernet;

    /** The byte limit the kernel receives: limit itself, or what tc derives from latency. */
    quint32 effectiveLimitBytes() const;
    ValidationIssues validate() const;
    friend bool operator==(const TbfParams &, const TbfParams &) = default;
};
QS_DECLARE_QDISC_KIND(TbfParams)

} // namespace qs

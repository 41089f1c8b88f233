#pragma once

#include "kinds/classkind.h"
#include "kinds/kindsupport.h"
#include "kinds/qdisckind.h"
#include "model/validationissue.h"

#include <QCoreApplication>
#include <QtGlobal>

#include <optional>

namespace qs {

/** The htb qdisc itself: where unclassified traffic goes and how quanta are derived. */
struct HtbQdiscParams
{
    Q_DECLARE_TR_FUNCTIONS(qs::HtbQdiscParams)

public:
    quint32 defaultClass = 0; ///< minor of the default class (tc reads it in hex); 0: unclassified traffic passes unshaped
    quint32 r2q = 10;         ///< quantum = rate / r2q; 0 is taken and used as 1 by the kernel
    std::optional<quint32> directQlen;

    /** The divisor the kernel uses: htb_init() raises r2q 0 to 1. */
    quint32 effectiveR2q() const { return r2q ? r2q : 1; }
    ValidationIssues validate() const;
    friend bool operator==(const HtbQdiscParams &, const HtbQdiscParams &) = default;
};

/** One htb class. Rates in bytes per second; bursts in bytes (tc's default when unset). */
struct HtbClassParams
{
    Q_DECLARE_TR_FUNCTIONS(qs::HtbClassParams)

public:
    static constexpr quint32 MaxPrio = 7;
    static constexpr quint32 DefaultMtu = 1600;

    quint64 rateBytesPerSecond = 0;
    quint64 ceilBytesPerSecond = 0; ///< 0: same as rate (tc's default)
    std::optional<quint32> burstBytes;  ///< unset: rate / HZ + mtu, as tc computes
    std::optional<quint32> cburstBytes; ///< unset: ceil / HZ + mtu
    quint32 prio = 0;
    quint32 quantum = 0; ///< 0: rate / r2q
    quint32 mtu = DefaultMtu;
    quint16 overhead = 0;
    quint16 mpu = 0;                          ///< the least a packet is charged, in bytes
    LinkLayer linkLayer = LinkLayer::Ethernet; ///< ATM charges whole 53-byte cells

    quint64 effectiveCeil() const { return ceilBytesPerSecond ? ceilBytesPerSecond : rateBytesPerSecond; }
    ValidationIssues validate() const;
    /** Equal when the kernel would hold the same class: a ceil of 0 is the rate, as tc reads it. */
    friend bool operator==(const HtbClassParams &a, const HtbClassParams &b)
    {
        return a.rateBytesPerSecond == b.rateBytesPerSecond && a.effectiveCeil() == b.effectiveCeil() && a.burstBytes == b.burstBytes &&
               a.cburstBytes == b.cburstBytes && a.prio == b.prio && a.quantum == b.quantum && a.mtu == b.mtu && a.overhead == b.overhead &&
               a.mpu == b.mpu && a.linkLayer == b.linkLayer;
    }
};

QS_DECLARE_QDISC_KIND(HtbQdiscParams)
QS_DECLARE_CLASS_KIND(HtbClassParams)

} // namespace qs

#pragma once

#include "kinds/qdisckind.h"
#include "model/validationissue.h"

#include <QCoreApplication>
#include <QtGlobal>

#include <optional>

namespace qs {

/** cake's priority tin layouts (CAKE_DIFFSERV_*: the kernel's numbers). */
enum class CakeDiffserv : quint8 { Diffserv3 = 0, Diffserv4 = 1, Diffserv8 = 2, Besteffort = 3, Precedence = 4 };
/** What cake isolates flows by (CAKE_FLOW_*). */
enum class CakeFlowMode : quint8 { Flowblind = 0, Srchost, Dsthost, Hosts, Flows, DualSrchost, DualDsthost, TripleIsolate };
/** The link's cell framing cake compensates for (CAKE_ATM_*). */
enum class CakeAtm : quint8 { None = 0, Atm = 1, Ptm = 2 };
/** cake's TCP ACK filter (CAKE_ACK_*). */
enum class CakeAckFilter : quint8 { None = 0, Filter = 1, Aggressive = 2 };

/**
 * CAKE, the shaper with fair queueing and COBALT (iproute2's q_cake.c). Each field is what tc
 * sends: unset fields are not sent, and the kernel keeps what it has (its default on creation).
 */
struct CakeParams
{
    Q_DECLARE_TR_FUNCTIONS(qs::CakeParams)

public:
    /** tc's limits on overhead and mpu ("valid range is -64 to 256", "0 to 256"). */
    static constexpr qint32 MinOverhead = -64;
    static constexpr qint32 MaxOverhead = 256;
    static constexpr quint32 MaxMpu = 256;
    /** The largest overhead the exporter writes as 256 and ether-vlan keywords (4 bytes each). */
    static constexpr qint32 MaxStackedOverhead = MaxOverhead + 4 * 16384;

    /** tc writes @p overhead: -64…256 given as a number, above that an even sum of its keywords. */
    static constexpr bool tcWritesOverhead(qint32 overhead)
    {
        return overhead >= MinOverhead && (overhead <= MaxOverhead || (overhead % 2 == 0 && overhead <= MaxStackedOverhead));
    }

    std::optional<quint64> bandwidth;     ///< bytes/s; 0 is "unlimited" (sent as 0)
    std::optional<bool> autorateIngress;  ///< tc's bandwidth and unlimited send it off
    std::optional<quint32> rttUs;         ///< sends RTT (when above 0) and TARGET rtt/20 (at least 1)
    std::optional<CakeDiffserv> diffserv; ///< tc never sends diffserv3 (0): it leaves the mode as it is
    std::optional<CakeFlowMode> flowMode;
    std::optional<bool> nat;
    std::optional<bool> wash;
    std::optional<bool> splitGso;
    std::optional<bool> ingress;
    std::optional<CakeAckFilter> ackFilter;
    std::optional<CakeAtm> atm;
    std::optional<qint32> overhead; ///< bytes added to each packet; sending it turns MAC-header compensation on
    bool raw = false;               ///< TCA_CAKE_RAW: compensation off (tc's raw; the kernel's default)
    quint32 mpu = 0;                ///< bytes; 0 is not sent
    quint32 memlimit = 0;           ///< bytes; 0 is not sent (the kernel derives it)
    quint32 fwmark = 0;             ///< mask of the firewall mark that picks the tin; 0 is not sent

    /** The CoDel target tc sends with an rtt (rtt / 20, at least 1 µs). */
    static quint32 targetForRtt(quint32 rttUs) { return rttUs / 20 ? rttUs / 20 : 1; }

    ValidationIssues validate() const;
    /** What the kernel holds after changing @p running to these: cake keeps every attribute not sent. */
    CakeParams appliedOnto(const CakeParams &running) const;
    friend bool operator==(const CakeParams &, const CakeParams &) = default;
};
QS_DECLARE_QDISC_KIND(CakeParams)

} // namespace qs

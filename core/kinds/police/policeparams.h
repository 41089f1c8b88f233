#pragma once

#include "kinds/actionkind.h"
#include "kinds/kindsupport.h"

#include <QCoreApplication>
#include <QString>

namespace qs {

/**
 * tc's "action police" (and the legacy "police" given as a u32 filter option): a token bucket of
 * @c burst bytes filled at @c rate, with an optional second bucket of @c mtu bytes at @c peakrate.
 * Packets beyond it get the exceed verb, the others the conform (not-exceed) verb.
 */
struct PoliceParams
{
    Q_DECLARE_TR_FUNCTIONS(qs::PoliceParams)

public:
    quint64 rateBytesPerSecond = 0; ///< 0: none (a police on mtu or avrate alone)
    quint32 burstBytes = 0;         ///< the bucket, sent as the time it takes at rate
    quint32 mtu = 0;                ///< 0: the kernel's default (255 cells of the rate table: 2040)
    quint64 peakRateBytesPerSecond = 0;
    quint16 overhead = 0;
    quint16 mpu = 0;
    LinkLayer linkLayer = LinkLayer::Ethernet;
    quint32 avrateBytesPerSecond = 0; ///< TCA_POLICE_AVRATE: the estimator's rate instead of a bucket
    /** TC_ACT_* for packets beyond the rate; tc's default is reclassify. */
    int exceed = defaultExceed();
    /** TC_ACT_* for the others (TCA_POLICE_RESULT); 0 (ok, pass) is tc's default and not sent. */
    int conform = 0;

    static int defaultExceed();
    /** The mtu the kernel keeps: the one given, else 255 cells of the rate table (~0 with no rate). */
    quint32 effectiveMtu() const;
    ValidationIssues validate() const;
    /** Equal as the kernel holds them (an mtu of 0 and its default are one state). */
    friend bool operator==(const PoliceParams &a, const PoliceParams &b);
};
QS_DECLARE_ACTION_KIND(PoliceParams)

} // namespace qs

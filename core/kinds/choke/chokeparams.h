#pragma once

#include "kinds/qdisckind.h"
#include "model/validationissue.h"

#include <QCoreApplication>
#include <QtGlobal>

#include <optional>

namespace qs {

class PschedClock;

/**
 * CHOKe (choose and keep for unresponsive flows, and drop): RED in packets that also drops a
 * random queued packet of the arriving packet's flow. As tc takes it: a 0 is tc's default
 * (max = limit / 4, min = max / 3, burst = (2 min + max) / 3, avpkt 1000, probability 0.02).
 */
struct ChokeParams
{
    Q_DECLARE_TR_FUNCTIONS(qs::ChokeParams)

public:
    /** The kernel's CHOKE_MAX_QUEUE. */
    static constexpr quint32 MaxLimit = 128 * 1024 - 1;

    quint32 limit = 0;     ///< packets; required
    quint32 min = 0;       ///< packets
    quint32 max = 0;       ///< packets
    quint32 burst = 0;     ///< packets
    quint32 avpkt = 0;     ///< bytes; 0: 1000
    quint32 bandwidth = 0; ///< bytes/s; required by tc
    std::optional<double> probability;
    bool ecn = false;

    /** What tc sends and the kernel keeps. */
    struct Derived
    {
        quint32 min = 0;
        quint32 max = 0;
        int wlog = 0;
        int plog = 0;
        int scellLog = 0;
        quint32 maxP = 0;
        friend bool operator==(const Derived &, const Derived &) = default;
    };
    std::optional<Derived> derived(const PschedClock &clock, QString *error = nullptr) const;
    quint32 effectiveAvpkt() const { return avpkt ? avpkt : 1000; }

    ValidationIssues validate() const;
    friend bool operator==(const ChokeParams &, const ChokeParams &) = default;
};
QS_DECLARE_QDISC_KIND(ChokeParams)

} // namespace qs

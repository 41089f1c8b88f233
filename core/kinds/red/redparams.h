#pragma once

#include "kinds/qdisckind.h"
#include "model/validationissue.h"

#include <QCoreApplication>
#include <QtGlobal>

#include <optional>

namespace qs {

class PschedClock;

/**
 * Random early detection, as tc takes it: sizes in bytes, tc's defaults where a field is 0
 * (max = min × 3 or limit / 4, min = max / 3, burst = (2 min + max) / (3 avpkt), bandwidth
 * 10 Mbit, probability 0.02). The kernel keeps what tc derives from them (RedParams::Derived).
 */
struct RedParams
{
    Q_DECLARE_TR_FUNCTIONS(qs::RedParams)

public:
    quint32 limit = 0;     ///< bytes the queue holds; required
    quint32 min = 0;       ///< bytes where marking starts
    quint32 max = 0;       ///< bytes where every packet is marked
    quint32 avpkt = 0;     ///< bytes of an average packet; required
    quint32 burst = 0;     ///< packets let through above min
    quint32 bandwidth = 0; ///< bytes/s, for the idle-time average (tc's 32-bit get_rate)
    std::optional<double> probability;
    bool ecn = false;
    bool harddrop = false;
    bool adaptive = false;
    bool nodrop = false;

    /** What tc sends and the kernel keeps: thresholds, Wlog, Plog, Scell_log, max_P. */
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
    /** tc's computation; nullopt with *error set when tc refuses. */
    std::optional<Derived> derived(const PschedClock &clock, QString *error = nullptr) const;
    /** TC_RED_ECN | HARDDROP | ADAPTATIVE | NODROP. */
    quint32 flags() const;

    ValidationIssues validate() const;
    friend bool operator==(const RedParams &, const RedParams &) = default;
};
QS_DECLARE_QDISC_KIND(RedParams)

} // namespace qs

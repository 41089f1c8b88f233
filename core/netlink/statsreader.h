#pragma once

#include "model/tchandle.h"
#include "stats/counterhistory.h"

#include <QList>
#include <QString>

#include <atomic>
#include <optional>

namespace qs {

/** What the kernel holds for one qdisc or class, with its counters. */
struct NodeStats
{
    bool isClass = false;
    TcHandle id;     ///< qdisc handle or class id
    TcHandle parent;
    QString kind;
    CounterSample counters;
    bool packets64 = false; ///< the kernel sent 64-bit packet counts
};

/**
 * Where the counters of one target come from, dump by dump: the kernel through netlink
 * (TcEngine), or another host's helper over ssh (RemoteStatsReader). The window's poller and the
 * CLI's stats read through it, whichever it is.
 */
class StatsReader
{
public:
    virtual ~StatsReader() = default;
    /** Every qdisc and class of the target with its counters, their times on this host's CLOCK_MONOTONIC. */
    virtual std::optional<QList<NodeStats>> readStats(QString *error) = 0;
    /** A dump under way gives up when @p flag becomes true (the poller going away); readers that cannot ignore it. */
    virtual void setCancelFlag(const std::atomic<bool> *flag) { (void)flag; }
};

} // namespace qs

#pragma once

#include <QString>

#include <cstddef>
#include <functional>

struct nl_msg;
struct nlattr;

namespace qs {

class PschedClock;

/** What a kind's netlink encoder and decoder may need from the target. */
struct CodecContext
{
    const PschedClock *clock = nullptr;
    /** Interface name → index in the target's namespace (mirred needs the index). */
    std::function<int(const QString &)> ifindex;
    /** Interface index → name, for reading mirred back. */
    std::function<QString(int)> ifname;
};

/** Room for any message but a netem with distribution tables. */
inline constexpr std::size_t SmallNetlinkMessage = 8 * 1024;

/** What the planner does with a node that runs and is wanted again with other parameters. */
enum class ChangeRule {
    Same,    ///< the kernel already holds it: nothing is sent
    InPlace, ///< a change request: counters, queue, children and filters survive
    Replace, ///< the kind cannot change this in place: a new node replaces the running one
};

} // namespace qs

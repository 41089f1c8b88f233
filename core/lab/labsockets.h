#pragma once

#include <QString>

#include <memory>
#include <optional>

namespace qs {

class NetlinkSocket;

/**
 * A socket created inside the network namespace @p netnsName (a name under /run/netns), or -1
 * with a sentence in @p error. The namespace of a socket is fixed when it is created, so a root
 * process can make sockets in the demo lab and hand them to an unprivileged client (D-Bus fd
 * passing), which then uses the lab without ever entering it. The namespace is entered by a
 * short-lived thread of its own: the calling thread never leaves its namespace. SOCK_CLOEXEC is
 * always added to @p type.
 */
int openSocketIn(const QString &netnsName, int domain, int type, int protocol, QString *error);
/** openSocketIn() with the default protocol of @p domain and @p type. */
int openSocketIn(const QString &netnsName, int domain, int type, QString *error);
/** An rtnetlink socket made inside @p netnsName as openSocketIn() makes one; null with @p error. */
std::unique_ptr<NetlinkSocket> openRouteSocketIn(const QString &netnsName, QString *error);

/**
 * The sockets a LabTraffic runs on, created unbound in the lab's two namespaces: the helper
 * opens them for an unprivileged client and passes them over; a root process opens them itself
 * with open(). Whoever holds the struct owns the descriptors (LabTraffic takes them over).
 */
struct LabTrafficSockets
{
    int tcpListener = -1; ///< namespace b, AF_INET SOCK_STREAM: accepts the bulk flow
    int tcpSender = -1;   ///< namespace a, AF_INET SOCK_STREAM: sends the bulk flow
    int udpSender = -1;   ///< namespace a, AF_INET SOCK_DGRAM: the constant-rate flow
    int udpReceiver = -1; ///< namespace b, AF_INET SOCK_DGRAM
    int probeSender = -1; ///< namespace a, AF_INET SOCK_DGRAM: RTT probes out, echoes back
    int probeEchoer = -1; ///< namespace b, AF_INET SOCK_DGRAM: returns every probe
    int linkStats = -1;   ///< namespace b, AF_NETLINK NETLINK_ROUTE: reads lab1's counters
    /** namespace a, AF_INET SOCK_STREAM: the request probe's server, so that its responses leave
     * through lab0, the shaped direction */
    int requestListener = -1;
    /** namespace b, AF_INET SOCK_STREAM: the request probe's client; one socket serves every
     * transaction (connect(AF_UNSPEC) between them gives a fresh connection each time) */
    int requestClient = -1;

    /** All nine, opened in @p namespaceA and @p namespaceB; nullopt (nothing left open) on
     * failure. */
    static std::optional<LabTrafficSockets> open(const QString &namespaceA,
                                                 const QString &namespaceB, QString *error);
    /** Closes every descriptor still held and sets it to -1. */
    void closeAll();
    /** True when every descriptor is set. */
    bool complete() const;
};

} // namespace qs

#pragma once

#include "netlink/netlinksocket.h"

#include <QCoreApplication>
#include <QList>
#include <QString>

#include <optional>

namespace qs {

/** One network interface of a namespace, as the kernel reports it. */
struct Link
{
    int ifindex = 0;
    QString name;
    /** The link kind ("veth", "ifb", "bridge", …); for a device without one, its hardware type
     * ("loopback", "ether", …). */
    QString kind;
    bool up = false; ///< administratively up (IFF_UP): what `ip link set … up` sets
    /**
     * IFLA_LINK: the device this one is tied to — a veth's other end, a vlan's parent — as an
     * ifindex of the namespace that device lives in; 0 when there is none.
     */
    int peerIfindex = 0;
    /**
     * IFLA_LINK_NETNSID: when the peer lives in another namespace, the id this namespace gives
     * that namespace (`ip -d link` shows it as link-netnsid; Links::namespaceId() of a namespace
     * descriptor gives the same number), -1 when the kernel could not give it one. nullopt: the
     * peer, if any, is in this namespace.
     */
    std::optional<int> peerNetnsId;
    QString alias;             ///< `ip link set … alias`
    quint64 receivedBytes = 0; ///< rx_bytes of the link's 64-bit counters
    quint64 sentBytes = 0;     ///< tx_bytes
};

/** One end of a veth pair to be made: its name and where it goes. */
struct VethEnd
{
    QString name;
    /** An open network namespace (/run/netns/NAME, /proc/PID/ns/net); -1: the socket's own. */
    int namespaceFd = -1;
};

/**
 * The links (network interfaces) and addresses of the namespace a NetlinkSocket lives in, through
 * libnl-route-3: its rtnl_link cache and objects read them, its request builders write them
 * (veth and ifb devices, up, alias, addresses via rtnl_addr). Requests go out through the socket's
 * request(), so a refusal carries the kernel's own words (libnl does not read extended acks).
 * Where libnl-route 3.7 has no setter or no message at all, the message is libnl's with one
 * attribute added, or built by hand; each such place says so.
 *
 * A Links holds only a reference: make one on the spot (`Links(socket).ifindex("eth0")`).
 */
class Links
{
    Q_DECLARE_TR_FUNCTIONS(qs::Links)

public:
    /** libnl sends an alias with its terminating NUL, and the kernel counts that byte against its 255. */
    static constexpr int maxAliasBytes = 254;

    explicit Links(NetlinkSocket &socket) : m_socket(socket) {}

    /** Every link of the namespace, in the kernel's order; nullopt (and @p error) on failure. */
    std::optional<QList<Link>> list(KernelError *error = nullptr);
    /** The link named @p name; nullopt when there is none (the kernel's ENODEV in @p error). */
    std::optional<Link> find(const QString &name, KernelError *error = nullptr);
    std::optional<Link> find(int ifindex, KernelError *error = nullptr);
    /**
     * The link named @p name in another namespace, given by the id this socket's namespace gives
     * it (see namespaceId()): the kernel finds it only while something holds that namespace.
     */
    std::optional<Link> findInNamespace(int netnsId, const QString &name, KernelError *error = nullptr);
    /** The ifindex of @p name, or 0. */
    int ifindex(const QString &name);
    /** The name of link @p ifindex, or empty. */
    QString name(int ifindex);

    /**
     * `ip link add END type veth peer name PEER`, each end in the namespace it names (a peer in
     * another namespace is how two namespaces, or two containers, are wired). Both ends are down.
     */
    std::optional<KernelError> addVethPair(const VethEnd &end, const VethEnd &peer);
    /** `ip link add NAME type ifb`, down. */
    std::optional<KernelError> addIfb(const QString &name);
    /** `ip link del NAME`: a veth goes with its peer. */
    std::optional<KernelError> remove(const QString &name);
    /** `ip link set NAME up`. */
    std::optional<KernelError> setUp(const QString &name);
    /** `ip link set NAME alias ALIAS`, of at most maxAliasBytes bytes of UTF-8. */
    std::optional<KernelError> setAlias(const QString &name, const QString &alias);
    /**
     * `ip link set NAME gso_max_segs N`. A living device takes it on Debian 12's 6.1 kernel and
     * later (seen here, also under user-mode Linux); older kernels took it only at creation.
     */
    std::optional<KernelError> setGsoMaxSegments(const QString &name, quint32 segments);
    /** `ip addr add ADDRESS/PREFIX dev NAME`, IPv4 or IPv6. */
    std::optional<KernelError> addAddress(const QString &name, const QString &address, int prefixLength);

    /**
     * The id this socket's namespace gives the namespace @p namespaceFd (`ip netns list-id`): the
     * number a Link's peerNetnsId names it by. nullopt when it has none, or on failure.
     */
    std::optional<int> namespaceId(int namespaceFd, KernelError *error = nullptr);
    /** namespaceId(), giving the namespace an id first when it has none (`ip netns set NAME auto`). */
    std::optional<int> assignNamespaceId(int namespaceFd, KernelError *error = nullptr);

private:
    NetlinkSocket &m_socket;
};

} // namespace qs

#include "links.h"

#include <netlink/addr.h>
#include <netlink/attr.h>
#include <netlink/cache.h>
#include <netlink/errno.h>
#include <netlink/msg.h>
#include <netlink/route/addr.h>
#include <netlink/route/link.h>
#include <netlink/route/link/veth.h>
#include <netlink/utils.h>

#include <linux/if.h>
#include <linux/if_link.h>
#include <linux/net_namespace.h>
#include <linux/netlink.h>
#include <linux/rtnetlink.h>
#include <sys/socket.h>

#include <cerrno>
#include <memory>

namespace qs {

namespace {

struct LibnlDeleter
{
    void operator()(rtnl_link *link) const { rtnl_link_put(link); }
    void operator()(rtnl_addr *address) const { rtnl_addr_put(address); }
    void operator()(nl_addr *address) const { nl_addr_put(address); }
    void operator()(nl_cache *cache) const { nl_cache_free(cache); }
};
template<typename T>
using LibnlPtr = std::unique_ptr<T, LibnlDeleter>;

/** A libnl error (a negative NLE_ code) as a KernelError: the nearest errno and libnl's words. */
KernelError fromLibnl(int code)
{
    int errnoValue = EIO;
    switch (-code) {
    case NLE_NOMEM: errnoValue = ENOMEM; break;
    case NLE_PERM:
    case NLE_NOACCESS: errnoValue = EPERM; break;
    case NLE_OBJ_NOTFOUND:
    case NLE_NODEV: errnoValue = ENODEV; break;
    case NLE_EXIST: errnoValue = EEXIST; break;
    case NLE_INVAL:
    case NLE_MISSING_ATTR: errnoValue = EINVAL; break;
    case NLE_AF_NOSUPPORT: errnoValue = EAFNOSUPPORT; break;
    default: break;
    }
    return KernelError{errnoValue, QString::fromUtf8(nl_geterror(code))};
}

Link linkFromObject(rtnl_link *object)
{
    Link link;
    link.ifindex = rtnl_link_get_ifindex(object);
    if (const char *name = rtnl_link_get_name(object))
        link.name = QString::fromUtf8(name);
    if (const char *kind = rtnl_link_get_type(object)) {
        link.kind = QString::fromUtf8(kind);
    } else {
        char hardware[32];
        link.kind = QString::fromUtf8(nl_llproto2str(int(rtnl_link_get_arptype(object)), hardware, sizeof hardware));
    }
    link.up = rtnl_link_get_flags(object) & IFF_UP;
    link.peerIfindex = rtnl_link_get_link(object);
    int32_t netnsId = 0;
    if (rtnl_link_get_link_netnsid(object, &netnsId) == 0)
        link.peerNetnsId = netnsId;
    if (const char *alias = rtnl_link_get_ifalias(object))
        link.alias = QString::fromUtf8(alias);
    link.receivedBytes = rtnl_link_get_stat(object, RTNL_LINK_RX_BYTES);
    link.sentBytes = rtnl_link_get_stat(object, RTNL_LINK_TX_BYTES);
    return link;
}

/** A link the kernel answered with (RTM_NEWLINK), read by libnl-route's own parser. */
std::optional<Link> linkFromMessage(const nlmsghdr *header)
{
    const NlMsgPtr message(nlmsg_convert(const_cast<nlmsghdr *>(header)));
    if (!message)
        return std::nullopt;
    nlmsg_set_proto(message.get(), NETLINK_ROUTE); // how nl_msg_parse() finds the link parser
    std::optional<Link> link;
    nl_msg_parse(
        message.get(),
        [](nl_object *object, void *into) {
            *static_cast<std::optional<Link> *>(into) = linkFromObject(reinterpret_cast<rtnl_link *>(object));
        },
        &link);
    return link;
}

/**
 * Why @p name cannot name an interface, if it cannot: libnl would cut a long one to 15 bytes
 * without a word, and a look-up would then find another device.
 */
std::optional<KernelError> badInterfaceName(const QString &name)
{
    if (name.isEmpty() || name.toUtf8().size() >= IFNAMSIZ)
        return KernelError{EINVAL, Links::tr("\"%1\" is not an interface name (1 to %2 bytes)").arg(name).arg(IFNAMSIZ - 1)};
    return std::nullopt;
}

/**
 * libnl-route's get request for link @p ifindex or @p name, answered through @p socket. With
 * @p netnsId the link is looked for in that namespace: libnl-route 3.7 cannot ask about another
 * namespace's link, so its request gets the one attribute that names the namespace added.
 */
std::optional<Link> getLink(NetlinkSocket &socket, int ifindex, const QString &name, std::optional<int> netnsId,
                            KernelError *error)
{
    const auto fail = [error](const KernelError &failure) -> std::optional<Link> {
        if (error)
            *error = failure;
        return std::nullopt;
    };
    // libnl asserts that one of the two is given.
    if (ifindex <= 0 && name.isEmpty())
        return fail(KernelError{ENODEV, {}});
    if (ifindex <= 0) {
        if (auto bad = badInterfaceName(name))
            return fail(*bad);
    }
    const QByteArray nameBytes = name.toUtf8();
    nl_msg *built = nullptr;
    if (const int code = rtnl_link_build_get_request(ifindex, ifindex > 0 ? nullptr : nameBytes.constData(), &built); code < 0)
        return fail(fromLibnl(code));
    const NlMsgPtr request(built);
    if (netnsId && nla_put_s32(request.get(), IFLA_TARGET_NETNSID, *netnsId) < 0)
        return fail(KernelError{ENOMEM, {}});
    std::optional<Link> link;
    if (const auto failure = socket.query(request.get(), [&](const nlmsghdr *reply) { link = linkFromMessage(reply); }))
        return fail(*failure);
    return link;
}

/** Sends what a libnl-route request builder made; @p code is what the builder returned. */
std::optional<KernelError> sendBuilt(NetlinkSocket &socket, int code, nl_msg *built)
{
    const NlMsgPtr request(built);
    if (code < 0)
        return fromLibnl(code);
    return socket.request(request.get());
}

/** `ip link add`: @p link as it is to be made, never replacing one of its name. */
std::optional<KernelError> sendNewLink(NetlinkSocket &socket, rtnl_link *link)
{
    nl_msg *built = nullptr;
    const int code = rtnl_link_build_add_request(link, NLM_F_CREATE | NLM_F_EXCL, &built);
    return sendBuilt(socket, code, built);
}

/** The "no change" side of rtnl_link_build_change_request(): the link is found by the name in the changes. */
std::optional<KernelError> buildLinkChange(rtnl_link *changes, NlMsgPtr *message)
{
    const LibnlPtr<rtnl_link> unchanged(rtnl_link_alloc());
    if (!unchanged)
        return KernelError{ENOMEM, {}};
    nl_msg *built = nullptr;
    if (const int code = rtnl_link_build_change_request(unchanged.get(), changes, 0, &built); code < 0)
        return fromLibnl(code);
    message->reset(built);
    return std::nullopt;
}

/** A link object carrying only @p name: what a change, a delete or an add starts from. */
std::optional<KernelError> namedLink(const QString &name, LibnlPtr<rtnl_link> *link)
{
    if (auto bad = badInterfaceName(name))
        return bad;
    link->reset(rtnl_link_alloc());
    if (!*link)
        return KernelError{ENOMEM, {}};
    rtnl_link_set_name(link->get(), name.toUtf8().constData());
    return std::nullopt;
}

/** The NETNSA_NSID of an RTM_NEWNSID answer; nullopt without one. */
std::optional<int> namespaceIdFromMessage(const nlmsghdr *header)
{
    nlattr *attributes[NETNSA_MAX + 1] = {};
    if (header->nlmsg_type != RTM_NEWNSID ||
        nlmsg_parse(const_cast<nlmsghdr *>(header), sizeof(rtgenmsg), attributes, NETNSA_MAX, nullptr) < 0 ||
        !attributes[NETNSA_NSID])
        return std::nullopt;
    return nla_get_s32(attributes[NETNSA_NSID]);
}

/**
 * An RTM_NEWNSID or RTM_GETNSID about namespace @p namespaceFd, built by hand: libnl-route 3.7 has
 * neither message (`ip netns set` / `ip netns list-id` build theirs the same way).
 */
NlMsgPtr namespaceIdMessage(int type, int namespaceFd)
{
    NlMsgPtr message(nlmsg_alloc_simple(type, 0));
    rtgenmsg general{AF_UNSPEC};
    if (!message || nlmsg_append(message.get(), &general, sizeof(general), NLMSG_ALIGNTO) < 0 ||
        nla_put_u32(message.get(), NETNSA_FD, quint32(namespaceFd)) < 0)
        return nullptr;
    // -1: any free id (only RTM_NEWNSID reads it).
    if (type == RTM_NEWNSID && nla_put_s32(message.get(), NETNSA_NSID, -1) < 0)
        return nullptr;
    return message;
}

} // namespace

std::optional<QList<Link>> Links::list(KernelError *error)
{
    nl_cache *filled = nullptr;
    // libnl reads the dump itself (and starts over when a change interrupts it); the socket does
    // not ask for acks, which a dump does not need.
    if (const int code = rtnl_link_alloc_cache(m_socket.libnlSocket(), AF_UNSPEC, &filled); code < 0) {
        if (error)
            *error = fromLibnl(code);
        return std::nullopt;
    }
    const LibnlPtr<nl_cache> cache(filled);
    QList<Link> links;
    for (nl_object *object = nl_cache_get_first(cache.get()); object; object = nl_cache_get_next(object))
        links.append(linkFromObject(reinterpret_cast<rtnl_link *>(object)));
    return links;
}

std::optional<Link> Links::find(const QString &name, KernelError *error)
{
    return getLink(m_socket, 0, name, std::nullopt, error);
}

std::optional<Link> Links::find(int ifindex, KernelError *error)
{
    return getLink(m_socket, ifindex, {}, std::nullopt, error);
}

std::optional<Link> Links::findInNamespace(int netnsId, const QString &name, KernelError *error)
{
    return getLink(m_socket, 0, name, netnsId, error);
}

int Links::ifindex(const QString &name)
{
    const std::optional<Link> link = find(name);
    return link ? link->ifindex : 0;
}

QString Links::name(int ifindex)
{
    const std::optional<Link> link = find(ifindex);
    return link ? link->name : QString();
}

std::optional<KernelError> Links::addVethPair(const VethEnd &end, const VethEnd &peer)
{
    for (const QString &name : {end.name, peer.name}) {
        if (auto bad = badInterfaceName(name))
            return bad;
    }
    const LibnlPtr<rtnl_link> link(rtnl_link_veth_alloc());
    if (!link)
        return KernelError{ENOMEM, {}};
    const LibnlPtr<rtnl_link> other(rtnl_link_veth_get_peer(link.get()));
    rtnl_link_set_name(link.get(), end.name.toUtf8().constData());
    rtnl_link_set_name(other.get(), peer.name.toUtf8().constData());
    if (end.namespaceFd >= 0)
        rtnl_link_set_ns_fd(link.get(), end.namespaceFd);
    if (peer.namespaceFd >= 0)
        rtnl_link_set_ns_fd(other.get(), peer.namespaceFd);
    return sendNewLink(m_socket, link.get());
}

std::optional<KernelError> Links::addIfb(const QString &name)
{
    LibnlPtr<rtnl_link> link;
    if (auto failure = namedLink(name, &link))
        return failure;
    if (const int code = rtnl_link_set_type(link.get(), "ifb"); code < 0)
        return fromLibnl(code);
    return sendNewLink(m_socket, link.get());
}

std::optional<KernelError> Links::remove(const QString &name)
{
    LibnlPtr<rtnl_link> link;
    if (auto failure = namedLink(name, &link))
        return failure;
    nl_msg *built = nullptr;
    const int code = rtnl_link_build_delete_request(link.get(), &built);
    return sendBuilt(m_socket, code, built);
}

std::optional<KernelError> Links::setUp(const QString &name)
{
    LibnlPtr<rtnl_link> changes;
    if (auto failure = namedLink(name, &changes))
        return failure;
    rtnl_link_set_flags(changes.get(), IFF_UP);
    NlMsgPtr request;
    if (auto failure = buildLinkChange(changes.get(), &request))
        return failure;
    return m_socket.request(request.get());
}

std::optional<KernelError> Links::setAlias(const QString &name, const QString &alias)
{
    LibnlPtr<rtnl_link> changes;
    if (auto failure = namedLink(name, &changes))
        return failure;
    const QByteArray bytes = alias.toUtf8();
    if (bytes.size() > maxAliasBytes)
        return KernelError{EINVAL, tr("an alias has at most %1 bytes").arg(maxAliasBytes)};
    rtnl_link_set_ifalias(changes.get(), bytes.constData());
    NlMsgPtr request;
    if (auto failure = buildLinkChange(changes.get(), &request))
        return failure;
    return m_socket.request(request.get());
}

std::optional<KernelError> Links::setGsoMaxSegments(const QString &name, quint32 segments)
{
    LibnlPtr<rtnl_link> changes;
    if (auto failure = namedLink(name, &changes))
        return failure;
    NlMsgPtr request;
    if (auto failure = buildLinkChange(changes.get(), &request))
        return failure;
    // libnl-route 3.7 reads gso_max_segs but has no setter: its change request with the attribute added.
    if (nla_put_u32(request.get(), IFLA_GSO_MAX_SEGS, segments) < 0)
        return KernelError{ENOMEM, {}};
    return m_socket.request(request.get());
}

std::optional<KernelError> Links::addAddress(const QString &name, const QString &address, int prefixLength)
{
    KernelError lookupError;
    const std::optional<Link> link = find(name, &lookupError);
    if (!link)
        return lookupError;
    // The family from the text itself: libnl's guessing (AF_UNSPEC) also takes MAC and DECnet forms.
    const int family = address.contains(u':') ? AF_INET6 : AF_INET;
    nl_addr *parsed = nullptr;
    if (nl_addr_parse(address.toLatin1().constData(), family, &parsed) < 0)
        return KernelError{EINVAL, tr("\"%1\" is not an IP address").arg(address)};
    const LibnlPtr<nl_addr> local(parsed);
    nl_addr_set_prefixlen(local.get(), prefixLength);
    const LibnlPtr<rtnl_addr> entry(rtnl_addr_alloc());
    if (!entry)
        return KernelError{ENOMEM, {}};
    rtnl_addr_set_ifindex(entry.get(), link->ifindex);
    // Sets the family, and the prefix length from the address.
    if (const int code = rtnl_addr_set_local(entry.get(), local.get()); code < 0)
        return fromLibnl(code);
    nl_msg *built = nullptr;
    const int code = rtnl_addr_build_add_request(entry.get(), NLM_F_EXCL, &built);
    return sendBuilt(m_socket, code, built);
}

std::optional<int> Links::namespaceId(int namespaceFd, KernelError *error)
{
    const NlMsgPtr request = namespaceIdMessage(RTM_GETNSID, namespaceFd);
    if (!request) {
        if (error)
            *error = KernelError{ENOMEM, {}};
        return std::nullopt;
    }
    std::optional<int> id;
    const auto failure = m_socket.query(request.get(), [&](const nlmsghdr *reply) { id = namespaceIdFromMessage(reply); });
    if (failure) {
        if (error)
            *error = *failure;
        return std::nullopt;
    }
    if (id && *id < 0)
        return std::nullopt; // NETNSA_NSID_NOT_ASSIGNED
    return id;
}

std::optional<int> Links::assignNamespaceId(int namespaceFd, KernelError *error)
{
    const NlMsgPtr request = namespaceIdMessage(RTM_NEWNSID, namespaceFd);
    if (!request) {
        if (error)
            *error = KernelError{ENOMEM, {}};
        return std::nullopt;
    }
    // EEXIST: it had one already, which stays.
    if (const auto failure = m_socket.request(request.get()); failure && failure->code != EEXIST) {
        if (error)
            *error = *failure;
        return std::nullopt;
    }
    return namespaceId(namespaceFd, error);
}

} // namespace qs

#include "netlinksocket.h"

#include "networknamespace.h"
#include "scopedfd.h"
#include "log/errnotext.h"

#include <QFile>

#include <netlink/msg.h>
#include <netlink/netlink.h>
#include <netlink/socket.h>

#include <linux/netlink.h>
#include <linux/rtnetlink.h>

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sched.h>
#include <sys/socket.h>
#include <unistd.h>

#ifndef SOL_NETLINK
#define SOL_NETLINK 270
#endif

namespace qs {

QString KernelError::toString() const
{
    const QString reason = errnoText(code);
    return extack.isEmpty() ? reason : extack + QStringLiteral(" (") + reason + u')';
}

void NlMsgDeleter::operator()(nl_msg *msg) const
{
    nlmsg_free(msg);
}

namespace {

void enableExtendedAcks(int fd)
{
    const int one = 1;
    // Extended acks carry the kernel's sentence; capped acks leave out the echoed request.
    setsockopt(fd, SOL_NETLINK, NETLINK_EXT_ACK, &one, sizeof(one));
    setsockopt(fd, SOL_NETLINK, NETLINK_CAP_ACK, &one, sizeof(one));
    // Large dumps (10 000 classes) arrive in bursts; a bigger buffer avoids ENOBUFS.
    const int size = 4 << 20;
    setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &size, sizeof(size));
}

/** The extended-ack message text of an error reply, if the kernel sent one. */
QString extackMessage(const nlmsghdr *header)
{
    if (!(header->nlmsg_flags & NLM_F_ACK_TLVS))
        return {};
    const auto *error = static_cast<const nlmsgerr *>(NLMSG_DATA(header));
    qsizetype offset = NLMSG_HDRLEN + sizeof(nlmsgerr);
    if (!(header->nlmsg_flags & NLM_F_CAPPED))
        offset += error->msg.nlmsg_len - NLMSG_HDRLEN;
    const char *base = reinterpret_cast<const char *>(header);
    qsizetype remaining = qsizetype(header->nlmsg_len) - offset;
    const auto *attr = reinterpret_cast<const nlattr *>(base + offset);
    while (remaining >= qsizetype(sizeof(nlattr)) && attr->nla_len >= sizeof(nlattr) && attr->nla_len <= remaining) {
        if ((attr->nla_type & NLA_TYPE_MASK) == NLMSGERR_ATTR_MSG) {
            const char *text = reinterpret_cast<const char *>(attr) + NLA_HDRLEN;
            return QString::fromUtf8(text, qstrnlen(text, attr->nla_len - NLA_HDRLEN)).trimmed();
        }
        const int step = NLA_ALIGN(attr->nla_len);
        remaining -= step;
        attr = reinterpret_cast<const nlattr *>(reinterpret_cast<const char *>(attr) + step);
    }
    return {};
}

} // namespace

NetlinkSocket::NetlinkSocket(nl_sock *socket) : m_socket(socket), m_buffer(256 * 1024, Qt::Uninitialized) {}

NetlinkSocket::~NetlinkSocket()
{
    nl_socket_free(m_socket);
}

int NetlinkSocket::openDescriptor(const QString &netns, QString *error)
{
    const std::optional<NetworkNamespace> opened = NetworkNamespace::open(netns, error);
    return opened ? openDescriptor(*opened, error) : -1;
}

int NetlinkSocket::openDescriptor(const NetworkNamespace &netns, QString *error)
{
    int fd = -1;
    int savedErrno = 0;
    if (!netns.runInside([&] { fd = ::socket(AF_NETLINK, SOCK_RAW | SOCK_CLOEXEC, NETLINK_ROUTE); savedErrno = errno; }, error))
        return -1;
    if (fd < 0)
        *error = tr("cannot open a netlink socket: %1").arg(errnoText(savedErrno));
    return fd;
}

std::unique_ptr<NetlinkSocket> NetlinkSocket::open(const QString &netns, QString *error)
{
    const int fd = openDescriptor(netns, error);
    return fd < 0 ? nullptr : adopt(fd, error);
}

std::unique_ptr<NetlinkSocket> NetlinkSocket::open(const NetworkNamespace &netns, QString *error)
{
    const int fd = openDescriptor(netns, error);
    return fd < 0 ? nullptr : adopt(fd, error);
}

std::unique_ptr<NetlinkSocket> NetlinkSocket::adopt(int fd, QString *error)
{
    ScopedFd owned(fd);
    nl_sock *socket = nl_socket_alloc();
    if (!socket) {
        *error = tr("out of memory");
        return nullptr;
    }
    sockaddr_nl local{};
    local.nl_family = AF_NETLINK;
    if (::bind(fd, reinterpret_cast<sockaddr *>(&local), sizeof(local)) != 0 && errno != EINVAL) {
        *error = tr("cannot bind the netlink socket: %1").arg(errnoText(errno));
        nl_socket_free(socket);
        return nullptr;
    }
    if (nl_socket_set_fd(socket, NETLINK_ROUTE, owned.get()) < 0) {
        *error = tr("cannot use the netlink socket");
        nl_socket_free(socket);
        return nullptr;
    }
    enableExtendedAcks(owned.release());
    nl_socket_disable_auto_ack(socket);
    return std::unique_ptr<NetlinkSocket>(new NetlinkSocket(socket));
}

int NetlinkSocket::fd() const
{
    return nl_socket_get_fd(m_socket);
}

std::optional<KernelError> NetlinkSocket::request(nl_msg *msg)
{
    return exchange(msg, NLM_F_ACK, {});
}

std::optional<KernelError> NetlinkSocket::query(nl_msg *msg, const std::function<void(const nlmsghdr *)> &onReply)
{
    // Without NLM_F_ACK the answer is the object itself, or an error.
    return exchange(msg, 0, onReply);
}

std::optional<KernelError> NetlinkSocket::dump(nl_msg *msg, const std::function<void(const nlmsghdr *)> &onMessage)
{
    return exchange(msg, NLM_F_DUMP, onMessage);
}

std::optional<KernelError> NetlinkSocket::exchange(nl_msg *msg, int flags, const std::function<void(const nlmsghdr *)> &onMessage)
{
    nlmsghdr *header = nlmsg_hdr(msg);
    header->nlmsg_flags |= NLM_F_REQUEST | flags;
    nl_complete_msg(m_socket, msg);
    if (nl_send(m_socket, msg) < 0)
        return KernelError{EIO, tr("sending to the kernel failed")};
    return receive(header->nlmsg_seq, onMessage);
}

std::optional<KernelError> NetlinkSocket::receive(quint32 sequence, const std::function<void(const nlmsghdr *)> &onMessage)
{
    const int socketFd = fd();
    for (;;) {
        if (m_cancel && m_cancel->load(std::memory_order_relaxed))
            return KernelError{ECANCELED, {}};
        const ssize_t got = ::recv(socketFd, m_buffer.data(), size_t(m_buffer.size()), MSG_TRUNC);
        if (got < 0) {
            if (errno == EINTR)
                continue;
            return KernelError{errno, tr("receiving from the kernel failed")};
        }
        if (got > m_buffer.size()) { // a datagram larger than our buffer: grow and ask again
            m_buffer.resize(qsizetype(got) * 2);
            return KernelError{EMSGSIZE, tr("a reply was larger than the receive buffer; try again")};
        }
        int remaining = int(got);
        for (auto *header = reinterpret_cast<const nlmsghdr *>(m_buffer.constData()); NLMSG_OK(header, remaining);
             header = NLMSG_NEXT(header, remaining)) {
            if (header->nlmsg_seq != sequence)
                continue; // a late reply to something else (or a notification): not ours
            if (header->nlmsg_type == NLMSG_DONE)
                return std::nullopt;
            if (header->nlmsg_type == NLMSG_ERROR) {
                const auto *error = static_cast<const nlmsgerr *>(NLMSG_DATA(header));
                if (error->error == 0)
                    return std::nullopt; // the ack
                return KernelError{-error->error, extackMessage(header)};
            }
            if (onMessage)
                onMessage(header);
            if (!(header->nlmsg_flags & NLM_F_MULTI))
                return std::nullopt; // a single answer (a get) ends here; dumps end with NLMSG_DONE
        }
    }
}

quint32 NetlinkSocket::portId() const
{
    sockaddr_nl local{};
    socklen_t length = sizeof(local);
    getsockname(fd(), reinterpret_cast<sockaddr *>(&local), &length);
    return local.nl_pid;
}

bool NetlinkSocket::joinGroup(int group)
{
    return setsockopt(fd(), SOL_NETLINK, NETLINK_ADD_MEMBERSHIP, &group, sizeof(group)) == 0;
}

bool NetlinkSocket::drainNotifications(const std::function<void(const nlmsghdr *)> &onMessage)
{
    for (;;) {
        const ssize_t got = ::recv(fd(), m_buffer.data(), size_t(m_buffer.size()), MSG_DONTWAIT);
        if (got < 0) {
            if (errno == EINTR)
                continue;
            return errno == EAGAIN || errno == EWOULDBLOCK; // ENOBUFS: notifications were lost
        }
        int remaining = int(got);
        for (auto *header = reinterpret_cast<const nlmsghdr *>(m_buffer.constData()); NLMSG_OK(header, remaining);
             header = NLMSG_NEXT(header, remaining))
            onMessage(header);
    }
}

} // namespace qs

#include "labremains.h"

#include "lab/labsockets.h"
#include "log/errnotext.h"

#include <QFile>

#include <linux/if_link.h>
#include <linux/net_namespace.h>
#include <linux/netlink.h>
#include <linux/rtnetlink.h>

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

namespace qs {

namespace {

/** rtnetlink requests built by hand: a header, the fixed part of its type, attributes. */
class RemainsRequest
{
public:
    RemainsRequest(quint16 type, quint16 flags, const void *fixed, size_t fixedLength)
    {
        nlmsghdr header{};
        header.nlmsg_type = type;
        header.nlmsg_flags = quint16(NLM_F_REQUEST | flags);
        header.nlmsg_seq = 1;
        append(&header, sizeof(header));
        append(fixed, fixedLength);
    }
    void attribute(quint16 type, const void *value, size_t length)
    {
        nlattr head{};
        head.nla_len = quint16(NLA_HDRLEN + length);
        head.nla_type = type;
        append(&head, sizeof(head));
        append(value, length);
    }
    QByteArray finished() const
    {
        QByteArray message = m_bytes;
        reinterpret_cast<nlmsghdr *>(message.data())->nlmsg_len = quint32(message.size());
        return message;
    }

private:
    void append(const void *data, size_t length)
    {
        m_bytes.append(static_cast<const char *>(data), qsizetype(length));
        m_bytes.append(QByteArray(qsizetype(NLMSG_ALIGN(length) - length), '\0')); // NLMSG_ALIGN and NLA_ALIGN: 4
    }
    QByteArray m_bytes;
};

/** A NETLINK_ROUTE socket of the calling thread's namespace, with a receive timeout; -1 on failure. */
int remainsRouteSocket()
{
    const int fd = ::socket(AF_NETLINK, SOCK_RAW | SOCK_CLOEXEC, NETLINK_ROUTE);
    if (fd >= 0) {
        const timeval timeout{2, 0};
        ::setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, sizeof(timeout));
    }
    return fd;
}

/** Sends @p request on @p fd; the kernel's answer: 0 (an ack, or a data message put in @p reply) or -errno. */
int remainsTalk(int fd, const QByteArray &request, QByteArray *reply = nullptr)
{
    sockaddr_nl kernel{};
    kernel.nl_family = AF_NETLINK;
    if (::sendto(fd, request.constData(), size_t(request.size()), 0, reinterpret_cast<const sockaddr *>(&kernel), sizeof(kernel)) < 0)
        return -errno;
    alignas(nlmsghdr) char buffer[16384];
    for (;;) {
        const ssize_t got = ::recv(fd, buffer, sizeof(buffer), 0);
        if (got < 0 && errno == EINTR)
            continue;
        if (got < 0)
            return -errno;
        int left = int(got);
        for (auto *header = reinterpret_cast<nlmsghdr *>(buffer); NLMSG_OK(header, left); header = NLMSG_NEXT(header, left)) {
            if (header->nlmsg_type == NLMSG_ERROR)
                return static_cast<const nlmsgerr *>(NLMSG_DATA(header))->error;
            if (header->nlmsg_type == NLMSG_DONE)
                return 0;
            if (reply)
                *reply = QByteArray(reinterpret_cast<const char *>(header), qsizetype(header->nlmsg_len));
            return 0;
        }
    }
}

/** Attribute @p type of @p message (a whole netlink message whose fixed part has @p fixedLength bytes). */
QByteArray remainsAttribute(const QByteArray &message, size_t fixedLength, quint16 type)
{
    qsizetype at = qsizetype(NLMSG_HDRLEN + NLMSG_ALIGN(fixedLength));
    while (at + qsizetype(NLA_HDRLEN) <= message.size()) {
        nlattr head{};
        std::memcpy(&head, message.constData() + at, sizeof(head));
        if (head.nla_len < NLA_HDRLEN || at + head.nla_len > message.size())
            break;
        if ((head.nla_type & NLA_TYPE_MASK) == type)
            return message.mid(at + NLA_HDRLEN, head.nla_len - NLA_HDRLEN);
        at += qsizetype(NLA_ALIGN(head.nla_len));
    }
    return {};
}

constexpr int RemainsLoopbackIndex = 1; // lo is interface 1 of every namespace

} // namespace

bool LabRemains::mark(const QStringList &names, const QString &token, LabRemains *remains, QString *error)
{
    for (const QString &name : names) {
        Mark mark;
        mark.alias = QStringLiteral("%1 %2").arg(token, name).toUtf8().left(255); // IFALIASZ - 1
        // The alias, set from inside: a socket made in the namespace.
        const int inside = openSocketIn(name, AF_NETLINK, SOCK_RAW, NETLINK_ROUTE, error);
        if (inside < 0)
            return false;
        ifinfomsg loopback{};
        loopback.ifi_family = AF_UNSPEC;
        loopback.ifi_index = RemainsLoopbackIndex;
        RemainsRequest alias(RTM_NEWLINK, NLM_F_ACK, &loopback, sizeof(loopback));
        alias.attribute(IFLA_IFALIAS, mark.alias.constData(), size_t(mark.alias.size()));
        int code = remainsTalk(inside, alias.finished());
        ::close(inside);
        if (code != 0) {
            *error = QStringLiteral("cannot mark network namespace \"%1\": %2").arg(name, errnoText(-code));
            return false;
        }
        // The id, in the caller's namespace (one it had already stays: EEXIST).
        const int nsfd = ::open(QFile::encodeName(QStringLiteral("/run/netns/") + name).constData(), O_RDONLY | O_CLOEXEC);
        const int own = remainsRouteSocket();
        if (nsfd < 0 || own < 0) {
            *error = QStringLiteral("cannot open network namespace \"%1\": %2").arg(name, errnoText(errno));
            if (nsfd >= 0)
                ::close(nsfd);
            if (own >= 0)
                ::close(own);
            return false;
        }
        const rtgenmsg general{AF_UNSPEC};
        const quint32 fdValue = quint32(nsfd);
        const qint32 anyId = -1;
        RemainsRequest assign(RTM_NEWNSID, NLM_F_ACK, &general, sizeof(general));
        assign.attribute(NETNSA_FD, &fdValue, sizeof(fdValue));
        assign.attribute(NETNSA_NSID, &anyId, sizeof(anyId));
        code = remainsTalk(own, assign.finished());
        QByteArray reply;
        if (code == 0 || code == -EEXIST) {
            RemainsRequest ask(RTM_GETNSID, 0, &general, sizeof(general));
            ask.attribute(NETNSA_FD, &fdValue, sizeof(fdValue));
            code = remainsTalk(own, ask.finished(), &reply);
        }
        ::close(own);
        ::close(nsfd);
        const QByteArray id = remainsAttribute(reply, sizeof(general), NETNSA_NSID);
        if (code != 0 || id.size() != sizeof(qint32)) {
            *error = QStringLiteral("cannot give network namespace \"%1\" an id: %2").arg(name, code ? errnoText(-code) : QStringLiteral("no id in the answer"));
            return false;
        }
        std::memcpy(&mark.nsid, id.constData(), sizeof(qint32));
        if (mark.nsid < 0) {
            *error = QStringLiteral("network namespace \"%1\" got no id").arg(name);
            return false;
        }
        remains->m_marks.push_back(mark);
    }
    return true;
}

int LabRemains::alive() const
{
    const int own = remainsRouteSocket();
    if (own < 0)
        return 0;
    int living = 0;
    for (const Mark &mark : m_marks) {
        // The kernel finds a namespace by id only while something holds it; an id it reused
        // for another namespace shows another loopback alias.
        ifinfomsg loopback{};
        loopback.ifi_family = AF_UNSPEC;
        loopback.ifi_index = RemainsLoopbackIndex;
        RemainsRequest ask(RTM_GETLINK, 0, &loopback, sizeof(loopback));
        const qint32 id = mark.nsid;
        ask.attribute(IFLA_TARGET_NETNSID, &id, sizeof(id));
        QByteArray reply;
        if (remainsTalk(own, ask.finished(), &reply) != 0)
            continue;
        QByteArray alias = remainsAttribute(reply, sizeof(loopback), IFLA_IFALIAS);
        while (alias.endsWith('\0'))
            alias.chop(1);
        living += alias == mark.alias ? 1 : 0;
    }
    ::close(own);
    return living;
}

} // namespace qs

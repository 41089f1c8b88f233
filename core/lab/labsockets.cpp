#include "labsockets.h"
#include "log/errnotext.h"
#include "netlink/netlinksocket.h"

#include <QCoreApplication>
#include <QFile>

#include <linux/netlink.h>

#include <cerrno>
#include <climits>
#include <cstring>
#include <fcntl.h>
#include <netinet/in.h>
#include <sched.h>
#include <sys/socket.h>
#include <system_error>
#include <thread>
#include <unistd.h>

namespace qs {

namespace {

/** The translation context of this file's messages (lupdate reads it from the macro). */
struct LabSockets
{
    Q_DECLARE_TR_FUNCTIONS(qs::LabSockets)
};


/** A name that stays one entry of /run/netns (what `ip netns` accepts). */
bool isNamespaceName(const QString &name)
{
    return !name.isEmpty() && name.size() <= NAME_MAX && !name.contains(u'/') && name != u"." &&
           name != u"..";
}

} // namespace

int openSocketIn(const QString &netnsName, int domain, int type, int protocol, QString *error)
{
    if (!isNamespaceName(netnsName)) {
        *error = LabSockets::tr("\"%1\" is not a network namespace name").arg(netnsName);
        return -1;
    }
    const QByteArray path = QFile::encodeName(QStringLiteral("/run/netns/") + netnsName);
    enum class Failed { Nothing, Open, Enter, Socket } failed = Failed::Nothing;
    int code = 0;
    int fd = -1;
    // setns() changes only the calling thread, and the socket keeps the namespace it was created
    // in: a thread that exists just for this call leaves every other thread where it was, and
    // its own namespace membership ends with it.
    const auto work = [&] {
        const int target = ::open(path.constData(), O_RDONLY | O_CLOEXEC);
        if (target < 0) {
            failed = Failed::Open;
            code = errno;
            return;
        }
        const int entered = ::setns(target, CLONE_NEWNET);
        code = errno;
        ::close(target);
        if (entered != 0) {
            failed = Failed::Enter;
            return;
        }
        fd = ::socket(domain, type | SOCK_CLOEXEC, protocol);
        if (fd < 0) {
            failed = Failed::Socket;
            code = errno;
        }
    };
    try {
        std::thread(work).join();
    } catch (const std::system_error &e) {
        *error = LabSockets::tr("cannot start a thread to enter network namespace \"%1\": %2")
                     .arg(netnsName, QString::fromLocal8Bit(e.what()));
        return -1;
    }
    switch (failed) {
    case Failed::Nothing:
        return fd;
    case Failed::Open:
        *error =
            code == ENOENT
                ? LabSockets::tr("network namespace \"%1\" does not exist").arg(netnsName)
                : LabSockets::tr("cannot open network namespace \"%1\": %2").arg(netnsName, errnoText(code));
        break;
    case Failed::Enter:
        *error =
            code == EINVAL
                ? LabSockets::tr("/run/netns/%1 is not a network namespace (a left-over file?)").arg(netnsName)
                : LabSockets::tr("cannot enter network namespace \"%1\": %2").arg(netnsName, errnoText(code));
        break;
    case Failed::Socket:
        *error = LabSockets::tr("cannot create a socket in network namespace \"%1\": %2")
                     .arg(netnsName, errnoText(code));
        break;
    }
    return -1;
}

int openSocketIn(const QString &netnsName, int domain, int type, QString *error)
{
    return openSocketIn(netnsName, domain, type, 0, error);
}

std::unique_ptr<NetlinkSocket> openRouteSocketIn(const QString &netnsName, QString *error)
{
    const int fd = openSocketIn(netnsName, AF_NETLINK, SOCK_RAW, NETLINK_ROUTE, error);
    return fd < 0 ? nullptr : NetlinkSocket::adopt(fd, error);
}

std::optional<LabTrafficSockets> LabTrafficSockets::open(const QString &namespaceA,
                                                         const QString &namespaceB, QString *error)
{
    LabTrafficSockets sockets;
    struct Wanted
    {
        int *fd;
        const QString *netns;
        int domain;
        int type;
        int protocol;
    };
    const Wanted wanted[] = {
        {&sockets.tcpListener, &namespaceB, AF_INET, SOCK_STREAM, 0},
        {&sockets.tcpSender, &namespaceA, AF_INET, SOCK_STREAM, 0},
        {&sockets.udpSender, &namespaceA, AF_INET, SOCK_DGRAM, 0},
        {&sockets.udpReceiver, &namespaceB, AF_INET, SOCK_DGRAM, 0},
        {&sockets.probeSender, &namespaceA, AF_INET, SOCK_DGRAM, 0},
        {&sockets.probeEchoer, &namespaceB, AF_INET, SOCK_DGRAM, 0},
        {&sockets.linkStats, &namespaceB, AF_NETLINK, SOCK_RAW, NETLINK_ROUTE},
        {&sockets.requestListener, &namespaceA, AF_INET, SOCK_STREAM, 0},
        {&sockets.requestClient, &namespaceB, AF_INET, SOCK_STREAM, 0},
    };
    for (const Wanted &w : wanted) {
        *w.fd = openSocketIn(*w.netns, w.domain, w.type, w.protocol, error);
        if (*w.fd < 0) {
            sockets.closeAll();
            return std::nullopt;
        }
    }
    return sockets;
}

void LabTrafficSockets::closeAll()
{
    for (int *fd : {&tcpListener, &tcpSender, &udpSender, &udpReceiver, &probeSender, &probeEchoer,
                    &linkStats, &requestListener, &requestClient}) {
        if (*fd >= 0)
            ::close(*fd);
        *fd = -1;
    }
}

bool LabTrafficSockets::complete() const
{
    for (int fd : {tcpListener, tcpSender, udpSender, udpReceiver, probeSender, probeEchoer,
                   linkStats, requestListener, requestClient}) {
        if (fd < 0)
            return false;
    }
    return true;
}

} // namespace qs

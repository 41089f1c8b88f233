#pragma once

// The kernel's own word on when a qdisc changed: a netlink socket in a network namespace,
// subscribed to RTNLGRP_TC, read on a thread of its own that stamps each RTM_NEWQDISC with
// CLOCK_MONOTONIC as it arrives. Used where a test or benchmark times changes made by other
// processes (the helper, a remote host's helper): the namespaces share this machine's clock.

#include "stats/monotonicclock.h"

#include <QString>

#include <atomic>
#include <fcntl.h>
#include <linux/netlink.h>
#include <linux/pkt_sched.h>
#include <linux/rtnetlink.h>
#include <mutex>
#include <poll.h>
#include <sched.h>
#include <sys/socket.h>
#include <thread>
#include <unistd.h>
#include <vector>

namespace qs::test {

class TcNotifications
{
public:
    /** A root qdisc change as the kernel announced it. */
    struct Change
    {
        qint64 atNs = 0;          ///< CLOCK_MONOTONIC when it was read
        QString kind;             ///< "tbf", "htb", …
        quint64 tbfRateBytes = 0; ///< tbf's rate in bytes/s (0 for other kinds)
    };

    /** Listens in the namespace /run/netns/@p netns; ok() says whether it could. */
    explicit TcNotifications(const QString &netns)
    {
        const int home = ::open("/proc/self/ns/net", O_RDONLY | O_CLOEXEC);
        const int there = ::open(QStringLiteral("/run/netns/%1").arg(netns).toLocal8Bit().constData(), O_RDONLY | O_CLOEXEC);
        // A socket keeps the namespace it was made in: this thread enters it just for socket().
        if (home >= 0 && there >= 0 && ::setns(there, CLONE_NEWNET) == 0) {
            m_fd = ::socket(AF_NETLINK, SOCK_RAW | SOCK_CLOEXEC, NETLINK_ROUTE);
            ::setns(home, CLONE_NEWNET);
        }
        if (home >= 0)
            ::close(home);
        if (there >= 0)
            ::close(there);
        sockaddr_nl address{};
        address.nl_family = AF_NETLINK;
        address.nl_groups = RTMGRP_TC;
        const int big = 4 << 20;
        if (m_fd >= 0 && (::setsockopt(m_fd, SOL_SOCKET, SO_RCVBUFFORCE, &big, sizeof big) != 0 ||
                          ::bind(m_fd, reinterpret_cast<sockaddr *>(&address), sizeof address) != 0)) {
            ::close(m_fd);
            m_fd = -1;
        }
        if (m_fd >= 0)
            m_reader = std::thread([this] { read(); });
    }
    ~TcNotifications()
    {
        m_stop = true;
        if (m_reader.joinable())
            m_reader.join();
        if (m_fd >= 0)
            ::close(m_fd);
    }
    TcNotifications(const TcNotifications &) = delete;
    TcNotifications &operator=(const TcNotifications &) = delete;

    bool ok() const { return m_fd >= 0; }
    std::vector<Change> changes() const
    {
        std::lock_guard lock(m_mutex);
        return m_changes;
    }

private:
    void read()
    {
        std::vector<char> buffer(1 << 16);
        while (!m_stop) {
            pollfd p{m_fd, POLLIN, 0};
            if (::poll(&p, 1, 100) <= 0)
                continue;
            const ssize_t received = ::recv(m_fd, buffer.data(), buffer.size(), 0);
            const qint64 now = monotonicNowNs();
            if (received <= 0)
                continue;
            int n = int(received);
            for (auto *h = reinterpret_cast<nlmsghdr *>(buffer.data()); NLMSG_OK(h, n); h = NLMSG_NEXT(h, n)) {
                if (h->nlmsg_type != RTM_NEWQDISC)
                    continue;
                const auto *tc = static_cast<const tcmsg *>(NLMSG_DATA(h));
                if (tc->tcm_parent != TC_H_ROOT)
                    continue;
                Change change;
                change.atNs = now;
                int length = int(h->nlmsg_len) - int(NLMSG_LENGTH(sizeof(tcmsg)));
                for (auto *a = reinterpret_cast<rtattr *>(reinterpret_cast<char *>(NLMSG_DATA(h)) + NLMSG_ALIGN(sizeof(tcmsg))); RTA_OK(a, length);
                     a = RTA_NEXT(a, length)) {
                    if (a->rta_type == TCA_KIND)
                        change.kind = QString::fromLatin1(static_cast<const char *>(RTA_DATA(a)));
                    if (a->rta_type != TCA_OPTIONS)
                        continue;
                    int inner = int(RTA_PAYLOAD(a));
                    for (auto *o = static_cast<rtattr *>(RTA_DATA(a)); RTA_OK(o, inner); o = RTA_NEXT(o, inner)) {
                        if (o->rta_type == TCA_TBF_PARMS && RTA_PAYLOAD(o) >= sizeof(tc_tbf_qopt) && change.tbfRateBytes == 0)
                            change.tbfRateBytes = static_cast<const tc_tbf_qopt *>(RTA_DATA(o))->rate.rate;
                        if (o->rta_type == TCA_TBF_RATE64 && RTA_PAYLOAD(o) >= sizeof(quint64))
                            change.tbfRateBytes = *static_cast<const quint64 *>(RTA_DATA(o));
                    }
                }
                std::lock_guard lock(m_mutex);
                m_changes.push_back(change);
            }
        }
    }

    int m_fd = -1;
    std::atomic<bool> m_stop{false};
    std::thread m_reader;
    mutable std::mutex m_mutex;
    std::vector<Change> m_changes;
};

} // namespace qs::test

#pragma once

#include <QByteArray>
#include <QCoreApplication>
#include <QString>

#include <atomic>
#include <functional>
#include <memory>
#include <optional>

struct nl_sock;
struct nl_msg;
struct nlmsghdr;

namespace qs {

/** A refusal from the kernel: errno and, when it sent one, its own extended-ack sentence. */
struct KernelError
{
    int code = 0;        ///< positive errno
    QString extack;      ///< the kernel's text ("Specified qdisc kind is unknown"), may be empty
    QString toString() const;
};

/**
 * One rtnetlink socket, optionally inside a named network namespace, with extended acks on so
 * a refusal carries the kernel's own words. Requests are sent one at a time and wait for their
 * ack; dumps hand each message to a callback. Not thread-safe: one owner at a time.
 */
class NetworkNamespace;

class NetlinkSocket
{
    Q_DECLARE_TR_FUNCTIONS(qs::NetlinkSocket)

public:
    ~NetlinkSocket();
    NetlinkSocket(const NetlinkSocket &) = delete;
    NetlinkSocket &operator=(const NetlinkSocket &) = delete;

    /**
     * Opens a socket in @p netns (as NetworkNamespace names it: empty, a name under /run/netns,
     * a container's "docker:NAME"). The namespace is entered only for the socket() call, so the
     * thread returns to its own.
     */
    static std::unique_ptr<NetlinkSocket> open(const QString &netns, QString *error);
    /** The same in a namespace opened already (one resolution of a container for several sockets). */
    static std::unique_ptr<NetlinkSocket> open(const NetworkNamespace &netns, QString *error);
    /** The bare rtnetlink descriptor open() starts from, for handing to another process; -1 on failure. */
    static int openDescriptor(const QString &netns, QString *error);
    static int openDescriptor(const NetworkNamespace &netns, QString *error);
    /** Takes over a descriptor opened elsewhere (e.g. handed over by the helper). */
    static std::unique_ptr<NetlinkSocket> adopt(int fd, QString *error);

    int fd() const;

    /** Sends @p msg with NLM_F_ACK and waits for the answer; nullopt means done. */
    std::optional<KernelError> request(nl_msg *msg);
    /** Sends a get (no ack asked) and hands its one answer to @p onReply; nullopt means answered. */
    std::optional<KernelError> query(nl_msg *msg, const std::function<void(const nlmsghdr *)> &onReply);
    /** Sends a dump request and calls @p onMessage for each reply until NLMSG_DONE. */
    std::optional<KernelError> dump(nl_msg *msg, const std::function<void(const nlmsghdr *)> &onMessage);

    /**
     * From now on, a request or dump stops with ECANCELED once @p flag is set: checked before each
     * part of a reply is read, so a dump of 50 000 classes (about a second) gives up within one part
     * (a few milliseconds of kernel work) when the thread reading it must end (NetlinkWorker). The
     * kernel's side of a dump given up is left half-read: the socket is good for nothing but closing.
     */
    void setCancelFlag(const std::atomic<bool> *flag) { m_cancel = flag; }

    /** The socket's own netlink port: notifications of its own requests carry it. */
    quint32 portId() const;
    /** Subscribes to a multicast group (e.g. RTNLGRP_TC) for notifications. */
    bool joinGroup(int group);
    /**
     * Hands every notification already queued to @p onMessage without waiting. Returns false when
     * the kernel had to drop some (the socket overran): the caller must assume anything changed.
     */
    bool drainNotifications(const std::function<void(const nlmsghdr *)> &onMessage);

    /**
     * The libnl socket, for libnl-route's caches (netlink/links.h). It asks for no acks, so libnl's
     * own add, change and delete calls would not wait for the kernel's answer: build their messages
     * with libnl and send them with request().
     */
    nl_sock *libnlSocket() const { return m_socket; }

private:
    explicit NetlinkSocket(nl_sock *socket);
    std::optional<KernelError> exchange(nl_msg *msg, int flags, const std::function<void(const nlmsghdr *)> &onMessage);
    std::optional<KernelError> receive(quint32 sequence, const std::function<void(const nlmsghdr *)> &onMessage);

    nl_sock *m_socket;
    QByteArray m_buffer;
    const std::atomic<bool> *m_cancel = nullptr;
};

/** Frees an nl_msg when it goes out of scope. */
struct NlMsgDeleter
{
    void operator()(nl_msg *msg) const;
};
using NlMsgPtr = std::unique_ptr<nl_msg, NlMsgDeleter>;

} // namespace qs

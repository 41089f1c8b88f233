#include "labtraffic.h"
#include "stats/monotonicclock.h"
#include "log/errnotext.h"

#include "lab/labpacketlog.h"
#include "log/logging.h"
#include "netlink/links.h"
#include "netlink/netlinksocket.h"

#include <QCoreApplication>
#include <QScopeGuard>
#include <QtEndian>

#include <arpa/inet.h>
#include <netinet/in.h>

#include <algorithm>
#include <array>
#include <iterator>
#include <tuple>
#include <atomic>
#include <cerrno>
#include <cstring>
#include <ctime>
#include <fcntl.h>
#include <mutex>
#include <poll.h>
#include <sys/eventfd.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <system_error>
#include <thread>
#include <unistd.h>
#include <vector>

namespace qs {

namespace {


qint64 nanoseconds(const timespec &t)
{
    return qint64(t.tv_sec) * 1'000'000'000 + t.tv_nsec;
}

qint64 realtimeNs()
{
    timespec now{};
    ::clock_gettime(CLOCK_REALTIME, &now);
    return nanoseconds(now);
}

/**
 * Receives one datagram (non-blocking) with the kernel's receive time, which SO_TIMESTAMPNS gives
 * on CLOCK_REALTIME; 0 when the kernel sent none. The time our thread took to wake up and read
 * it then never counts as network delay.
 */
ssize_t receiveStamped(int fd, char *buffer, size_t size, qint64 *kernelRealtimeNs,
                       sockaddr_in *from, socklen_t *fromLength)
{
    iovec data{buffer, size};
    alignas(cmsghdr) char control[CMSG_SPACE(sizeof(timespec)) * 2];
    msghdr message{};
    message.msg_name = from;
    message.msg_namelen = from ? sizeof(*from) : 0;
    message.msg_iov = &data;
    message.msg_iovlen = 1;
    message.msg_control = control;
    message.msg_controllen = sizeof(control);
    *kernelRealtimeNs = 0;
    const ssize_t got = ::recvmsg(fd, &message, MSG_DONTWAIT);
    if (got < 0)
        return got;
    if (fromLength)
        *fromLength = message.msg_namelen;
    for (cmsghdr *c = CMSG_FIRSTHDR(&message); c; c = CMSG_NXTHDR(&message, c)) {
        if (c->cmsg_level == SOL_SOCKET && c->cmsg_type == SCM_TIMESTAMPNS &&
            c->cmsg_len >= CMSG_LEN(sizeof(timespec))) {
            timespec stamp{};
            std::memcpy(&stamp, CMSG_DATA(c), sizeof(stamp));
            *kernelRealtimeNs = nanoseconds(stamp);
        }
    }
    return got;
}

/**
 * The moment @p kernelRealtimeNs (a recent CLOCK_REALTIME stamp) on CLOCK_MONOTONIC: only how
 * long ago it was is taken from the realtime clock, read between two monotonic readings, so a
 * clock step elsewhere never matters. @p fallbackNs when there is no stamp.
 */
qint64 monotonicFromRecentRealtime(qint64 kernelRealtimeNs, qint64 fallbackNs)
{
    if (kernelRealtimeNs <= 0)
        return fallbackNs;
    const qint64 before = monotonicNowNs();
    const qint64 real = realtimeNs();
    const qint64 after = monotonicNowNs();
    const qint64 ago = real - kernelRealtimeNs;
    if (ago < 0 || ago > 10'000'000'000)
        return fallbackNs; // the realtime clock was stepped in between: do without the stamp
    return std::min(before + (after - before) / 2 - ago, fallbackNs);
}

timespec toTimespec(qint64 ns)
{
    ns = std::max<qint64>(ns, 0);
    return timespec{time_t(ns / 1'000'000'000), long(ns % 1'000'000'000)};
}

// Every datagram starts with this header, little-endian: magic, reserved, sequence, send time
// (CLOCK_MONOTONIC). A probe has 8 more bytes, where the echo writes how long it held the probe.
constexpr quint32 probeMagic = 0x504c5351; // "QSLP"
constexpr quint32 flowMagic = 0x554c5351;  // "QSLU"
constexpr int headerBytes = 24;
constexpr int probeBytes = headerBytes + 8;

void writeHeader(char *buffer, quint32 magic, quint64 sequence, qint64 sentNs)
{
    qToLittleEndian<quint32>(magic, buffer);
    qToLittleEndian<quint32>(0, buffer + 4);
    qToLittleEndian<quint64>(sequence, buffer + 8);
    qToLittleEndian<qint64>(sentNs, buffer + 16);
}

bool readHeader(const char *buffer, ssize_t length, quint32 magic, quint64 *sequence,
                qint64 *sentNs)
{
    if (length < headerBytes || qFromLittleEndian<quint32>(buffer) != magic)
        return false;
    *sequence = qFromLittleEndian<quint64>(buffer + 8);
    *sentNs = qFromLittleEndian<qint64>(buffer + 16);
    return true;
}

/** The cumulative byte counters at one moment: rates are differences between two of these. */
struct ByteSample
{
    qint64 timeNs = 0;
    quint64 tcpBytes = 0;
    quint64 udpBytes = 0;
    quint64 linkRxBytes = 0;
    bool linkValid = false;
};

/** Fixed-size storage indexed by an ever-growing sequence number: the newest entries win. */
template <typename T> class SequenceRing
{
public:
    explicit SequenceRing(qsizetype capacity) : m_slots(size_t(std::max<qsizetype>(capacity, 2))) {}
    T &at(quint64 sequence) { return m_slots[sequence % m_slots.size()]; }
    const T &at(quint64 sequence) const { return m_slots[sequence % m_slots.size()]; }
    quint64 capacity() const { return m_slots.size(); }

private:
    std::vector<T> m_slots;
};

/** The network namespace a socket was created in, when the kernel tells (Linux 5.14+). */
std::optional<quint64> namespaceCookie(int fd)
{
#ifdef SO_NETNS_COOKIE
    quint64 cookie = 0;
    socklen_t length = sizeof(cookie);
    if (::getsockopt(fd, SOL_SOCKET, SO_NETNS_COOKIE, &cookie, &length) == 0)
        return cookie;
#else
    Q_UNUSED(fd);
#endif
    return std::nullopt;
}

/**
 * False when the senders are not all in one namespace and the receivers all in another. Sockets
 * from the wrong side could still bind and connect (all in b: everything over lo), and then the
 * figures would be silently meaningless.
 */
bool fromTwoNamespaces(const LabTrafficSockets &s)
{
    const auto a = namespaceCookie(s.tcpSender);
    const auto b = namespaceCookie(s.tcpListener);
    if (!a || !b)
        return true; // an older kernel: the bind and connect checks must do
    for (int fd : {s.udpSender, s.probeSender, s.requestListener}) {
        if (namespaceCookie(fd) != a)
            return false;
    }
    for (int fd : {s.udpReceiver, s.probeEchoer, s.linkStats, s.requestClient}) {
        if (namespaceCookie(fd) != b)
            return false;
    }
    return *a != *b;
}

bool setNonBlocking(int fd)
{
    const int flags = ::fcntl(fd, F_GETFL);
    return flags >= 0 && ::fcntl(fd, F_SETFL, flags | O_NONBLOCK) == 0;
}

/** Median and the @p fraction percentile (nearest rank) of @p values (ns), in milliseconds. */
std::pair<double, double> medianAndPercentileMs(std::vector<qint64> values, double fraction)
{
    std::sort(values.begin(), values.end());
    const size_t n = values.size();
    const double median =
        n % 2 ? double(values[n / 2]) : (double(values[n / 2 - 1]) + double(values[n / 2])) / 2.0;
    const size_t rank = size_t(std::ceil(fraction * double(n)));
    return {median / 1e6, double(values[std::max<size_t>(rank, 1) - 1]) / 1e6};
}

// The request probe's request: "QSR1 <bytes>\n", the size in decimal.
constexpr char requestTag[] = "QSR1 ";
constexpr int requestMaxBytes = 1 << 20;
constexpr int requestLineMax = 32;

/** One transaction of the request probe, recorded when it ended. */
struct RequestRecord
{
    qint64 startNs = 0; ///< connect()
    qint64 endNs = 0;   ///< the last byte, or the failure
    bool ok = false;
};

bool requestConfigValid(const LabTrafficConfig &c)
{
    return !c.requestSizes.empty() && c.requestSizes.size() <= 64 &&
           std::all_of(c.requestSizes.begin(), c.requestSizes.end(),
                       [](int bytes) { return bytes > 0 && bytes <= requestMaxBytes; }) &&
           c.requestInterval.count() > 0 && c.requestTimeout.count() > 0;
}

} // namespace

struct LabTraffic::State
{
    LabTraffic *owner = nullptr;
    LabTrafficSockets sockets;
    LabTrafficConfig config;
    std::unique_ptr<NetlinkSocket> linkStats;
    int stopFd = -1; ///< an eventfd: readable once stop() was asked
    std::thread bulkThread;
    std::thread meterThread;
    std::thread requestThread;
    std::atomic<bool> running{false};

    sockaddr_in tcpTarget{};
    sockaddr_in requestTarget{};
    qint64 flowIntervalNs = 0;
    qint64 probeIntervalNs = 0;
    qint64 sampleIntervalNs = 0;
    qint64 timeoutNs = 0;    ///< the least loss timeout
    qint64 maxTimeoutNs = 0; ///< the greatest
    qint64 historyNs = 0;
    qint64 reorderNs = 0;

    // Written by the bulk thread, read by the meter thread's samples.
    std::atomic<quint64> tcpBytes{0};
    std::atomic<int> tcpConnections{0};
    std::atomic<bool> tcpConnected{false};

    // The meter thread only.
    std::vector<char> flowPacket;
    quint64 udpBytes = 0;

    mutable std::mutex mutex; // guards everything below
    LabPacketLog probes;
    qint64 lastReplyNs = 0;
    LabPacketLog flow;
    SequenceRing<ByteSample> samples{2};
    quint64 sampleNext = 0;
    SequenceRing<RequestRecord> requests{2};
    quint64 requestNext = 0;
    qint64 resetNs = 0;

    void bulkLoop();
    void meterLoop();
    void requestLoop();
    void recordRequest(qint64 startNs, qint64 endNs, bool ok);
    void sendProbe();
    void sendFlow();
    bool echoProbe(char *buffer, size_t size);
    bool receiveProbes(char *buffer, size_t size);
    void receiveFlow(char *buffer, size_t size);
    void takeSample();
    std::optional<quint64> linkRxBytes();
    void fail(const QString &reason);
};

void LabTraffic::State::fail(const QString &reason)
{
    log::get("lab")->error("lab traffic stopped: {}", reason.toStdString());
    QMetaObject::invokeMethod(
        owner, [o = owner, reason] { Q_EMIT o->failed(reason); }, Qt::QueuedConnection);
}

// ---- the bulk TCP flow --------------------------------------------------------------------------

void LabTraffic::State::bulkLoop()
{
    // The bulk flow may take all the CPU it finds (no qdisc: gigabits through the veth); a lower
    // priority keeps it from delaying the timed work and the GUI when the CPU is short.
    // (On Linux the nice value belongs to the thread.)
    ::setpriority(PRIO_PROCESS, id_t(::gettid()), 10);

    enum class Sender { Idle, Connecting, Connected } sender = Sender::Idle;
    qint64 nextAttemptNs = 0;
    int receiver = -1;
    std::vector<char> chunk(64 * 1024, 'q');
    std::vector<char> sink(256 * 1024);
    const int senderFd = sockets.tcpSender;

    const auto dropConnection = [&](qint64 now) {
        // connect(AF_UNSPEC) dissolves the association, so the same socket can connect again.
        sockaddr unspecified{};
        unspecified.sa_family = AF_UNSPEC;
        ::connect(senderFd, &unspecified, sizeof(unspecified));
        sender = Sender::Idle;
        tcpConnected = false;
        nextAttemptNs = now + 1'000'000'000;
    };

    for (;;) {
        qint64 now = monotonicNowNs();
        if (sender == Sender::Idle && now >= nextAttemptNs) {
            if (::connect(senderFd, reinterpret_cast<const sockaddr *>(&tcpTarget),
                          sizeof(tcpTarget)) == 0) {
                sender = Sender::Connected;
                tcpConnected = true;
                ++tcpConnections;
            } else if (errno == EINPROGRESS || errno == EALREADY) {
                sender = Sender::Connecting;
            } else {
                dropConnection(now);
            }
        }
        pollfd fds[4] = {{stopFd, POLLIN, 0},
                         {sockets.tcpListener, POLLIN, 0},
                         {receiver, POLLIN, 0},
                         {senderFd, 0, 0}};
        if (sender != Sender::Idle)
            fds[3].events = POLLOUT;
        else
            fds[3].fd = -1;
        const qint64 waitNs = sender == Sender::Idle ? nextAttemptNs - now : 200'000'000;
        const timespec timeout = toTimespec(std::min<qint64>(waitNs, 200'000'000));
        if (::ppoll(fds, 4, &timeout, nullptr) < 0 && errno != EINTR) {
            fail(tr("waiting for the TCP flow failed: %1").arg(errnoText(errno)));
            break;
        }
        if (fds[0].revents)
            break;
        now = monotonicNowNs();
        if (fds[1].revents & POLLIN) {
            // A new connection replaces the old one: after a reconnect the old one is dead.
            const int accepted =
                ::accept4(sockets.tcpListener, nullptr, nullptr, SOCK_NONBLOCK | SOCK_CLOEXEC);
            if (accepted >= 0) {
                if (receiver >= 0)
                    ::close(receiver);
                receiver = accepted;
            }
        }
        if (receiver >= 0 && fds[2].revents) {
            // MSG_TRUNC: TCP discards the bytes without copying them; only their number matters.
            for (int i = 0; i < 64; ++i) {
                const ssize_t got =
                    ::recv(receiver, sink.data(), sink.size(), MSG_DONTWAIT | MSG_TRUNC);
                if (got > 0) {
                    tcpBytes += quint64(got);
                    continue;
                }
                if (got < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR))
                    break;
                ::close(receiver); // end of stream or a reset: the sender reconnects
                receiver = -1;
                break;
            }
        }
        if (sender == Sender::Connecting && fds[3].revents) {
            int error = 0;
            socklen_t length = sizeof(error);
            ::getsockopt(senderFd, SOL_SOCKET, SO_ERROR, &error, &length);
            if (error == 0) {
                sender = Sender::Connected;
                tcpConnected = true;
                ++tcpConnections;
            } else {
                dropConnection(now);
            }
        } else if (sender == Sender::Connected && fds[3].revents) {
            for (int i = 0; i < 16; ++i) {
                const ssize_t sent =
                    ::send(senderFd, chunk.data(), chunk.size(), MSG_DONTWAIT | MSG_NOSIGNAL);
                if (sent >= 0)
                    continue;
                if (errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR && errno != ENOBUFS)
                    dropConnection(now); // reset, or timed out after a very long outage
                break;
            }
        }
    }
    if (receiver >= 0)
        ::close(receiver);
    tcpConnected = false;
}

// ---- the timed work: UDP flow, probes, echoes, counters -----------------------------------------

// The logs change only in this thread, so next() is read here without the lock; the lock is
// taken to record a packet, not around send() (which may run the receive path inline).

void LabTraffic::State::sendProbe()
{
    char packet[probeBytes] = {};
    const qint64 now = monotonicNowNs();
    writeHeader(packet, probeMagic, probes.next(), now);
    if (::send(sockets.probeSender, packet, sizeof(packet), MSG_DONTWAIT) < 0)
        return; // not sent (a full socket buffer): nothing to account for
    const std::lock_guard lock(mutex);
    probes.recordSent(now, probes.lossTimeoutFor(timeoutNs, maxTimeoutNs));
}

void LabTraffic::State::sendFlow()
{
    const qint64 now = monotonicNowNs();
    writeHeader(flowPacket.data(), flowMagic, flow.next(), now);
    // A datagram the local qdisc drops still "succeeds" here (no IP_RECVERR): it is lost on the
    // link, as it should be. EAGAIN/ENOBUFS mean it never left: it is not counted at all.
    if (::send(sockets.udpSender, flowPacket.data(), flowPacket.size(), MSG_DONTWAIT) < 0)
        return;
    const std::lock_guard lock(mutex);
    flow.recordSent(now, flow.lossTimeoutFor(timeoutNs, maxTimeoutNs));
}

bool LabTraffic::State::echoProbe(char *buffer, size_t size)
{
    sockaddr_in from{};
    socklen_t length = sizeof(from);
    qint64 receivedRealtimeNs = 0;
    const ssize_t got =
        receiveStamped(sockets.probeEchoer, buffer, size, &receivedRealtimeNs, &from, &length);
    if (got < 0)
        return false;
    quint64 sequence = 0;
    qint64 sentNs = 0;
    if (got < probeBytes || !readHeader(buffer, got, probeMagic, &sequence, &sentNs))
        return true;
    // The time the probe spent here (waking this thread, reading it) is not the network's: the
    // reply says how long it was, as a TWAMP reflector does, and the sender subtracts it.
    const qint64 held =
        receivedRealtimeNs > 0 ? std::max<qint64>(realtimeNs() - receivedRealtimeNs, 0) : 0;
    qToLittleEndian<qint64>(held, buffer + headerBytes);
    ::sendto(sockets.probeEchoer, buffer, size_t(got), MSG_DONTWAIT,
             reinterpret_cast<sockaddr *>(&from), length);
    return true;
}

bool LabTraffic::State::receiveProbes(char *buffer, size_t size)
{
    bool any = false;
    for (int i = 0; i < 256; ++i) {
        qint64 receivedRealtimeNs = 0;
        const ssize_t got = receiveStamped(sockets.probeSender, buffer, size, &receivedRealtimeNs,
                                           nullptr, nullptr);
        if (got < 0) {
            if (errno == ECONNREFUSED)
                continue; // an ICMP error reported late: not a reply, keep reading
            return any;
        }
        any = true;
        const qint64 now = monotonicNowNs();
        quint64 sequence = 0;
        qint64 sentNs = 0;
        if (got < probeBytes || !readHeader(buffer, got, probeMagic, &sequence, &sentNs))
            continue;
        const qint64 arrived = monotonicFromRecentRealtime(receivedRealtimeNs, now);
        const qint64 held = qFromLittleEndian<qint64>(buffer + headerBytes);
        const std::lock_guard lock(mutex);
        if (probes.recordArrival(sequence, sentNs, arrived, held) !=
            LabPacketLog::Arrival::Unknown)
            lastReplyNs = now;
    }
    return any;
}

void LabTraffic::State::receiveFlow(char *buffer, size_t size)
{
    for (int i = 0; i < 1024; ++i) {
        const ssize_t got = ::recv(sockets.udpReceiver, buffer, size, MSG_DONTWAIT);
        if (got < 0)
            return;
        const qint64 now = monotonicNowNs();
        quint64 sequence = 0;
        qint64 sentNs = 0;
        if (!readHeader(buffer, got, flowMagic, &sequence, &sentNs))
            continue;
        const std::lock_guard lock(mutex);
        const LabPacketLog::Arrival arrival = flow.recordArrival(sequence, sentNs, now);
        if (arrival == LabPacketLog::Arrival::Counted || arrival == LabPacketLog::Arrival::Late)
            udpBytes += quint64(got); // goodput: every byte delivered once, even late
    }
}

std::optional<quint64> LabTraffic::State::linkRxBytes()
{
    const std::optional<Link> link = Links(*linkStats).find(config.linkDevice);
    return link ? std::optional<quint64>(link->receivedBytes) : std::nullopt;
}

void LabTraffic::State::takeSample()
{
    ByteSample sample;
    const std::optional<quint64> link = linkRxBytes();
    sample.timeNs = monotonicNowNs();
    sample.tcpBytes = tcpBytes;
    sample.udpBytes = udpBytes;
    sample.linkRxBytes = link.value_or(0);
    sample.linkValid = link.has_value();
    const std::lock_guard lock(mutex);
    samples.at(sampleNext++) = sample;
}

void LabTraffic::State::meterLoop()
{
    std::vector<char> buffer(65536);
    qint64 now = monotonicNowNs();
    qint64 nextFlow = now;
    qint64 nextProbe = now;
    qint64 nextSample = now;
    // After a stall (a suspended laptop, a debugger) start afresh instead of sending a burst.
    const auto advance = [](qint64 &next, qint64 interval, qint64 now) {
        next += interval;
        if (now - next > 10 * interval)
            next = now + interval;
    };
    for (;;) {
        now = monotonicNowNs();
        if (now >= nextProbe) {
            sendProbe();
            advance(nextProbe, probeIntervalNs, now);
        }
        if (config.udpPacketsPerSecond > 0 && now >= nextFlow) {
            sendFlow();
            advance(nextFlow, flowIntervalNs, now);
        }
        if (now >= nextSample) {
            takeSample();
            advance(nextSample, sampleIntervalNs, now);
        }
        qint64 deadline = std::min(nextProbe, nextSample);
        if (config.udpPacketsPerSecond > 0)
            deadline = std::min(deadline, nextFlow);
        pollfd fds[4] = {{stopFd, POLLIN, 0},
                         {sockets.probeEchoer, POLLIN, 0},
                         {sockets.probeSender, POLLIN, 0},
                         {sockets.udpReceiver, POLLIN, 0}};
        const timespec timeout = toTimespec(deadline - monotonicNowNs());
        if (::ppoll(fds, 4, &timeout, nullptr) < 0 && errno != EINTR) {
            fail(tr("waiting for the UDP flow and probes failed: %1").arg(errnoText(errno)));
            break;
        }
        if (fds[0].revents)
            break;
        // Echo a probe, then look for its reply at once: sending the echo delivers it through
        // the veth before sendto() returns, so no poll is spent in between.
        if (fds[1].revents || fds[2].revents) {
            for (int round = 0; round < 256; ++round) {
                const bool echoed = echoProbe(buffer.data(), buffer.size());
                const bool replied = receiveProbes(buffer.data(), buffer.size());
                if (!echoed && !replied)
                    break;
            }
        }
        if (fds[3].revents)
            receiveFlow(buffer.data(), buffer.size());
    }
}

// ---- the request probe -------------------------------------------------------------------------

void LabTraffic::State::recordRequest(qint64 startNs, qint64 endNs, bool ok)
{
    const std::lock_guard lock(mutex);
    requests.at(requestNext++) = RequestRecord{startNs, endNs, ok};
}

void LabTraffic::State::requestLoop()
{
    const int client = sockets.requestClient;
    const int listener = sockets.requestListener;
    const qint64 intervalNs = std::chrono::nanoseconds(config.requestInterval).count();
    const qint64 requestTimeoutNs = std::chrono::nanoseconds(config.requestTimeout).count();
    const std::vector<char> chunk(64 * 1024, 'r');
    std::vector<char> sink(64 * 1024);

    // The server, in namespace a. Connections are served one at a time in practice; a client
    // that gave up may leave one behind, so a few slots, each with the request timeout.
    struct Served
    {
        int fd = -1;
        qint64 acceptedNs = 0;
        char line[requestLineMax] = {};
        int lineLength = 0;
        qint64 remaining = -1; ///< bytes still to send; -1: the request line is not read yet
    };
    std::array<Served, 4> served;
    const auto closeServed = [](Served &c) {
        if (c.fd >= 0)
            ::close(c.fd); // after the whole answer: a FIN behind the data, never a reset
        c = Served{};
    };
    const auto serve = [&](Served &c) {
        while (c.remaining > 0) {
            const ssize_t sent = ::send(c.fd, chunk.data(), size_t(std::min<qint64>(c.remaining, qint64(chunk.size()))),
                                        MSG_DONTWAIT | MSG_NOSIGNAL);
            if (sent < 0) {
                if (errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR && errno != ENOBUFS)
                    closeServed(c); // the client reset it (it gave up)
                return;
            }
            c.remaining -= sent;
        }
        closeServed(c);
    };
    const auto readRequest = [&](Served &c) {
        const ssize_t got = ::recv(c.fd, c.line + c.lineLength, size_t(requestLineMax - c.lineLength), MSG_DONTWAIT);
        if (got < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR))
            return;
        if (got <= 0) {
            closeServed(c);
            return;
        }
        c.lineLength += int(got);
        const char *end = static_cast<const char *>(std::memchr(c.line, '\n', size_t(c.lineLength)));
        if (!end) {
            if (c.lineLength == requestLineMax)
                closeServed(c); // not our request
            return;
        }
        const QByteArray line = QByteArray(c.line, int(end - c.line));
        bool numeric = false;
        const int bytes = line.startsWith(requestTag) ? line.mid(int(sizeof(requestTag)) - 1).toInt(&numeric) : 0;
        if (!numeric || bytes <= 0 || bytes > requestMaxBytes) {
            closeServed(c);
            return;
        }
        c.remaining = bytes;
        serve(c);
    };

    // The client, in namespace b: one socket, a new connection for every transaction.
    enum class Phase { Idle, Connecting, Receiving } phase = Phase::Idle;
    qint64 startedNs = 0;
    qint64 nextStartNs = monotonicNowNs();
    qint64 wanted = 0;
    qint64 received = 0;
    bool recorded = false;
    size_t nextSize = 0;
    const auto end = [&](qint64 now, bool ok) {
        if (!recorded)
            recordRequest(startedNs, now, ok);
        // After the server's FIN our socket is closed (TIME_WAIT holds the old port), so this
        // dissolves it without a reset, and the next connect() takes a fresh ephemeral port.
        sockaddr unspecified{};
        unspecified.sa_family = AF_UNSPEC;
        ::connect(client, &unspecified, sizeof(unspecified));
        phase = Phase::Idle;
        nextStartNs = std::max(startedNs + intervalNs, now);
    };
    const auto sendRequest = [&](qint64 now) {
        const QByteArray line = requestTag + QByteArray::number(qint64(wanted)) + '\n';
        // The request, then our FIN at once (as HTTP/1.0 may): the server's close then ends the
        // connection gracefully on both sides.
        if (::send(client, line.constData(), size_t(line.size()), MSG_DONTWAIT | MSG_NOSIGNAL) != line.size() ||
            ::shutdown(client, SHUT_WR) != 0) {
            end(now, false);
            return;
        }
        phase = Phase::Receiving;
    };

    for (;;) {
        qint64 now = monotonicNowNs();
        if (phase == Phase::Idle && now >= nextStartNs) {
            wanted = config.requestSizes[nextSize++ % config.requestSizes.size()];
            received = 0;
            recorded = false;
            startedNs = now;
            if (::connect(client, reinterpret_cast<const sockaddr *>(&requestTarget), sizeof(requestTarget)) == 0)
                sendRequest(now);
            else if (errno == EINPROGRESS)
                phase = Phase::Connecting;
            else
                end(now, false); // e.g. no route, or no ephemeral port free
        }
        if (phase != Phase::Idle && now - startedNs > requestTimeoutNs)
            end(now, false); // a 100 % loss: counted as failed, never waited for
        for (Served &c : served) {
            if (c.fd >= 0 && now - c.acceptedNs > requestTimeoutNs)
                closeServed(c);
        }

        pollfd fds[3 + std::tuple_size_v<decltype(served)>] = {{stopFd, POLLIN, 0}, {listener, POLLIN, 0}, {-1, 0, 0}};
        if (phase == Phase::Connecting)
            fds[2] = {client, POLLOUT, 0};
        else if (phase == Phase::Receiving)
            fds[2] = {client, POLLIN, 0};
        for (size_t i = 0; i < served.size(); ++i)
            fds[3 + i] = {served[i].fd, short(served[i].remaining < 0 ? POLLIN : POLLOUT), 0};
        const qint64 waitNs = phase == Phase::Idle ? nextStartNs - now : 100'000'000;
        const timespec timeout = toTimespec(std::clamp<qint64>(waitNs, 0, 100'000'000));
        if (::ppoll(fds, nfds_t(std::size(fds)), &timeout, nullptr) < 0 && errno != EINTR) {
            fail(tr("waiting for the request probe failed: %1").arg(errnoText(errno)));
            break;
        }
        if (fds[0].revents)
            break;
        now = monotonicNowNs();

        if (fds[1].revents & POLLIN) {
            const int accepted = ::accept4(listener, nullptr, nullptr, SOCK_NONBLOCK | SOCK_CLOEXEC);
            if (accepted >= 0) {
                auto slot = std::find_if(served.begin(), served.end(), [](const Served &c) { return c.fd < 0; });
                if (slot == served.end()) // all taken by abandoned ones: the oldest goes
                    slot = std::min_element(served.begin(), served.end(),
                                            [](const Served &x, const Served &y) { return x.acceptedNs < y.acceptedNs; });
                closeServed(*slot);
                slot->fd = accepted;
                slot->acceptedNs = now;
            }
        }
        for (size_t i = 0; i < served.size(); ++i) {
            Served &c = served[i];
            if (c.fd < 0 || c.fd != fds[3 + i].fd || !fds[3 + i].revents)
                continue;
            if (c.remaining < 0)
                readRequest(c);
            else
                serve(c);
        }

        if (phase == Phase::Connecting && fds[2].revents) {
            int error = 0;
            socklen_t length = sizeof(error);
            ::getsockopt(client, SOL_SOCKET, SO_ERROR, &error, &length);
            if (error == 0)
                sendRequest(now);
            else
                end(now, false);
        } else if (phase == Phase::Receiving && fds[2].revents) {
            for (int i = 0; i < 64 && phase == Phase::Receiving; ++i) {
                // MSG_TRUNC: TCP discards the bytes without copying them; only their number matters.
                const ssize_t got = ::recv(client, sink.data(), sink.size(), MSG_DONTWAIT | MSG_TRUNC);
                if (got > 0) {
                    received += got;
                    if (!recorded && received >= wanted) {
                        recordRequest(startedNs, monotonicNowNs(), true); // the last byte is here
                        recorded = true;
                    }
                    continue;
                }
                if (got < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR))
                    break;
                end(monotonicNowNs(), false); // the end of the stream (short unless recorded), or a reset
            }
        }
    }
    for (Served &c : served)
        closeServed(c);
}

// ---- the object ---------------------------------------------------------------------------------

LabTraffic::LabTraffic(LabTrafficSockets sockets, LabTrafficConfig config, QObject *parent)
    : QObject(parent), d(std::make_unique<State>())
{
    d->owner = this;
    d->sockets = sockets;
    d->config = std::move(config);
}

LabTraffic::~LabTraffic()
{
    stop();
}

bool LabTraffic::start(QString *error)
{
    LabTrafficSockets &s = d->sockets;
    const LabTrafficConfig &c = d->config;
    const auto refuse = [&](const QString &reason) {
        *error = tr("Cannot start the lab traffic: %1.").arg(reason);
        return false;
    };
    if (d->running || d->stopFd >= 0)
        return refuse(tr("it was started before"));
    if (!s.complete())
        return refuse(tr("a socket is missing"));
    // Whatever fails from here on, nothing is left half-started: every socket is closed.
    auto cleanup = qScopeGuard([this] { stop(); });
    if (!fromTwoNamespaces(s))
        return refuse(tr("the sending sockets must all come from the lab's namespace a and the "
                         "receiving ones (netlink included) from namespace b"));
    if (c.udpPayloadBytes < headerBytes || c.udpPayloadBytes > 1472 || c.udpPacketsPerSecond < 0 ||
        c.udpPacketsPerSecond > 100000 || c.probeInterval.count() <= 0 ||
        c.sampleInterval.count() <= 0 || c.lossTimeout.count() <= 0 || c.history.count() <= 0 ||
        c.reorderAllowance.count() < 0 || c.maxLossTimeout.count() <= 0 ||
        (c.requests && !requestConfigValid(c)))
        return refuse(tr("the configuration is out of range"));

    sockaddr_in receiver{};
    receiver.sin_family = AF_INET;
    if (::inet_pton(AF_INET, c.receiverAddress.toLatin1().constData(), &receiver.sin_addr) != 1)
        return refuse(tr("\"%1\" is not an IPv4 address").arg(c.receiverAddress));
    sockaddr_in server = receiver;
    if (::inet_pton(AF_INET, c.serverAddress.toLatin1().constData(), &server.sin_addr) != 1)
        return refuse(tr("\"%1\" is not an IPv4 address").arg(c.serverAddress));

    // Receivers bind to an ephemeral port of the receiver's address (which exists only in
    // namespace b: a socket from elsewhere fails here, clearly); senders connect to them. The
    // request server, the one receiver in namespace a, binds to the server address likewise.
    const auto bindTo = [&](int fd, const QString &what, const sockaddr_in &to,
                            const QString &toText, const QString &side, sockaddr_in *bound) {
        sockaddr_in address = to;
        socklen_t length = sizeof(address);
        if (::bind(fd, reinterpret_cast<const sockaddr *>(&address), sizeof(address)) != 0 ||
            ::getsockname(fd, reinterpret_cast<sockaddr *>(&address), &length) != 0) {
            //: %4 is the letter of the lab's namespace, a or b
            *error = tr("Cannot start the lab traffic: cannot bind the %1 to %2: %3 (are the "
                        "sockets from the lab's namespace %4?).")
                         .arg(what, toText, errnoText(errno), side);
            return false;
        }
        *bound = address;
        return setNonBlocking(fd);
    };
    const auto bindReceiver = [&](int fd, const QString &what, sockaddr_in *bound) {
        return bindTo(fd, what, receiver, c.receiverAddress, QStringLiteral("b"), bound);
    };
    const auto connectSender = [&](int fd, const QString &what, const sockaddr_in &target) {
        if (!setNonBlocking(fd) ||
            ::connect(fd, reinterpret_cast<const sockaddr *>(&target), sizeof(target)) != 0) {
            *error = tr("Cannot start the lab traffic: cannot connect the %1 to %2: %3 (are the "
                        "sockets from the lab's namespace a?).")
                         .arg(what, c.receiverAddress, errnoText(errno));
            return false;
        }
        return true;
    };
    sockaddr_in udpTarget{};
    sockaddr_in probeTarget{};
    if (!bindReceiver(s.tcpListener, tr("TCP listener"), &d->tcpTarget) ||
        !bindReceiver(s.udpReceiver, tr("UDP receiver"), &udpTarget) ||
        !bindReceiver(s.probeEchoer, tr("probe echo"), &probeTarget))
        return false;
    if (::listen(s.tcpListener, 4) != 0)
        return refuse(tr("cannot listen for the TCP flow: %1").arg(errnoText(errno)));
    if (c.requests) {
        if (!bindTo(s.requestListener, tr("request server"), server, c.serverAddress,
                    QStringLiteral("a"), &d->requestTarget))
            return false;
        if (::listen(s.requestListener, 8) != 0)
            return refuse(tr("cannot listen for requests: %1").arg(errnoText(errno)));
        if (!setNonBlocking(s.requestClient))
            return refuse(errnoText(errno));
    }
    if (!setNonBlocking(s.tcpSender) || !connectSender(s.udpSender, tr("UDP sender"), udpTarget) ||
        !connectSender(s.probeSender, tr("probe sender"), probeTarget))
        return false;
    // The UDP flow must never be dropped by its own receive buffer while the reader is busy.
    const int bufferBytes = 1 << 20;
    ::setsockopt(s.udpReceiver, SOL_SOCKET, SO_RCVBUF, &bufferBytes, sizeof(bufferBytes));
    // Kernel receive times for probes and echoes (see receiveStamped()).
    const int one = 1;
    ::setsockopt(s.probeSender, SOL_SOCKET, SO_TIMESTAMPNS, &one, sizeof(one));
    ::setsockopt(s.probeEchoer, SOL_SOCKET, SO_TIMESTAMPNS, &one, sizeof(one));

    QString reason;
    d->linkStats = NetlinkSocket::adopt(s.linkStats, &reason);
    s.linkStats = -1; // adopt() took it, even on failure
    if (!d->linkStats)
        return refuse(reason);
    if (!d->linkRxBytes())
        return refuse(
            tr("cannot read the counters of %1 (is the netlink socket from the lab's namespace b?)")
                .arg(c.linkDevice));

    d->flowIntervalNs = c.udpPacketsPerSecond > 0 ? 1'000'000'000 / c.udpPacketsPerSecond : 0;
    d->probeIntervalNs = std::chrono::nanoseconds(c.probeInterval).count();
    d->sampleIntervalNs = std::chrono::nanoseconds(c.sampleInterval).count();
    d->timeoutNs = std::chrono::nanoseconds(c.lossTimeout).count();
    d->maxTimeoutNs = std::max(d->timeoutNs, qint64(std::chrono::nanoseconds(c.maxLossTimeout).count()));
    d->reorderNs = std::chrono::nanoseconds(c.reorderAllowance).count();
    d->historyNs = std::chrono::nanoseconds(c.history).count();
    // A window as long as the history still needs the packets sent one timeout before it.
    const qint64 keptNs = d->historyNs + d->maxTimeoutNs + 1'000'000'000;
    d->probes = LabPacketLog(keptNs / d->probeIntervalNs + 1);
    d->flow = LabPacketLog(d->flowIntervalNs > 0 ? keptNs / d->flowIntervalNs + 1 : 2);
    d->samples = SequenceRing<ByteSample>(keptNs / d->sampleIntervalNs + 1);
    // Transactions start at most every requestInterval: this many cover the history.
    d->requests = SequenceRing<RequestRecord>(
        d->historyNs / std::chrono::nanoseconds(c.requestInterval).count() + 2);
    d->flowPacket.assign(size_t(c.udpPayloadBytes), 'u');
    d->resetNs = monotonicNowNs();

    d->stopFd = ::eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
    if (d->stopFd < 0)
        return refuse(errnoText(errno));
    try {
        d->meterThread = std::thread([state = d.get()] { state->meterLoop(); });
        if (c.bulkTcp)
            d->bulkThread = std::thread([state = d.get()] { state->bulkLoop(); });
        if (c.requests)
            d->requestThread = std::thread([state = d.get()] { state->requestLoop(); });
    } catch (const std::system_error &e) {
        return refuse(tr("cannot start a thread: %1").arg(QString::fromLocal8Bit(e.what())));
    }
    d->running = true;
    cleanup.dismiss();
    log::get("lab")->info("lab traffic started: TCP {}, UDP {} x {} B/s, probes every {} ms",
                          c.bulkTcp ? "bulk" : "off", c.udpPacketsPerSecond, c.udpPayloadBytes,
                          c.probeInterval.count());
    return true;
}

void LabTraffic::stop()
{
    if (d->stopFd >= 0) {
        const quint64 one = 1;
        [[maybe_unused]] const ssize_t written = ::write(d->stopFd, &one, sizeof(one));
    }
    if (d->bulkThread.joinable())
        d->bulkThread.join();
    if (d->meterThread.joinable())
        d->meterThread.join();
    if (d->requestThread.joinable())
        d->requestThread.join();
    if (d->stopFd >= 0)
        ::close(d->stopFd);
    d->stopFd = -1;
    d->running = false;
    d->sockets.closeAll();
    d->linkStats.reset();
}

bool LabTraffic::isRunning() const
{
    return d->running;
}

void LabTraffic::reset()
{
    const std::lock_guard lock(d->mutex);
    d->resetNs = monotonicNowNs();
}

LabMeasurement LabTraffic::snapshot(std::chrono::milliseconds window) const
{
    LabMeasurement m;
    const std::lock_guard lock(d->mutex);
    const qint64 now = monotonicNowNs();
    qint64 start = std::max(d->resetNs, now - d->historyNs);
    if (window.count() > 0)
        start = std::max(start, now - std::chrono::nanoseconds(window).count());
    m.window = std::chrono::nanoseconds(now - start);

    LabPacketTally probes = d->probes.tally(start, now, d->resetNs, d->maxTimeoutNs, d->reorderNs);
    m.probesAnswered = probes.received;
    m.probesLost = probes.lost;
    if (!probes.delaysNs.empty()) {
        const auto [median, p95] = medianAndPercentileMs(std::move(probes.delaysNs), 0.95);
        m.rttMedianMs = median;
        m.rttP95Ms = p95;
    }
    if (probes.decided > 0)
        m.probeLossPercent = 100.0 * probes.lost / probes.decided;
    if (d->lastReplyNs > 0)
        m.msSinceLastProbeReply = double(now - d->lastReplyNs) / 1e6;

    const LabPacketTally flow = d->flow.tally(start, now, d->resetNs, d->maxTimeoutNs, d->reorderNs);
    m.udpSent = flow.decided;
    m.udpReceived = flow.received;
    m.udpLost = flow.lost;
    m.udpReordered = flow.reordered;
    m.udpDuplicates = flow.duplicates;
    if (flow.decided > 0)
        m.udpLossPercent = 100.0 * flow.lost / flow.decided;
    m.probeLossTimeoutMs = double(d->probes.lossTimeoutFor(d->timeoutNs, d->maxTimeoutNs)) / 1e6;
    m.udpLossTimeoutMs = double(d->flow.lossTimeoutFor(d->timeoutNs, d->maxTimeoutNs)) / 1e6;

    // Requests: those that ended in the window and started after the reset, newest first (they
    // run one after another, so they end in order).
    std::vector<qint64> requestTimes;
    for (quint64 seq = d->requestNext;
         seq-- > 0 && d->requestNext - seq <= d->requests.capacity();) {
        const RequestRecord &r = d->requests.at(seq);
        if (r.endNs <= start)
            break;
        if (r.endNs > now || r.startNs < d->resetNs)
            continue;
        if (r.ok)
            requestTimes.push_back(r.endNs - r.startNs);
        else
            ++m.requestsFailed;
    }
    m.requestsCompleted = int(requestTimes.size());
    if (!requestTimes.empty()) {
        const auto [median, p80] = medianAndPercentileMs(std::move(requestTimes), 0.80);
        m.requestMedianMs = median;
        m.requestP80Ms = p80;
    }

    // Rates: the counters' increase between the first sample inside the window and the last.
    const ByteSample *first = nullptr;
    const ByteSample *last = nullptr;
    for (quint64 seq = d->sampleNext; seq-- > 0 && d->sampleNext - seq <= d->samples.capacity();) {
        const ByteSample &sample = d->samples.at(seq);
        if (sample.timeNs < start)
            break;
        if (!last)
            last = &sample;
        first = &sample;
    }
    if (first && last && last->timeNs > first->timeNs) {
        const double seconds = double(last->timeNs - first->timeNs) / 1e9;
        m.tcpGoodputBitsPerSec = 8.0 * double(last->tcpBytes - first->tcpBytes) / seconds;
        m.udpGoodputBitsPerSec = 8.0 * double(last->udpBytes - first->udpBytes) / seconds;
        if (first->linkValid && last->linkValid && last->linkRxBytes >= first->linkRxBytes)
            m.linkRateBitsPerSec = 8.0 * double(last->linkRxBytes - first->linkRxBytes) / seconds;
    }
    m.tcpConnected = d->tcpConnected;
    m.tcpConnections = d->tcpConnections;
    return m;
}

} // namespace qs

#include "busrelay.h"

#include "log/logging.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <poll.h>
#include <sys/eventfd.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>
#include <vector>

namespace qs {

namespace {

/** One read from the bus; a message larger than this passes in several. */
constexpr qsizetype ReadBytes = 1024 * 1024;
/** Bytes waiting for sd-bus beyond which the relay stops reading the bus until sd-bus caught up. */
constexpr qsizetype MaxPendingBytes = 1024 * 1024;
/** The socket pair's buffer towards sd-bus, so that sd-bus reads large messages in few turns. */
constexpr int RelayBufferBytes = 4 * 1024 * 1024;
/** File descriptors one read can bring: the kernel's most per message (SCM_MAX_FD); the system bus allows 16. */
constexpr int MaxFdsPerRead = 253;
/** Refusals waiting to be answered; a call whose handler never asks is forgotten in turn. */
constexpr qsizetype MaxRefusalsKept = 4096;
/**
 * Senders admitted at once. A grant that polkit gives a sender already gone is never forgotten;
 * past this many all are forgotten, and a sender still granted is admitted again when it asks
 * Authorize (told AuthorizeFirst meanwhile).
 */
constexpr qsizetype MaxAdmitted = 4096;
/** The auth lines are a few dozen bytes. */
constexpr qsizetype MaxAuthLineBytes = 4096;

/** "%2f" and the like of a D-Bus address value. */
QByteArray unescapeAddressValue(QByteArrayView value)
{
    return QByteArray::fromPercentEncoding(value.toByteArray());
}

int connectUnix(const QByteArray &address, QString *error)
{
    for (const QByteArray &alternative : address.split(';')) {
        if (!alternative.startsWith("unix:"))
            continue;
        QByteArray path;
        bool abstract = false;
        for (const QByteArray &pair : alternative.mid(5).split(',')) {
            if (pair.startsWith("path="))
                path = unescapeAddressValue(QByteArrayView(pair).sliced(5));
            else if (pair.startsWith("abstract=")) {
                path = unescapeAddressValue(QByteArrayView(pair).sliced(9));
                abstract = true;
            }
        }
        sockaddr_un where{};
        if (path.isEmpty() || path.size() + (abstract ? 1 : 0) >= qsizetype(sizeof(where.sun_path)))
            continue;
        where.sun_family = AF_UNIX;
        std::memcpy(where.sun_path + (abstract ? 1 : 0), path.constData(), size_t(path.size()));
        const socklen_t length = socklen_t(offsetof(sockaddr_un, sun_path) + (abstract ? 1 : 0) + path.size() + (abstract ? 0 : 1));
        const int fd = ::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
        if (fd < 0)
            continue;
        if (::connect(fd, reinterpret_cast<const sockaddr *>(&where), length) == 0)
            return fd;
        *error = QStringLiteral("cannot connect to %1: %2").arg(QString::fromUtf8(alternative), QString::fromLocal8Bit(std::strerror(errno)));
        ::close(fd);
    }
    if (error->isEmpty())
        *error = QStringLiteral("the bus address %1 names no unix socket the helper can reach").arg(QString::fromUtf8(address));
    return -1;
}

} // namespace

std::unique_ptr<BusRelay> BusRelay::connectTo(const QByteArray &address, Policy policy, QString *error)
{
    const int bus = connectUnix(address, error);
    if (bus < 0)
        return nullptr;
    int pair[2] = {-1, -1};
    const int busRead = ::fcntl(bus, F_DUPFD_CLOEXEC, 3);
    const int wakeup = ::eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
    if (busRead < 0 || wakeup < 0 || ::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, pair) != 0) {
        *error = QStringLiteral("cannot set up the bus relay: %1").arg(QString::fromLocal8Bit(std::strerror(errno)));
        for (int fd : {bus, busRead, wakeup})
            if (fd >= 0)
                ::close(fd);
        return nullptr;
    }
    // Root may exceed the system's default buffers; anyone else gets what the system allows. The
    // bus daemon then hands over a large message in few writes, and sd-bus reads it in few turns.
    if (::setsockopt(pair[0], SOL_SOCKET, SO_SNDBUFFORCE, &RelayBufferBytes, sizeof RelayBufferBytes) != 0)
        ::setsockopt(pair[0], SOL_SOCKET, SO_SNDBUF, &RelayBufferBytes, sizeof RelayBufferBytes);
    if (::setsockopt(bus, SOL_SOCKET, SO_RCVBUFFORCE, &RelayBufferBytes, sizeof RelayBufferBytes) != 0)
        ::setsockopt(bus, SOL_SOCKET, SO_RCVBUF, &RelayBufferBytes, sizeof RelayBufferBytes);
    std::unique_ptr<BusRelay> relay(new BusRelay);
    relay->m_busSocket = bus;
    relay->m_busRead = busRead;
    relay->m_relayEnd = pair[0];
    relay->m_sdBusEnd = pair[1];
    relay->m_wakeup = wakeup;
    relay->m_policy = std::move(policy);
    relay->m_thread = std::thread([r = relay.get()] { r->run(); });
    return relay;
}

BusRelay::~BusRelay()
{
    const uint64_t one = 1;
    if (::write(m_wakeup, &one, sizeof one) < 0)
        helperLog()->warn("the bus relay could not be told to stop: {}", std::strerror(errno));
    if (m_thread.joinable())
        m_thread.join();
    for (int fd : {m_busRead, m_relayEnd, m_wakeup})
        ::close(fd);
    // m_busSocket and m_sdBusEnd belong to sd-bus.
}

BusRelay::Refusal BusRelay::takeRefusal(const QByteArray &sender, quint32 serial)
{
    const std::lock_guard lock(m_lock);
    return m_refusals.take({sender, serial});
}

void BusRelay::admit(const QByteArray &sender)
{
    const std::lock_guard lock(m_lock);
    if (m_admitted.size() >= MaxAdmitted)
        m_admitted.clear();
    m_admitted.insert(sender);
}

void BusRelay::forget(const QByteArray &sender)
{
    const std::lock_guard lock(m_lock);
    m_admitted.remove(sender);
}

void BusRelay::run()
{
    std::vector<char> buffer(ReadBytes);
    alignas(cmsghdr) char control[CMSG_SPACE(sizeof(int) * MaxFdsPerRead)];
    bool reading = true;
    for (;;) {
        const bool pending = m_outStart < m_out.size();
        // A descriptor not asked about is left out: its hang-up would wake the loop forever.
        const bool readNow = reading && m_out.size() - m_outStart < MaxPendingBytes;
        pollfd polled[3] = {{m_wakeup, POLLIN, 0}, {readNow ? m_busRead : -1, POLLIN, 0}, {pending ? m_relayEnd : -1, POLLOUT, 0}};
        if (!reading && !pending)
            break; // the bus is gone and all it said was passed on
        if (::poll(polled, 3, -1) < 0) {
            if (errno == EINTR)
                continue;
            break;
        }
        if (polled[0].revents)
            return;
        if (polled[1].revents) {
            iovec into{buffer.data(), buffer.size()};
            msghdr message{};
            message.msg_iov = &into;
            message.msg_iovlen = 1;
            message.msg_control = control;
            message.msg_controllen = sizeof control;
            const ssize_t got = ::recvmsg(m_busRead, &message, MSG_DONTWAIT | MSG_CMSG_CLOEXEC);
            if (got < 0 && (errno == EAGAIN || errno == EINTR))
                continue;
            // The helper takes no descriptors: closed at once (the call they came with is refused).
            for (cmsghdr *c = got >= 0 ? CMSG_FIRSTHDR(&message) : nullptr; c; c = CMSG_NXTHDR(&message, c)) {
                if (c->cmsg_level != SOL_SOCKET || c->cmsg_type != SCM_RIGHTS)
                    continue;
                const size_t count = (c->cmsg_len - CMSG_LEN(0)) / sizeof(int);
                for (size_t i = 0; i < count; ++i) {
                    int fd = -1;
                    std::memcpy(&fd, CMSG_DATA(c) + i * sizeof(int), sizeof fd);
                    ::close(fd);
                }
            }
            if (got <= 0 || (message.msg_flags & MSG_CTRUNC) || !consume(buffer.data(), got)) {
                if (got > 0)
                    helperLog()->error("the bus sent what the relay cannot follow: disconnecting");
                reading = false; // what was read still goes to sd-bus, then it sees the end
            }
        }
        if (!flush())
            break;
    }
    ::shutdown(m_relayEnd, SHUT_WR); // sd-bus reads the end of the connection
}

bool BusRelay::consume(const char *data, qsizetype size)
{
    while (m_authenticating && size > 0) {
        const char *newline = static_cast<const char *>(std::memchr(data, '\n', size_t(size)));
        const qsizetype take = newline ? newline - data + 1 : size;
        m_line.append(data, take);
        data += take;
        size -= take;
        if (m_line.size() > MaxAuthLineBytes)
            return false;
        if (!newline)
            break;
        // sd-bus asks for file descriptors after its AUTH: the bus says OK, then agrees or not.
        const bool last = m_authOk && (m_line.startsWith("AGREE_UNIX_FD") || m_line.startsWith("ERROR"));
        m_authOk = m_authOk || m_line.startsWith("OK ");
        pass(m_line);
        m_line.clear();
        m_authenticating = !last;
    }
    return size == 0 || consumeFrames(data, size);
}

bool BusRelay::consumeFrames(const char *data, qsizetype size)
{
    while (size > 0) {
        if (m_bodyLeft > 0) {
            const qsizetype take = qsizetype(std::min<quint64>(m_bodyLeft, quint64(size)));
            if (m_passing)
                pass(QByteArrayView(data, take)); // no copy of its own: bodies are up to 16 MiB
            data += take;
            size -= take;
            m_bodyLeft -= quint64(take);
            continue;
        }
        // The header, then (for a call or signal whose first argument is a string) that string's length.
        const qsizetype wanted = !m_frame ? BusFrame::FixedBytes : !m_fieldsRead ? m_frame->headerBytes() : m_frame->headerBytes() + 4;
        const qsizetype take = std::min(wanted - m_head.size(), size);
        m_head.append(data, take);
        data += take;
        size -= take;
        if (m_head.size() < wanted)
            break;
        QString error;
        if (!m_frame) {
            m_frame = BusFrame::parseFixed(m_head, &error);
            if (!m_frame) { // no length to go by: the stream cannot be followed
                helperLog()->error("bus relay: {}", error.toStdString());
                return false;
            }
            if (m_frame->fieldsBytes > BusFrame::MaxFieldsBytes)
                skipMessage("its header fields are larger than any the helper reads");
            continue;
        }
        if (!m_fieldsRead) {
            if (!m_frame->parseFields(m_head, &error)) {
                skipMessage(qPrintable(error));
                continue;
            }
            m_fieldsRead = true;
            const bool callOrSignal = m_frame->type == BusFrame::Type::MethodCall || m_frame->type == BusFrame::Type::Signal;
            if (callOrSignal && m_frame->signature.startsWith('s') && m_frame->bodyBytes >= 4)
                continue;
        }
        decide();
    }
    return true;
}

void BusRelay::decide()
{
    const BusFrame frame = *std::exchange(m_frame, std::nullopt);
    m_fieldsRead = false;
    const qsizetype headerBytes = frame.headerBytes();
    std::optional<quint32> firstString;
    if (m_head.size() >= headerBytes + 4)
        firstString = frame.readUint32(QByteArrayView(m_head).sliced(headerBytes, 4));
    const bool callOrSignal = frame.type == BusFrame::Type::MethodCall || frame.type == BusFrame::Type::Signal;
    bool admitted = false;
    {
        const std::lock_guard lock(m_lock);
        admitted = m_admitted.contains(frame.sender);
    }
    Refusal refusal = callOrSignal && m_policy ? m_policy(frame, firstString, admitted) : Refusal();
    // Its descriptors were closed as they came: sd-bus would not take the message without them.
    if (frame.unixFds > 0 && refusal.kind == Refusal::Kind::None)
        refusal = {Refusal::Kind::WithDescriptors, {}, false};
    m_bodyLeft = frame.bodyBytes - quint64(m_head.size() - headerBytes);
    m_passing = refusal.kind == Refusal::Kind::None;
    if (m_passing) {
        pass(m_head);
    } else {
        constexpr quint8 NoReplyExpected = 0x1;
        if (frame.type == BusFrame::Type::MethodCall && !(frame.flags & NoReplyExpected) && !refusal.answered) {
            pass(frame.withoutBody()); // sd-bus answers: no such object or method
        } else if (frame.type == BusFrame::Type::MethodCall && !(frame.flags & NoReplyExpected)) {
            const std::lock_guard lock(m_lock);
            const QPair<QByteArray, quint32> key{frame.sender, frame.serial};
            m_refusals.insert(key, refusal);
            m_refusalOrder.push_back(key);
            while (qsizetype(m_refusalOrder.size()) > MaxRefusalsKept) {
                m_refusals.remove(m_refusalOrder.front());
                m_refusalOrder.pop_front();
            }
            pass(frame.withoutBody());
        }
    }
    m_head.clear();
}

void BusRelay::skipMessage(const char *why)
{
    const BusFrame frame = *std::exchange(m_frame, std::nullopt);
    m_fieldsRead = false;
    m_bodyLeft = quint64(frame.headerBytes()) + frame.bodyBytes - quint64(m_head.size());
    m_passing = false;
    m_head.clear();
    // Only a caller can make such a message (dbus-broker forwards header fields it does not
    // know): said once in a while, not once per message.
    if (m_skippedCount++ % 1000 == 0)
        helperLog()->warn("bus relay: a message was dropped unread ({}), {} so far", why, m_skippedCount);
}

void BusRelay::pass(QByteArrayView bytes)
{
    m_out.append(bytes);
}

bool BusRelay::flush()
{
    while (m_outStart < m_out.size()) {
        const ssize_t sent = ::send(m_relayEnd, m_out.constData() + m_outStart, size_t(m_out.size() - m_outStart), MSG_DONTWAIT | MSG_NOSIGNAL);
        if (sent < 0) {
            if (errno != EAGAIN && errno != EINTR)
                return false;
            break;
        }
        m_outStart += sent;
    }
    // What was written goes, so that m_out holds no more than what waits (MaxPendingBytes and a read).
    if (m_outStart == m_out.size()) {
        m_out.clear();
        m_outStart = 0;
    } else if (m_outStart >= ReadBytes) {
        m_out.remove(0, m_outStart);
        m_outStart = 0;
    }
    return true;
}

} // namespace qs

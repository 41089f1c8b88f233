#include "stdiobusbridge.h"

#include <QStringList>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <fcntl.h>
#include <poll.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

namespace qs {

namespace {

using Clock = std::chrono::steady_clock;

/** SASL lines are a few dozen bytes; a client that sends more, or more of them, is not a D-Bus client. */
constexpr qsizetype MaxAuthLineBytes = 1024;
constexpr int MaxAuthLines = 16;
constexpr int AuthTimeoutMs = 30000;
/** Bytes read at once, and held for the slower side before the faster one is read no more. */
constexpr qsizetype ChunkBytes = 64 * 1024;
constexpr qsizetype MaxPendingBytes = 1024 * 1024;

QString errnoText(int error)
{
    return QString::fromLocal8Bit(std::strerror(error));
}

bool writeAll(int fd, const QByteArray &bytes)
{
    qsizetype done = 0;
    while (done < bytes.size()) {
        const ssize_t n = ::write(fd, bytes.constData() + done, size_t(bytes.size() - done));
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0 && errno == EAGAIN) {
            pollfd p{fd, POLLOUT, 0};
            ::poll(&p, 1, 1000);
            continue;
        }
        if (n <= 0)
            return false;
        done += n;
    }
    return true;
}

/** One line ending in \r\n from @p fd within @p deadline, without the \r\n; @p buffer keeps what follows it. */
std::optional<QByteArray> readLine(int fd, QByteArray &buffer, Clock::time_point deadline)
{
    for (;;) {
        if (const qsizetype end = buffer.indexOf("\r\n"); end >= 0) {
            QByteArray line = buffer.left(end);
            buffer.remove(0, end + 2);
            return line;
        }
        if (buffer.size() > MaxAuthLineBytes)
            return std::nullopt;
        const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
        pollfd p{fd, POLLIN, 0};
        if (left <= 0 || ::poll(&p, 1, int(left)) <= 0)
            return std::nullopt;
        char chunk[512];
        const ssize_t n = ::read(fd, chunk, sizeof chunk);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return std::nullopt;
        buffer.append(chunk, n);
    }
}

/** "%2f" and the like in a D-Bus address value. */
QByteArray unescapeAddressValue(QByteArrayView value)
{
    return QByteArray::fromPercentEncoding(value.toByteArray());
}

void setNonBlocking(int fd)
{
    ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) | O_NONBLOCK);
}

} // namespace

QString StdioBusBridge::systemBusAddress()
{
    const QByteArray configured = qgetenv("DBUS_SYSTEM_BUS_ADDRESS");
    return configured.isEmpty() ? QStringLiteral("unix:path=/run/dbus/system_bus_socket") : QString::fromLocal8Bit(configured);
}

StdioBusBridge::~StdioBusBridge()
{
    if (m_bus >= 0)
        ::close(m_bus);
}

bool StdioBusBridge::connectToBus(const QString &busAddress, QString *error)
{
    sockaddr_un address{};
    address.sun_family = AF_UNIX;
    socklen_t length = 0;
    for (const QString &entry : busAddress.split(u';', Qt::SkipEmptyParts)) {
        if (!entry.startsWith(QStringLiteral("unix:")))
            continue;
        for (const QString &pair : entry.mid(5).split(u',')) {
            const QByteArray key = pair.section(u'=', 0, 0).toLatin1();
            const QByteArray value = unescapeAddressValue(pair.section(u'=', 1).toLatin1());
            const bool abstract = key == "abstract";
            if ((key != "path" && !abstract) || value.isEmpty() || value.size() + 1 > qsizetype(sizeof address.sun_path))
                continue;
            std::memcpy(address.sun_path + (abstract ? 1 : 0), value.constData(), size_t(value.size()));
            length = socklen_t(offsetof(sockaddr_un, sun_path) + value.size() + (abstract ? 1 : 0));
            break;
        }
        if (length)
            break;
    }
    if (!length) {
        *error = QStringLiteral("the system bus address \"%1\" names no unix socket (unix:path= or unix:abstract=)").arg(busAddress);
        return false;
    }
    m_bus = ::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (m_bus < 0 || ::connect(m_bus, reinterpret_cast<const sockaddr *>(&address), length) != 0) {
        *error = QStringLiteral("cannot connect to the system bus at %1: %2").arg(busAddress, errnoText(errno));
        return false;
    }
    // EXTERNAL: the bus reads who we are from the socket; we name the same uid.
    const QByteArray uid = QByteArray::number(::getuid());
    if (!writeAll(m_bus, QByteArray("\0AUTH EXTERNAL ", 15) + uid.toHex() + "\r\n")) {
        *error = QStringLiteral("the system bus at %1 closed the connection: %2").arg(busAddress, errnoText(errno));
        return false;
    }
    QByteArray buffer;
    const auto answer = readLine(m_bus, buffer, Clock::now() + std::chrono::seconds(10));
    if (!answer || !answer->startsWith("OK ") || !buffer.isEmpty() || !writeAll(m_bus, "BEGIN\r\n")) {
        *error = QStringLiteral("the system bus at %1 did not accept this user (%2)").arg(busAddress, QString::fromLatin1(answer.value_or("no answer")));
        return false;
    }
    m_guid = answer->mid(3).trimmed();
    return true;
}

bool StdioBusBridge::answerClientAuthentication(int input, int output, QString *why)
{
    const auto deadline = Clock::now() + std::chrono::milliseconds(AuthTimeoutMs);
    char nul = 1;
    pollfd p{input, POLLIN, 0};
    if (::poll(&p, 1, AuthTimeoutMs) <= 0 || ::read(input, &nul, 1) != 1 || nul != 0) {
        *why = QStringLiteral("the client did not begin as a D-Bus client does");
        return false;
    }
    QByteArray buffer;
    bool accepted = false;
    bool awaitingData = false;
    for (int lines = 0; lines < MaxAuthLines; ++lines) {
        const auto line = readLine(input, buffer, deadline);
        if (!line) {
            *why = QStringLiteral("the client ended, or sent no complete line, while authenticating");
            return false;
        }
        QByteArray reply;
        if (line->startsWith("AUTH EXTERNAL") || line->startsWith("AUTH ANONYMOUS")) {
            // The client's uid means nothing here: the bus knows the bridge's, which is who acts.
            const bool initialResponse = line->count(' ') >= 2 || line->startsWith("AUTH ANONYMOUS");
            awaitingData = !initialResponse;
            accepted = initialResponse;
            reply = initialResponse ? "OK " + m_guid : QByteArray("DATA");
        } else if (line->startsWith("DATA") && awaitingData) {
            awaitingData = false;
            accepted = true;
            reply = "OK " + m_guid;
        } else if (*line == "NEGOTIATE_UNIX_FD" && accepted) {
            reply = "ERROR descriptors do not cross ssh";
        } else if (*line == "BEGIN" && accepted) {
            m_toBus = buffer;
            return true;
        } else if (line->startsWith("AUTH") || *line == "CANCEL") {
            accepted = awaitingData = false;
            reply = "REJECTED EXTERNAL ANONYMOUS";
        } else {
            reply = "ERROR";
        }
        if (!writeAll(output, reply + "\r\n")) {
            *why = QStringLiteral("the client's channel closed while authenticating");
            return false;
        }
    }
    *why = QStringLiteral("the client sent more than %1 authentication lines").arg(MaxAuthLines);
    return false;
}

QString StdioBusBridge::run(int input, int output, int silenceMs)
{
    QString why;
    if (!answerClientAuthentication(input, output, &why))
        return why;
    setNonBlocking(output);
    setNonBlocking(m_bus);
    QByteArray toClient;
    auto lastHeard = Clock::now();
    char chunk[ChunkBytes];
    // Writes what it can of @p pending to @p fd; false when the other end is gone.
    const auto flush = [](int fd, QByteArray &pending) {
        const ssize_t n = ::write(fd, pending.constData(), size_t(pending.size()));
        if (n > 0)
            pending.remove(0, n);
        return n >= 0 || errno == EAGAIN || errno == EINTR;
    };
    for (;;) {
        pollfd fds[3] = {{input, short(m_toBus.size() < MaxPendingBytes ? POLLIN : 0), 0},
                         {m_bus, short((toClient.size() < MaxPendingBytes ? POLLIN : 0) | (m_toBus.isEmpty() ? 0 : POLLOUT)), 0},
                         {output, short(toClient.isEmpty() ? 0 : POLLOUT), 0}}; // POLLERR and POLLHUP are reported regardless
        // Input held back (the bus is slow to take it) is not silence: the client is heard again once it is read.
        if (m_toBus.size() >= MaxPendingBytes)
            lastHeard = Clock::now();
        const auto silent = std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - lastHeard).count();
        if (silent >= silenceMs)
            return QStringLiteral("the client was silent for %1 ms (killed, or its network cut)").arg(silent);
        if (::poll(fds, 3, int(silenceMs - silent)) < 0 && errno != EINTR)
            return QStringLiteral("poll: %1").arg(errnoText(errno));
        if (fds[0].revents & (POLLIN | POLLHUP | POLLERR)) {
            const ssize_t n = ::read(input, chunk, sizeof chunk);
            if (n == 0 || (n < 0 && errno != EINTR && errno != EAGAIN))
                return QStringLiteral("the client closed the connection");
            if (n > 0) {
                m_toBus.append(chunk, n);
                lastHeard = Clock::now();
            }
        }
        if (fds[2].revents & (POLLERR | POLLHUP))
            return QStringLiteral("the client's channel closed");
        if (fds[1].revents & POLLIN) {
            const ssize_t n = ::read(m_bus, chunk, sizeof chunk);
            if (n == 0 || (n < 0 && errno != EINTR && errno != EAGAIN))
                return QStringLiteral("the system bus closed the connection");
            if (n > 0)
                toClient.append(chunk, n);
        } else if (fds[1].revents & (POLLHUP | POLLERR)) {
            return QStringLiteral("the system bus closed the connection");
        }
        if (!m_toBus.isEmpty() && !flush(m_bus, m_toBus))
            return QStringLiteral("the system bus closed the connection");
        if (!toClient.isEmpty() && !flush(output, toClient))
            return QStringLiteral("the client's channel closed");
    }
}

} // namespace qs

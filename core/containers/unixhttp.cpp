#include "unixhttp.h"

#include "netlink/scopedfd.h"

#include <QCoreApplication>
#include <QDeadlineTimer>
#include <QFile>
#include <QList>

#include <cerrno>
#include <cstring>
#include <poll.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

namespace qs {

namespace {

QString tr(const char *text)
{
    return QCoreApplication::translate("qs::UnixHttp", text);
}

/** Waits until @p fd is ready for @p events or the deadline passes. */
bool waitFor(int fd, short events, const QDeadlineTimer &deadline)
{
    for (;;) {
        pollfd p{fd, events, 0};
        const int r = ::poll(&p, 1, int(qMax<qint64>(0, deadline.remainingTime())));
        if (r > 0)
            return true;
        if (r == 0 || errno != EINTR)
            return false;
    }
}

/** The body of a chunked response; false when it is not one. */
bool dechunk(const QByteArray &raw, QByteArray *body)
{
    qsizetype at = 0;
    body->clear();
    for (;;) {
        const qsizetype lineEnd = raw.indexOf("\r\n", at);
        if (lineEnd < 0)
            return false;
        bool ok = false;
        const qlonglong size = raw.mid(at, lineEnd - at).split(';').first().trimmed().toLongLong(&ok, 16);
        if (!ok || size < 0 || lineEnd + 2 + size > raw.size())
            return false;
        if (size == 0)
            return true;
        body->append(raw.constData() + lineEnd + 2, qsizetype(size));
        at = lineEnd + 2 + qsizetype(size) + 2;
    }
}

} // namespace

UnixHttpResponse unixHttpGet(const QString &socketPath, const QByteArray &pathAndQuery, int timeoutMs, qsizetype maxBodyBytes)
{
    UnixHttpResponse response;
    const auto fail = [&](UnixHttpResponse::Failure failure, const QString &error) {
        response.failure = failure;
        response.error = error;
        return response;
    };
    const QByteArray path = QFile::encodeName(socketPath);
    sockaddr_un address{};
    address.sun_family = AF_UNIX;
    if (path.isEmpty() || path.size() >= qsizetype(sizeof(address.sun_path)))
        return fail(UnixHttpResponse::Failure::NoSocket, tr("%1 is not a socket path").arg(socketPath));
    std::memcpy(address.sun_path, path.constData(), size_t(path.size()));

    const QDeadlineTimer deadline(timeoutMs);
    ScopedFd fd(::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0));
    if (fd.get() < 0)
        return fail(UnixHttpResponse::Failure::Failed, QString::fromLocal8Bit(std::strerror(errno)));
    if (::connect(fd.get(), reinterpret_cast<const sockaddr *>(&address), sizeof(address)) != 0) {
        const int error = errno;
        if (error == EACCES || error == EPERM)
            return fail(UnixHttpResponse::Failure::PermissionDenied, tr("%1: permission denied").arg(socketPath));
        if (error == ENOENT || error == ECONNREFUSED || error == ENOTDIR)
            return fail(UnixHttpResponse::Failure::NoSocket, tr("nothing listens on %1").arg(socketPath));
        if (error != EINPROGRESS && error != EAGAIN)
            return fail(UnixHttpResponse::Failure::Failed, tr("%1: %2").arg(socketPath, QString::fromLocal8Bit(std::strerror(error))));
        if (!waitFor(fd.get(), POLLOUT, deadline))
            return fail(UnixHttpResponse::Failure::Failed, tr("%1 did not accept the connection in time").arg(socketPath));
    }

    const QByteArray request = "GET " + pathAndQuery + " HTTP/1.1\r\nHost: localhost\r\nUser-Agent: qdisc-studio\r\n"
                                                       "Accept: application/json\r\nConnection: close\r\n\r\n";
    for (qsizetype sent = 0; sent < request.size();) {
        const ssize_t n = ::send(fd.get(), request.constData() + sent, size_t(request.size() - sent), MSG_NOSIGNAL);
        if (n > 0) {
            sent += n;
        } else if (n < 0 && (errno == EAGAIN || errno == EINTR)) {
            if (!waitFor(fd.get(), POLLOUT, deadline))
                return fail(UnixHttpResponse::Failure::Failed, tr("%1 did not take the request in time").arg(socketPath));
        } else {
            return fail(UnixHttpResponse::Failure::Failed, tr("%1 closed the connection").arg(socketPath));
        }
    }

    // Read to the end (Connection: close); the headers are small, the body is capped.
    QByteArray raw;
    const qsizetype cap = maxBodyBytes + 64 * 1024;
    char buffer[64 * 1024];
    for (;;) {
        const ssize_t n = ::recv(fd.get(), buffer, sizeof(buffer), 0);
        if (n > 0) {
            raw.append(buffer, qsizetype(n));
            if (raw.size() > cap)
                return fail(UnixHttpResponse::Failure::Failed, tr("%1 answered with more than %2 bytes").arg(socketPath).arg(maxBodyBytes));
        } else if (n == 0) {
            break;
        } else if (errno == EAGAIN || errno == EINTR) {
            if (!waitFor(fd.get(), POLLIN, deadline))
                return fail(UnixHttpResponse::Failure::Failed, tr("%1 did not answer within %2 ms").arg(socketPath).arg(timeoutMs));
        } else {
            return fail(UnixHttpResponse::Failure::Failed, tr("%1: %2").arg(socketPath, QString::fromLocal8Bit(std::strerror(errno))));
        }
    }

    const qsizetype headerEnd = raw.indexOf("\r\n\r\n");
    const QList<QByteArray> statusLine = raw.left(raw.indexOf("\r\n")).split(' ');
    if (headerEnd < 0 || statusLine.size() < 2 || !statusLine.first().startsWith("HTTP/1."))
        return fail(UnixHttpResponse::Failure::Failed, tr("%1 did not answer in HTTP").arg(socketPath));
    response.status = statusLine.at(1).toInt();
    bool chunked = false;
    for (const QByteArray &line : raw.left(headerEnd).split('\n')) {
        const QByteArray header = line.trimmed().toLower();
        if (header.startsWith("transfer-encoding:") && header.contains("chunked"))
            chunked = true;
    }
    const QByteArray body = raw.mid(headerEnd + 4);
    if (chunked) {
        if (!dechunk(body, &response.body))
            return fail(UnixHttpResponse::Failure::Failed, tr("%1 sent a broken chunked answer").arg(socketPath));
    } else {
        response.body = body;
    }
    if (response.body.size() > maxBodyBytes)
        return fail(UnixHttpResponse::Failure::Failed, tr("%1 answered with more than %2 bytes").arg(socketPath).arg(maxBodyBytes));
    return response;
}

} // namespace qs

#pragma once

#include <QByteArray>
#include <QString>

namespace qs {

/** What a GET over a unix socket gave. */
struct UnixHttpResponse
{
    /** How the request went before any HTTP status. */
    enum class Failure {
        None,
        NoSocket,         ///< nothing listens there (no file, or refused): the service does not run
        PermissionDenied, ///< the socket exists and refuses this user
        Failed,           ///< timed out, too large, not HTTP
    };
    Failure failure = Failure::None;
    QString error; ///< a sentence for Failure other than None
    int status = 0;
    QByteArray body; ///< de-chunked
};

/**
 * HTTP/1.1 GET on a unix socket, for the container runtimes' own APIs (Docker Engine, Podman's
 * compatible API) — no shell and no CLI spawned, so a root helper can ask them safely. Bounded:
 * the whole exchange within @p timeoutMs and a body of at most @p maxBodyBytes, whatever the
 * service does.
 */
UnixHttpResponse unixHttpGet(const QString &socketPath, const QByteArray &pathAndQuery, int timeoutMs = 5000,
                             qsizetype maxBodyBytes = 16 * 1024 * 1024);

} // namespace qs

#pragma once

#include "remote/sshtarget.h"

#include <QDBusConnection>
#include <QString>

#include <condition_variable>
#include <memory>
#include <mutex>
#include <thread>

namespace qs {

/**
 * A connection to the helper of another host: the user's own ssh (or $QDISC_STUDIO_SSH) logs in
 * and runs `qdisc-studio bridge` there, which joins that host's system bus as the remote user
 * (app/stdiobusbridge.h). The D-Bus connection runs over ssh's standard input and output (libdbus'
 * unixexec: transport), so the helper's proxy works on it as on the local bus; descriptors do not
 * cross it.
 *
 * open() first runs `qdisc-studio bridge --check` there, so that each reason a host cannot be used
 * has its own sentence: an unknown or changed host key, a refused login, no Qdisc Studio, no
 * system bus or no helper there, another version of the helper's interface (HelperClient::contract()).
 * While open, a thread pings the remote bus every HelperBus::RemoteHeartbeatMs: the bridge ends
 * when it hears nothing for HelperBus::RemoteSilenceMs, and the remote helper then keeps this
 * client's revert-on-exit promises, however this process ended.
 */
class SshLink
{
public:
    static std::unique_ptr<SshLink> open(const SshHost &host, QString *error);
    ~SshLink();
    SshLink(const SshLink &) = delete;
    SshLink &operator=(const SshLink &) = delete;

    QDBusConnection connection() const { return m_connection; }
    const SshHost &host() const { return m_host; }
    /** The Qdisc Studio version the remote host runs. */
    QString remoteVersion() const { return m_remoteVersion; }

    /** The ssh program: $QDISC_STUDIO_SSH, else ssh on the PATH. */
    static QString sshProgram();
    /** The options every ssh run gets: no questions (there is no terminal to ask on), a bounded wait, keepalives. */
    static QStringList sshOptions();
    /**
     * What went wrong with ssh, in words, from its exit status and what it wrote on stderr
     * (`ssh … qdisc-studio bridge --check`): which host, and what to do about it.
     */
    static QString describeSshFailure(const SshHost &host, int exitCode, const QString &standardError);
    /**
     * The sentence for a `bridge --check` answer that rules the host out (no bus, no helper, another
     * interface), or empty when it can be used; @p remoteVersion gets the version it names.
     */
    static QString describeCheck(const SshHost &host, const QByteArray &checkOutput, QString *remoteVersion);
    /** The D-Bus address that runs ssh to @p host with `qdisc-studio bridge` (libdbus' unixexec:). */
    static QString busAddress(const QString &sshPath, const SshHost &host);

private:
    SshLink(const SshHost &host, const QDBusConnection &connection);
    void sendHeartbeats();

    SshHost m_host;
    QDBusConnection m_connection;
    QString m_remoteVersion;
    std::mutex m_mutex;
    std::condition_variable m_wake;
    bool m_stopping = false;
    std::thread m_heartbeat;
};

} // namespace qs

#include "sshlink.h"

#include "helperbus.h"
#include "helperclient.h"

#include <QAtomicInt>
#include <QCoreApplication>
#include <QDBusError>
#include <QDBusMessage>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QStandardPaths>
#include <QDir>
#include <QTemporaryDir>

namespace qs {

namespace {

/** How long `bridge --check` may take, ssh's login included (ConnectTimeout bounds the TCP part). */
constexpr int CheckTimeoutMs = 30000;

/** A value in a D-Bus address: every byte but [-0-9A-Za-z_/.*] as %XX (the D-Bus specification's escaping). */
QString escapeAddressValue(const QString &value)
{
    QString escaped;
    for (const char c : value.toUtf8()) {
        const bool plain = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '_' ||
                           c == '/' || c == '.' || c == '*';
        escaped += plain ? QString(QLatin1Char(c)) : QStringLiteral("%%1").arg(uchar(c), 2, 16, QLatin1Char('0'));
    }
    return escaped;
}

/**
 * Where this process's ssh master connections keep their sockets: a folder of its own (0700), in
 * $XDG_RUNTIME_DIR when there is one.
 */
QString controlFolder()
{
    static const QTemporaryDir folder = [] {
        const QString runtime = qEnvironmentVariable("XDG_RUNTIME_DIR");
        return QTemporaryDir((runtime.isEmpty() ? QDir::tempPath() : runtime) + QStringLiteral("/qs-ssh-XXXXXX"));
    }();
    return folder.isValid() ? folder.path() : QString();
}

/** The words ssh runs on the remote host: fixed, nothing from the target goes into them. */
QStringList bridgeCommand(bool check)
{
    QStringList words{QStringLiteral("qdisc-studio"), QStringLiteral("bridge")};
    if (check)
        words << QStringLiteral("--check");
    return words;
}

QString lastLine(const QString &text)
{
    const QStringList lines = text.split(u'\n', Qt::SkipEmptyParts);
    return lines.isEmpty() ? QString() : lines.last().trimmed();
}

} // namespace

QString SshLink::sshProgram()
{
    const QString configured = qEnvironmentVariable("QDISC_STUDIO_SSH");
    return configured.isEmpty() ? QStringLiteral("ssh") : configured;
}

QStringList SshLink::sshOptions()
{
    // -T: no terminal; -x, -a: no X11 or agent forwarded to the host; BatchMode: no password or
    // host key question (there is no terminal to ask on, and a window must not hang on one);
    // ServerAlive: a cut network ends ssh, and with it this side's connection, in about 6 s.
    // The check's login stays as a master for 5 s (ControlPersist), so that the connection's ssh
    // logs in through it at once: Qt opens every D-Bus connection on its one D-Bus thread, and a
    // second slow login there would hold up every other connection (the other hosts' heartbeats
    // too) for as long as it takes.
    QStringList master;
    if (const QString folder = controlFolder(); !folder.isEmpty())
        master = {QStringLiteral("-o"), QStringLiteral("ControlMaster=auto"), QStringLiteral("-o"), QStringLiteral("ControlPath=") + folder + QStringLiteral("/%C"),
                  QStringLiteral("-o"), QStringLiteral("ControlPersist=5")};
    return master + QStringList{QStringLiteral("-T"),
            QStringLiteral("-x"),
            QStringLiteral("-a"),
            QStringLiteral("-o"),
            QStringLiteral("BatchMode=yes"),
            QStringLiteral("-o"),
            QStringLiteral("ConnectTimeout=10"),
            QStringLiteral("-o"),
            QStringLiteral("ServerAliveInterval=2"),
            QStringLiteral("-o"),
            QStringLiteral("ServerAliveCountMax=3")};
}

QString SshLink::busAddress(const QString &sshPath, const SshHost &host)
{
    const QStringList argv = QStringList{QFileInfo(sshPath).fileName()} + sshOptions() + host.sshArguments() + bridgeCommand(false);
    QString address = QStringLiteral("unixexec:path=") + escapeAddressValue(sshPath);
    for (qsizetype i = 0; i < argv.size(); ++i)
        address += QStringLiteral(",argv%1=%2").arg(i).arg(escapeAddressValue(argv[i]));
    return address;
}

QString SshLink::describeSshFailure(const SshHost &host, int exitCode, const QString &standardError)
{
    const QString name = host.toString();
    if (standardError.contains(QStringLiteral("REMOTE HOST IDENTIFICATION HAS CHANGED")))
        return QCoreApplication::translate("qs::SshLink", "%1: its host key is not the one ssh knows for it (REMOTE HOST IDENTIFICATION "
                                                          "HAS CHANGED), so nothing was sent: check the new key with whoever runs the "
                                                          "host, then correct known_hosts")
            .arg(name);
    if (standardError.contains(QStringLiteral("Host key verification failed")) || standardError.contains(QStringLiteral("host key is known")))
        return QCoreApplication::translate("qs::SshLink", "%1: ssh does not know this host's key, so it cannot tell the host from an "
                                                          "impostor, and nothing was sent: log in once with %2 to check and accept "
                                                          "the key (or add it to known_hosts)")
            .arg(name, host.loginCommand());
    if (exitCode == 255 && standardError.contains(QStringLiteral("Permission denied")))
        return QCoreApplication::translate("qs::SshLink", "%1: the host refused the login (%2): ssh needs a key or agent the host "
                                                          "accepts, since no password can be asked here")
            .arg(name, lastLine(standardError));
    if (standardError.contains(QStringLiteral("unknown subcommand \"bridge\"")))
        return QCoreApplication::translate("qs::SshLink", "%1: its Qdisc Studio is older than this one (%2) and cannot be reached from "
                                                          "another host: install the same version there")
            .arg(name, QStringLiteral(QS_VERSION));
    if (exitCode == 127 || standardError.contains(QStringLiteral("command not found")) ||
        standardError.contains(QStringLiteral("qdisc-studio: not found")))
        return QCoreApplication::translate("qs::SshLink", "%1: there is no qdisc-studio on the login's PATH: install Qdisc Studio %2 "
                                                          "there, with its helper")
            .arg(name, QStringLiteral(QS_VERSION));
    if (exitCode == 255)
        return QCoreApplication::translate("qs::SshLink", "%1: ssh could not log in: %2").arg(name, lastLine(standardError));
    return QCoreApplication::translate("qs::SshLink", "%1: qdisc-studio bridge --check failed there (exit status %2): %3")
        .arg(name)
        .arg(exitCode)
        .arg(lastLine(standardError));
}

QString SshLink::describeCheck(const SshHost &host, const QByteArray &checkOutput, QString *remoteVersion)
{
    const QString name = host.toString();
    QJsonObject check;
    for (const QByteArray &line : checkOutput.split('\n'))
        if (line.startsWith('{'))
            check = QJsonDocument::fromJson(line).object();
    const QString version = check.value(QStringLiteral("version")).toString();
    *remoteVersion = version;
    if (version.isEmpty())
        return QCoreApplication::translate("qs::SshLink", "%1: qdisc-studio bridge --check did not answer as Qdisc Studio does: %2")
            .arg(name, QString::fromUtf8(checkOutput.left(200)).trimmed());
    if (check.value(QStringLiteral("contract")).toString() != HelperClient::contract())
        return QCoreApplication::translate("qs::SshLink", "%1 runs Qdisc Studio %2 and this is %3: their helper interfaces differ, so "
                                                          "neither could be sure the other understands it; install the same version on both")
            .arg(name, version, QStringLiteral(QS_VERSION));
    if (const QString busError = check.value(QStringLiteral("busError")).toString(); !busError.isEmpty())
        return QCoreApplication::translate("qs::SshLink", "%1 has Qdisc Studio %2, but its system bus cannot be reached: %3")
            .arg(name, version, busError);
    if (check.value(QStringLiteral("helper")).toString() == u"absent")
        return QCoreApplication::translate("qs::SshLink", "%1 has Qdisc Studio %2, but no helper on its system bus (%3 is neither "
                                                          "running nor activatable): install the package there, with its D-Bus files")
            .arg(name, version, HelperBus::Service);
    return QString();
}

std::unique_ptr<SshLink> SshLink::open(const SshHost &host, QString *error)
{
    QString ssh = sshProgram();
    if (!ssh.contains(u'/'))
        ssh = QStandardPaths::findExecutable(ssh);
    if (ssh.isEmpty() || !QFileInfo(ssh).isExecutable()) {
        *error = QCoreApplication::translate("qs::SshLink", "%1: no ssh program to reach it (%2): install openssh-client, or name one in "
                                                            "QDISC_STUDIO_SSH")
                     .arg(host.toString(), sshProgram());
        return nullptr;
    }
    QProcess check;
    check.start(ssh, sshOptions() + host.sshArguments() + bridgeCommand(true));
    if (!check.waitForFinished(CheckTimeoutMs) || check.exitStatus() != QProcess::NormalExit) {
        const bool timedOut = check.state() != QProcess::NotRunning;
        check.kill();
        check.waitForFinished(1000);
        *error = timedOut ? QCoreApplication::translate("qs::SshLink", "%1: ssh gave no answer within %2 s").arg(host.toString()).arg(CheckTimeoutMs / 1000)
                          : QCoreApplication::translate("qs::SshLink", "%1: %2 could not be run or crashed: %3").arg(host.toString(), ssh, check.errorString());
        return nullptr;
    }
    const QString standardError = QString::fromLocal8Bit(check.readAllStandardError());
    if (check.exitCode() != 0) {
        *error = describeSshFailure(host, check.exitCode(), standardError);
        return nullptr;
    }
    QString remoteVersion;
    if (*error = describeCheck(host, check.readAllStandardOutput(), &remoteVersion); !error->isEmpty())
        return nullptr;
    static QAtomicInt links;
    const QString name = QStringLiteral("qs-ssh-%1").arg(links.fetchAndAddRelaxed(1));
    QDBusConnection connection = QDBusConnection::connectToBus(busAddress(ssh, host), name);
    if (!connection.isConnected()) {
        *error = QCoreApplication::translate("qs::SshLink", "%1: the connection to its helper over ssh failed: %2")
                     .arg(host.toString(), connection.lastError().message());
        QDBusConnection::disconnectFromBus(name);
        return nullptr;
    }
    std::unique_ptr<SshLink> link(new SshLink(host, connection));
    link->m_remoteVersion = remoteVersion;
    return link;
}

SshLink::SshLink(const SshHost &host, const QDBusConnection &connection)
    : m_host(host), m_connection(connection), m_heartbeat([this] { sendHeartbeats(); })
{
}

SshLink::~SshLink()
{
    {
        std::lock_guard lock(m_mutex);
        m_stopping = true;
    }
    m_wake.notify_all();
    m_heartbeat.join();
    // Closing the connection ends ssh's input: the bridge leaves the remote bus at once.
    QDBusConnection::disconnectFromBus(m_connection.name());
}

void SshLink::sendHeartbeats()
{
    const QDBusMessage ping = QDBusMessage::createMethodCall(QStringLiteral("org.freedesktop.DBus"), QStringLiteral("/org/freedesktop/DBus"),
                                                             QStringLiteral("org.freedesktop.DBus.Peer"), QStringLiteral("Ping"));
    std::unique_lock lock(m_mutex);
    while (!m_wake.wait_for(lock, std::chrono::milliseconds(HelperBus::RemoteHeartbeatMs), [this] { return m_stopping; }))
        m_connection.send(ping);
}

} // namespace qs

// Targets on another host over ssh (issue 20): a real sshd (Debian's openssh-server) in a test
// namespace "remote", its own helper on the private system bus (the helper runs inside that
// namespace, so its veth0 is the remote host's interface), and the CLI in a namespace "client",
// joined to the remote one by a veth: the CLI's own ssh logs in over it and runs
// `qdisc-studio bridge`, and the remote helper and polkit decide for the remote user.
//
// Remote users: qs-ssh-granted (in qs-test-admins, which the fixture's polkit rule grants every
// org.qdiscstudio.* action) and qs-ssh-denied (no rule). Both log in with a key of the test's; the
// ssh the CLI runs is named by QDISC_STUDIO_SSH, a wrapper that gives ssh the test's config
// (its key, its known_hosts), so nothing of the machine's own ssh setup is read or changed.

#include "../kernel/labnamespace.h"
#include "stats/monotonicclock.h"
#include "systembusfixture.h"

#include <QDir>
#include <QElapsedTimer>
#include <QJsonDocument>
#include <QScopeGuard>
#include <QFile>
#include <QJsonArray>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <grp.h>
#include <numeric>
#include <pwd.h>
#include <signal.h>
#include <sys/stat.h>

using namespace qs::test;

namespace {

const QString GrantedUser = QStringLiteral("qs-ssh-granted");
const QString DeniedUser = QStringLiteral("qs-ssh-denied");
const QString ClientAddress = QStringLiteral("198.18.70.1/24");
const QString RemoteAddress = QStringLiteral("198.18.70.2");
/** Where the remote end takes a dead client for gone: the bridge's silence (10 s) and the helper's revert. */
constexpr qint64 RevertBoundMs = 12000;

bool writeFile(const QString &path, const QByteArray &bytes, QFile::Permissions permissions)
{
    QFile file(path);
    return file.open(QIODevice::WriteOnly | QIODevice::Truncate) && file.write(bytes) == bytes.size() && file.setPermissions(permissions);
}

/** A user sshd lets in: a shell to run the bridge with, no home, no password (the test's key logs in). */
bool ensureLoginUser(const QString &user, const QString &group, QString *error)
{
    if (::getpwnam(user.toUtf8().constData()))
        return true;
    QStringList arguments{QStringLiteral("--system"), QStringLiteral("--no-create-home"), QStringLiteral("--home-dir"), QStringLiteral("/"),
                          QStringLiteral("--shell"), QStringLiteral("/bin/sh")};
    arguments << (::getgrnam(user.toUtf8().constData()) ? QStringList{QStringLiteral("--gid"), user} : QStringList{QStringLiteral("--user-group")});
    if (!group.isEmpty())
        arguments << QStringLiteral("--groups") << group;
    const CommandResult r = runCommand(QStringLiteral("useradd"), arguments << user);
    if (!r.ok())
        *error = QStringLiteral("useradd %1: %2").arg(user, r.err);
    return r.ok();
}

} // namespace

class TestRemoteSsh : public QObject
{
    Q_OBJECT

private:
    SystemBusFixture m_bus;
    std::unique_ptr<LabNamespace> m_client;
    std::unique_ptr<LabNamespace> m_remote;
    QTemporaryDir m_dir;
    QTemporaryDir m_state;
    std::unique_ptr<QProcess> m_sshd;

    QString file(const QString &name) const { return m_dir.filePath(name); }
    QString target(const QString &user) const { return QStringLiteral("ssh://%1@%2/veth0").arg(user, RemoteAddress); }

    bool startHelper(QString *error)
    {
        // `ip netns exec` execs the helper itself: the fixture sees the helper's own pid own the name.
        return m_bus.startHelper(QStringLiteral("ip"),
                                 {QStringLiteral("netns"), QStringLiteral("exec"), m_remote->name(), QStringLiteral(QS_HELPER_PATH),
                                  QStringLiteral("--idle-timeout"), QStringLiteral("0"), QStringLiteral("--state-dir"), m_state.path(),
                                  QStringLiteral("--log"), QStringLiteral("stderr")},
                                 error);
    }

    /** The CLI in the client namespace, as root there (its ssh logs in as the user the target names). */
    QStringList cli(const QStringList &arguments, const QString &ssh = {}) const
    {
        return QStringList{QStringLiteral("netns"), QStringLiteral("exec"), m_client->name(), QStringLiteral("env"),
                           QStringLiteral("QDISC_STUDIO_SSH=") + (ssh.isEmpty() ? file(QStringLiteral("ssh")) : ssh), QStringLiteral(QS_APP_PATH)} +
               arguments;
    }
    CommandResult runCli(const QStringList &arguments, const QString &ssh = {}) const
    {
        return runCommand(QStringLiteral("ip"), cli(arguments, ssh), 60000);
    }

    QString remoteRootKind() const
    {
        for (const QJsonValue &q : m_remote->tcJson(QStringLiteral("qdisc"), QStringLiteral("veth0")).array())
            if (q.toObject().value(u"root").toBool())
                return q.toObject().value(u"kind").toString();
        return {};
    }

    /** Waits up to @p timeoutMs for the remote root qdisc to be something other than htb; how long it took, or -1. */
    qint64 msUntilReverted(qint64 timeoutMs) const
    {
        QElapsedTimer timer;
        timer.start();
        while (timer.elapsed() < timeoutMs) {
            if (remoteRootKind() != u"htb")
                return timer.elapsed();
            QThread::msleep(50);
        }
        return -1;
    }

    /** `apply --hold` in the background, once it says it holds the tree (the remote root is htb then). */
    std::unique_ptr<QProcess> holdHtb()
    {
        auto process = std::make_unique<QProcess>();
        process->start(QStringLiteral("ip"), cli({QStringLiteral("apply"), QStringLiteral("--dev"), target(GrantedUser), QStringLiteral("--hold"),
                                                 file(QStringLiteral("htb.sh"))}));
        if (!process->waitForStarted())
            return nullptr;
        QElapsedTimer timer;
        timer.start();
        QByteArray err;
        while (timer.elapsed() < 30000 && !err.contains("holding")) {
            process->waitForReadyRead(200);
            err += process->readAllStandardError();
        }
        if (!err.contains("holding")) {
            qWarning("apply --hold did not hold: %s", err.constData());
            return nullptr;
        }
        return process;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY2(geteuid() == 0, "needs root: namespaces, sshd, a private system bus and polkitd");
        QVERIFY(m_dir.isValid() && m_state.isValid());
        QString error;
        QVERIFY2(m_bus.start(&error), qPrintable(error)); // creates the group qs-test-admins
        QVERIFY2(ensureLoginUser(GrantedUser, QStringLiteral("qs-test-admins"), &error), qPrintable(error));
        QVERIFY2(ensureLoginUser(DeniedUser, {}, &error), qPrintable(error));

        m_client = std::make_unique<LabNamespace>(QStringLiteral("qs-sshc"));
        m_remote = std::make_unique<LabNamespace>(QStringLiteral("qs-sshr"));
        QVERIFY(m_client->ok() && m_remote->ok());
        QVERIFY(linkByVeth(*m_client, QStringLiteral("vc"), ClientAddress, *m_remote, QStringLiteral("veth0"), RemoteAddress + QStringLiteral("/24")));

        // Keys: the host's, the client's; the client knows the host's key, the host the client's.
        ::chmod(QFile::encodeName(m_dir.path()).constData(), 0755);
        for (const QString &key : {QStringLiteral("host_key"), QStringLiteral("client_key")}) {
            const CommandResult made = runCommand(QStringLiteral("ssh-keygen"), {QStringLiteral("-q"), QStringLiteral("-t"), QStringLiteral("ed25519"),
                                                                                 QStringLiteral("-N"), QString(), QStringLiteral("-f"), file(key)});
            QVERIFY2(made.ok(), qPrintable(made.err));
        }
        QFile hostPublic(file(QStringLiteral("host_key.pub")));
        QFile clientPublic(file(QStringLiteral("client_key.pub")));
        QVERIFY(hostPublic.open(QIODevice::ReadOnly) && clientPublic.open(QIODevice::ReadOnly));
        const QFile::Permissions readable = QFile::ReadOwner | QFile::WriteOwner | QFile::ReadGroup | QFile::ReadOther;
        const QFile::Permissions runnable = readable | QFile::ExeOwner | QFile::ExeGroup | QFile::ExeOther;
        QVERIFY(writeFile(file(QStringLiteral("authorized_keys")), clientPublic.readAll(), readable));
        QVERIFY(writeFile(file(QStringLiteral("known_hosts")), RemoteAddress.toUtf8() + ' ' + hostPublic.readAll(), readable));
        QVERIFY(writeFile(file(QStringLiteral("no_known_hosts")), {}, readable));
        for (const QString &known : {QStringLiteral("known_hosts"), QStringLiteral("no_known_hosts")}) {
            const QString config = QStringLiteral("ssh_config_") + known;
            QVERIFY(writeFile(file(config),
                              QStringLiteral("Host *\n  IdentityFile %1\n  IdentitiesOnly yes\n  UserKnownHostsFile %2\n"
                                             "  GlobalKnownHostsFile /dev/null\n  StrictHostKeyChecking yes\n  LogLevel ERROR\n")
                                  .arg(file(QStringLiteral("client_key")), file(known))
                                  .toUtf8(),
                              readable));
            const QString wrapper = known == u"known_hosts" ? QStringLiteral("ssh") : QStringLiteral("ssh_unknown_host");
            QVERIFY(writeFile(file(wrapper), QStringLiteral("#!/bin/sh\nexec /usr/bin/ssh -F %1 \"$@\"\n").arg(file(config)).toUtf8(), runnable));
        }
        QVERIFY(writeFile(file(QStringLiteral("htb.sh")),
                          "tc qdisc add dev veth0 root handle 1: htb default 10\n"
                          "tc class add dev veth0 parent 1: classid 1:10 htb rate 10mbit\n",
                          readable));

        // sshd: the test's keys and users, and the environment the bridge needs: the private bus,
        // and this build's qdisc-studio first on the PATH.
        const QString appDir = QFileInfo(QStringLiteral(QS_APP_PATH)).absolutePath();
        QVERIFY(writeFile(file(QStringLiteral("sshd_config")),
                          QStringLiteral("ListenAddress %1\nPort 22\nHostKey %2\nAuthorizedKeysFile %3\nStrictModes no\nUsePAM yes\n"
                                         "PasswordAuthentication no\nKbdInteractiveAuthentication no\nPermitRootLogin no\n"
                                         "AllowUsers %4 %5\nPidFile %6\nLogLevel VERBOSE\n"
                                         "SetEnv DBUS_SYSTEM_BUS_ADDRESS=%7 PATH=%8:/usr/bin:/bin\n")
                              .arg(RemoteAddress, file(QStringLiteral("host_key")), file(QStringLiteral("authorized_keys")), GrantedUser, DeniedUser,
                                   file(QStringLiteral("sshd.pid")), m_bus.address(), appDir)
                              .toUtf8(),
                          readable));
        ::mkdir("/run/sshd", 0755); // sshd's privilege separation folder
        m_sshd = std::make_unique<QProcess>();
        m_sshd->setProcessChannelMode(QProcess::MergedChannels);
        m_sshd->start(QStringLiteral("ip"), {QStringLiteral("netns"), QStringLiteral("exec"), m_remote->name(), QStringLiteral("/usr/sbin/sshd"),
                                             QStringLiteral("-D"), QStringLiteral("-e"), QStringLiteral("-f"), file(QStringLiteral("sshd_config"))});
        QVERIFY2(m_sshd->waitForStarted(), qPrintable(m_sshd->errorString()));
        QVERIFY2(m_remote->waitForListener(22, 10000), qPrintable(QString::fromUtf8(m_sshd->readAll())));

        QVERIFY2(startHelper(&error), qPrintable(error));
    }

    void cleanupTestCase()
    {
        // Every ssh the clients ran has ended: a killed client's too (its input closed, or its keepalives unanswered).
        QElapsedTimer timer;
        timer.start();
        while (timer.elapsed() < 10000 && runCommand(QStringLiteral("pgrep"), {QStringLiteral("-f"), file(QStringLiteral("ssh_config"))}).ok())
            QThread::msleep(100);
        const CommandResult left = runCommand(QStringLiteral("pgrep"), {QStringLiteral("-af"), file(QStringLiteral("ssh_config"))});
        if (m_sshd) {
            m_sshd->kill();
            m_sshd->waitForFinished();
        }
        m_bus.stop();
        m_remote.reset();
        m_client.reset();
        QVERIFY2(!left.ok(), qPrintable(QStringLiteral("ssh processes left: ") + left.out));
    }

    void applyLandsOnTheRemoteHost()
    {
        m_sshd->readAll();
        const CommandResult applied = runCli({QStringLiteral("apply"), QStringLiteral("--dev"), target(GrantedUser), file(QStringLiteral("htb.sh"))});
        QVERIFY2(applied.ok(), qPrintable(applied.err + applied.out + m_bus.helperOutput().right(2000)));
        // One login for the check and the connection: the connection's ssh went through the check's master.
        m_sshd->waitForReadyRead(500);
        const QString sshdLog = QString::fromUtf8(m_sshd->readAll());
        QCOMPARE(sshdLog.count(QStringLiteral("Accepted publickey for ") + GrantedUser), 1);
        QCOMPARE(remoteRootKind(), QStringLiteral("htb"));
        // (tc -j ignores -j for htb classes: their text is read.)
        const CommandResult classes = m_remote->tc({QStringLiteral("class"), QStringLiteral("show"), QStringLiteral("dev"), QStringLiteral("veth0")});
        QVERIFY2(classes.out.startsWith(QStringLiteral("class htb 1:10 root")) && classes.out.count(u'\n') == 1, qPrintable(classes.out));
        // The helper saw the remote user, through the bridge, not root of the client.
        const uid_t granted = ::getpwnam(GrantedUser.toUtf8().constData())->pw_uid;
        QVERIFY2(m_bus.helperOutput().contains(QStringLiteral("uid=%1").arg(granted)), qPrintable(m_bus.helperOutput().right(2000)));

        // The host's targets as the CLI lists them: each as the other subcommands take it.
        const CommandResult listed = runCli({QStringLiteral("targets"), QStringLiteral("ssh://%1@%2").arg(GrantedUser, RemoteAddress)});
        QVERIFY2(listed.ok(), qPrintable(listed.err));
        const QStringList vethLine = listed.out.split(u'\n').filter(target(GrantedUser) + u' ');
        QVERIFY2(vethLine.size() == 1 && vethLine.first().contains(QStringLiteral(" htb")), qPrintable(listed.out));

        const CommandResult restored = runCli({QStringLiteral("restore"), QStringLiteral("--dev"), target(GrantedUser)});
        QVERIFY2(restored.ok(), qPrintable(restored.err + restored.out));
        QVERIFY(remoteRootKind() != u"htb");
    }

    void statisticsMatchTheRemoteKernel()
    {
        // Class 1:10 shapes a bulk TCP flow from the remote host to the client to 10 Mbit/s: a
        // steady rate (TCP keeps the queue filled), read by tc in the remote namespace around the
        // CLI's samples over ssh.
        const CommandResult applied = runCli({QStringLiteral("apply"), QStringLiteral("--dev"), target(GrantedUser), file(QStringLiteral("htb.sh"))});
        QVERIFY2(applied.ok(), qPrintable(applied.err));
        const auto restore = qScopeGuard([this] { runCli({QStringLiteral("restore"), QStringLiteral("--dev"), target(GrantedUser)}); });
        const CommandResult shown = runCli({QStringLiteral("show"), QStringLiteral("-s"), target(GrantedUser)});
        QVERIFY2(shown.ok() && shown.out.contains(QStringLiteral("class 1:10 at 1:")) && shown.out.startsWith(target(GrantedUser) + u':'),
                 qPrintable(shown.err + shown.out));

        QProcess server;
        server.start(QStringLiteral("ip"), {QStringLiteral("netns"), QStringLiteral("exec"), m_client->name(), QStringLiteral("iperf3"), QStringLiteral("-s"),
                                            QStringLiteral("-1"), QStringLiteral("-B"), ClientAddress.section(u'/', 0, 0)});
        QVERIFY(server.waitForStarted() && m_client->waitForListener(5201, 5000));
        QProcess sender;
        sender.start(QStringLiteral("ip"), {QStringLiteral("netns"), QStringLiteral("exec"), m_remote->name(), QStringLiteral("iperf3"), QStringLiteral("-c"),
                                            ClientAddress.section(u'/', 0, 0), QStringLiteral("-t"), QStringLiteral("10")});
        QVERIFY(sender.waitForStarted());
        const auto stopTraffic = qScopeGuard([&] {
            sender.kill();
            server.kill();
            sender.waitForFinished();
            server.waitForFinished();
        });
        QThread::msleep(2000); // the queue fills, the rate settles

        const auto sentBytes = [this] {
            const CommandResult r = m_remote->tc({QStringLiteral("-s"), QStringLiteral("class"), QStringLiteral("show"), QStringLiteral("dev"), QStringLiteral("veth0")});
            const qsizetype at = r.out.indexOf(QStringLiteral(" Sent "));
            return at < 0 ? -1.0 : r.out.mid(at + 6).section(u' ', 0, 0).toDouble();
        };
        QElapsedTimer clock;
        clock.start();
        const double bytesBefore = sentBytes();
        const qint64 before = clock.nsecsElapsed();
        const CommandResult sampled = runCli({QStringLiteral("stats"), QStringLiteral("--json"), QStringLiteral("--interval"), QStringLiteral("500"),
                                              QStringLiteral("--count"), QStringLiteral("10"), target(GrantedUser)});
        const double bytesAfter = sentBytes();
        const qint64 after = clock.nsecsElapsed();
        QVERIFY2(sampled.ok(), qPrintable(sampled.err));
        const double tcBitsPerSec = (bytesAfter - bytesBefore) * 8 * 1e9 / double(after - before);

        QList<double> rates;
        qint64 lastTime = 0;
        for (const QString &line : sampled.out.split(u'\n', Qt::SkipEmptyParts)) {
            for (const QJsonValue &node : QJsonDocument::fromJson(line.toUtf8()).array()) {
                const QJsonObject o = node.toObject();
                if (o.value(u"node").toString() != u"class 1:10")
                    continue;
                const qint64 time = qint64(o.value(u"timeNs").toDouble());
                QVERIFY2(time > lastTime, "samples follow each other on this host's clock");
                lastTime = time;
                if (o.contains(u"bitsPerSec"))
                    rates.append(o.value(u"bitsPerSec").toDouble());
            }
        }
        QCOMPARE(rates.size(), 9);
        const double mean = std::accumulate(rates.begin(), rates.end(), 0.0) / double(rates.size());
        qInfo("class 1:10 over ssh: %.0f bit/s (mean of %lld rates); tc -s in the remote namespace: %.0f bit/s; %.2f %% apart", mean,
              qlonglong(rates.size()), tcBitsPerSec, 100.0 * std::abs(mean - tcBitsPerSec) / tcBitsPerSec);
        QVERIFY2(tcBitsPerSec > 9e6 && tcBitsPerSec < 11e6, "htb shapes to 10 Mbit/s");
        QVERIFY(std::abs(mean - tcBitsPerSec) <= 0.02 * tcBitsPerSec);
        // The sample's time is this host's: the remote clock's offset taken out (the same machine here, so it is near now).
        QVERIFY2(std::abs(lastTime - qs::monotonicNowNs()) < 5'000'000'000, qPrintable(QString::number(lastTime - qs::monotonicNowNs())));
    }

#ifdef QS_REMOTE_WINDOW_PATH
    void windowChartsARemoteClass()
    {
        // The window runs in the client namespace (ssh must reach the host from there): as a
        // process of its own, tst_remote_window, which says what it clicked and measured.
        const CommandResult applied = runCli({QStringLiteral("apply"), QStringLiteral("--dev"), target(GrantedUser), file(QStringLiteral("htb.sh"))});
        QVERIFY2(applied.ok(), qPrintable(applied.err));
        const auto restore = qScopeGuard([this] { runCli({QStringLiteral("restore"), QStringLiteral("--dev"), target(GrantedUser)}); });
        QDir().mkpath(QStringLiteral(QS_SCREENSHOT_DIR));
        const CommandResult window = runCommand(
            QStringLiteral("ip"),
            {QStringLiteral("netns"), QStringLiteral("exec"), m_client->name(), QStringLiteral("env"), QStringLiteral("QT_QPA_PLATFORM=offscreen"),
             QStringLiteral("QDISC_STUDIO_SSH=") + file(QStringLiteral("ssh")), QStringLiteral("QS_REMOTE_HOST=%1@%2").arg(GrantedUser, RemoteAddress),
             QStringLiteral("QS_REMOTE_NETNS=") + m_remote->name(), QStringLiteral("QS_CLIENT_ADDRESS=") + ClientAddress.section(u'/', 0, 0),
             QStringLiteral("QS_CLIENT_DEVICE=vc"),
             QStringLiteral("QS_SCREENSHOT_DIR=" QS_SCREENSHOT_DIR), QStringLiteral(QS_REMOTE_WINDOW_PATH)},
            120000);
        for (const QString &line : window.out.split(u'\n'))
            if (line.contains(u"QINFO") || line.contains(u"FAIL"))
                qInfo("%s", qPrintable(line));
        QVERIFY2(window.ok(), qPrintable(window.out.right(3000) + window.err.right(2000)));
    }
#endif

    void killedClientReverts()
    {
        auto holding = holdHtb();
        QVERIFY(holding);
        QCOMPARE(remoteRootKind(), QStringLiteral("htb"));
        ::kill(pid_t(holding->processId()), SIGKILL);
        holding->waitForFinished();
        const qint64 ms = msUntilReverted(RevertBoundMs);
        qInfo("kill -9 of the client: the remote helper put back what was there after %lld ms", ms);
        QVERIFY2(ms >= 0, qPrintable(m_bus.helperOutput().right(2000)));
    }

    void killedClientBehindACutLinkReverts()
    {
        auto holding = holdHtb();
        QVERIFY(holding);
        // The link goes down first, so that neither ssh's EOF nor anything else reaches the host.
        QVERIFY(m_client->ip({QStringLiteral("link"), QStringLiteral("set"), QStringLiteral("vc"), QStringLiteral("down")}).ok());
        QElapsedTimer timer;
        timer.start();
        ::kill(pid_t(holding->processId()), SIGKILL);
        holding->waitForFinished();
        QThread::msleep(5000);
        QVERIFY(m_client->up(QStringLiteral("vc")));
        const qint64 ms = msUntilReverted(RevertBoundMs + 5000 - timer.elapsed());
        qInfo("kill -9 of the client behind a 5 s cut: reverted %lld ms after the kill", ms < 0 ? ms : timer.elapsed());
        QVERIFY2(ms >= 0, qPrintable(m_bus.helperOutput().right(2000)));
        QVERIFY(timer.elapsed() <= RevertBoundMs);
    }

    void killedClientBehindALongCutReverts()
    {
        // No byte reaches the host until it has reverted: the bridge's silence alone tells it the client is gone.
        auto holding = holdHtb();
        QVERIFY(holding);
        QVERIFY(m_client->ip({QStringLiteral("link"), QStringLiteral("set"), QStringLiteral("vc"), QStringLiteral("down")}).ok());
        ::kill(pid_t(holding->processId()), SIGKILL);
        holding->waitForFinished();
        const qint64 ms = msUntilReverted(RevertBoundMs);
        QVERIFY(m_client->up(QStringLiteral("vc")));
        qInfo("kill -9 of the client, its link cut until the host reverted: reverted after %lld ms", ms);
        QVERIFY2(ms >= 0, qPrintable(m_bus.helperOutput().right(2000)));
    }

    void autoRevertRunsOnTheHost()
    {
        // --revert-after without a terminal: the CLI ends at once, its ssh and bridge with it; the
        // host's helper still puts back what was there when the time is up.
        const CommandResult applied = runCli({QStringLiteral("apply"), QStringLiteral("--dev"), target(GrantedUser), QStringLiteral("--revert-after"),
                                              QStringLiteral("2"), file(QStringLiteral("htb.sh"))});
        QVERIFY2(applied.ok() && applied.err.contains(QStringLiteral("qdisc-studio confirm --dev %1 tx-").arg(target(GrantedUser))), qPrintable(applied.err));
        QElapsedTimer timer;
        timer.start();
        QCOMPARE(remoteRootKind(), QStringLiteral("htb"));
        const qint64 ms = msUntilReverted(5000);
        qInfo("--revert-after 2 over ssh, the client gone: reverted %lld ms after the CLI ended", ms < 0 ? ms : timer.elapsed());
        QVERIFY2(ms >= 0, qPrintable(m_bus.helperOutput().right(2000)));
        QVERIFY(timer.elapsed() >= 1000);

        // Kept with the command the CLI printed, which names the host: the transaction is its helper's.
        const CommandResult again = runCli({QStringLiteral("apply"), QStringLiteral("--dev"), target(GrantedUser), QStringLiteral("--revert-after"),
                                            QStringLiteral("30"), file(QStringLiteral("htb.sh"))});
        const qsizetype at = again.err.indexOf(QStringLiteral("`qdisc-studio confirm "));
        QVERIFY2(again.ok() && at >= 0, qPrintable(again.err));
        const QStringList confirm = again.err.mid(at + 14).section(u'`', 0, 0).split(u' ');
        QCOMPARE(confirm.mid(0, 3), (QStringList{QStringLiteral("confirm"), QStringLiteral("--dev"), target(GrantedUser)}));
        const CommandResult kept = runCli(confirm);
        QVERIFY2(kept.ok() && kept.err.contains(QStringLiteral("kept")), qPrintable(kept.err));
        const CommandResult restored = runCli({QStringLiteral("restore"), QStringLiteral("--dev"), target(GrantedUser)});
        QVERIFY2(restored.ok() && remoteRootKind() != u"htb", qPrintable(restored.err));
    }

    void unknownHostKeyIsRefused()
    {
        const CommandResult applied =
            runCli({QStringLiteral("apply"), QStringLiteral("--dev"), target(GrantedUser), file(QStringLiteral("htb.sh"))}, file(QStringLiteral("ssh_unknown_host")));
        QCOMPARE(applied.exitCode, 1);
        qInfo("%s", qPrintable(applied.err.trimmed()));
        QVERIFY2(applied.err.contains(QStringLiteral("ssh does not know this host's key")), qPrintable(applied.err));
        QVERIFY(remoteRootKind() != u"htb");
    }

    void userWithoutTheGrantIsRefused()
    {
        const CommandResult applied = runCli({QStringLiteral("apply"), QStringLiteral("--dev"), target(DeniedUser), file(QStringLiteral("htb.sh"))});
        QCOMPARE(applied.exitCode, 1);
        qInfo("%s", qPrintable(applied.err.trimmed()));
        QVERIFY2(applied.err.contains(QStringLiteral("ssh://%1@%2: ").arg(DeniedUser, RemoteAddress)) && applied.err.contains(QStringLiteral("Not authorized")),
                 qPrintable(applied.err));
        QVERIFY(remoteRootKind() != u"htb");
    }

    void hostWithoutHelperIsRefused()
    {
        m_bus.stopHelper();
        const CommandResult applied = runCli({QStringLiteral("apply"), QStringLiteral("--dev"), target(GrantedUser), file(QStringLiteral("htb.sh"))});
        QString error;
        QVERIFY2(startHelper(&error), qPrintable(error));
        QCOMPARE(applied.exitCode, 1);
        qInfo("%s", qPrintable(applied.err.trimmed()));
        QVERIFY2(applied.err.contains(QStringLiteral("but no helper on its system bus")), qPrintable(applied.err));
        QVERIFY(remoteRootKind() != u"htb");
    }
};

QTEST_GUILESS_MAIN(TestRemoteSsh)
#include "tst_remote_ssh.moc"

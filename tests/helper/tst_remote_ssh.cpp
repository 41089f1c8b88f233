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
#include "model/treejson.h"
#include "stats/monotonicclock.h"
#include "sshhostfixture.h"
#include "../kernel/tcnotifications.h"

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

const QString &GrantedUser = SshHostFixture::GrantedUser; // references: the fixture's strings are made in another unit
const QString &DeniedUser = SshHostFixture::DeniedUser;
const QString &ClientAddress = SshHostFixture::ClientAddress;
const QString &RemoteAddress = SshHostFixture::RemoteAddress;
/** Where the remote end takes a dead client for gone: the bridge's silence (10 s) and the helper's revert. */
constexpr qint64 RevertBoundMs = 12000;
/** How close a step of a scenario lands on its targets, and how soon after it was due (README: "one start on every host"). */
constexpr qint64 MultiTargetSpreadBoundNs = 25'000'000;

} // namespace

class TestRemoteSsh : public QObject
{
    Q_OBJECT

private:
    SshHostFixture m_host{QStringLiteral(QS_APP_PATH), QStringLiteral(QS_HELPER_PATH)};
    SystemBusFixture &m_bus = m_host.bus();
    LabNamespace *m_client = nullptr;
    LabNamespace *m_remote = nullptr;
    QProcess *m_sshd = nullptr;

    QString file(const QString &name) const { return m_host.file(name); }
    QString target(const QString &user) const { return m_host.target(user); }
    bool startHelper(QString *error) { return m_host.startHelper(error); }
    QStringList cli(const QStringList &arguments, const QString &ssh = {}) const { return m_host.cli(arguments, ssh); }
    CommandResult runCli(const QStringList &arguments, const QString &ssh = {}) const { return m_host.runCli(arguments, ssh); }

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
        QString error;
        QVERIFY2(m_host.start(&error), qPrintable(error));
        m_client = &m_host.client();
        m_remote = &m_host.remote();
        m_sshd = &m_host.sshd();
    }

    void cleanupTestCase()
    {
        // Every ssh the clients ran has ended: a killed client's too (its input closed, or its keepalives unanswered).
        QElapsedTimer timer;
        timer.start();
        while (timer.elapsed() < 10000 && runCommand(QStringLiteral("pgrep"), {QStringLiteral("-f"), file(QStringLiteral("ssh_config"))}).ok())
            QThread::msleep(100);
        const CommandResult left = runCommand(QStringLiteral("pgrep"), {QStringLiteral("-af"), file(QStringLiteral("ssh_config"))});
        m_host.stop();
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

    void scenarioOnThreeTargetsLandsTogether()
    {
        // Three targets in three namespaces: veth0 of the remote host (reached as 198.18.70.2), v0
        // of another namespace behind that host's helper, reached as a second host (198.18.70.3:
        // its own ssh connection and clock measurement), and v0 of a namespace of this machine,
        // played by the CLI's own player (--direct). Each kernel's tc notifications say when
        // each step landed; the namespaces share this machine's clock.
        LabNamespace second(QStringLiteral("qs-sshm"));
        LabNamespace local(QStringLiteral("qs-sshl"));
        QVERIFY(second.ok() && local.ok());
        for (LabNamespace *ns : {&second, &local})
            QVERIFY(ns->ip({QStringLiteral("link"), QStringLiteral("add"), QStringLiteral("v0"), QStringLiteral("type"), QStringLiteral("veth"),
                            QStringLiteral("peer"), QStringLiteral("name"), QStringLiteral("v1")}).ok() &&
                    ns->up(QStringLiteral("v0")) && ns->up(QStringLiteral("v1")));
        const QStringList targets{target(GrantedUser), QStringLiteral("ssh://%1@%2/%3/v0").arg(GrantedUser, SshHostFixture::SecondAddress, second.name()),
                                  local.name() + QStringLiteral("/v0")};
        TcNotifications onRemote(m_remote->name());
        TcNotifications onSecond(second.name());
        TcNotifications onLocal(local.name());
        QVERIFY(onRemote.ok() && onSecond.ok() && onLocal.ok());

        const auto tbf = [](int kbit) {
            return QJsonObject{{QStringLiteral("tree"), qs::TreeJson::toJson(targetFreeTreeOf(
                                                            QStringLiteral("tc qdisc add dev x root handle 1: tbf rate %1kbit burst 64kb limit 128kb").arg(kbit)))}};
        };
        const auto step = [&](const QString &name, const QJsonObject &all, const QJsonObject &on) {
            QJsonObject o = all;
            o.insert(QStringLiteral("name"), name);
            o.insert(QStringLiteral("duration"), QStringLiteral("1500ms"));
            if (!on.isEmpty())
                o.insert(QStringLiteral("on"), on);
            return o;
        };
        // The rates each target holds step by step (kbit; 0: the step holds what was there).
        const QList<QList<int>> rates{{10000, 2000, 4000}, {10000, 0, 5000}, {10000, 3000, 4000}};
        const QJsonArray steps{step(QStringLiteral("all 10 Mbit/s"), tbf(10000), {}),
                               step(QStringLiteral("site A degrades"), {}, {{targets[0], tbf(2000)}, {targets[2], tbf(3000)}}),
                               step(QStringLiteral("all change"), tbf(4000), {{targets[1], tbf(5000)}})};
        const QJsonObject scenario{{QStringLiteral("schemaVersion"), 1}, {QStringLiteral("name"), QStringLiteral("three sites")},
                                   {QStringLiteral("targets"), QJsonArray::fromStringList(targets)}, {QStringLiteral("steps"), steps}};
        QFile file(m_host.file(QStringLiteral("three-sites.json")));
        QVERIFY(file.open(QIODevice::WriteOnly) && file.write(QJsonDocument(scenario).toJson()) > 0);
        file.close();

        const CommandResult played = m_host.runCli({QStringLiteral("play"), QStringLiteral("--direct"), QStringLiteral("--json"), file.fileName()}, {}, 60000);
        QVERIFY2(played.ok(), qPrintable(played.err + played.out.right(2000) + m_bus.helperOutput().right(2000)));
        qint64 startAtNs = 0;
        int landedLines = 0;
        for (const QString &line : played.out.split(u'\n', Qt::SkipEmptyParts)) {
            const QJsonObject o = QJsonDocument::fromJson(line.toUtf8()).object();
            const QString event = o.value(u"event").toString();
            if (event == u"schedule")
                startAtNs = qint64(o.value(u"startAtNs").toDouble());
            landedLines += event == u"landed";
        }
        QVERIFY2(startAtNs > 0 && landedLines == 3, qPrintable(played.out.left(3000)));

        // Each step's landing on each target: the kernel's first notice of its rate once the step is due.
        const std::vector<TcNotifications::Change> changes[3] = {onRemote.changes(), onSecond.changes(), onLocal.changes()};
        for (int s = 0; s < 3; ++s) {
            const qint64 dueNs = startAtNs + qint64(s) * 1'500'000'000;
            QList<qint64> landed;
            for (int t = 0; t < 3; ++t) {
                const auto inStep = [&](const TcNotifications::Change &c) { return c.atNs >= dueNs - 1'000'000 && c.atNs < dueNs + 1'500'000'000; };
                if (rates[t][s] == 0) { // held: nothing changed there during the step
                    QVERIFY2(std::none_of(changes[t].cbegin(), changes[t].cend(), inStep), qPrintable(targets[t]));
                    continue;
                }
                const auto it = std::find_if(changes[t].cbegin(), changes[t].cend(), [&](const TcNotifications::Change &c) {
                    return inStep(c) && c.kind == u"tbf" && c.tbfRateBytes == quint64(rates[t][s]) * 1000 / 8;
                });
                QVERIFY2(it != changes[t].cend(), qPrintable(QStringLiteral("step %1 never reached %2").arg(s + 1).arg(targets[t])));
                landed.append(it->atNs);
            }
            const auto [first, last] = std::minmax_element(landed.cbegin(), landed.cend());
            qInfo("step %d landed on %lld targets within %.2f ms, %.2f ms after it was due", s + 1, qlonglong(landed.size()),
                  double(*last - *first) / 1e6, double(*last - dueNs) / 1e6);
            QVERIFY(*last - *first <= MultiTargetSpreadBoundNs);
            QVERIFY(*last - dueNs <= MultiTargetSpreadBoundNs);
        }
        // The scenario's onEnd put back what each target had: no tbf is left.
        for (LabNamespace *ns : {m_remote, &second, &local})
            QVERIFY(!ns->tc({QStringLiteral("qdisc"), QStringLiteral("show")}).out.contains(QStringLiteral("tbf")));
    }

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

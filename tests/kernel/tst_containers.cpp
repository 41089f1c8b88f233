// Containers as targets (issue 18), on real runtimes: Debian's dockerd and podman, started by the
// test on sockets of their own (ContainerFixture), a busybox image imported, nothing pulled. Two
// Docker containers labelled as containerlab labels its nodes (containerlab=qs-ct, clab-node-name)
// and joined by a veth made straight into their namespaces, as containerlab wires a topology; one
// Podman container. Everything through the real CLI (`qdisc-studio … --direct`, root) or the
// engine, with tc run inside each container's namespace (nsenter -t PID -n tc) as the oracle:
//   - `targets` lists both nodes with their interfaces and each end's peer, the lab and the node;
//   - `apply --dev docker:NODE1/eth1` of an htb tree lands in that container, `restore` puts back
//     what was there, and UDP through the link is shaped to the class's rate (±5 %, wire rate);
//   - Podman: listed, applied to and restored;
//   - a container restarted after an apply: `restore` says the snapshot belongs to the previous
//     instance and changes nothing; the window on it shows the new instance's tree, statistics and
//     changes made there;
//   - a container killed between resolution and apply: the apply fails, and no namespace changes;
//   - a stopped container, a missing runtime, an unknown container and a user the runtime refuses
//     each get their own sentence.
#include "containerfixture.h"
#include "statspoller.h"
#include "directbackend.h"
#include "mainwindow.h"
#include "treemodel.h"
#include "netlink/networknamespace.h"
#include "netlink/tcengine.h"
#include "safety/safetynet.h"
#include "tc/tcimporter.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QScopeGuard>
#include <QTemporaryDir>
#include <QSignalSpy>
#include <QTest>

#include <cmath>

using namespace qs;
using namespace qs::test;

namespace {

const QString Node1 = QStringLiteral("qs-ct-node1");
const QString Node2 = QStringLiteral("qs-ct-node2");
const QString PodmanNode = QStringLiteral("qs-ct-pnode");
const QString Target1 = QStringLiteral("docker:qs-ct-node1/eth1");
const QString Target2 = QStringLiteral("docker:qs-ct-node2/eth1");
constexpr double ShapedRate = 10e6; // bit/s
constexpr int UdpPayload = 1400;
constexpr int UdpHeaderBytes = 8 + 20 + 14; // what the qdisc counts beyond iperf3's payload

const QString HtbScript = QStringLiteral("tc qdisc add dev eth1 root handle 1: htb default 10\n"
                                         "tc class add dev eth1 parent 1: classid 1:10 htb rate 10mbit ceil 10mbit burst 15k\n");

CommandResult cli(const QStringList &arguments, int timeoutMs = 60000)
{
    return runCommand(QStringLiteral(QS_APP_PATH), arguments, timeoutMs);
}

} // namespace

class TstContainers : public QObject
{
    Q_OBJECT

    ContainerFixture m_runtimes{QStringLiteral("qs-ct-%1").arg(getpid())};
    QTemporaryDir m_files;
    qint64 m_pid1 = 0;
    qint64 m_pid2 = 0;

    QString file(const QString &name, const QString &text)
    {
        const QString path = m_files.filePath(name);
        QFile f(path);
        if (!f.open(QIODevice::WriteOnly))
            qFatal("cannot write %s", qPrintable(path));
        f.write(text.toUtf8());
        return path;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY2(geteuid() == 0, "needs root: it starts dockerd and podman and enters containers' namespaces");
        QString error;
        QVERIFY2(m_runtimes.start(&error), qPrintable(error));
        QVERIFY2(m_runtimes.run(QStringLiteral("docker"), Node1, {QStringLiteral("containerlab=qs-ct"), QStringLiteral("clab-node-name=node1")}, &error),
                 qPrintable(error));
        QVERIFY2(m_runtimes.run(QStringLiteral("docker"), Node2, {QStringLiteral("containerlab=qs-ct"), QStringLiteral("clab-node-name=node2")}, &error),
                 qPrintable(error));
        m_pid1 = m_runtimes.pid(QStringLiteral("docker"), Node1);
        m_pid2 = m_runtimes.pid(QStringLiteral("docker"), Node2);
        QVERIFY(m_pid1 > 0 && m_pid2 > 0);
        QVERIFY2(m_runtimes.link(m_pid1, QStringLiteral("eth1"), QStringLiteral("198.18.60.1/24"), m_pid2, QStringLiteral("eth1"),
                                 QStringLiteral("198.18.60.2/24"), &error),
                 qPrintable(error));
        QVERIFY2(m_runtimes.run(QStringLiteral("podman"), PodmanNode, {}, &error), qPrintable(error));
        QVERIFY2(m_runtimes.run(QStringLiteral("docker"), QStringLiteral("qs-ct-stopped"), {}, &error), qPrintable(error));
        QVERIFY(m_runtimes.docker({QStringLiteral("stop"), QStringLiteral("-t"), QStringLiteral("1"), QStringLiteral("qs-ct-stopped")}).ok());
    }

    void cleanupTestCase() { m_runtimes.stop(); }

    void targetsListsNodesWithTheirPeers()
    {
        const CommandResult listed = cli({QStringLiteral("targets"), QStringLiteral("--json")});
        QVERIFY2(listed.ok(), qPrintable(listed.err));
        QHash<QString, QJsonObject> byTarget;
        for (const QJsonValue &value : QJsonDocument::fromJson(listed.out.toUtf8()).array())
            byTarget.insert(value.toObject().value(u"target").toString(), value.toObject());
        for (const auto &[target, peer, node] : {std::tuple{Target1, Target2, QStringLiteral("node1")}, std::tuple{Target2, Target1, QStringLiteral("node2")}}) {
            QVERIFY2(byTarget.contains(target), qPrintable(listed.out));
            const QJsonObject t = byTarget.value(target);
            QCOMPARE(t.value(u"type").toString(), QStringLiteral("veth"));
            QCOMPARE(t.value(u"peer").toString(), peer);
            const QJsonObject container = t.value(u"container").toObject();
            QCOMPARE(container.value(u"runtime").toString(), QStringLiteral("docker"));
            QCOMPARE(container.value(u"image").toString(), ContainerFixture::Image);
            QCOMPARE(container.value(u"state").toString(), QStringLiteral("running"));
            QCOMPARE(container.value(u"lab").toString(), QStringLiteral("qs-ct"));
            QCOMPARE(container.value(u"node").toString(), node);
        }
        QVERIFY2(byTarget.contains(QStringLiteral("podman:%1/lo").arg(PodmanNode)), qPrintable(listed.out));
        // A running container is listed by its interfaces only; one that does not run by itself, with its state.
        QVERIFY2(!byTarget.contains(QStringLiteral("docker:") + Node1), qPrintable(listed.out));
        const QJsonObject stopped = byTarget.value(QStringLiteral("docker:qs-ct-stopped"));
        QCOMPARE(stopped.value(u"device").toString(), QString());
        QCOMPARE(stopped.value(u"container").toObject().value(u"state").toString(), QStringLiteral("exited"));
        // The text form names the peer too.
        const CommandResult text = cli({QStringLiteral("targets")});
        QVERIFY2(text.out.contains(QRegularExpression(QStringLiteral("docker:qs-ct-node1/eth1 +veth .*peer docker:qs-ct-node2/eth1"))),
                 qPrintable(text.out));
    }

    void applyLandsInTheContainerAndRestorePutsItBack()
    {
        const QJsonDocument before = ContainerFixture::tcJson(m_pid1, QStringLiteral("qdisc"), QStringLiteral("eth1"));
        const QJsonDocument otherBefore = ContainerFixture::tcJson(m_pid2, QStringLiteral("qdisc"), QStringLiteral("eth1"));
        const CommandResult applied = cli({QStringLiteral("apply"), QStringLiteral("--direct"), QStringLiteral("--dev"), Target1,
                                           file(QStringLiteral("htb.tc"), HtbScript)});
        QVERIFY2(applied.ok(), qPrintable(applied.err + applied.out));
        QCOMPARE(ContainerFixture::rootKind(m_pid1, QStringLiteral("eth1")), QStringLiteral("htb"));
        // (iproute2 6.1 prints htb classes as text even with -j.)
        const CommandResult classes = ContainerFixture::inside(m_pid1, {QStringLiteral("tc"), QStringLiteral("class"), QStringLiteral("show"),
                                                                        QStringLiteral("dev"), QStringLiteral("eth1")});
        QVERIFY2(classes.out.trimmed().startsWith(QStringLiteral("class htb 1:10 root")) && classes.out.trimmed().count(u'\n') == 0,
                 qPrintable(classes.out));
        QVERIFY2(classes.out.contains(QStringLiteral("rate 10Mbit ceil 10Mbit")), qPrintable(classes.out));
        QCOMPARE(ContainerFixture::tcJson(m_pid2, QStringLiteral("qdisc"), QStringLiteral("eth1")), otherBefore); // the other end untouched

        // show reads it from the container too.
        const CommandResult shown = cli({QStringLiteral("show"), Target1});
        QVERIFY2(shown.ok() && shown.out.contains(QStringLiteral("class 1:10")), qPrintable(shown.err + shown.out));

        const CommandResult restored = cli({QStringLiteral("restore"), QStringLiteral("--direct"), QStringLiteral("--dev"), Target1});
        QVERIFY2(restored.ok(), qPrintable(restored.err + restored.out));
        QCOMPARE(ContainerFixture::tcJson(m_pid1, QStringLiteral("qdisc"), QStringLiteral("eth1")), before);
    }

    void udpThroughTheLinkIsShaped()
    {
        if (QStandardPaths::findExecutable(QStringLiteral("iperf3")).isEmpty())
            QFAIL("iperf3 is missing: install the Debian package iperf3 (scripts/install-deps.sh does)");
        const CommandResult applied = cli({QStringLiteral("apply"), QStringLiteral("--direct"), QStringLiteral("--dev"), Target1,
                                           file(QStringLiteral("htb.tc"), HtbScript)});
        QVERIFY2(applied.ok(), qPrintable(applied.err + applied.out));
        const auto restore = qScopeGuard([] { cli({QStringLiteral("restore"), QStringLiteral("--direct"), QStringLiteral("--dev"), Target1}); });

        QProcess server;
        server.start(QStringLiteral("nsenter"), {QStringLiteral("-t"), QString::number(m_pid2), QStringLiteral("-n"), QStringLiteral("iperf3"),
                                                 QStringLiteral("-s"), QStringLiteral("-1"), QStringLiteral("-B"), QStringLiteral("198.18.60.2"),
                                                 QStringLiteral("--rcv-timeout"), QStringLiteral("10000")});
        QVERIFY(server.waitForStarted());
        const auto stopServer = qScopeGuard([&] {
            server.kill();
            server.waitForFinished(5000);
        });
        QElapsedTimer waited;
        waited.start();
        while (!ContainerFixture::inside(m_pid2, {QStringLiteral("ss"), QStringLiteral("-Hltn"), QStringLiteral("sport = :5201")}).out.contains(u"5201") &&
               waited.elapsed() < 5000)
            QThread::msleep(50);
        // Unlimited offered load through 1 MiB socket buffers, the first second left out (the bucket's burst).
        const CommandResult client = ContainerFixture::inside(
            m_pid1, {QStringLiteral("iperf3"), QStringLiteral("-c"), QStringLiteral("198.18.60.2"), QStringLiteral("-u"), QStringLiteral("-b"),
                     QStringLiteral("0"), QStringLiteral("-w"), QStringLiteral("1M"), QStringLiteral("-l"), QString::number(UdpPayload),
                     QStringLiteral("-t"), QStringLiteral("5"), QStringLiteral("-O"), QStringLiteral("1"), QStringLiteral("--connect-timeout"),
                     QStringLiteral("3000"), QStringLiteral("-J")},
            60000);
        const QJsonObject report = QJsonDocument::fromJson(client.out.toUtf8()).object();
        QVERIFY2(client.ok() && !report.contains(u"error"), qPrintable(client.err + client.out.left(2000)));
        const double payload = report.value(u"end").toObject().value(u"sum_received").toObject().value(u"bits_per_second").toDouble();
        const double wire = payload * double(UdpPayload + UdpHeaderBytes) / double(UdpPayload);
        qInfo("htb class at 10 Mbit/s in %s: received payload %.3f Mbit/s, wire %.3f Mbit/s (%+.2f %%)", qPrintable(Target1), payload / 1e6,
              wire / 1e6, (wire - ShapedRate) / ShapedRate * 100.0);
        QVERIFY2(std::abs(wire - ShapedRate) <= 0.05 * ShapedRate, qPrintable(QStringLiteral("wire rate %1 bit/s").arg(wire)));
    }

    void podmanContainerIsListedAndChanged()
    {
        const qint64 pid = m_runtimes.pid(QStringLiteral("podman"), PodmanNode);
        QVERIFY(pid > 0);
        const QString target = QStringLiteral("podman:%1/lo").arg(PodmanNode);
        const CommandResult applied = cli({QStringLiteral("apply"), QStringLiteral("--direct"), QStringLiteral("--dev"), target,
                                           file(QStringLiteral("tbf.tc"), QStringLiteral("tc qdisc add dev lo root tbf rate 3mbit burst 32kb latency 40ms\n"))});
        QVERIFY2(applied.ok(), qPrintable(applied.err + applied.out));
        QCOMPARE(ContainerFixture::rootKind(pid, QStringLiteral("lo")), QStringLiteral("tbf"));
        const CommandResult restored = cli({QStringLiteral("restore"), QStringLiteral("--direct"), QStringLiteral("--dev"), target});
        QVERIFY2(restored.ok(), qPrintable(restored.err + restored.out));
        QCOMPARE(ContainerFixture::rootKind(pid, QStringLiteral("lo")), QStringLiteral("noqueue"));
    }

    void restartedContainerIsAnotherInstance()
    {
        const QString target = QStringLiteral("docker:%1/lo").arg(Node2);
        const CommandResult applied = cli({QStringLiteral("apply"), QStringLiteral("--direct"), QStringLiteral("--dev"), target,
                                           file(QStringLiteral("tbf.tc"), QStringLiteral("tc qdisc add dev lo root tbf rate 3mbit burst 32kb latency 40ms\n"))});
        QVERIFY2(applied.ok(), qPrintable(applied.err + applied.out));
        const QString idBefore = m_runtimes.id(QStringLiteral("docker"), Node2);
        QVERIFY(m_runtimes.docker({QStringLiteral("restart"), QStringLiteral("-t"), QStringLiteral("1"), Node2}).ok());
        const qint64 pid = m_runtimes.pid(QStringLiteral("docker"), Node2);
        QVERIFY(pid > 0 && pid != m_pid2);
        QCOMPARE(m_runtimes.id(QStringLiteral("docker"), Node2), idBefore); // the same container, a new instance
        // The new instance holds the kernel's default; the snapshot of the old one must not land on it.
        ContainerFixture::inside(pid, {QStringLiteral("tc"), QStringLiteral("qdisc"), QStringLiteral("add"), QStringLiteral("dev"), QStringLiteral("lo"),
                                       QStringLiteral("root"), QStringLiteral("pfifo"), QStringLiteral("limit"), QStringLiteral("77")});
        const QJsonDocument now = ContainerFixture::tcJson(pid, QStringLiteral("qdisc"), QStringLiteral("lo"));
        const CommandResult restored = cli({QStringLiteral("restore"), QStringLiteral("--direct"), QStringLiteral("--dev"), target});
        QVERIFY(!restored.ok());
        QVERIFY2(restored.err.contains(QStringLiteral("previous instance")), qPrintable(restored.err));
        QCOMPARE(ContainerFixture::tcJson(pid, QStringLiteral("qdisc"), QStringLiteral("lo")), now);
        // Its veth went with the old instance's namespace: wire the node again for the rows after this one.
        QString error;
        m_pid2 = pid;
        ContainerFixture::inside(m_pid1, {QStringLiteral("ip"), QStringLiteral("link"), QStringLiteral("del"), QStringLiteral("eth1")});
        QVERIFY2(m_runtimes.link(m_pid1, QStringLiteral("eth1"), QStringLiteral("198.18.60.1/24"), m_pid2, QStringLiteral("eth1"),
                                 QStringLiteral("198.18.60.2/24"), &error),
                 qPrintable(error));
    }

    void windowShowsTheNewInstance()
    {
        // A container of its own: restarting it takes its veth and namespace with it.
        const QString name = QStringLiteral("qs-ct-window");
        const QString target = QStringLiteral("docker:%1/lo").arg(name);
        QString error;
        QVERIFY2(m_runtimes.run(QStringLiteral("docker"), name, {}, &error), qPrintable(error));
        const qint64 before = m_runtimes.pid(QStringLiteral("docker"), name);
        QVERIFY(ContainerFixture::inside(before, {QStringLiteral("tc"), QStringLiteral("qdisc"), QStringLiteral("add"), QStringLiteral("dev"),
                                                  QStringLiteral("lo"), QStringLiteral("root"), QStringLiteral("tbf"), QStringLiteral("rate"),
                                                  QStringLiteral("3mbit"), QStringLiteral("burst"), QStringLiteral("32kb"), QStringLiteral("latency"),
                                                  QStringLiteral("40ms")})
                    .ok());
        const auto rootKindShown = [](const MainWindow &window) {
            const QdiscTree &tree = window.treeModel()->tree();
            return tree.qdiscs.isEmpty() ? QString() : tree.qdiscs.constFirst().kindName();
        };

        MainWindow window(std::make_unique<DirectBackend>());
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        window.openTargetWhenListed(target);
        QTRY_COMPARE(window.currentTarget(), target);
        QTRY_COMPARE(rootKindShown(window), QStringLiteral("tbf"));

        QVERIFY(m_runtimes.docker({QStringLiteral("restart"), QStringLiteral("-t"), QStringLiteral("1"), name}).ok());
        const qint64 after = m_runtimes.pid(QStringLiteral("docker"), name);
        QVERIFY(after > 0 && after != before);
        QVERIFY(ContainerFixture::inside(after, {QStringLiteral("tc"), QStringLiteral("qdisc"), QStringLiteral("add"), QStringLiteral("dev"),
                                                 QStringLiteral("lo"), QStringLiteral("root"), QStringLiteral("pfifo"), QStringLiteral("limit"),
                                                 QStringLiteral("77")})
                    .ok());
        // Found by the targets list (its start time) or by the statistics' failing dump, within seconds.
        QTRY_COMPARE_WITH_TIMEOUT(rootKindShown(window), QStringLiteral("pfifo"), 15000);
        QCOMPARE(window.currentTarget(), target);
        // The statistics come from the new instance's namespace: its pfifo's counters.
        QSignalSpy sampled(window.poller(), &StatsPoller::sampled);
        QTRY_VERIFY_WITH_TIMEOUT(sampled.count() >= 2, 10000);
        QVERIFY(window.poller()->history(nodeStatsKey(false, window.treeModel()->tree().qdiscs.constFirst().handle)) != nullptr);
        // And changes made inside the new instance reach the window, as tc elsewhere always does.
        QVERIFY(ContainerFixture::inside(after, {QStringLiteral("tc"), QStringLiteral("qdisc"), QStringLiteral("replace"), QStringLiteral("dev"),
                                                 QStringLiteral("lo"), QStringLiteral("root"), QStringLiteral("bfifo"), QStringLiteral("limit"),
                                                 QStringLiteral("30000")})
                    .ok());
        QTRY_COMPARE_WITH_TIMEOUT(rootKindShown(window), QStringLiteral("bfifo"), 5000);
        QVERIFY(m_runtimes.docker({QStringLiteral("rm"), QStringLiteral("-f"), name}).ok());
    }

    void containerKilledBetweenResolutionAndApplyIsNotChanged()
    {
        QString error;
        QVERIFY2(m_runtimes.run(QStringLiteral("docker"), QStringLiteral("qs-ct-doomed"), {}, &error), qPrintable(error));
        const QString target = QStringLiteral("docker:qs-ct-doomed/lo");
        const QJsonDocument root = QJsonDocument::fromJson(runCommand(QStringLiteral("tc"), {QStringLiteral("-j"), QStringLiteral("qdisc"), QStringLiteral("show")}).out.toUtf8());
        const QJsonDocument other = ContainerFixture::tcJson(m_pid1, QStringLiteral("qdisc"), QStringLiteral("lo"));
        const TcImportResult imported = TcImporter::import(QStringLiteral("tc qdisc add dev lo root tbf rate 3mbit burst 32kb latency 40ms"));
        QVERIFY(imported.ok());
        QdiscTree tree = imported.trees.first();
        QdiscTree::splitTarget(target, &tree.netns, &tree.device);

        // Resolved: the engine is open in the container's namespace.
        QTemporaryDir state;
        SafetyNet net(state.path());
        TcEngine *engine = net.engines().engineFor(target, &error);
        QVERIFY2(engine, qPrintable(error));
        const qint64 doomedPid = m_runtimes.pid(QStringLiteral("docker"), QStringLiteral("qs-ct-doomed"));
        QVERIFY(m_runtimes.docker({QStringLiteral("kill"), QStringLiteral("qs-ct-doomed")}).ok());
        QTRY_VERIFY_WITH_TIMEOUT(!QFile::exists(QStringLiteral("/proc/%1").arg(doomedPid)), 10000);

        // The engine itself refuses its stale namespace…
        const ApplyResult direct = engine->apply(tree);
        QVERIFY(!direct.ok);
        QVERIFY2(direct.error.contains(QStringLiteral("stopped or restarted")), qPrintable(direct.error));
        // … and the safety net, which resolves again, finds the container gone.
        const SafetyOutcome outcome = net.apply(Caller{QStringLiteral("test")}, target, tree, {});
        QVERIFY(!outcome.ok());
        QVERIFY2(outcome.error.contains(QStringLiteral("not running")), qPrintable(outcome.error));
        QCOMPARE(ContainerFixture::tcJson(m_pid1, QStringLiteral("qdisc"), QStringLiteral("lo")), other);
        QCOMPARE(QJsonDocument::fromJson(runCommand(QStringLiteral("tc"), {QStringLiteral("-j"), QStringLiteral("qdisc"), QStringLiteral("show")}).out.toUtf8()),
                 root);
    }

    void eachProblemHasItsSentence_data()
    {
        QTest::addColumn<QString>("target");
        QTest::addColumn<QByteArray>("dockerHost");
        QTest::addColumn<QString>("user");
        QTest::addColumn<QString>("sentence");
        QTest::newRow("stopped container") << QStringLiteral("docker:qs-ct-stopped/lo") << QByteArray() << QString()
                                           << QStringLiteral("Docker container \"qs-ct-stopped\" is not running (exited): start it first");
        QTest::newRow("unknown container") << QStringLiteral("docker:qs-ct-nosuch/lo") << QByteArray() << QString()
                                           << QStringLiteral("Docker has no container \"qs-ct-nosuch\"");
        QTest::newRow("runtime missing") << QStringLiteral("docker:qs-ct-node1/lo") << QByteArray("unix:///run/qs-ct-nothing.sock") << QString()
                                         << QStringLiteral("Docker is not running here (nothing listens on /run/qs-ct-nothing.sock)");
        QTest::newRow("user refused by the runtime") << QStringLiteral("docker:qs-ct-node1/lo") << QByteArray() << QStringLiteral("nobody")
                                                     << QStringLiteral("Docker refuses this user (permission denied on");
    }

    void eachProblemHasItsSentence()
    {
        QFETCH(QString, target);
        QFETCH(QByteArray, dockerHost);
        QFETCH(QString, user);
        QFETCH(QString, sentence);
        const QByteArray saved = qgetenv("DOCKER_HOST");
        const auto putBack = qScopeGuard([&] { qputenv("DOCKER_HOST", saved); });
        if (!dockerHost.isEmpty())
            qputenv("DOCKER_HOST", dockerHost);
        // As the user the runtime refuses: the socket is root's (as /var/run/docker.sock is root's and the docker group's).
        const CommandResult shown = user.isEmpty()
                                        ? cli({QStringLiteral("show"), target})
                                        : runCommand(QStringLiteral("setpriv"), {QStringLiteral("--reuid=") + user, QStringLiteral("--regid=nogroup"),
                                                                                 QStringLiteral("--clear-groups"), QStringLiteral(QS_APP_PATH),
                                                                                 QStringLiteral("targets")});
        QVERIFY2(shown.err.contains(sentence), qPrintable(shown.err + shown.out));
    }
};

QTEST_MAIN(TstContainers)
#include "tst_containers.moc"

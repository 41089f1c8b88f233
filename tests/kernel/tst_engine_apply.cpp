// The engine's promises on this machine's kernel, in namespaces the test creates: changes happen
// in place while traffic flows (counters keep rising, nothing dropped), a refused step puts the
// target back exactly as it was with the kernel's own words, bad targets are named, and
// statistics need no root.
#include "labnamespace.h"
#include "netlink/tcengine.h"
#include "tc/tcimporter.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

using namespace qs;
using namespace qs::test;


class TstEngineApply : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<TwoHostLab> m_lab;
    LabNamespace *m_a = nullptr; ///< the sending side, va
    LabNamespace *m_b = nullptr;

    std::unique_ptr<TcEngine> engine()
    {
        QString error;
        auto e = TcEngine::open(m_a->target(QStringLiteral("va")), &error);
        if (!e)
            qFatal("%s", qPrintable(error));
        return e;
    }

    QList<NodeStats> statsAfter(int ms)
    {
        QThread::msleep(ulong(ms));
        QString error;
        const auto nodes = engine()->readStats(&error);
        if (!nodes)
            qFatal("%s", qPrintable(error));
        return *nodes;
    }

private Q_SLOTS:
    void initTestCase()
    {
        if (!isRoot())
            QFAIL("this test builds trees in network namespaces of its own and needs root (CI runs as root)");
        m_lab = std::make_unique<TwoHostLab>(QStringLiteral("qs-apply"));
        QVERIFY(m_lab->ok);
        m_a = &m_lab->a;
        m_b = &m_lab->b;
    }

    void cleanupTestCase()
    {
        m_lab.reset();
    }

    void changesInPlaceWhileTrafficFlows()
    {
        // 1000-byte pings every 2 ms (4 Mbit/s): well under every rate below, so nothing drops.
        QProcess traffic;
        traffic.start(QStringLiteral("ip"), {QStringLiteral("netns"), QStringLiteral("exec"), m_a->name(), QStringLiteral("ping"),
                                             QStringLiteral("-q"), QStringLiteral("-i"), QStringLiteral("0.002"), QStringLiteral("-s"),
                                             QStringLiteral("1000"), QStringLiteral("-w"), QStringLiteral("20"), QStringLiteral("198.18.0.2")});
        QVERIFY(traffic.waitForStarted());
        const auto stopTraffic = qScopeGuard([&] {
            traffic.kill();
            traffic.waitForFinished();
        });

        auto e = engine();
        ApplyResult r = e->apply(treeOf(QStringLiteral("tc qdisc add dev va root handle 1: tbf rate 10mbit burst 32kb latency 100ms")));
        QVERIFY2(r.ok, qPrintable(r.error));
        QList<NodeStats> before = statsAfter(700);
        const NodeStats *tbf = findNode(before, TcHandle::make(1, 0), false);
        QVERIFY(tbf && tbf->counters.bytes > 0);

        // tbf rate: one in-place change; the byte counter keeps rising, drops stay where they were.
        r = e->apply(treeOf(QStringLiteral("tc qdisc add dev va root handle 1: tbf rate 20mbit burst 32kb latency 100ms")));
        QVERIFY2(r.ok, qPrintable(r.error));
        QCOMPARE(r.plan.size(), 1);
        QCOMPARE(r.plan.first().type, TcOperation::Type::ChangeQdisc);
        QList<NodeStats> after = statsAfter(700);
        const NodeStats *tbf2 = findNode(after, TcHandle::make(1, 0), false);
        QVERIFY(tbf2 && tbf2->kind == u"tbf");
        QVERIFY2(tbf2->counters.bytes > tbf->counters.bytes, "the tbf byte counter was reset by a rate change");
        QCOMPARE(tbf2->counters.drops, tbf->counters.drops);

        // htb class rate, in place; then the kind changes: a new node with fresh counters.
        const QString htb = QStringLiteral("tc qdisc add dev va root handle 2: htb default 10\n"
                                           "tc class add dev va parent 2: classid 2:10 htb rate %1 burst 15k\n");
        r = e->apply(treeOf(htb.arg(QStringLiteral("10mbit"))));
        QVERIFY2(r.ok, qPrintable(r.error));
        before = statsAfter(700);
        const NodeStats *cls = findNode(before, TcHandle::make(2, 0x10), true);
        QVERIFY(cls && cls->counters.bytes > 0);
        r = e->apply(treeOf(htb.arg(QStringLiteral("20mbit"))));
        QVERIFY2(r.ok, qPrintable(r.error));
        QCOMPARE(r.plan.size(), 1);
        QCOMPARE(r.plan.first().type, TcOperation::Type::ChangeClass);
        after = statsAfter(700);
        const NodeStats *cls2 = findNode(after, TcHandle::make(2, 0x10), true);
        const NodeStats *root2 = findNode(after, TcHandle::make(2, 0), false);
        QVERIFY(cls2 && root2);
        QVERIFY2(cls2->counters.bytes > cls->counters.bytes, "the htb class byte counter was reset by a rate change");
        QCOMPARE(cls2->counters.drops, cls->counters.drops);

        r = e->apply(treeOf(QStringLiteral("tc qdisc add dev va root handle 3: tbf rate 20mbit burst 32kb latency 100ms")));
        QVERIFY2(r.ok, qPrintable(r.error));
        QCOMPARE(r.plan.first().type, TcOperation::Type::ReplaceQdisc);
        after = statsAfter(300);
        const NodeStats *replaced = findNode(after, TcHandle::make(3, 0), false);
        QVERIFY(replaced && replaced->kind == u"tbf");
        QVERIFY(!findNode(after, TcHandle::make(2, 0), false));
        QVERIFY2(replaced->counters.bytes < root2->counters.bytes, "a new kind must start with fresh counters");
        QVERIFY(e->clear().ok);
    }

    void refusedStepPutsEverythingBack()
    {
        auto e = engine();
        const QString original = QStringLiteral("tc qdisc add dev va root handle 1: tbf rate 10mbit burst 32kb latency 100ms");
        QVERIFY(e->apply(treeOf(original)).ok);
        const QJsonDocument before = m_a->tcJson(QStringLiteral("qdisc"), QStringLiteral("va"));
        const QString classesBefore = m_a->tc({QStringLiteral("-d"), QStringLiteral("class"), QStringLiteral("show"), QStringLiteral("dev"), QStringLiteral("va")}).out;

        // Third step refused: this kernel has no netem ("Specified qdisc kind is unknown").
        const QdiscTree desired = treeOf(QStringLiteral("tc qdisc add dev va root handle 5: htb default 10\n"
                                                        "tc class add dev va parent 5: classid 5:10 htb rate 10mbit\n"
                                                        "tc qdisc add dev va parent 5:10 handle 50: netem delay 10ms\n"));
        const ApplyResult r = e->apply(desired);
        QVERIFY(!r.ok);
        QCOMPARE(r.done, 2);
        QCOMPARE(r.plan.size(), 3);
        QVERIFY2(r.error.contains(m_a->target(QStringLiteral("va"))), qPrintable(r.error));
        QVERIFY2(r.error.contains(u"Specified qdisc kind is unknown"), qPrintable(r.error)); // the kernel's own words
        QVERIFY2(r.restored, qPrintable(r.restoreError));
        QString error;
        QCOMPARE(m_a->tcJson(QStringLiteral("qdisc"), QStringLiteral("va")), before);
        QCOMPARE(m_a->tc({QStringLiteral("-d"), QStringLiteral("class"), QStringLiteral("show"), QStringLiteral("dev"), QStringLiteral("va")}).out,
                 classesBefore);
        QVERIFY(e->clear().ok);
    }

    void badTargetsAreNamed_data()
    {
        QTest::addColumn<QString>("target");
        QTest::addColumn<QString>("expected");
        QTest::newRow("no such interface") << QStringLiteral("%1/nosuchdev0") << QStringLiteral("no interface nosuchdev0 in network namespace");
        QTest::newRow("no such namespace") << QStringLiteral("qs-no-such-netns/va") << QStringLiteral("network namespace \"qs-no-such-netns\" does not exist");
        QTest::newRow("not a target") << QStringLiteral("a/b/c") << QStringLiteral("is not a target");
    }

    void badTargetsAreNamed()
    {
        QFETCH(QString, target);
        QFETCH(QString, expected);
        if (target.contains(u"%1"))
            target = target.arg(m_a->name());
        QString error;
        QVERIFY(!TcEngine::open(target, &error));
        QVERIFY2(error.contains(expected), qPrintable(error));
        QVERIFY2(error.contains(target), qPrintable(error));
    }

    void refusedTreeChangesNothing()
    {
        auto e = engine();
        QVERIFY(e->apply(treeOf(QStringLiteral("tc qdisc add dev va root handle 1: pfifo limit 10"))).ok);
        const QJsonDocument before = m_a->tcJson(QStringLiteral("qdisc"), QStringLiteral("va"));
        const ApplyResult r = e->apply(treeOf(QStringLiteral("tc qdisc add dev va root handle 1: netem delay 1ms")));
        QVERIFY(!r.ok);
        // Same handle, other kind: the kernel needs delete + add; the add is refused, the delete undone.
        QVERIFY2(r.error.startsWith(m_a->target(QStringLiteral("va"))), qPrintable(r.error));
        QVERIFY(r.done == 0 || r.restored);
        QCOMPARE(m_a->tcJson(QStringLiteral("qdisc"), QStringLiteral("va")), before);
        QVERIFY(e->clear().ok);
    }

    void commandLine()
    {
        const QString target = m_a->target(QStringLiteral("va"));
        const QString app = QStringLiteral(QS_APP_PATH);
        QTemporaryDir dir;
        const QString script = dir.filePath(QStringLiteral("tree.tc"));
        QFile file(script);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("tc qdisc add dev va root handle 1: htb default 10\n"
                   "tc class add dev va parent 1: classid 1:10 htb rate 10mbit burst 15k\n"
                   "tc qdisc add dev va parent 1:10 handle 10: tbf rate 5mbit burst 32kb latency 50ms\n");
        file.close();

        CommandResult r = runCommand(app, {QStringLiteral("apply"), QStringLiteral("--direct"), QStringLiteral("--dev"), target, script});
        QVERIFY2(r.ok(), qPrintable(r.err));
        QVERIFY(r.out.contains(u"add class 1:10"));
        r = runCommand(app, {QStringLiteral("apply"), QStringLiteral("--direct"), QStringLiteral("--dev"), target, script});
        QVERIFY2(r.ok() && r.out.contains(u"nothing to do"), qPrintable(r.out + r.err));

        r = runCommand(app, {QStringLiteral("show"), target, QStringLiteral("--json"), QStringLiteral("-s")});
        QVERIFY2(r.ok(), qPrintable(r.err));
        const QJsonObject shown = QJsonDocument::fromJson(r.out.toUtf8()).object();
        QCOMPARE(shown[u"qdiscs"].toArray().size(), 2);
        QCOMPARE(shown[u"classes"].toArray().size(), 1);
        QVERIFY(!shown[u"stats"].toArray().isEmpty());

        r = runCommand(app, {QStringLiteral("stats"), target, QStringLiteral("--json"), QStringLiteral("--count"), QStringLiteral("2"),
                             QStringLiteral("--interval"), QStringLiteral("100")});
        QVERIFY2(r.ok(), qPrintable(r.err));
        const QStringList samples = r.out.split(u'\n', Qt::SkipEmptyParts);
        QCOMPARE(samples.size(), 2);
        QVERIFY(QJsonDocument::fromJson(samples.last().toUtf8()).array().size() >= 3); // htb, tbf, class

        r = runCommand(app, {QStringLiteral("targets"), QStringLiteral("--json")});
        QVERIFY2(r.ok() && r.out.contains(target), qPrintable(r.out));

        r = runCommand(app, {QStringLiteral("clear"), QStringLiteral("--direct"), QStringLiteral("--dev"), target});
        QVERIFY2(r.ok(), qPrintable(r.err));
        QVERIFY(m_a->tcJson(QStringLiteral("qdisc"), QStringLiteral("va")).array().first()[u"kind"].toString() == u"noqueue");

        r = runCommand(app, {QStringLiteral("apply"), QStringLiteral("--direct"), QStringLiteral("--dev"), m_a->target(QStringLiteral("nope0")), script});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains(m_a->target(QStringLiteral("nope0"))), qPrintable(r.err));
        // Without --direct the helper applies; with no system bus to reach it, the user is told so
        // and pointed at --direct (tests/helper covers the helper itself).
        r = runCommand(QStringLiteral("env"), {QStringLiteral("DBUS_SYSTEM_BUS_ADDRESS=unix:path=/nonexistent/qs-no-bus"), app,
                                               QStringLiteral("apply"), QStringLiteral("--dev"), target, script});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains(QStringLiteral("system bus")) && r.err.contains(QStringLiteral("--direct")), qPrintable(r.err));
    }

    /** issue 15: `apply --direct` keeps the helper's snapshot, `restore --direct` puts back the exact tree from before. */
    void directApplyThenRestoreDirectPutsBackTheTreeFromBefore()
    {
        QVERIFY(m_a->addVethPair(QStringLiteral("qsr0"), QStringLiteral("qsr1")));
        const QString target = m_a->target(QStringLiteral("qsr0"));
        const QString app = QStringLiteral(QS_APP_PATH);
        const auto tc = [&](const QString &line) {
            return runCommand(QStringLiteral("tc"), QStringList{QStringLiteral("-n"), m_a->name()} + line.split(u' ')).ok();
        };
        // What someone else put there: a tree with classes, a filter and a leaf.
        QVERIFY(tc(QStringLiteral("qdisc add dev qsr0 root handle 7: htb default 3 r2q 5")));
        QVERIFY(tc(QStringLiteral("class add dev qsr0 parent 7: classid 7:3 htb rate 3mbit ceil 4mbit burst 20k")));
        QVERIFY(tc(QStringLiteral("qdisc add dev qsr0 parent 7:3 handle 30: pfifo limit 33")));
        QVERIFY(tc(QStringLiteral("filter add dev qsr0 parent 7: protocol ip prio 4 u32 match ip dport 53 0xffff flowid 7:3")));
        const auto treeNow = [&] { // without counters: a veth that is up sends IPv6 of its own
            QStringList views;
            for (const QString &what : {QStringLiteral("qdisc"), QStringLiteral("class"), QStringLiteral("filter")})
                views.append(runCommand(QStringLiteral("tc"), {QStringLiteral("-n"), m_a->name(), QStringLiteral("-d"), what,
                                                               QStringLiteral("show"), QStringLiteral("dev"), QStringLiteral("qsr0")})
                                 .out);
            return views;
        };
        const QStringList before = treeNow();

        QTemporaryDir dir;
        const QString script = dir.filePath(QStringLiteral("tree.tc"));
        QFile file(script);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("tc qdisc add dev qsr0 root handle 1: tbf rate 5mbit burst 32kb latency 50ms\n");
        file.close();
        CommandResult r = runCommand(app, {QStringLiteral("apply"), QStringLiteral("--direct"), QStringLiteral("--dev"), target, script});
        QVERIFY2(r.ok(), qPrintable(r.err));
        QVERIFY(treeNow() != before);
        // A second change keeps the first snapshot: restore goes back past both.
        r = runCommand(app, {QStringLiteral("clear"), QStringLiteral("--direct"), QStringLiteral("--dev"), target});
        QVERIFY2(r.ok(), qPrintable(r.err));

        r = runCommand(app, {QStringLiteral("restore"), QStringLiteral("--direct"), QStringLiteral("--dev"), target});
        QVERIFY2(r.ok(), qPrintable(r.out + r.err));
        QCOMPARE(treeNow(), before);
        r = runCommand(app, {QStringLiteral("restore"), QStringLiteral("--direct"), QStringLiteral("--dev"), target});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains(QStringLiteral("nothing to restore")), qPrintable(r.err));

        // A device made again under the same name is another device: its snapshot is reported, never applied.
        r = runCommand(app, {QStringLiteral("apply"), QStringLiteral("--direct"), QStringLiteral("--dev"), target, script});
        QVERIFY2(r.ok(), qPrintable(r.err));
        QVERIFY(runCommand(QStringLiteral("ip"), {QStringLiteral("-n"), m_a->name(), QStringLiteral("link"), QStringLiteral("del"), QStringLiteral("qsr0")}).ok());
        QVERIFY(m_a->addVethPair(QStringLiteral("qsr0"), QStringLiteral("qsr1")));
        const QStringList fresh = treeNow();
        r = runCommand(app, {QStringLiteral("restore"), QStringLiteral("--direct"), QStringLiteral("--dev"), target, QStringLiteral("--json")});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains(QStringLiteral("no longer exists")), qPrintable(r.err));
        QCOMPARE(QJsonDocument::fromJson(r.out.toUtf8()).object().value(u"ok").toBool(true), false);
        QCOMPARE(treeNow(), fresh);
        runCommand(QStringLiteral("ip"), {QStringLiteral("-n"), m_a->name(), QStringLiteral("link"), QStringLiteral("del"), QStringLiteral("qsr0")});
    }

    void statisticsNeedNoRoot()
    {
        // The CLI as nobody reads a namespace's counters through… nothing: entering a namespace
        // needs privileges, so it reads the root namespace's loopback, which is only read.
        const CommandResult r = runCommand(QStringLiteral("setpriv"), {QStringLiteral("--reuid=65534"), QStringLiteral("--regid=65534"),
                                                                       QStringLiteral("--clear-groups"), QStringLiteral(QS_APP_PATH),
                                                                       QStringLiteral("stats"), QStringLiteral("lo"), QStringLiteral("--json")});
        QVERIFY2(r.ok(), qPrintable(r.err));
        QVERIFY(QJsonDocument::fromJson(r.out.toUtf8()).isArray());
    }
};

QTEST_GUILESS_MAIN(TstEngineApply)
#include "tst_engine_apply.moc"

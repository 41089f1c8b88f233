#include "kinds/allkinds.h"
#include "netlink/pschedclock.h"
#include "netlink/tcplan.h"
#include "tc/tcimporter.h"

#include <QTest>

using namespace qs;

namespace {

QdiscTree tree(const QString &script)
{
    if (script.isEmpty())
        return QdiscTree();
    const TcImportResult result = TcImporter::import(script);
    if (!result.ok() || result.trees.size() != 1)
        qFatal("bad script: %s", qPrintable(result.errors.isEmpty() ? script : result.errors.first().toString()));
    return result.trees.first();
}

QString describe(const QList<TcOperation> &plan)
{
    QStringList lines;
    for (const TcOperation &op : plan)
        lines.append(op.describe());
    return lines.join(u'\n');
}

} // namespace

/** The planner on its own: what it decides, before any kernel is involved. */
class TstTcPlan : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void plans_data()
    {
        QTest::addColumn<QString>("current");
        QTest::addColumn<QString>("desired");
        QTest::addColumn<QString>("expected");

        const QString htb = QStringLiteral("tc qdisc add dev eth0 root handle 1: htb default 10\n"
                                           "tc class add dev eth0 parent 1: classid 1:1 htb rate 100mbit burst 15k\n"
                                           "tc class add dev eth0 parent 1:1 classid 1:10 htb rate %1 burst 15k\n"
                                           "tc qdisc add dev eth0 parent 1:10 handle 10: tbf rate %2 burst 32kb latency 50ms\n"
                                           "tc filter add dev eth0 parent 1: protocol ip prio 1 u32 match ip dport %3 0xffff flowid 1:10\n");
        QTest::newRow("nothing to do") << htb.arg(u"10mbit", u"5mbit", u"80") << htb.arg(u"10mbit", u"5mbit", u"80") << QString();
        QTest::newRow("from nothing, parents first, filters last")
            << QString() << htb.arg(u"10mbit", u"5mbit", u"80")
            << QStringLiteral("add qdisc 1: (htb) at root\nadd class 1:1 at 1:\nadd class 1:10 at 1:1\nadd qdisc 10: (tbf) at 1:10\n"
                              "add filter at 1: prio 1");
        QTest::newRow("class rate in place") << htb.arg(u"10mbit", u"5mbit", u"80") << htb.arg(u"20mbit", u"5mbit", u"80")
                                             << QStringLiteral("change class 1:10");
        QTest::newRow("leaf qdisc in place") << htb.arg(u"10mbit", u"5mbit", u"80") << htb.arg(u"10mbit", u"6mbit", u"80")
                                             << QStringLiteral("change qdisc 10: (tbf) at 1:10");
        QTest::newRow("filter group rebuilt") << htb.arg(u"10mbit", u"5mbit", u"80") << htb.arg(u"10mbit", u"5mbit", u"443")
                                              << QStringLiteral("delete filters of 1: prio 1\nadd filter at 1: prio 1");
        QTest::newRow("netem delay in place")
            << QStringLiteral("tc qdisc add dev eth0 root handle 1: netem delay 20ms")
            << QStringLiteral("tc qdisc add dev eth0 root handle 1: netem delay 40ms") << QStringLiteral("change qdisc 1: (netem) at root");
        QTest::newRow("netem without handle keeps the running one")
            << QStringLiteral("tc qdisc add dev eth0 root handle 8001: netem delay 20ms")
            << QStringLiteral("tc qdisc add dev eth0 root netem delay 40ms") << QStringLiteral("change qdisc 8001: (netem) at root");
        QTest::newRow("kind change replaces")
            << QStringLiteral("tc qdisc add dev eth0 root handle 1: netem delay 20ms")
            << QStringLiteral("tc qdisc add dev eth0 root handle 2: tbf rate 1mbit burst 10kb latency 10ms")
            << QStringLiteral("replace qdisc 2: (tbf) at root");
        QTest::newRow("same handle, other kind: delete then add")
            << QStringLiteral("tc qdisc add dev eth0 root handle 1: netem delay 20ms")
            << QStringLiteral("tc qdisc add dev eth0 root handle 1: tbf rate 1mbit burst 10kb latency 10ms")
            << QStringLiteral("delete qdisc 1: (netem) at root\nadd qdisc 1: (tbf) at root");
        QTest::newRow("htb default needs a rebuild, classes come back")
            << QStringLiteral("tc qdisc add dev eth0 root handle 1: htb default 10\ntc class add dev eth0 parent 1: classid 1:10 htb rate 1mbit")
            << QStringLiteral("tc qdisc add dev eth0 root handle 1: htb default 20\ntc class add dev eth0 parent 1: classid 1:10 htb rate 1mbit")
            << QStringLiteral("delete qdisc 1: (htb) at root\nadd qdisc 1: (htb) at root\nadd class 1:10 at 1:");
        QTest::newRow("sfq has no change operation")
            << QStringLiteral("tc qdisc add dev eth0 root handle 1: sfq perturb 10")
            << QStringLiteral("tc qdisc add dev eth0 root handle 1: sfq perturb 20")
            << QStringLiteral("delete qdisc 1: (sfq) at root\nadd qdisc 1: (sfq) at root");
        QTest::newRow("clear") << htb.arg(u"10mbit", u"5mbit", u"80") << QString()
                               << QStringLiteral("delete filters of 1: prio 1\ndelete qdisc 1: (htb) at root");
        QTest::newRow("class removed, leaves first")
            << QStringLiteral("tc qdisc add dev eth0 root handle 1: htb\ntc class add dev eth0 parent 1: classid 1:1 htb rate 10mbit\n"
                              "tc class add dev eth0 parent 1:1 classid 1:10 htb rate 1mbit\ntc class add dev eth0 parent 1: classid 1:2 htb rate 1mbit")
            << QStringLiteral("tc qdisc add dev eth0 root handle 1: htb\ntc class add dev eth0 parent 1: classid 1:2 htb rate 1mbit")
            << QStringLiteral("delete class 1:10\ndelete class 1:1");
        const QString hfsc = QStringLiteral("tc qdisc add dev eth0 root handle 1: hfsc default 10\n"
                                            "tc class add dev eth0 parent 1: classid 1:10 hfsc %1\n");
        QTest::newRow("hfsc curve in place") << hfsc.arg(u"sc rate 10mbit ul rate 20mbit") << hfsc.arg(u"sc rate 15mbit ul rate 20mbit")
                                             << QStringLiteral("change class 1:10");
        QTest::newRow("hfsc curve added in place") << hfsc.arg(u"ls rate 10mbit") << hfsc.arg(u"ls rate 10mbit ul rate 20mbit")
                                                   << QStringLiteral("change class 1:10");
        // The kernel keeps a curve a change does not send: one that goes needs the class again.
        QTest::newRow("hfsc curve removed: the class again") << hfsc.arg(u"sc rate 10mbit ul rate 20mbit") << hfsc.arg(u"sc rate 10mbit")
                                                            << QStringLiteral("delete class 1:10\nadd class 1:10 at 1:");
        QTest::newRow("hfsc rt-only inner class upgraded by the kernel")
            << QStringLiteral("tc qdisc add dev eth0 root handle 1: hfsc\ntc class add dev eth0 parent 1: classid 1:1 hfsc sc rate 8kbit\n"
                              "tc class add dev eth0 parent 1:1 classid 1:2 hfsc rt rate 8kbit")
            << QStringLiteral("tc qdisc add dev eth0 root handle 1: hfsc\ntc class add dev eth0 parent 1: classid 1:1 hfsc rt rate 8kbit\n"
                              "tc class add dev eth0 parent 1:1 classid 1:2 hfsc rt rate 8kbit")
            << QString();
        // u32's tables tie a block's prios: a change to one rebuilds them all, tables made first
        // (prio 2's link needs prio 3's table), the untouched ones too.
        const QString tables = QStringLiteral("tc qdisc add dev eth0 root handle 1: htb default 10\n"
                                              "tc class add dev eth0 parent 1: classid 1:10 htb rate 10mbit\n"
                                              "tc filter add dev eth0 parent 1: protocol ip prio 2 u32 match ip dst 10.0.0.0/8 hashkey mask 0xff at 16 link 2:\n"
                                              "tc filter add dev eth0 parent 1: protocol ip prio 3 handle 2: u32 divisor 256\n"
                                              "tc filter add dev eth0 parent 1: protocol ip prio 3 u32 ht 2:5 match ip dst %1 flowid 1:10\n");
        QTest::newRow("u32 tables unchanged") << tables.arg(u"10.0.0.5") << tables.arg(u"10.0.0.5") << QString();
        QTest::newRow("u32 tables tie the prios of a block")
            << tables.arg(u"10.0.0.5") << tables.arg(u"10.0.0.6")
            << QStringLiteral("delete filters of 1: prio 2\ndelete filters of 1: prio 3\nadd filter at 1: prio 3\nadd filter at 1: prio 2\nadd filter at 1: prio 3");
        QTest::newRow("u32 without tables: one prio alone")
            << htb.arg(u"10mbit", u"5mbit", u"80") + QStringLiteral("tc filter add dev eth0 parent 1: protocol ip prio 2 u32 match ip dport 22 0xffff flowid 1:10")
            << htb.arg(u"10mbit", u"5mbit", u"80") + QStringLiteral("tc filter add dev eth0 parent 1: protocol ip prio 2 u32 match ip dport 23 0xffff flowid 1:10")
            << QStringLiteral("delete filters of 1: prio 2\nadd filter at 1: prio 2");
        QTest::newRow("ingress added beside root")
            << QStringLiteral("tc qdisc add dev eth0 root handle 1: netem delay 20ms")
            << QStringLiteral("tc qdisc add dev eth0 root handle 1: netem delay 20ms\ntc qdisc add dev eth0 handle ffff: ingress\n"
                              "tc filter add dev eth0 parent ffff: protocol all prio 1 u32 match u32 0 0 action mirred egress redirect dev ifb0")
            << QStringLiteral("add qdisc ffff: (ingress) at ingress\nadd filter at ffff: prio 1");
    }

    void plans()
    {
        QFETCH(QString, current);
        QFETCH(QString, desired);
        QFETCH(QString, expected);
        const TcPlanner planner(PschedClock(1000, 64, 1000000, 1000000000));
        QCOMPARE(describe(planner.plan(tree(current), tree(desired))), expected);
    }

    void foreignNodesAreSentOnlyWhenNotHeld()
    {
        // Issue 15, finding 2: the rule the helper applies to clients' trees (TcEngine::ForeignNodes::KeepOnly).
        const TcPlanner planner(PschedClock(1000, 64, 1000000, 1000000000));
        QdiscTree held = tree(QStringLiteral("tc qdisc add dev eth0 root handle 1: htb default 10\n"
                                             "tc class add dev eth0 parent 1: classid 1:10 htb rate 5mbit ceil 5mbit\n"
                                             "tc qdisc add dev eth0 parent 1:10 handle 20: pfifo"));
        QdiscNode &leaf = held.qdiscs[1];
        leaf.params = ForeignParams{QStringLiteral("mq"), QByteArray()}; // as the kernel reported it
        QdiscTree same = held;
        QVERIFY(TcPlanner::foreignSteps(planner.plan(held, same)).isEmpty());
        QdiscTree otherClass = held; // a change elsewhere keeps it in place
        otherClass.classes[0] = tree(QStringLiteral("tc qdisc add dev eth0 root handle 1: htb default 10\n"
                                                    "tc class add dev eth0 parent 1: classid 1:10 htb rate 7mbit ceil 7mbit"))
                                    .classes[0];
        QVERIFY(!planner.plan(held, otherClass).isEmpty());
        QVERIFY(TcPlanner::foreignSteps(planner.plan(held, otherClass)).isEmpty());
        QdiscTree forged = held; // the client's own bytes
        forged.qdiscs[1].params = ForeignParams{QStringLiteral("mq"), QByteArray("\x07\0\0\0", 4)};
        QCOMPARE(describe(TcPlanner::foreignSteps(planner.plan(held, forged))), QStringLiteral("change qdisc 20: (mq) at 1:10"));
        QdiscTree fresh = tree(QStringLiteral("tc qdisc add dev eth0 root handle 1: tbf rate 1mbit burst 10kb latency 10ms"));
        QdiscTree injected = fresh;
        injected.qdiscs[0].params = ForeignParams{QStringLiteral("pfifo_head_drop"), QByteArray("\x07\0\0\0", 4)};
        // Another kind under the same handle: deleted, then added.
        QCOMPARE(describe(TcPlanner::foreignSteps(planner.plan(fresh, injected))), QStringLiteral("add qdisc 1: (pfifo_head_drop) at root"));
        QCOMPARE(describe(TcPlanner::foreignSteps(planner.plan(QdiscTree(), injected))), QStringLiteral("add qdisc 1: (pfifo_head_drop) at root"));
        // Held, but re-added under a parent that is rebuilt (htb's default has no change operation): sent again.
        QdiscTree rebuilt = held;
        rebuilt.qdiscs[0] = tree(QStringLiteral("tc qdisc add dev eth0 root handle 1: htb default 20")).qdiscs[0];
        QCOMPARE(describe(TcPlanner::foreignSteps(planner.plan(held, rebuilt))), QStringLiteral("add qdisc 20: (mq) at 1:10"));
        // The kernel's own tree going back (a revert) may send it: that is the engine's ForeignNodes::Send.
        QCOMPARE(describe(TcPlanner::foreignSteps(planner.plan(QdiscTree(), held))), QStringLiteral("add qdisc 20: (mq) at 1:10"));
    }

    void burstsCompareInKernelUnits()
    {
        // Two byte counts the kernel keeps as the same ticks are one state: no change.
        const TcPlanner planner(PschedClock(1000, 64, 1000000, 1000000000));
        TbfParams a;
        a.rateBytesPerSecond = 10000000 / 8 * 1000; // 10 gbit: 80 bytes per 64 ns tick
        a.burstBytes = 1048576;
        a.limitBytes = 4194304;
        a.limitMode = TbfParams::LimitMode::Bytes;
        TbfParams b = a;
        b.burstBytes = 1048577;
        QVERIFY(planner.sameKernelState(a, b));
        b.burstBytes = 1048576 + 4096;
        QVERIFY(!planner.sameKernelState(a, b));
    }
};

QTEST_GUILESS_MAIN(TstTcPlan)
#include "tst_tcplan.moc"

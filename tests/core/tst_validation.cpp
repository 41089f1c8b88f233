#include "model/qdisctree.h"
#include "tc/tcimporter.h"

#include <QTest>

using namespace qs;

namespace {

/** The issues of the only tree @p script builds. */
ValidationIssues issuesOf(const QString &script)
{
    const TcImportResult result = TcImporter::import(script);
    if (!result.ok() || result.trees.size() != 1) {
        qWarning("%s", result.errors.isEmpty() ? "no tree" : qPrintable(result.errors.first().toString()));
        return {ValidationIssue::error(QStringLiteral("import"), QStringLiteral("failed"))};
    }
    return result.trees.first().validate();
}

const ValidationIssue *find(const ValidationIssues &issues, const QString &fieldPart)
{
    for (const ValidationIssue &issue : issues) {
        if (issue.field.contains(fieldPart))
            return &issue;
    }
    return nullptr;
}

} // namespace

class TstValidation : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void parameterLimits_data()
    {
        QTest::addColumn<QString>("script");
        QTest::addColumn<QString>("field");
        QTest::addColumn<bool>("isError");
        QTest::addColumn<QString>("mentions"); // the value or range the message must name

        // Traps the kernel accepts silently: warnings.
        QTest::newRow("tbf burst below MTU") << QStringLiteral("tc qdisc add dev eth0 root tbf rate 100mbit burst 1000 latency 50ms")
                                             << QStringLiteral("burst") << false << QStringLiteral("1000b");
        QTest::newRow("netem limit 0") << QStringLiteral("tc qdisc add dev eth0 root netem limit 0 delay 1ms")
                                       << QStringLiteral("limit") << false << QStringLiteral("0 packets");
        QTest::newRow("htb ceil below rate") << QStringLiteral("tc qdisc add dev eth0 root handle 1: htb\n"
                                                               "tc class add dev eth0 parent 1: classid 1:1 htb rate 10mbit ceil 5mbit")
                                             << QStringLiteral("ceil") << false << QStringLiteral("5mbit");
        QTest::newRow("htb burst below mtu") << QStringLiteral("tc qdisc add dev eth0 root handle 1: htb\n"
                                                               "tc class add dev eth0 parent 1: classid 1:1 htb rate 10mbit burst 1000")
                                             << QStringLiteral("burst") << false << QStringLiteral("1000b");
        QTest::newRow("jitter above kernel clamp") << QStringLiteral("tc qdisc add dev eth0 root netem delay 10s 3s")
                                                   << QStringLiteral("jitter") << false << QStringLiteral("3s");
        // What the kernel refuses: errors.
        QTest::newRow("htb prio 8") << QStringLiteral("tc qdisc add dev eth0 root handle 1: htb\n"
                                                      "tc class add dev eth0 parent 1: classid 1:1 htb rate 10mbit prio 8")
                                    << QStringLiteral("prio") << true << QStringLiteral("0…7");
        QTest::newRow("tbf peakrate not above rate") << QStringLiteral("tc qdisc add dev eth0 root tbf rate 10mbit burst 10kb latency 10ms peakrate 10mbit mtu 1514")
                                                     << QStringLiteral("peakrate") << true << QStringLiteral("10mbit");
        QTest::newRow("sfq divisor") << QStringLiteral("tc qdisc add dev eth0 root sfq divisor 1000")
                                     << QStringLiteral("divisor") << true << QStringLiteral("power of two");
        QTest::newRow("sfq depth") << QStringLiteral("tc qdisc add dev eth0 root sfq depth 200")
                                   << QStringLiteral("depth") << true << QStringLiteral("127");
        QTest::newRow("child of netem not at :1") << QStringLiteral("tc qdisc add dev eth0 root handle 1: netem\n"
                                                                    "tc qdisc add dev eth0 parent 1:2 handle 2: pfifo")
                                                  << QStringLiteral("qdisc 2:") << true << QStringLiteral("1:1");
        QTest::newRow("prio band out of range") << QStringLiteral("tc qdisc add dev eth0 root handle 1: prio\n"
                                                                  "tc qdisc add dev eth0 parent 1:4 handle 4: pfifo")
                                                << QStringLiteral("qdisc 4:") << true << QStringLiteral("1:3");
        QTest::newRow("filter on classless qdisc") << QStringLiteral("tc qdisc add dev eth0 root handle 1: netem\n"
                                                                     "tc filter add dev eth0 parent 1: protocol ip u32 match ip dport 80 0xffff flowid 1:1")
                                                   << QStringLiteral("filter") << true << QStringLiteral("netem");
        QTest::newRow("flowid of another qdisc") << QStringLiteral("tc qdisc add dev eth0 root handle 1: htb\n"
                                                                   "tc class add dev eth0 parent 1: classid 1:1 htb rate 1mbit\n"
                                                                   "tc filter add dev eth0 parent 1: protocol ip u32 match ip dport 80 0xffff flowid 2:1")
                                                 << QStringLiteral("flowid") << true << QStringLiteral("2:1");
    }

    void parameterLimits()
    {
        QFETCH(QString, script);
        QFETCH(QString, field);
        QFETCH(bool, isError);
        QFETCH(QString, mentions);
        const ValidationIssues issues = issuesOf(script);
        const ValidationIssue *issue = find(issues, field);
        QVERIFY2(issue, qPrintable(field));
        QCOMPARE(issue->isError(), isError);
        QVERIFY2(issue->message.contains(mentions), qPrintable(issue->toString()));
    }

    void modelLevelErrors()
    {
        NetemParams netem;
        netem.delayUs = NetemParams::MaxDelayUs + 1;
        QVERIFY(find(netem.validate(), QStringLiteral("delay"))->isError());
        netem = {};
        netem.ecn = true;
        QVERIFY(find(netem.validate(), QStringLiteral("ecn"))->isError());
        netem = {};
        netem.distribution = NetemDistribution::Normal;
        QVERIFY(find(netem.validate(), QStringLiteral("distribution"))->isError());

        TbfParams tbf;
        const ValidationIssues tbfIssues = tbf.validate();
        QVERIFY(find(tbfIssues, QStringLiteral("rate"))->isError());
        QVERIFY(find(tbfIssues, QStringLiteral("burst"))->isError());

        PrioParams prio;
        prio.bands = 2;
        QVERIFY(find(prio.validate(), QStringLiteral("priomap[1]"))->isError()); // the default map uses band 2

        QdiscTree tree;
        tree.device = QStringLiteral("much-too-long-name");
        QVERIFY(find(tree.validate(), QStringLiteral("device"))->isError());

        // Two qdiscs at root; a cycle.
        QdiscTree two;
        two.qdiscs.append(QdiscNode{TcHandle::make(1, 0), TcHandle::root(), NetemParams{}});
        two.qdiscs.append(QdiscNode{TcHandle::make(2, 0), TcHandle::root(), NetemParams{}});
        QVERIFY(hasErrors(two.validate()));
        QdiscTree cycle;
        cycle.qdiscs.append(QdiscNode{TcHandle::make(1, 0), TcHandle::make(2, 1), NetemParams{}});
        cycle.qdiscs.append(QdiscNode{TcHandle::make(2, 0), TcHandle::make(1, 1), NetemParams{}});
        QVERIFY(hasErrors(cycle.validate()));
    }

    void goodTreesHaveNoErrors()
    {
        QVERIFY(!hasErrors(issuesOf(QStringLiteral("tc qdisc add dev eth0 root netem delay 100ms 20ms distribution normal loss 1% 25%"))));
        QVERIFY(issuesOf(QStringLiteral("tc qdisc add dev eth0 root tbf rate 10mbit burst 32kb latency 50ms")).isEmpty());
    }
};

QTEST_GUILESS_MAIN(TstValidation)
#include "tst_validation.moc"

#include "tc/tcexporter.h"
#include "tc/tcimporter.h"
#include "tc/tcunits.h"

#include <QTest>
#include <QtEndian>

using namespace qs;

namespace {

constexpr quint64 mbit(quint64 n)
{
    return n * 1000000 / 8;
}

QdiscTree importOne(const QString &script, const QString &target)
{
    const TcImportResult result = TcImporter::import(script);
    for (const TcScriptError &e : result.errors)
        qWarning("%s", qPrintable(e.toString()));
    [&] { QVERIFY(result.ok()); }();
    const QdiscTree *tree = result.tree(target);
    [&] { QVERIFY2(tree, qPrintable(target)); }();
    return tree ? *tree : QdiscTree();
}

const NetemParams &netemOf(const QdiscTree &tree, TcHandle parent = TcHandle::root())
{
    static const NetemParams none;
    const QdiscNode *node = tree.qdiscAt(parent);
    if (!node || node->kind() != QdiscKind::Netem)
        return none;
    return std::get<NetemParams>(node->params);
}

} // namespace

class TstTcImporter : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    // The commands of the acceptance list, one test each.
    void delayAndJitter()
    {
        const QdiscTree tree = importOne(QStringLiteral("tc qdisc add dev eth0 root netem delay 100ms 60ms"), QStringLiteral("eth0"));
        QCOMPARE(tree.qdiscs.size(), 1);
        const QdiscNode &root = tree.qdiscs.first();
        QVERIFY(root.parent.isRoot());
        QVERIFY(root.handle.isUnspec());
        QCOMPARE(root.kind(), QdiscKind::Netem);
        NetemParams expected;
        expected.delayUs = 100000;
        expected.jitterUs = 60000;
        QCOMPARE(std::get<NetemParams>(root.params), expected);
    }

    void delayJitterLoss()
    {
        const QdiscTree tree = importOne(QStringLiteral("tc qdisc add dev eth1 root netem delay 80ms 20ms loss 1%"), QStringLiteral("eth1"));
        NetemParams expected;
        expected.delayUs = 80000;
        expected.jitterUs = 20000;
        expected.loss = NetemRandomLoss{Probability::fromPercent(1), Probability()};
        QCOMPARE(netemOf(tree), expected);
    }

    void sudoChangeReadsAsAdd()
    {
        const TcImportResult result = TcImporter::import(QStringLiteral("sudo tc qdisc change dev eth0 root netem delay 250ms loss 20%"));
        QVERIFY(result.ok());
        QCOMPARE(result.warnings.size(), 1); // nothing to change: read as add, and said so
        NetemParams expected;
        expected.delayUs = 250000;
        expected.loss = NetemRandomLoss{Probability::fromPercent(20), Probability()};
        QCOMPARE(netemOf(*result.tree(u"eth0")), expected);
    }

    void netemWithTbfChild()
    {
        const QdiscTree tree = importOne(QStringLiteral("tc qdisc add dev ens3 root handle 1:0 netem delay 100ms\n"
                                                        "tc qdisc add dev ens3 parent 1:1 handle 10:0 tbf rate 50mbit burst 50kb limit 500kb\n"),
                                         QStringLiteral("ens3"));
        QCOMPARE(tree.qdiscs.size(), 2);
        QCOMPARE(tree.qdiscs[0].handle, TcHandle::make(1, 0));
        QCOMPARE(netemOf(tree).delayUs, quint64(100000));
        const QdiscNode *tbf = tree.qdisc(TcHandle::make(0x10, 0));
        QVERIFY(tbf);
        QCOMPARE(tbf->parent, TcHandle::make(1, 1));
        TbfParams expected;
        expected.rateBytesPerSecond = mbit(50);
        expected.burstBytes = 50 * 1024;
        expected.limitMode = TbfParams::LimitMode::Bytes;
        expected.limitBytes = 500 * 1024;
        QCOMPARE(std::get<TbfParams>(tbf->params), expected);
        QVERIFY(!hasErrors(tree.validate()));
    }

    void htbTreeWithSfqAndFilter()
    {
        const QString script = QStringLiteral(
            "tc qdisc add dev vtifw4 root handle 1: htb default 30\n"
            "tc class add dev vtifw4 parent 1: classid 1:1 htb rate 100mbit burst 15k ceil 80mbit\n"
            "tc class add dev vtifw4 parent 1:1 classid 1:10 htb rate 10mbit burst 15k ceil 15mbit\n"
            "tc qdisc add dev vtifw4 parent 1:10 handle 10: sfq perturb 10\n"
            "tc filter add dev vtifw4 protocol ip parent 1:0 prio 1 u32 match ip dst 172.30.4.101/32 match ip src "
            "172.30.59.101/32 match ip sport 5201 0xffff flowid 1:10\n");
        const QdiscTree tree = importOne(script, QStringLiteral("vtifw4"));
        QCOMPARE(tree.qdiscs.size(), 2);
        const QdiscNode *htb = tree.rootQdisc();
        QVERIFY(htb);
        QCOMPARE(htb->handle, TcHandle::make(1, 0));
        QCOMPARE(std::get<HtbQdiscParams>(htb->params).defaultClass, 0x30u); // tc reads "default" in hex
        QCOMPARE(std::get<HtbQdiscParams>(htb->params).r2q, 10u);

        QCOMPARE(tree.classes.size(), 2);
        const ClassNode *top = tree.findClass(TcHandle::make(1, 1));
        QVERIFY(top);
        QCOMPARE(top->parent, TcHandle::make(1, 0));
        QCOMPARE(top->params.rateBytesPerSecond, mbit(100));
        QCOMPARE(top->params.ceilBytesPerSecond, mbit(80));
        QCOMPARE(top->params.burstBytes, std::optional<quint32>(15 * 1024));
        QVERIFY(!top->params.cburstBytes);
        const ClassNode *leaf = tree.findClass(TcHandle::make(1, 0x10));
        QVERIFY(leaf);
        QCOMPARE(leaf->parent, TcHandle::make(1, 1));
        QCOMPARE(leaf->params.rateBytesPerSecond, mbit(10));
        QCOMPARE(leaf->params.ceilBytesPerSecond, mbit(15));

        const QdiscNode *sfq = tree.qdisc(TcHandle::make(0x10, 0));
        QVERIFY(sfq);
        QCOMPARE(sfq->parent, TcHandle::make(1, 0x10));
        QCOMPARE(std::get<SfqParams>(sfq->params).perturbSeconds, 10);

        QCOMPARE(tree.filters.size(), 1);
        const U32Filter &f = tree.filters.first();
        QCOMPARE(f.parent, TcHandle::make(1, 0));
        QCOMPARE(f.protocol, EtherType::Ip);
        QCOMPARE(f.prio, quint16(1));
        QCOMPARE(f.flowId, TcHandle::make(1, 0x10));
        QCOMPARE(f.matches.size(), 3);
        QCOMPARE(f.matches[0], U32Match::ipAddress(U32Match::Field::IpDst, 0xAC1E0465u, 32));
        QCOMPARE(f.matches[1], U32Match::ipAddress(U32Match::Field::IpSrc, 0xAC1E3B65u, 32));
        QCOMPARE(f.matches[2], U32Match::masked(U32Match::Field::IpSport, 5201, 0xFFFF));
        // The keys tc itself would send: dst at 16, src at 12, sport in the upper half of word 20.
        const auto keys = f.keys();
        QVERIFY(keys);
        QCOMPARE(keys->size(), 3);
        QCOMPARE(keys->at(2).offset, 20);
        QCOMPARE(qFromBigEndian(keys->at(2).mask), 0xFFFF0000u);
        QCOMPARE(qFromBigEndian(keys->at(2).value), 5201u << 16);

        // Valid, with one honest warning: class 1:30 (the default) does not exist.
        const ValidationIssues issues = tree.validate();
        QVERIFY(!hasErrors(issues));
        bool warnedDefault = false;
        bool warnedCeil = false;
        for (const ValidationIssue &issue : issues) {
            warnedDefault |= issue.field.contains(u".default");
            warnedCeil |= issue.field.contains(u"ceil");
        }
        QVERIFY(warnedDefault);
        QVERIFY(warnedCeil); // 1:1 has ceil 80mbit below its rate 100mbit
    }

    void deleteRoot()
    {
        const QdiscTree tree = importOne(QStringLiteral("tc qdisc del dev eth0 root netem"), QStringLiteral("eth0"));
        QVERIFY(tree.isEmpty());
        // Delete after add clears what was added, classes and filters included.
        const QdiscTree cleared = importOne(QStringLiteral("tc qdisc add dev eth0 root handle 1: htb\n"
                                                           "tc class add dev eth0 parent 1: classid 1:1 htb rate 1mbit\n"
                                                           "tc filter add dev eth0 parent 1: protocol ip prio 1 u32 match ip dport 80 0xffff flowid 1:1\n"
                                                           "tc qdisc delete dev eth0 root\n"),
                                            QStringLiteral("eth0"));
        QVERIFY(cleared.isEmpty());
    }

    // Beyond the list: the rest of what runbooks contain.
    void everyNetemOption()
    {
        const QdiscTree tree = importOne(
            QStringLiteral("tc qdisc add dev eth0 root netem limit 5000 delay 100ms 10ms 25% distribution normal "
                           "loss state 1% 30% 0.5% 10% 0.1% duplicate 1% corrupt 0.1% 5% reorder 25% 50% gap 5 "
                           "rate 1mbit 20 100 -4 slot 1ms 5ms packets 8 bytes 4kb ecn"),
            QStringLiteral("eth0"));
        const NetemParams &p = netemOf(tree);
        QCOMPARE(p.limit, 5000u);
        QCOMPARE(p.delayUs, quint64(100000));
        QCOMPARE(p.jitterUs, quint64(10000));
        QCOMPARE(p.delayCorrelation, Probability::fromPercent(25));
        QCOMPARE(p.distribution, NetemDistribution::Normal);
        const auto *state = std::get_if<NetemStateLoss>(&p.loss);
        QVERIFY(state);
        QCOMPARE(state->p13, Probability::fromPercent(1));
        QCOMPARE(state->p14, Probability::fromPercent(0.1));
        QCOMPARE(p.duplicate.probability, Probability::fromPercent(1));
        QCOMPARE(p.corrupt.correlation, Probability::fromPercent(5));
        QCOMPARE(p.reorder.probability, Probability::fromPercent(25));
        QCOMPARE(p.gap, 5u);
        QCOMPARE(p.rate.bytesPerSecond, mbit(1));
        QCOMPARE(p.rate.packetOverhead, 20);
        QCOMPARE(p.rate.cellSize, 100u);
        QCOMPARE(p.rate.cellOverhead, -4);
        QVERIFY(p.slot.enabled);
        QCOMPARE(p.slot.minDelayNs, qint64(1000000));
        QCOMPARE(p.slot.maxDelayNs, qint64(5000000));
        QCOMPARE(p.slot.maxPackets, 8);
        QCOMPARE(p.slot.maxBytes, 4096);
        QVERIFY(p.ecn);
        QVERIFY(!hasErrors(tree.validate()));
    }

    void gilbertElliottDefaultsLikeTc()
    {
        const QdiscTree tree = importOne(QStringLiteral("tc qdisc add dev eth0 root netem loss gemodel 1%"), QStringLiteral("eth0"));
        const auto *ge = std::get_if<NetemGilbertElliottLoss>(&netemOf(tree).loss);
        QVERIFY(ge);
        QCOMPARE(ge->p, Probability::fromPercent(1));
        QCOMPARE(ge->r, Probability::fromPercent(1).complement()); // r = 1 - p
        QCOMPARE(ge->oneMinusH, Probability::always());
        QCOMPARE(ge->oneMinusK, Probability());
    }

    void reorderGetsGapOneLikeTc()
    {
        const QdiscTree tree = importOne(QStringLiteral("tc qdisc add dev eth0 root netem delay 10ms reorder 25% 50%"), QStringLiteral("eth0"));
        QCOMPARE(netemOf(tree).gap, 1u);
    }

    void prefixKeywordsAsTcMatchesThem()
    {
        // tc accepts unique prefixes where it uses matches(): "qd", "a", "del" (delay), "lim".
        const QdiscTree tree = importOne(QStringLiteral("tc qd a dev eth0 root netem del 5ms lim 10 dup 1%"), QStringLiteral("eth0"));
        QCOMPARE(netemOf(tree).delayUs, quint64(5000));
        QCOMPARE(netemOf(tree).limit, 10u);
        QCOMPARE(netemOf(tree).duplicate.probability, Probability::fromPercent(1));
    }

    void changeKeepsWhatTheKernelKeeps()
    {
        const QdiscTree tree = importOne(QStringLiteral("tc qdisc add dev eth0 root netem delay 100ms 10ms 25% corrupt 1% rate 1mbit\n"
                                                        "tc qdisc change dev eth0 root netem delay 50ms"),
                                         QStringLiteral("eth0"));
        const NetemParams &p = netemOf(tree);
        QCOMPARE(p.delayUs, quint64(50000));
        QCOMPARE(p.jitterUs, quint64(0));                               // qopt is always rewritten
        QCOMPARE(p.delayCorrelation, Probability::fromPercent(25));       // not sent: kept
        QCOMPARE(p.corrupt.probability, Probability::fromPercent(1));     // not sent: kept
        QCOMPARE(p.rate.bytesPerSecond, mbit(1));                         // not sent: kept
    }

    void duplicateCorrelationAloneIsDroppedLikeTc()
    {
        const TcImportResult result = TcImporter::import(QStringLiteral("tc qdisc add dev eth0 root netem duplicate 1% 25%"));
        QVERIFY(result.ok());
        QCOMPARE(result.warnings.size(), 1);
        QCOMPARE(netemOf(*result.tree(u"eth0")).duplicate.correlation, Probability());
        // With another correlation in the command it is sent, and kept.
        const QdiscTree kept = importOne(QStringLiteral("tc qdisc add dev eth0 root netem loss 1% 10% duplicate 1% 25%"), QStringLiteral("eth0"));
        QCOMPARE(netemOf(kept).duplicate.correlation, Probability::fromPercent(25));
    }

    void ingressToIfbRecipe()
    {
        const QString script = QStringLiteral(
            "modprobe ifb numifbs=1\n"
            "ip link add ifb0 type ifb\n"
            "ip link set dev ifb0 up\n"
            "tc qdisc add dev eth0 handle ffff: ingress\n"
            "tc filter add dev eth0 parent ffff: protocol ip u32 match u32 0 0 action mirred egress redirect dev ifb0\n"
            "tc qdisc add dev ifb0 root netem delay 50ms\n");
        const TcImportResult result = TcImporter::import(script);
        QVERIFY(result.ok());
        QCOMPARE(result.trees.size(), 2);
        const QdiscTree *ifb = result.tree(u"ifb0");
        QVERIFY(ifb && ifb->isIfb);
        QCOMPARE(netemOf(*ifb).delayUs, quint64(50000));
        const QdiscTree *eth0 = result.tree(u"eth0");
        QVERIFY(eth0 && eth0->ingressQdisc());
        QCOMPARE(eth0->ingressQdisc()->handle, TcHandle::ingressHandle());
        QCOMPARE(eth0->filters.size(), 1);
        QVERIFY(eth0->filters[0].matches.isEmpty()); // "match u32 0 0" tests no bit
        QCOMPARE(eth0->filters[0].action->device, QStringLiteral("ifb0"));
        QVERIFY(!hasErrors(eth0->validate()));
    }

    void namespacesAndShellNoise()
    {
        const QString script = QStringLiteral(
            "#!/bin/sh\n"
            "# lab set-up\n"
            "\n"
            "sudo -E tc -n lab qdisc del dev veth1 root 2>/dev/null || true\n"
            "sudo tc -netns lab qdisc add dev veth1 root \\\n"
            "    netem delay 20ms \\\n"
            "    loss 0.5%   # the lossy bit\n"
            "tc qdisc add dev eth0 root netem delay 1ms; tc qdisc change dev eth0 root netem delay 2ms\n");
        const TcImportResult result = TcImporter::import(script);
        QVERIFY2(result.ok(), result.errors.isEmpty() ? "" : qPrintable(result.errors.first().toString()));
        const QdiscTree *lab = result.tree(u"lab/veth1");
        QVERIFY(lab);
        QCOMPARE(lab->netns, QStringLiteral("lab"));
        QCOMPARE(netemOf(*lab).delayUs, quint64(20000));
        QCOMPARE(std::get<NetemRandomLoss>(netemOf(*lab).loss).probability, Probability::fromPercent(0.5));
        QCOMPARE(netemOf(*result.tree(u"eth0")).delayUs, quint64(2000));
    }

    void errorsNameLineColumnAndWord_data()
    {
        QTest::addColumn<QString>("script");
        QTest::addColumn<int>("line");
        QTest::addColumn<int>("column");
        QTest::addColumn<QString>("word");

        QTest::newRow("unknown netem option") << QStringLiteral("tc qdisc add dev eth0 root netem delay 10ms jitterz 5ms") << 1 << 45 << QStringLiteral("jitterz");
        QTest::newRow("bad time") << QStringLiteral("\ntc qdisc add dev eth0 root netem delay 10xs") << 2 << 40 << QStringLiteral("10xs");
        QTest::newRow("bad percent") << QStringLiteral("tc qdisc add dev eth0 root netem loss 120%") << 1 << 39 << QStringLiteral("120%");
        QTest::newRow("unknown kind") << QStringLiteral("tc qdisc add dev eth0 root cake bandwidth 10mbit") << 1 << 28 << QStringLiteral("cake");
        QTest::newRow("not tc") << QStringLiteral("iptables -A INPUT -j DROP") << 1 << 1 << QStringLiteral("iptables");
        QTest::newRow("shell variable") << QStringLiteral("tc qdisc add dev $DEV root netem delay 1ms") << 1 << 18 << QStringLiteral("$");
        QTest::newRow("missing value") << QStringLiteral("tc qdisc add dev eth0 root tbf rate") << 1 << 32 << QStringLiteral("rate");
        QTest::newRow("tbf without burst") << QStringLiteral("tc qdisc add dev eth0 root tbf rate 1mbit latency 50ms") << 1 << 51 << QStringLiteral("50ms");
        QTest::newRow("add twice") << QStringLiteral("tc qdisc add dev eth0 root netem\ntc qdisc add dev eth0 root netem") << 2 << 10 << QStringLiteral("add");
        QTest::newRow("class without htb qdisc") << QStringLiteral("tc class add dev eth0 parent 1: classid 1:1 htb rate 1mbit") << 1 << 10 << QStringLiteral("add");
        QTest::newRow("reorder without delay") << QStringLiteral("tc qdisc add dev eth0 root netem reorder 5%") << 1 << 42 << QStringLiteral("5%");
        QTest::newRow("bad ip") << QStringLiteral("tc filter add dev eth0 parent 1: u32 match ip dst 300.1.1.1/32 flowid 1:1") << 1 << 51 << QStringLiteral("300.1.1.1/32");
        QTest::newRow("unclosed quote") << QStringLiteral("tc qdisc add dev \"eth0 root netem") << 1 << 18 << QStringLiteral("\"");
        QTest::newRow("pipe") << QStringLiteral("tc qdisc show | grep netem") << 1 << 15 << QStringLiteral("|");
    }

    void errorsNameLineColumnAndWord()
    {
        QFETCH(QString, script);
        QFETCH(int, line);
        QFETCH(int, column);
        QFETCH(QString, word);
        const TcImportResult result = TcImporter::import(script);
        QVERIFY(!result.ok());
        const TcScriptError &e = result.errors.first();
        QVERIFY2(!e.message.isEmpty(), qPrintable(e.toString()));
        QCOMPARE(e.word, word);
        QCOMPARE(e.line, line);
        QCOMPARE(e.column, column);
    }

    void everyBadLineIsReportedAndGoodLinesStillImport()
    {
        const QString script = QStringLiteral("tc qdisc add dev eth0 root netem delay 10ms\n"
                                              "tc qdisc add dev eth1 root netem delay 1parsec\n"
                                              "tc qdisc add dev eth2 root netem loss 1%\n"
                                              "tc frobnicate\n");
        const TcImportResult result = TcImporter::import(script);
        QCOMPARE(result.errors.size(), 2);
        QCOMPARE(result.errors[0].line, 2);
        QCOMPARE(result.errors[1].line, 4);
        QVERIFY(result.tree(u"eth0"));
        QVERIFY(result.tree(u"eth2"));
    }

    void exportThenImportIsIdentity_data()
    {
        QTest::addColumn<QString>("script");
        QTest::newRow("netem") << QStringLiteral("tc qdisc add dev eth0 root netem delay 100ms 60ms");
        QTest::newRow("netem all") << QStringLiteral(
            "tc qdisc add dev eth0 root handle 1: netem limit 5000 delay 100ms 10ms 25% distribution paretonormal "
            "loss gemodel 1% 10% 70% 0.1% duplicate 1% 20% corrupt 0.1% reorder 25% 50% gap 5 rate 1mbit 20 100 -4 "
            "slot distribution pareto 1ms 500us packets 8 bytes 4kb ecn");
        QTest::newRow("netem dup corr forced") << QStringLiteral("tc qdisc add dev eth0 root netem loss 1% 10% duplicate 1% 25%");
        QTest::newRow("netem 4-state") << QStringLiteral("tc qdisc add dev eth0 root netem loss state 1% 30% 0.5% 10% 0.1%");
        QTest::newRow("netem+tbf") << QStringLiteral("tc qdisc add dev ens3 root handle 1:0 netem delay 100ms\n"
                                                      "tc qdisc add dev ens3 parent 1:1 handle 10:0 tbf rate 50mbit burst 50kb limit 500kb");
        QTest::newRow("tbf peak") << QStringLiteral("tc qdisc add dev eth0 root tbf rate 10mbit burst 32kb latency 50ms peakrate 20mbit mtu 1514");
        QTest::newRow("htb") << QStringLiteral(
            "tc qdisc add dev vtifw4 root handle 1: htb default 30 r2q 5\n"
            "tc class add dev vtifw4 parent 1: classid 1:1 htb rate 100mbit burst 15k ceil 80mbit\n"
            "tc class add dev vtifw4 parent 1:1 classid 1:10 htb rate 10mbit burst 15k ceil 15mbit prio 2 quantum 3000\n"
            "tc class add dev vtifw4 parent 1:1 classid 1:30 htb rate 1mbit cburst 3000\n"
            "tc qdisc add dev vtifw4 parent 1:10 handle 10: sfq perturb 10\n"
            "tc qdisc add dev vtifw4 parent 1:30 handle 30: fq_codel target 10ms interval 200ms noecn\n"
            "tc filter add dev vtifw4 protocol ip parent 1:0 prio 1 u32 match ip dst 172.30.4.101/32 match ip src "
            "172.30.59.101/32 match ip sport 5201 0xffff flowid 1:10\n"
            "tc filter add dev vtifw4 protocol ip parent 1: prio 2 handle 800::800 u32 match ip protocol 17 0xff match ip tos 0x10 0xff flowid 1:30");
        QTest::newRow("prio") << QStringLiteral("tc qdisc add dev eth0 root handle 1: prio bands 4 priomap 1 2 2 2 1 2 0 0 1 1 1 1 1 1 1 3\n"
                                                 "tc qdisc add dev eth0 parent 1:4 handle 40: netem delay 200ms\n"
                                                 "tc qdisc add dev eth0 parent 1:1 handle 10: pfifo limit 50\n"
                                                 "tc qdisc add dev eth0 parent 1:2 handle 20: bfifo limit 64kb\n"
                                                 "tc filter add dev eth0 parent 1: protocol ip prio 3 u32 match ip dport 5001 0xffff match u16 0x1 0xff at 6 flowid 1:4");
        QTest::newRow("ingress ifb") << QStringLiteral(
            "ip -n lab link add ifb0 type ifb\nip -n lab link set dev ifb0 up\n"
            "tc -n lab qdisc add dev veth0 handle ffff: ingress\n"
            "tc -n lab filter add dev veth0 parent ffff: protocol all u32 match u32 0 0 action mirred egress redirect dev ifb0\n"
            "tc -n lab qdisc add dev ifb0 root netem delay 50ms loss 2%");
        QTest::newRow("clsact") << QStringLiteral("tc qdisc add dev eth0 clsact");
        QTest::newRow("empty") << QStringLiteral("tc qdisc del dev eth0 root");
    }

    void exportThenImportIsIdentity()
    {
        QFETCH(QString, script);
        const TcImportResult first = TcImporter::import(script);
        QVERIFY2(first.ok(), first.errors.isEmpty() ? "" : qPrintable(first.errors.first().toString()));
        const QString exported = TcExporter::script(first.trees);
        const TcImportResult second = TcImporter::import(exported);
        QVERIFY2(second.ok(), qPrintable(exported));
        QCOMPARE(second.trees.size(), first.trees.size());
        for (const QdiscTree &tree : first.trees) {
            const QdiscTree *again = second.tree(tree.target());
            QVERIFY2(again, qPrintable(tree.target()));
            QVERIFY2(*again == tree, qPrintable(exported));
        }
        // And the export of the re-import is the same text: the form is canonical.
        QCOMPARE(TcExporter::script(second.trees), exported);
    }

    void parseMatchAndAction()
    {
        QString error;
        const auto match = TcImporter::parseMatch(u"ip dst 10.1.2.3/8", &error);
        QVERIFY(match);
        QCOMPARE(match->value, 0x0A000000u); // masked like tc
        QCOMPARE(match->toTcWords(), QStringLiteral("ip dst 10.0.0.0/8"));
        QVERIFY(!TcImporter::parseMatch(u"ip dst 10.1.2.3/33", &error));
        QVERIFY(error.contains(u"prefix"));
        QVERIFY(!TcImporter::parseMatch(u"ip sport 70000 0xffff", &error));
        const auto action = TcImporter::parseAction(u"mirred egress redirect dev ifb0", &error);
        QVERIFY(action);
        QCOMPARE(action->device, QStringLiteral("ifb0"));
        QVERIFY(!TcImporter::parseAction(u"gact drop", &error));
    }
};

QTEST_GUILESS_MAIN(TstTcImporter)
#include "tst_tcimporter.moc"

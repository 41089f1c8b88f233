#include "kinds/allkinds.h"
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
    void writingThroughALookupChangesOnlyThatTree()
    {
        // Trees share their lists until written: a pointer from a lookup must write to one only.
        QdiscTree original;
        original.qdiscs.append(QdiscNode{TcHandle(0x10000u), TcHandle::root(), HtbQdiscParams{}});
        original.classes.append(ClassNode{TcHandle(0x10010u), TcHandle(0x10000u), HtbClassParams{}});
        QdiscTree copy = original;
        copy.qdisc(TcHandle(0x10000u))->params.edit<HtbQdiscParams>().defaultClass = 0x20;
        copy.findClass(TcHandle(0x10010u))->params.edit<HtbClassParams>().prio = 3;
        QCOMPARE(original.qdiscs.first().params.get<HtbQdiscParams>().defaultClass, 0u);
        QCOMPARE(original.classes.first().params.get<HtbClassParams>().prio, 0u);
        QCOMPARE(copy.qdiscs.first().params.get<HtbQdiscParams>().defaultClass, 0x20u);
        QCOMPARE(copy.classes.first().params.get<HtbClassParams>().prio, 3u);
    }

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
        // What the kernel caps instead of refusing: warnings naming the value it uses.
        QTest::newRow("htb prio 8") << QStringLiteral("tc qdisc add dev eth0 root handle 1: htb\n"
                                                      "tc class add dev eth0 parent 1: classid 1:1 htb rate 10mbit prio 8")
                                    << QStringLiteral("prio") << false << QStringLiteral("uses 7");
        QTest::newRow("sfq depth") << QStringLiteral("tc qdisc add dev eth0 root sfq depth 200")
                                   << QStringLiteral("depth") << false << QStringLiteral("uses 127");
        QTest::newRow("sfq flows") << QStringLiteral("tc qdisc add dev eth0 root sfq flows 70000")
                                   << QStringLiteral("flows") << false << QStringLiteral("uses 65408");
        QTest::newRow("sfq limit") << QStringLiteral("tc qdisc add dev eth0 root sfq limit 70000")
                                   << QStringLiteral("limit") << false << QStringLiteral("uses 16256"); // 127 × 128
        QTest::newRow("htb r2q 0") << QStringLiteral("tc qdisc add dev eth0 root handle 1: htb r2q 0\n"
                                                     "tc class add dev eth0 parent 1: classid 1:1 htb rate 100kbit")
                                   << QStringLiteral("r2q") << false << QStringLiteral("uses 1");
        QTest::newRow("tbf mtu without peakrate") << QStringLiteral("tc qdisc add dev eth0 root tbf rate 10mbit burst 32kb latency 50ms mtu 1514")
                                                  << QStringLiteral("mtu") << false << QStringLiteral("no effect");
        // What a netem change leaves behind (tc refuses to write it, the kernel keeps it).
        QTest::newRow("reorder kept with gap 0") << QStringLiteral("tc qdisc add dev eth0 root netem delay 10ms reorder 25%\n"
                                                                   "tc qdisc change dev eth0 root netem delay 10ms")
                                                 << QStringLiteral("gap") << false << QStringLiteral("with gap 0 the kernel never reorders");
        QTest::newRow("ecn kept without loss") << QStringLiteral("tc qdisc add dev eth0 root netem loss 1% ecn\n"
                                                                 "tc qdisc change dev eth0 root netem delay 1ms")
                                               << QStringLiteral("ecn") << false << QStringLiteral("ecn without a loss model marks nothing");
        QTest::newRow("distribution kept without jitter") << QStringLiteral("tc qdisc add dev eth0 root netem delay 10ms 5ms distribution normal\n"
                                                                            "tc qdisc change dev eth0 root netem delay 10ms")
                                                          << QStringLiteral("distribution") << false
                                                          << QStringLiteral("a distribution without jitter has no effect");
        QTest::newRow("loss correlation without loss") << QStringLiteral("tc qdisc add dev eth0 root netem loss 0% 25%")
                                                       << QStringLiteral("loss.correlation") << false << QStringLiteral("no effect");
        QTest::newRow("egress filter on ingress") << QStringLiteral("tc qdisc add dev eth0 ingress\n"
                                                                    "tc filter add dev eth0 egress protocol all u32 match u32 0 0 action mirred egress redirect dev ifb0")
                                                  << QStringLiteral("filter") << false << QStringLiteral("incoming traffic");
        // What the kernel refuses: errors.
        QTest::newRow("fq_codel quantum") << QStringLiteral("tc qdisc add dev eth0 root fq_codel quantum 2000000")
                                          << QStringLiteral("quantum") << true << QStringLiteral("Invalid quantum");
        QTest::newRow("tbf peakrate not above rate") << QStringLiteral("tc qdisc add dev eth0 root tbf rate 10mbit burst 10kb latency 10ms peakrate 10mbit mtu 1514")
                                                     << QStringLiteral("peakrate") << true << QStringLiteral("10mbit");
        QTest::newRow("fq quantum") << QStringLiteral("tc qdisc add dev eth0 root fq quantum 2000000")
                                    << QStringLiteral("quantum") << true << QStringLiteral("invalid quantum");
        QTest::newRow("fq initial_quantum") << QStringLiteral("tc qdisc add dev eth0 root fq initial_quantum 0x80000000")
                                            << QStringLiteral("initial_quantum") << true << QStringLiteral("ERANGE");
        QTest::newRow("fq buckets") << QStringLiteral("tc qdisc add dev eth0 root fq buckets 1")
                                    << QStringLiteral("buckets") << true << QStringLiteral("262144");
        QTest::newRow("sfq red max beyond Wlog") << QStringLiteral("tc qdisc add dev eth0 root sfq redflowlimit 50000000 min 100000 max 40000000")
                                                 << QStringLiteral("max") << true << QStringLiteral("EINVAL");
        QTest::newRow("fq_pie flows") << QStringLiteral("tc qdisc add dev eth0 root fq_pie flows 65537")
                                      << QStringLiteral("flows") << true << QStringLiteral("65536");
        QTest::newRow("drr quantum 0") << QStringLiteral("tc qdisc add dev eth0 root handle 1: drr\n"
                                                         "tc class add dev eth0 parent 1: classid 1:1 drr quantum 0")
                                       << QStringLiteral("quantum") << true << QStringLiteral("cannot be zero");
        QTest::newRow("qfq weight") << QStringLiteral("tc qdisc add dev eth0 root handle 1: qfq\n"
                                                      "tc class add dev eth0 parent 1: classid 1:1 qfq weight 9999")
                                    << QStringLiteral("weight") << true << QStringLiteral("1…1024");
        QTest::newRow("qfq maxpkt") << QStringLiteral("tc qdisc add dev eth0 root handle 1: qfq\n"
                                                      "tc class add dev eth0 parent 1: classid 1:1 qfq maxpkt 128")
                                    << QStringLiteral("maxpkt") << true << QStringLiteral("512…65536");
        QString qfqSum = QStringLiteral("tc qdisc add dev eth0 root handle 1: qfq\n");
        for (int minor = 1; minor <= 65; ++minor) // 65 × 1024 passes QFQ_MAX_WSUM (65536) by one class
            qfqSum += QStringLiteral("tc class add dev eth0 parent 1: classid 1:%1 qfq weight 1024\n").arg(minor, 0, 16);
        QTest::newRow("qfq weight sum") << qfqSum << QStringLiteral("qdisc 1: (qfq)") << true << QStringLiteral("65536");
        QTest::newRow("skbprio limit 0") << QStringLiteral("tc qdisc add dev eth0 root skbprio limit 0")
                                         << QStringLiteral("limit") << false << QStringLiteral("limit 0");
        QTest::newRow("red nodrop without ecn") << QStringLiteral("tc qdisc add dev eth0 root red limit 1M avpkt 1500 nodrop")
                                                << QStringLiteral("nodrop") << true << QStringLiteral("ecn");
        QTest::newRow("red min beyond Wlog") << QStringLiteral("tc qdisc add dev eth0 root red limit 2000M avpkt 1000 min 400M max 420M")
                                             << QStringLiteral("max") << true << QStringLiteral("EINVAL");
        QTest::newRow("choke limit") << QStringLiteral("tc qdisc add dev eth0 root choke limit 200000 bandwidth 10mbit")
                                     << QStringLiteral("limit") << true << QStringLiteral("131071");
        QTest::newRow("hhf weight overflow") << QStringLiteral("tc qdisc add dev eth0 root hhf quantum 100000 non_hh_weight 100000")
                                             << QStringLiteral("non_hh_weight") << true << QStringLiteral("EINVAL");
        QTest::newRow("sfq divisor") << QStringLiteral("tc qdisc add dev eth0 root sfq divisor 1000")
                                     << QStringLiteral("divisor") << true << QStringLiteral("power of two");
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
        // States a netem change leaves behind: the kernel holds them, so they only warn.
        netem = {};
        netem.ecn = true;
        QVERIFY(!find(netem.validate(), QStringLiteral("ecn"))->isError());
        netem = {};
        netem.distribution = NetemDistribution::Normal;
        QVERIFY(!find(netem.validate(), QStringLiteral("distribution"))->isError());
        netem = {};
        netem.delayUs = 1000;
        netem.reorder.probability = Probability::fromPercent(10);
        QVERIFY(!find(netem.validate(), QStringLiteral("gap"))->isError());
        netem.gap = 1;
        QVERIFY(!hasErrors(netem.validate()));
        netem.delayUs = 0;
        QVERIFY(find(netem.validate(), QStringLiteral("reorder"))->isError()); // tc never writes it

        TbfParams tbf;
        const ValidationIssues tbfIssues = tbf.validate();
        QVERIFY(find(tbfIssues, QStringLiteral("rate"))->isError());
        QVERIFY(find(tbfIssues, QStringLiteral("burst"))->isError());

        PrioParams prio;
        prio.bands = 2;
        QVERIFY(find(prio.validate(), QStringLiteral("priomap[1]"))->isError()); // the default map uses band 2

        // cake: tc's ranges for overhead and mpu (a profile can hold what tc's parser refuses).
        CakeParams cake;
        QVERIFY(cake.validate().isEmpty());
        cake.overhead = CakeParams::MaxOverhead + 1;
        cake.mpu = CakeParams::MaxMpu + 1;
        QVERIFY(find(cake.validate(), QStringLiteral("overhead"))->isError());
        QVERIFY(find(cake.validate(), QStringLiteral("overhead"))->message.contains(QStringLiteral("-64")));
        QVERIFY(find(cake.validate(), QStringLiteral("mpu"))->isError());
        cake.overhead = CakeParams::MinOverhead;
        cake.mpu = CakeParams::MaxMpu;
        QVERIFY(cake.validate().isEmpty());
        cake.overhead = CakeParams::MaxOverhead + 2; // "overhead 254 ether-vlan": tc's keywords add past 256
        QVERIFY(cake.validate().isEmpty());
        cake.overhead = CakeParams::MinOverhead - 1;
        QVERIFY(find(cake.validate(), QStringLiteral("overhead"))->isError());

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

    void structureAsTheKernelSeesIt()
    {
        HtbClassParams rate;
        rate.rateBytesPerSecond = 125000;
        QdiscTree htb;
        htb.device = QStringLiteral("eth0");
        htb.qdiscs.append(QdiscNode{TcHandle::make(1, 0), TcHandle::root(), HtbQdiscParams{}});
        htb.classes.append(ClassNode{TcHandle::make(1, 1), TcHandle::make(1, 0), rate});
        QVERIFY(htb.validate().isEmpty());

        // Classes whose parents form a cycle are never created.
        QdiscTree cycle = htb;
        cycle.classes.append(ClassNode{TcHandle::make(1, 0x10), TcHandle::make(1, 0x20), rate});
        cycle.classes.append(ClassNode{TcHandle::make(1, 0x20), TcHandle::make(1, 0x10), rate});
        const ValidationIssue *unreachable = find(cycle.validate(), QStringLiteral("class 1:10"));
        QVERIFY(unreachable && unreachable->isError() && unreachable->message.contains(u"cycle"));

        // A qdisc cannot hang at an inner class.
        QdiscTree inner = htb;
        inner.classes.append(ClassNode{TcHandle::make(1, 0x10), TcHandle::make(1, 1), rate});
        inner.qdiscs.append(QdiscNode{TcHandle::make(0x10, 0), TcHandle::make(1, 1), SfqParams{}});
        const ValidationIssue *graft = find(inner.validate(), QStringLiteral("qdisc 10:"));
        QVERIFY(graft && graft->isError() && graft->message.contains(u"child classes"));

        // One protocol per prio of a block.
        QdiscTree filters = htb;
        Filter ip;
        ip.params = U32Params{};
        ip.parent = TcHandle::make(1, 0);
        ip.prio = 1;
        ip.protocol = EtherType::Ip;
        ip.classId = TcHandle::make(1, 1);
        Filter ipv6 = ip;
        ipv6.protocol = EtherType::Ipv6;
        filters.filters = {ip, ipv6};
        const ValidationIssue *protocol = find(filters.validate(), QStringLiteral("protocol"));
        QVERIFY(protocol && protocol->isError() && protocol->message.contains(u"ipv6"));
        ipv6.prio = 2;
        filters.filters = {ip, ipv6};
        QVERIFY(!hasErrors(filters.validate()));

        // fw: one mask per prio, the first filter's; another prio may have its own.
        Filter mark = ip;
        mark.params = FwParams{};
        mark.handle = 6;
        Filter masked = mark;
        masked.handle = 0x100;
        masked.params.edit<FwParams>().mask = 0xFF00;
        filters.filters = {mark, masked};
        const ValidationIssue *mask = find(filters.validate(), QStringLiteral("filter 1: prio 1"));
        QVERIFY(mask && mask->isError() && mask->message.contains(u"0xff00"));
        masked.prio = 2;
        filters.filters = {mark, masked};
        QVERIFY(!hasErrors(filters.validate()));
        mark.handle.reset(); // without a mark fw reads the mark as a class id, which the kernel reports as nothing
        filters.filters = {mark};
        QVERIFY(hasErrors(filters.validate()));

        // basic: the ematch rules tc leaves to the kernel, and the kernel's limits.
        auto basicWith = [&](const QString &expression) {
            Filter f = ip;
            QString error;
            const std::optional<EmatchList> list = Ematch::parseText(expression, &error);
            if (!list)
                qFatal("%s: %s", qPrintable(expression), qPrintable(error));
            f.params = BasicParams{*list};
            QdiscTree tree = htb;
            tree.filters = {f};
            return tree.validate();
        };
        QVERIFY(!hasErrors(basicWith(QStringLiteral("meta(\"eth0\" eq dev) and cmp(u8 at 9 eq 6)"))));
        const ValidationIssue *device = find(basicWith(QStringLiteral("meta(dev eq \"eth0\")")), QStringLiteral("match"));
        QVERIFY(device && device->isError());
        QVERIFY(hasErrors(basicWith(QStringLiteral("meta(\"\" eq dev)"))));
        QString deep = QStringLiteral("cmp(u8 at 9 eq 6)");
        for (int depth = 0; depth < Ematch::MaxDepth; ++depth)
            deep = u'(' + deep + u')';
        QVERIFY(!hasErrors(basicWith(deep))); // as deep as the kernel's ematch stack goes
        QString depthError;
        QVERIFY(!Ematch::parseText(u'(' + deep + u')', &depthError));
        QVERIFY2(depthError.contains(u"deeper than 32"), qPrintable(depthError));
        QStringList many(3000, QStringLiteral("meta(nf_mark eq 1)"));
        const ValidationIssue *tooBig = find(basicWith(many.join(QStringLiteral(" or "))), QStringLiteral("match"));
        QVERIFY(tooBig && tooBig->isError());
        many.resize(200);
        QVERIFY(!hasErrors(basicWith(many.join(QStringLiteral(" or ")))));

        // A filter at an htb class, with the class's own block; not at a prio band.
        QdiscTree classFilter = htb;
        ip.parent = TcHandle::make(1, 1);
        classFilter.filters = {ip};
        QVERIFY(!hasErrors(classFilter.validate()));
        QCOMPARE(classFilter.filterOwner(TcHandle::make(1, 1)), &classFilter.qdiscs.first());
        QVERIFY(!classFilter.filterOwner(TcHandle::make(1, 2)));

        // clsact: only its hooks; ingress: every minor.
        QdiscTree hooks;
        hooks.qdiscs.append(QdiscNode{TcHandle::ingressHandle(), TcHandle::ingressParent(), ClsactParams{}});
        QVERIFY(hooks.filterOwner(TcHandle(0xFFFFFFF2u)));
        QVERIFY(hooks.filterOwner(TcHandle(0xFFFFFFF3u)));
        QVERIFY(!hooks.filterOwner(TcHandle::ingressHandle()));
        hooks.qdiscs.first().params = IngressParams{};
        QVERIFY(hooks.filterOwner(TcHandle::ingressHandle()));
        QVERIFY(hooks.filterOwner(TcHandle(0xFFFFFFF2u)));

        // Handle 0 names nothing, and a child without a handle is no issue.
        QdiscTree unnamed = htb;
        unnamed.qdiscs.append(QdiscNode{TcHandle(), TcHandle::make(1, 1), SfqParams{}});
        QVERIFY(!unnamed.qdisc(TcHandle()));
        QVERIFY(unnamed.validate().isEmpty());
        unnamed.removeSubtree(TcHandle());
        QCOMPARE(unnamed.qdiscs.size(), 2);
        unnamed.removeQdiscAt(TcHandle::make(1, 1));
        QCOMPARE(unnamed.qdiscs.size(), 1);
    }

    void goodTreesHaveNoErrors()
    {
        QVERIFY(!hasErrors(issuesOf(QStringLiteral("tc qdisc add dev eth0 root netem delay 100ms 20ms distribution normal loss 1% 25%"))));
        QVERIFY(issuesOf(QStringLiteral("tc qdisc add dev eth0 root tbf rate 10mbit burst 32kb latency 50ms")).isEmpty());
        // A child qdisc without a handle: the kernel assigns one.
        QVERIFY(issuesOf(QStringLiteral("tc qdisc add dev eth0 root handle 1: htb\n"
                                        "tc class add dev eth0 parent 1: classid 1:10 htb rate 10mbit\n"
                                        "tc qdisc add dev eth0 parent 1:10 sfq"))
                    .isEmpty());
        QVERIFY(!hasErrors(issuesOf(QStringLiteral("tc qdisc add dev eth0 root netem loss 0% 25%"))));
        QVERIFY(!hasErrors(issuesOf(QStringLiteral("tc qdisc add dev eth0 root netem loss 1% 25%\n"
                                                   "tc qdisc change dev eth0 root netem delay 10ms"))));
    }
};

QTEST_GUILESS_MAIN(TstValidation)
#include "tst_validation.moc"

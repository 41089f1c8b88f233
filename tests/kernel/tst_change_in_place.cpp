// Changes in place under user-mode Linux, with traffic flowing (this machine's kernel has neither
// sch_cake nor sch_mq's usual children):
// - cake: the engine's change keeps the counters rising, what a change does not send stays as the
//   kernel had it (tc reads it back), a tree the kernel already holds needs nothing, and a mode tc
//   cannot send back (diffserv3 is its 0, never sent) is sent by the engine;
// - mq with one fq_codel per transmit queue, as a desktop's NIC has it: read as real nodes, one
//   leaf changed in place with its counters kept, exported and imported back to the same tree.
#include "kinds/allkinds.h"
#include "labnamespace.h"
#include "netlink/tcengine.h"
#include "tc/tcexporter.h"
#include "tc/tcimporter.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QTest>
#include <QThread>

using namespace qs;
using namespace qs::test;

class TstChangeInPlace : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<TwoHostLab> m_lab;

    std::unique_ptr<TcEngine> engine()
    {
        QString error;
        auto e = TcEngine::open(m_lab->a.target(QStringLiteral("va")), &error);
        if (!e)
            qFatal("%s", qPrintable(error));
        return e;
    }

    const NodeStats *rootAfter(int ms, QList<NodeStats> *nodes)
    {
        QThread::msleep(ulong(ms));
        QString error;
        const auto read = engine()->readStats(&error);
        if (!read)
            qFatal("%s", qPrintable(error));
        *nodes = *read;
        return findNode(*nodes, TcHandle::make(1, 0), false);
    }

    /** tc -j's options of va's root qdisc. */
    QJsonObject shownOptions() const
    {
        const QJsonArray qdiscs = m_lab->a.tcJson(QStringLiteral("qdisc"), QStringLiteral("va")).array();
        for (const QJsonValue &q : qdiscs) {
            if (q.toObject().value(QStringLiteral("root")).toBool())
                return q.toObject().value(QStringLiteral("options")).toObject();
        }
        return {};
    }

private Q_SLOTS:
    void initTestCase()
    {
        if (!isRoot())
            QFAIL("this test builds trees in network namespaces of its own and needs root (CI runs as root)");
        m_lab = std::make_unique<TwoHostLab>(QStringLiteral("qs-cake"));
        QVERIFY(m_lab->ok);
    }

    void cleanupTestCase() { m_lab.reset(); }

    void changesInPlaceWhileTrafficFlows()
    {
        // 1000-byte pings every 10 ms (0.8 Mbit/s): far below every bandwidth here, nothing drops.
        QProcess traffic;
        traffic.start(QStringLiteral("ip"), {QStringLiteral("netns"), QStringLiteral("exec"), m_lab->a.name(), QStringLiteral("ping"),
                                             QStringLiteral("-q"), QStringLiteral("-i"), QStringLiteral("0.01"), QStringLiteral("-s"),
                                             QStringLiteral("1000"), QStringLiteral("-w"), QStringLiteral("30"), QStringLiteral("198.18.0.2")});
        QVERIFY(traffic.waitForStarted());
        const auto stopTraffic = qScopeGuard([&] {
            traffic.kill();
            traffic.waitForFinished();
        });

        auto e = engine();
        ApplyResult r = e->apply(treeOf(QStringLiteral("tc qdisc add dev va root handle 1: cake bandwidth 10mbit diffserv4 overhead 18 mpu 64")));
        QVERIFY2(r.ok, qPrintable(r.error));
        QList<NodeStats> before;
        const NodeStats *first = rootAfter(1000, &before);
        QVERIFY(first && first->kind == u"cake" && first->counters.bytes > 0);

        // A change that sends bandwidth, rtt and the isolation only: one in-place change, the
        // counters keep rising, overhead, mpu and the tins stay.
        const QdiscTree changed = treeOf(QStringLiteral("tc qdisc add dev va root handle 1: cake bandwidth 10mbit diffserv4 overhead 18 mpu 64\n"
                                                        "tc qdisc change dev va root handle 1: cake bandwidth 20mbit rtt 50ms dual-srchost"));
        r = e->apply(changed);
        QVERIFY2(r.ok, qPrintable(r.error));
        QCOMPARE(r.plan.size(), 1);
        QCOMPARE(r.plan.first().type, TcOperation::Type::ChangeQdisc);
        QList<NodeStats> after;
        const NodeStats *second = rootAfter(1000, &after);
        QVERIFY(second && second->kind == u"cake");
        QVERIFY2(second->counters.bytes > first->counters.bytes, "cake's byte counter was reset by a change");
        QCOMPARE(second->counters.drops, first->counters.drops);
        QJsonObject shown = shownOptions();
        QCOMPARE(shown.value(QStringLiteral("bandwidth")).toDouble(), 2500000.0); // bytes/s
        QCOMPARE(shown.value(QStringLiteral("rtt")).toDouble(), 50000.0);
        QCOMPARE(shown.value(QStringLiteral("flowmode")).toString(), QStringLiteral("dual-srchost"));
        QCOMPARE(shown.value(QStringLiteral("diffserv")).toString(), QStringLiteral("diffserv4"));
        QCOMPARE(shown.value(QStringLiteral("overhead")).toInt(), 18);
        QCOMPARE(shown.value(QStringLiteral("mpu")).toInt(), 64);
        QCOMPARE(shown.value(QStringLiteral("raw")).toBool(), false);

        // The same tree again: nothing to send.
        r = e->apply(changed);
        QVERIFY2(r.ok, qPrintable(r.error));
        QVERIFY2(r.plan.isEmpty(), r.plan.isEmpty() ? "" : qPrintable(r.plan.first().describe()));

        // The window's explicit diffserv3 and raw: tc's parser sends neither back (diffserv3 is
        // 0, raw comes with overhead 0), the engine does, in place.
        QdiscTree windowEdit = changed;
        CakeParams &cake = windowEdit.qdiscs.first().params.edit<CakeParams>();
        cake.diffserv = CakeDiffserv::Diffserv3;
        cake.raw = true;
        r = e->apply(windowEdit);
        QVERIFY2(r.ok, qPrintable(r.error));
        QCOMPARE(r.plan.size(), 1);
        QCOMPARE(r.plan.first().type, TcOperation::Type::ChangeQdisc);
        shown = shownOptions();
        QCOMPARE(shown.value(QStringLiteral("diffserv")).toString(), QStringLiteral("diffserv3"));
        QCOMPARE(shown.value(QStringLiteral("raw")).toBool(), true);
        QCOMPARE(shown.value(QStringLiteral("overhead")).toInt(), 18); // raw keeps the overhead it is not sent
        const NodeStats *third = rootAfter(500, &after);
        QVERIFY(third && third->counters.bytes > second->counters.bytes);

        // Read back, the kernel's cake is the model that was applied: nothing to do.
        QString error;
        const auto back = e->read(&error);
        QVERIFY2(back, qPrintable(error));
        QVERIFY(back->qdiscs.first().params.holds<CakeParams>());
        r = e->apply(*back);
        QVERIFY2(r.ok && r.plan.isEmpty(), qPrintable(r.error));
        QVERIFY(e->clear().ok);
    }

    void mqLeafChangesInPlace()
    {
        constexpr int Queues = 4;
        TwoHostLab lab(QStringLiteral("qs-mq"), Queues);
        QVERIFY(lab.ok);
        const LabNamespace &a = lab.a;
        // Built by tc, as a multi-queue NIC carries it: mq at the root, an fq_codel on each queue.
        QVERIFY(a.tc({QStringLiteral("qdisc"), QStringLiteral("add"), QStringLiteral("dev"), QStringLiteral("va"), QStringLiteral("root"),
                      QStringLiteral("handle"), QStringLiteral("1:"), QStringLiteral("mq")})
                    .ok());
        for (int queue = 1; queue <= Queues; ++queue) {
            const CommandResult r = a.tc({QStringLiteral("qdisc"), QStringLiteral("add"), QStringLiteral("dev"), QStringLiteral("va"),
                                          QStringLiteral("parent"), QStringLiteral("1:%1").arg(queue), QStringLiteral("handle"),
                                          QStringLiteral("1%1:").arg(queue), QStringLiteral("fq_codel")});
            QVERIFY2(r.ok(), qPrintable(r.err));
        }

        // Read as real nodes: the mq kind and four fq_codel, none kept as foreign.
        QString error;
        auto e = TcEngine::open(a.target(QStringLiteral("va")), &error);
        QVERIFY2(e, qPrintable(error));
        const auto read = e->read(&error);
        QVERIFY2(read, qPrintable(error));
        QCOMPARE(read->qdiscs.size(), Queues + 1);
        const QdiscNode *root = read->rootQdisc();
        QVERIFY(root && root->params.holds<MqParams>() && root->handle == TcHandle::make(1, 0));
        for (int queue = 1; queue <= Queues; ++queue) {
            const QdiscNode *leaf = read->qdiscAt(TcHandle::make(1, quint16(queue)));
            QVERIFY2(leaf && leaf->params.holds<FqCodelParams>() && leaf->handle == TcHandle::make(quint16(0x10 + queue), 0),
                     qPrintable(QStringLiteral("queue %1").arg(queue)));
        }
        // Nothing to do for the tree the kernel holds.
        ApplyResult r = e->apply(*read);
        QVERIFY2(r.ok && r.plan.isEmpty(), qPrintable(r.error + (r.plan.isEmpty() ? QString() : r.plan.first().describe())));

        // Traffic: one ping flow, which the device hashes onto one of its queues.
        QProcess traffic;
        traffic.start(QStringLiteral("ip"), {QStringLiteral("netns"), QStringLiteral("exec"), a.name(), QStringLiteral("ping"), QStringLiteral("-q"),
                                             QStringLiteral("-i"), QStringLiteral("0.01"), QStringLiteral("-s"), QStringLiteral("1000"),
                                             QStringLiteral("-w"), QStringLiteral("30"), QStringLiteral("198.18.0.2")});
        QVERIFY(traffic.waitForStarted());
        const auto stopTraffic = qScopeGuard([&] {
            traffic.kill();
            traffic.waitForFinished();
        });
        const auto busiestLeaf = [&](quint64 *bytes) -> TcHandle {
            QThread::msleep(1000);
            QString failure;
            const auto stats = e->readStats(&failure);
            if (!stats)
                qFatal("%s", qPrintable(failure));
            TcHandle busiest;
            *bytes = 0;
            for (const NodeStats &n : *stats) {
                if (!n.isClass && n.kind == u"fq_codel" && n.counters.bytes > *bytes) {
                    busiest = n.id;
                    *bytes = n.counters.bytes;
                }
            }
            return busiest;
        };
        quint64 bytesBefore = 0;
        const TcHandle leafHandle = busiestLeaf(&bytesBefore);
        QVERIFY2(bytesBefore > 0, "no traffic reached any queue's fq_codel");

        // That leaf's target changed: one change in place, its counters go on rising.
        QdiscTree wanted = *read;
        QdiscNode *leaf = wanted.qdisc(leafHandle);
        QVERIFY(leaf);
        leaf->params.edit<FqCodelParams>().targetUs = 3000;
        r = e->apply(wanted);
        QVERIFY2(r.ok, qPrintable(r.error));
        QCOMPARE(r.plan.size(), 1);
        QCOMPARE(r.plan.first().type, TcOperation::Type::ChangeQdisc);
        quint64 bytesAfter = 0;
        QCOMPARE(busiestLeaf(&bytesAfter), leafHandle);
        QVERIFY2(bytesAfter > bytesBefore, "the fq_codel's counters were reset by the change");
        const QString shown = a.tc({QStringLiteral("qdisc"), QStringLiteral("show"), QStringLiteral("dev"), QStringLiteral("va")}).out;
        QVERIFY2(shown.contains(QStringLiteral("qdisc fq_codel %1 parent %2 ").arg(leafHandle.toString(), leaf->parent.toString())) &&
                     shown.count(QStringLiteral("target 3ms")) == 1 && shown.count(QStringLiteral("target 5ms")) == Queues - 1,
                 qPrintable(shown));

        // Exported and imported back: the same tree, which the kernel already holds.
        const auto changed = e->read(&error);
        QVERIFY2(changed, qPrintable(error));
        const QString script = TcExporter::commands(*changed).join(u'\n');
        const TcImportResult imported = TcImporter::import(script);
        QVERIFY2(imported.ok() && imported.trees.size() == 1, qPrintable(script));
        QVERIFY2(imported.trees.first() == *changed, qPrintable(script));
        r = e->apply(imported.trees.first());
        QVERIFY2(r.ok && r.plan.isEmpty(), qPrintable(script));

        // A queue's qdisc that goes: mq is rebuilt (a deleted child would leave noop_qdisc, which
        // drops every packet of that queue), the other queues keep theirs.
        QdiscTree fewer = *changed;
        fewer.qdiscs.removeIf([&](const QdiscNode &q) { return q.handle == leafHandle; });
        r = e->apply(fewer);
        QVERIFY2(r.ok, qPrintable(r.error));
        const QString afterRemoval = a.tc({QStringLiteral("qdisc"), QStringLiteral("show"), QStringLiteral("dev"), QStringLiteral("va")}).out;
        QVERIFY2(afterRemoval.contains(QStringLiteral("qdisc pfifo_fast 0: parent %1 ").arg(leaf->parent.toString())) &&
                     afterRemoval.count(QStringLiteral("qdisc fq_codel")) == Queues - 1,
                 qPrintable(afterRemoval));
        QVERIFY(e->clear().ok);
    }

    /** mqprio on a veth: hw 0 with queues applies and reads back; the kernel's bare EINVAL and EOPNOTSUPP get the kind's reason. */
    void mqprioSaysWhyTheKernelRefuses()
    {
        TwoHostLab lab(QStringLiteral("qs-mqprio"), 4);
        QVERIFY(lab.ok);
        QString error;
        auto e = TcEngine::open(lab.a.target(QStringLiteral("va")), &error);
        QVERIFY2(e, qPrintable(error));
        const auto treeOf = [](const QString &line) {
            const QString script = QStringLiteral("tc qdisc add dev va root handle 1: mqprio ") + line;
            const TcImportResult imported = TcImporter::import(script);
            if (!imported.ok() || imported.trees.size() != 1)
                qFatal("%s", qPrintable(line));
            return imported.trees.first();
        };
        const QdiscTree software = treeOf(QStringLiteral("num_tc 2 map 0 1 queues 2@0 2@2 hw 0"));
        ApplyResult r = e->apply(software);
        QVERIFY2(r.ok, qPrintable(r.error));
        const auto read = e->read(&error);
        QVERIFY2(read && read->rootQdisc() && read->rootQdisc()->params == software.rootQdisc()->params, qPrintable(error));
        QVERIFY(e->clear().ok);

        // tc's default, hw 1: a veth offloads nothing.
        r = e->apply(treeOf(QString()));
        QVERIFY(!r.ok);
        QVERIFY2(r.error.contains(QStringLiteral("Invalid argument")) && r.error.contains(QStringLiteral("give hw 0")), qPrintable(r.error));
        // Queues the device does not have.
        r = e->apply(treeOf(QStringLiteral("num_tc 2 map 0 1 queues 2@0 4@2 hw 0")));
        QVERIFY2(!r.ok && r.error.contains(QStringLiteral("within its transmit queues")), qPrintable(r.error));

        // A device with one transmit queue.
        TwoHostLab single(QStringLiteral("qs-mqprio1"));
        QVERIFY(single.ok);
        auto one = TcEngine::open(single.a.target(QStringLiteral("va")), &error);
        QVERIFY2(one, qPrintable(error));
        r = one->apply(treeOf(QStringLiteral("num_tc 1 map 0 queues 1@0 hw 0")));
        QVERIFY2(!r.ok && r.error.contains(QStringLiteral("several transmit queues")), qPrintable(r.error));
    }
};

QTEST_GUILESS_MAIN(TstChangeInPlace)
#include "tst_change_in_place.moc"

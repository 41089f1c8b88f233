// cake changes in place under user-mode Linux (this machine's kernel has no sch_cake): the
// engine's change keeps the counters rising while traffic flows, what a change does not send
// stays as the kernel had it (tc reads it back), a tree the kernel already holds needs nothing,
// and a mode tc cannot send back (diffserv3 is its 0, never sent) is sent by the engine.
#include "kinds/allkinds.h"
#include "labnamespace.h"
#include "netlink/tcengine.h"
#include "tc/tcimporter.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QTest>
#include <QThread>

using namespace qs;
using namespace qs::test;

class TstCakeChange : public QObject
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
};

QTEST_GUILESS_MAIN(TstCakeChange)
#include "tst_cake_change.moc"

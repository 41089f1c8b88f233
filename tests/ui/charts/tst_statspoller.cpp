// StatsPoller's own thread on this machine's kernel (root, a namespace of its own): the dump runs
// away from the thread that asks and is recorded back on it, one at a time (a tick meanwhile is
// skipped, not queued); a dump of a target left, of histories cleared, or from before resetNodes()
// decides nothing; the interval stretches from what the dumps cost; a poller destroyed while it
// dumps neither waits for the dump nor hears of it. And the engine's side: a socket whose cancel
// flag is set gives up, and a tree read hands over the counters a statistics dump would give.
//
// Two veths in the namespace, each with an htb tree: v0 with 1: and classes 1:10…1:10+Classes,
// w0 with 2: and 2:20. The poller is paused in most rows, so that only poll() asks for dumps.
#include "labnamespace.h"
#include "statspoller.h"

#include <QElapsedTimer>
#include <QSignalSpy>
#include <QTest>
#include <QThread>

using namespace qs;
using namespace qs::test;

namespace {

constexpr int Classes = 300;
const quint64 kRootV0 = nodeStatsKey(false, TcHandle::make(1, 0));
const quint64 kClassV0 = nodeStatsKey(true, TcHandle::make(1, 0x10));
const quint64 kClassW0 = nodeStatsKey(true, TcHandle::make(2, 0x20));

} // namespace

class TstStatsPoller : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<LabNamespace> m_lab;

    std::unique_ptr<TcEngine> engine(const QString &device)
    {
        QString error;
        auto opened = TcEngine::open(m_lab->target(device), &error);
        if (!opened)
            qWarning("%s", qPrintable(error));
        return opened;
    }

    /** A poller on v0 that only poll() makes dump, with compact histories as in the window. */
    std::unique_ptr<StatsPoller> pausedPoller()
    {
        auto poller = std::make_unique<StatsPoller>();
        poller->setFocus({}, {});
        poller->setPaused(true);
        poller->setEngine(engine(QStringLiteral("v0")));
        return poller;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY2(geteuid() == 0, "needs root: it builds a namespace of its own");
        m_lab = std::make_unique<LabNamespace>(QStringLiteral("qs-poller"));
        QVERIFY(m_lab->ok() && m_lab->addVethPair(QStringLiteral("v0"), QStringLiteral("v1")) &&
                m_lab->addVethPair(QStringLiteral("w0"), QStringLiteral("w1")));
        QString v0 = QStringLiteral("tc qdisc add dev v0 root handle 1: htb\n");
        for (int i = 0; i < Classes; ++i)
            v0 += QStringLiteral("tc class add dev v0 parent 1: classid 1:%1 htb rate 1mbit\n").arg(0x10 + i, 0, 16);
        const QString w0 = QStringLiteral("tc qdisc add dev w0 root handle 2: htb\ntc class add dev w0 parent 2: classid 2:20 htb rate 1mbit\n");
        for (const auto &[device, script] : {std::pair{QStringLiteral("v0"), v0}, std::pair{QStringLiteral("w0"), w0}}) {
            auto applier = engine(device);
            QVERIFY(applier);
            const ApplyResult applied = applier->apply(treeOf(script));
            QVERIFY2(applied.ok, qPrintable(applied.error));
        }
    }

    void cleanupTestCase() { m_lab.reset(); }

    void dumpRunsOffTheAskingThread()
    {
        auto poller = pausedPoller();
        QSignalSpy sampled(poller.get(), &StatsPoller::sampled);
        QThread *recordedOn = nullptr;
        connect(poller.get(), &StatsPoller::sampled, this, [&] { recordedOn = QThread::currentThread(); });
        poller->poll();
        // poll() only asked: the result can come back through the event loop alone.
        QVERIFY(poller->isDumping());
        QCOMPARE(poller->dumpCount(), quint64(0));
        QCOMPARE(sampled.count(), 0);
        QTRY_COMPARE(poller->dumpCount(), quint64(1));
        QVERIFY(!poller->isDumping());
        QCOMPARE(recordedOn, QThread::currentThread());
        QCOMPARE(poller->nodeCount(), qsizetype(1 + Classes));
        QVERIFY(poller->history(kRootV0) && poller->history(kClassV0));
        QVERIFY(poller->lastError().isEmpty());
    }

    void tickWhileDumpingIsSkipped()
    {
        auto poller = pausedPoller();
        poller->poll();
        poller->poll();
        poller->poll();
        QCOMPARE(poller->skippedTicks(), quint64(2));
        QTRY_VERIFY(!poller->isDumping());
        QTest::qWait(200); // a queued second dump would have come back by now
        QCOMPARE(poller->dumpCount(), quint64(1));
        poller->poll();
        QTRY_COMPARE(poller->dumpCount(), quint64(2));
        QCOMPARE(poller->skippedTicks(), quint64(2));
    }

    void dumpInFlightOfWhatIsLeftIsDropped_data()
    {
        QTest::addColumn<QString>("then");
        QTest::newRow("another engine") << QStringLiteral("setEngine(w0)");
        QTest::newRow("no engine") << QStringLiteral("setEngine(null)");
        QTest::newRow("cleared") << QStringLiteral("clear()");
    }

    void dumpInFlightOfWhatIsLeftIsDropped()
    {
        QFETCH(QString, then);
        auto poller = pausedPoller();
        QSignalSpy sampled(poller.get(), &StatsPoller::sampled);
        poller->poll();
        QVERIFY(poller->isDumping());
        if (then == u"setEngine(w0)")
            poller->setEngine(engine(QStringLiteral("w0")));
        else if (then == u"setEngine(null)")
            poller->setEngine(nullptr);
        else
            poller->clear();
        QTRY_VERIFY(!poller->isDumping());
        QTest::qWait(50);
        QCOMPARE(sampled.count(), 0);
        QVERIFY(poller->keys().isEmpty());
        QCOMPARE(poller->dumpCount(), quint64(0));
        poller->poll();
        if (then == u"setEngine(null)") {
            QVERIFY(!poller->isDumping()); // nothing to poll
            return;
        }
        QTRY_COMPARE(poller->dumpCount(), quint64(1));
        const bool w0 = then == u"setEngine(w0)";
        QCOMPARE(bool(poller->history(kClassW0)), w0);
        QCOMPARE(bool(poller->history(kClassV0)), !w0);
    }

    void resetNodesConcernsLaterDumps()
    {
        auto poller = pausedPoller();
        // A node the kernel does not hold, as a class removed by an apply would be.
        NodeStats gone;
        gone.isClass = true;
        gone.id = TcHandle::make(1, 0xfff0);
        poller->ingest({gone});
        const quint64 goneKey = nodeStatsKey(true, gone.id);
        poller->poll(); // asked before the change: it saw the tree from before
        poller->resetNodes();
        QTRY_COMPARE(poller->dumpCount(), quint64(2));
        QVERIFY2(poller->history(goneKey), "a dump asked for before resetNodes() dropped a node at once");
        poller->poll();
        QTRY_COMPARE(poller->dumpCount(), quint64(3));
        QVERIFY2(!poller->history(goneKey), "the first dump asked for after resetNodes() kept a node it lacks");
        QVERIFY(poller->history(kClassV0));
    }

    void intervalStretchesFromTheDumpsCost()
    {
        // 1 % of a core at 10 ms asked: a dump of a few hundred classes (about half a millisecond)
        // needs a longer interval, from the cost measured on the poller's thread. Compact histories
        // as in the window: full ones would each hold 5 minutes of 10 ms samples.
        StatsPoller poller;
        poller.setFocus({}, {});
        poller.setInterval(10);
        poller.setMaximumLoadPercent(1);
        QList<QPair<int, qint64>> stretches; // interval, cost in µs when it stretched
        connect(&poller, &StatsPoller::intervalStretched, this,
                [&](int intervalMs, int) { stretches.append({intervalMs, poller.pollCostUs()}); });
        poller.setEngine(engine(QStringLiteral("v0")));
        QTRY_VERIFY_WITH_TIMEOUT(!stretches.isEmpty(), 10000);
        const auto [intervalMs, costUs] = stretches.first();
        qInfo("a dump cost %lld µs: every %d ms", qlonglong(costUs), intervalMs);
        QVERIFY(costUs > 0);
        QVERIFY2(intervalMs > 10 && qint64(intervalMs) * 10 >= costUs,
                 qPrintable(QStringLiteral("stretched to %1 ms for %2 µs a poll").arg(intervalMs).arg(costUs)));
        QCOMPARE(poller.interval(), intervalMs);
        QCOMPARE(poller.requestedInterval(), 10);
        // Another target: its own cost decides, from the interval asked for.
        stretches.clear();
        poller.setEngine(engine(QStringLiteral("w0")));
        QCOMPARE(poller.interval(), 10);
        QCOMPARE(stretches.value(0).first, 10);
        QCOMPARE(poller.pollCostUs(), qint64(0));
    }

    void destroyedWhileDumping()
    {
        auto poller = pausedPoller();
        int heard = 0;
        QObject listener;
        connect(poller.get(), &StatsPoller::sampled, &listener, [&] { ++heard; });
        connect(poller.get(), &StatsPoller::error, &listener, [&] { ++heard; });
        poller->poll();
        QVERIFY(poller->isDumping());
        QElapsedTimer timer;
        timer.start();
        poller.reset();
        qInfo("destroyed in %.1f ms with a dump in flight", double(timer.nsecsElapsed()) / 1e6);
        QTest::qWait(200);
        QCOMPARE(heard, 0);
    }

    void cancelledSocketGivesUp()
    {
        auto reader = engine(QStringLiteral("v0"));
        QVERIFY(reader);
        std::atomic<bool> cancelled{true};
        reader->socket().setCancelFlag(&cancelled);
        QString error;
        QVERIFY(!reader->readStats(&error));
        QVERIFY2(error.contains(QStringLiteral("reading statistics failed")), qPrintable(error));
        QVERIFY(!reader->read(&error));
    }

    void treeReadGivesTheFirstSample()
    {
        auto reader = engine(QStringLiteral("v0"));
        QVERIFY(reader);
        QString error;
        QList<NodeStats> counters;
        const auto tree = reader->read(&error, &counters);
        QVERIFY2(tree, qPrintable(error));
        const auto dumped = reader->readStats(&error);
        QVERIFY2(dumped, qPrintable(error));
        QSet<quint64> fromRead;
        for (const NodeStats &n : std::as_const(counters)) {
            QVERIFY(n.counters.timeNs > 0);
            fromRead.insert(nodeStatsKey(n.isClass, n.id));
        }
        QSet<quint64> fromDump;
        for (const NodeStats &n : *dumped)
            fromDump.insert(nodeStatsKey(n.isClass, n.id));
        QCOMPARE(fromRead, fromDump);
        QCOMPARE(counters.size(), qsizetype(1 + Classes));
    }
};

QTEST_MAIN(TstStatsPoller)
#include "tst_statspoller.moc"

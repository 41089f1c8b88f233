// Measured effect of netem applied by our engine, on a kernel that has netem (run under
// user-mode Linux by ctest): two namespaces joined by a veth, ping across.
#include "labnamespace.h"
#include "netlink/tcengine.h"
#include "stats/binomial.h"
#include "tc/tcimporter.h"

#include <QRegularExpression>
#include <QTest>
#include <QThread>

#include <algorithm>
#include <cmath>

using namespace qs;
using namespace qs::test;

class TstNetemEffect : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<TwoHostLab> m_lab;
    LabNamespace *m_a = nullptr; ///< the sending side, va
    LabNamespace *m_b = nullptr;

    void apply(const QString &script)
    {
        const TcImportResult imported = TcImporter::import(script);
        QVERIFY(imported.ok() && imported.trees.size() == 1);
        QString error;
        auto engine = TcEngine::open(m_a->target(QStringLiteral("va")), &error);
        QVERIFY2(engine, qPrintable(error));
        const ApplyResult result = engine->apply(imported.trees.first());
        QVERIFY2(result.ok, qPrintable(result.error));
    }

    /** ping from A to B; the RTTs in milliseconds of the replies that came back. */
    QList<double> ping(int count, const QString &interval)
    {
        const CommandResult r = m_a->exec({QStringLiteral("ping"), QStringLiteral("-n"), QStringLiteral("-c"), QString::number(count),
                                           QStringLiteral("-i"), interval, QStringLiteral("-W"), QStringLiteral("2"),
                                           QStringLiteral("198.18.0.2")},
                                          180000);
        QList<double> rtts;
        static const QRegularExpression rtt(QStringLiteral("time=([0-9.]+) ms"));
        for (auto it = rtt.globalMatch(r.out); it.hasNext();)
            rtts.append(it.next().captured(1).toDouble());
        return rtts;
    }

private Q_SLOTS:
    void initTestCase()
    {
        if (!isRoot())
            QFAIL("this test needs root in a kernel with netem; ctest runs it under user-mode Linux");
        m_lab = std::make_unique<TwoHostLab>(QStringLiteral("qs-effect"));
        QVERIFY(m_lab->ok);
        m_a = &m_lab->a;
        m_b = &m_lab->b;
    }

    void cleanupTestCase()
    {
        m_lab.reset();
    }

    void delayOf100msMeasures100ms()
    {
        apply(QStringLiteral("tc qdisc add dev va root handle 1: netem delay 100ms"));
        QList<double> rtts = ping(20, QStringLiteral("0.2"));
        QCOMPARE(rtts.size(), 20);
        std::sort(rtts.begin(), rtts.end());
        const double median = (rtts[9] + rtts[10]) / 2.0; // the first ping also waits for ARP: the median ignores it
        qInfo("netem delay 100ms: median RTT %.2f ms (min %.2f, max %.2f) over %lld pings", median, rtts.first(), rtts.last(),
              qlonglong(rtts.size()));
        QVERIFY2(std::abs(median - 100.0) <= 5.0, qPrintable(QStringLiteral("median RTT %1 ms").arg(median)));
    }

    void delayChangesInPlaceWhileTrafficFlows()
    {
        apply(QStringLiteral("tc qdisc add dev va root handle 1: netem delay 20ms"));
        QProcess traffic;
        traffic.start(QStringLiteral("ip"), {QStringLiteral("netns"), QStringLiteral("exec"), m_a->name(), QStringLiteral("ping"),
                                             QStringLiteral("-q"), QStringLiteral("-i"), QStringLiteral("0.01"), QStringLiteral("-s"),
                                             QStringLiteral("500"), QStringLiteral("-w"), QStringLiteral("15"), QStringLiteral("198.18.0.2")});
        QVERIFY(traffic.waitForStarted());
        const auto stop = qScopeGuard([&] {
            traffic.kill();
            traffic.waitForFinished();
        });
        QString error;
        auto engine = TcEngine::open(m_a->target(QStringLiteral("va")), &error);
        QVERIFY2(engine, qPrintable(error));
        const auto counters = [&] {
            QThread::msleep(1500);
            const auto nodes = engine->readStats(&error);
            for (const NodeStats &n : nodes.value_or(QList<NodeStats>())) {
                if (!n.isClass && n.id == TcHandle::make(1, 0))
                    return n;
            }
            return NodeStats{};
        };
        const NodeStats before = counters();
        QVERIFY(before.kind == u"netem" && before.counters.bytes > 0);
        for (const char *delay : {"40ms", "5ms"}) {
            const TcImportResult next = TcImporter::import(QStringLiteral("tc qdisc add dev va root handle 1: netem delay %1").arg(QLatin1String(delay)));
            const ApplyResult r = engine->apply(next.trees.first());
            QVERIFY2(r.ok, qPrintable(r.error));
            QCOMPARE(r.plan.size(), 1);
            QCOMPARE(r.plan.first().type, TcOperation::Type::ChangeQdisc);
        }
        const NodeStats after = counters();
        qInfo("netem delay 20ms → 40ms → 5ms in place: bytes %llu → %llu, drops %u → %u", qulonglong(before.counters.bytes),
              qulonglong(after.counters.bytes), before.counters.drops, after.counters.drops);
        QVERIFY2(after.counters.bytes > before.counters.bytes, "the netem byte counter was reset by a delay change");
        QCOMPARE(after.counters.drops, before.counters.drops);
    }

    void loss20PercentLandsInTheBinomialInterval()
    {
        apply(QStringLiteral("tc qdisc add dev va root handle 1: netem loss 20%"));
        ping(3, QStringLiteral("0.2")); // ARP resolved before counting (losses here are netem's too)
        constexpr int sent = 500;
        const QList<double> rtts = ping(sent, QStringLiteral("0.01"));
        const int lost = sent - int(rtts.size());
        // 99.99 %, not 99 %: one honest run in a hundred must not fail CI.
        const auto [low, high] = binomialInterval(sent, 0.2, 0.9999);
        qInfo("netem loss 20%%: %d of %d pings lost (%.1f %%); 99.99 %% binomial interval %d…%d", lost, sent, 100.0 * lost / sent, low, high);
        QVERIFY2(lost >= low && lost <= high, qPrintable(QStringLiteral("%1 lost, expected %2…%3").arg(lost).arg(low).arg(high)));
    }
};

QTEST_GUILESS_MAIN(TstNetemEffect)
#include "tst_netem_effect.moc"

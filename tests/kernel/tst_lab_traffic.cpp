// LabTraffic on a real demo lab: what it measures under qdiscs set with iproute2's tc (the
// oracle). On this machine's kernel: no qdisc, tbf, htb, an outage. Under user-mode Linux
// (ctest: uml_lab_traffic): netem delay + loss, netem rate, a netem outage. Root; touches only the
// lab it creates (named after the pid) and removes it whatever happens.
#include "lab/labnetwork.h"
#include "lab/labsockets.h"
#include "lab/labtraffic.h"
#include "labnamespace.h"
#include "stats/binomial.h"

#include <QElapsedTimer>
#include <QScopeGuard>
#include <QTest>

#include <cmath>

using namespace qs;
using namespace qs::test;
using namespace std::chrono_literals;

namespace {

QString describe(const LabMeasurement &m)
{
    const auto num = [](const std::optional<double> &v, double scale, int decimals) {
        return v ? QString::number(*v / scale, 'f', decimals) : QStringLiteral("—");
    };
    return QStringLiteral("window %1 s: link %2 Mbit/s, TCP %3 Mbit/s (connected %4, connections "
                          "%5), UDP %6 kbit/s, "
                          "UDP loss %7 % (%8 of %9, reordered %10, dup %11), RTT median %12 ms p95 "
                          "%13 ms (%14 answered, %15 lost), "
                          "last reply %16 ms ago")
        .arg(double(m.window.count()) / 1e9, 0, 'f', 2)
        .arg(num(m.linkRateBitsPerSec, 1e6, 3), num(m.tcpGoodputBitsPerSec, 1e6, 3))
        .arg(m.tcpConnected)
        .arg(m.tcpConnections)
        .arg(num(m.udpGoodputBitsPerSec, 1e3, 1), num(m.udpLossPercent, 1, 2))
        .arg(m.udpLost)
        .arg(m.udpSent)
        .arg(m.udpReordered)
        .arg(m.udpDuplicates)
        .arg(num(m.rttMedianMs, 1, 3), num(m.rttP95Ms, 1, 3))
        .arg(m.probesAnswered)
        .arg(m.probesLost)
        .arg(num(m.msSinceLastProbeReply, 1, 0));
}

} // namespace

class TstLabTraffic : public QObject
{
    Q_OBJECT

private:
    std::optional<LabNetwork> m_lab;

    CommandResult tc(const QString &arguments)
    {
        return runCommand(QStringLiteral("tc"),
                          QStringList{QStringLiteral("-n"), m_lab->namespaceA()} +
                              arguments.split(u' '));
    }

    /** Sets the qdisc with tc; a kernel without netem fails the test naming it, never passes it. */
    bool qdisc(const QString &arguments)
    {
        const CommandResult r = tc(arguments);
        if (!r.ok() && arguments.contains(QStringLiteral("netem")) &&
            r.err.contains(QStringLiteral("unknown"), Qt::CaseInsensitive))
            qWarning("this kernel has no sch_netem: the netem rows run under user-mode Linux "
                     "(ctest -R uml_lab_traffic)");
        if (!r.ok())
            qWarning("tc %s: %s", qPrintable(arguments), qPrintable(r.err.trimmed()));
        return r.ok();
    }

    std::unique_ptr<LabTraffic> startTraffic(LabTrafficConfig config = {})
    {
        QString error;
        std::optional<LabTrafficSockets> sockets =
            LabTrafficSockets::open(m_lab->namespaceA(), m_lab->namespaceB(), &error);
        if (!sockets) {
            qWarning("%s", qPrintable(error));
            return nullptr;
        }
        auto traffic = std::make_unique<LabTraffic>(*sockets, config);
        if (!traffic->start(&error)) {
            qWarning("%s", qPrintable(error));
            return nullptr;
        }
        return traffic;
    }

    /** Lets the traffic settle for @p warmup, resets, and measures over @p span since then. */
    LabMeasurement measure(LabTraffic &traffic, std::chrono::milliseconds warmup,
                           std::chrono::milliseconds span)
    {
        QTest::qWait(int(warmup.count()));
        traffic.reset();
        QTest::qWait(int(span.count()));
        return traffic.snapshot(LabTraffic::sinceReset);
    }

    static double errorPercent(double measured, double expected)
    {
        return 100.0 * (measured - expected) / expected;
    }

private Q_SLOTS:
    void initTestCase()
    {
        if (!isRoot())
            QFAIL(
                "this test builds a lab of network namespaces and needs root; CI runs it as root");
        QString error;
        m_lab = LabNetwork::create(QStringLiteral("tr%1").arg(getpid()), &error);
        QVERIFY2(m_lab, qPrintable(error));
    }

    void cleanupTestCase()
    {
        QString error;
        if (m_lab && !m_lab->remove(&error))
            qWarning("%s", qPrintable(error));
    }

    void cleanup()
    {
        if (m_lab)
            tc(QStringLiteral("qdisc del dev lab0 root")); // back to no qdisc; fails harmlessly
                                                           // when there is none
    }

    // ---- this machine's kernel --------------------------------------------------------------

    void noQdiscRttBelow1msAndNoLoss()
    {
        const auto traffic = startTraffic();
        QVERIFY(traffic);
        const LabMeasurement m = measure(*traffic, 1s, 4s);
        qInfo("no qdisc: %s", qPrintable(describe(m)));
        QVERIFY(m.rttMedianMs.has_value());
        QVERIFY2(*m.rttMedianMs < 1.0, qPrintable(describe(m)));
        QVERIFY(m.udpSent >=
                150); // 4 s at 100/s, less the last 2 s still undecided... or already received
        QCOMPARE(m.udpLost, 0);
        QCOMPARE(m.probesLost, 0);
        QVERIFY(m.tcpConnected);
        // Unshaped, the bulk flow runs as fast as the CPU lets it (~200 Mbit/s here while it is
        // niced, far more under no load): far above any shaped rate, whatever else the CI runs.
        QVERIFY(m.tcpGoodputBitsPerSec && *m.tcpGoodputBitsPerSec > 20e6);
        QVERIFY(m.linkRateBitsPerSec && *m.linkRateBitsPerSec >= *m.tcpGoodputBitsPerSec);
    }

    void tbfRateIsMeasured()
    {
        QVERIFY(qdisc(
            QStringLiteral("qdisc add dev lab0 root tbf rate 10mbit burst 32kb latency 50ms")));
        const auto traffic = startTraffic();
        QVERIFY(traffic);
        const LabMeasurement m = measure(*traffic, 2s, 5s);
        QVERIFY(m.linkRateBitsPerSec.has_value());
        qInfo("tbf rate 10mbit: link rate error %+.2f %%; %s",
              errorPercent(*m.linkRateBitsPerSec, 10e6), qPrintable(describe(m)));
        QVERIFY2(std::abs(errorPercent(*m.linkRateBitsPerSec, 10e6)) <= 5.0,
                 qPrintable(describe(m)));
        QVERIFY(*m.tcpGoodputBitsPerSec < *m.linkRateBitsPerSec);
    }

    void htbRateIsMeasured()
    {
        QVERIFY(qdisc(QStringLiteral("qdisc add dev lab0 root handle 1: htb default 10")));
        QVERIFY(qdisc(QStringLiteral(
            "class add dev lab0 parent 1: classid 1:10 htb rate 20mbit ceil 20mbit")));
        const auto traffic = startTraffic();
        QVERIFY(traffic);
        const LabMeasurement m = measure(*traffic, 2s, 5s);
        QVERIFY(m.linkRateBitsPerSec.has_value());
        qInfo("htb rate 20mbit: link rate error %+.2f %%; %s",
              errorPercent(*m.linkRateBitsPerSec, 20e6), qPrintable(describe(m)));
        QVERIFY2(std::abs(errorPercent(*m.linkRateBitsPerSec, 20e6)) <= 5.0,
                 qPrintable(describe(m)));
    }

    void outageStallsAndRecovers()
    {
        // This kernel has no netem: a pfifo that may hold nothing drops every packet: an outage.
        const auto traffic = startTraffic();
        QVERIFY(traffic);
        QTest::qWait(1500);
        const LabMeasurement before = traffic->snapshot(1s);
        QVERIFY(before.tcpGoodputBitsPerSec && *before.tcpGoodputBitsPerSec > 0);
        QVERIFY(qdisc(QStringLiteral("qdisc add dev lab0 root pfifo limit 0")));
        QTest::qWait(3500);
        QElapsedTimer timer;
        timer.start();
        const LabMeasurement during = traffic->snapshot(1s);
        const LabMeasurement duringLong = traffic->snapshot(2s);
        const qint64 snapshotMs = timer.elapsed();
        qInfo("outage, last 1 s: %s", qPrintable(describe(during)));
        qInfo("outage, last 2 s: %s", qPrintable(describe(duringLong)));
        QVERIFY(snapshotMs < 100); // never waits for the network
        QVERIFY(during.tcpGoodputBitsPerSec && *during.tcpGoodputBitsPerSec == 0.0);
        QCOMPARE(during.probesAnswered, 0);
        QVERIFY(during.probesLost > 0); // probes sent at the start of the outage have timed out
        QCOMPARE(during.probeLossPercent.value_or(0), 100.0);
        QCOMPARE(during.udpReceived, 0);
        QVERIFY(during.udpLost > 0);
        QVERIFY(during.msSinceLastProbeReply && *during.msSinceLastProbeReply > 3000);
        QVERIFY(!duringLong.rttMedianMs);

        tc(QStringLiteral("qdisc del dev lab0 root"));
        timer.restart();
        // TCP waits for its backed-off retransmission timer; probes come back at once.
        bool recovered = false;
        while (!recovered && timer.elapsed() < 20000) {
            QTest::qWait(250);
            const LabMeasurement now = traffic->snapshot(500ms);
            recovered = now.tcpGoodputBitsPerSec && *now.tcpGoodputBitsPerSec > 10e6 &&
                        now.probesAnswered > 0 && now.udpReceived > 0;
        }
        qInfo("recovered %lld ms after the outage ended: %s", qlonglong(timer.elapsed()),
              qPrintable(describe(traffic->snapshot(500ms))));
        QVERIFY(recovered);
        QCOMPARE(traffic->snapshot(500ms).tcpConnections,
                 1); // the same connection, stalled and resumed
    }

    void socketsFromTheWrongNamespaceAreRefused_data()
    {
        QTest::addColumn<bool>("allFromA");
        QTest::newRow("all from a") << true;
        QTest::newRow("all from b (would run over lo)") << false;
    }

    void socketsFromTheWrongNamespaceAreRefused()
    {
        QFETCH(bool, allFromA);
        const QString ns = allFromA ? m_lab->namespaceA() : m_lab->namespaceB();
        QString error;
        std::optional<LabTrafficSockets> sockets = LabTrafficSockets::open(ns, ns, &error);
        QVERIFY2(sockets, qPrintable(error));
        LabTraffic traffic(*sockets);
        QVERIFY(!traffic.start(&error));
        qInfo("%s", qPrintable(error));
        QVERIFY2(error.contains(QStringLiteral("namespace a")), qPrintable(error));
        QVERIFY(!traffic.isRunning());
        const LabMeasurement m = traffic.snapshot(LabTraffic::sinceReset);
        QVERIFY(!m.rttMedianMs && !m.linkRateBitsPerSec && m.udpSent == 0);
        QVERIFY(!traffic.start(&error)); // its sockets are closed: it stays inert
    }

    // ---- netem: user-mode Linux -------------------------------------------------------------

    void netemDelayAndLoss()
    {
        QVERIFY(qdisc(QStringLiteral("qdisc add dev lab0 root netem delay 100ms loss 5%")));
        const auto traffic = startTraffic();
        QVERIFY(traffic);
        const LabMeasurement m = measure(*traffic, 2s, 22s);
        qInfo("netem delay 100ms loss 5%%: %s", qPrintable(describe(m)));
        QVERIFY(m.rttMedianMs.has_value());
        QVERIFY2(std::abs(*m.rttMedianMs - 100.0) <= 5.0, qPrintable(describe(m)));
        const auto [low, high] = binomialInterval(m.udpSent, 0.05, 0.99);
        qInfo("UDP: %d of %d lost, 99 %% binomial interval for 5 %%: %d…%d", m.udpLost, m.udpSent,
              low, high);
        QVERIFY(m.udpSent >= 1500);
        QVERIFY2(m.udpLost >= low && m.udpLost <= high, qPrintable(describe(m)));
        QCOMPARE(m.udpReceived + m.udpLost, m.udpSent);
    }

    void netemRateIsMeasured()
    {
        QVERIFY(qdisc(QStringLiteral("qdisc add dev lab0 root netem rate 10mbit")));
        const auto traffic = startTraffic();
        QVERIFY(traffic);
        const LabMeasurement m = measure(*traffic, 3s, 5s);
        QVERIFY(m.linkRateBitsPerSec.has_value());
        qInfo("netem rate 10mbit: link rate error %+.2f %%; %s",
              errorPercent(*m.linkRateBitsPerSec, 10e6), qPrintable(describe(m)));
        QVERIFY2(std::abs(errorPercent(*m.linkRateBitsPerSec, 10e6)) <= 5.0,
                 qPrintable(describe(m)));
    }

    void netemReorderingAndDuplicatesAreNotLoss()
    {
        // A quarter of the packets skip the 20 ms delay and overtake the ones sent before them.
        QVERIFY(qdisc(QStringLiteral(
            "qdisc add dev lab0 root netem delay 20ms reorder 25% 50% duplicate 5%")));
        const auto traffic = startTraffic();
        QVERIFY(traffic);
        const LabMeasurement m = measure(*traffic, 1s, 8s);
        qInfo("netem reorder 25%% duplicate 5%%: %s", qPrintable(describe(m)));
        QVERIFY(m.udpSent >= 600);
        QCOMPARE(m.udpLost, 0);
        QCOMPARE(m.udpReceived, m.udpSent);
        QVERIFY(m.udpReordered > 0);
        QVERIFY(m.udpDuplicates > 0);
        QCOMPARE(m.probesLost, 0);
    }

    void netemOutageStallsAndRecovers()
    {
        QVERIFY(qdisc(QStringLiteral("qdisc add dev lab0 root handle 1: netem delay 20ms")));
        const auto traffic = startTraffic();
        QVERIFY(traffic);
        QTest::qWait(2000);
        QVERIFY(qdisc(
            QStringLiteral("qdisc change dev lab0 root handle 1: netem delay 20ms loss 100%")));
        QTest::qWait(3500);
        const LabMeasurement during = traffic->snapshot(1s);
        qInfo("netem loss 100%%, last 1 s: %s", qPrintable(describe(during)));
        QCOMPARE(during.probesAnswered, 0);
        QVERIFY(during.probesLost > 0);
        QCOMPARE(during.udpReceived, 0);
        QVERIFY(during.tcpGoodputBitsPerSec && *during.tcpGoodputBitsPerSec == 0.0);
        QVERIFY(
            qdisc(QStringLiteral("qdisc change dev lab0 root handle 1: netem delay 20ms loss 0%")));
        QElapsedTimer timer;
        timer.start();
        bool recovered = false;
        while (!recovered && timer.elapsed() < 20000) {
            QTest::qWait(250);
            const LabMeasurement now = traffic->snapshot(500ms);
            recovered =
                now.tcpGoodputBitsPerSec && *now.tcpGoodputBitsPerSec > 0 && now.probesAnswered > 0;
        }
        qInfo("recovered %lld ms after the outage ended: %s", qlonglong(timer.elapsed()),
              qPrintable(describe(traffic->snapshot(500ms))));
        QVERIFY(recovered);
        const LabMeasurement after = traffic->snapshot(500ms);
        QVERIFY(after.rttMedianMs && std::abs(*after.rttMedianMs - 20.0) < 10.0);
    }
};

QTEST_GUILESS_MAIN(TstLabTraffic)
#include "tst_lab_traffic.moc"

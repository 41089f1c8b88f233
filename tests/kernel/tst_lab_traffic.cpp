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
#include <QMap>
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
        .arg(num(m.msSinceLastProbeReply, 1, 0)) +
           QStringLiteral("; requests median %1 ms p80 %2 ms (%3 completed, %4 failed)")
               .arg(num(m.requestMedianMs, 1, 1), num(m.requestP80Ms, 1, 1))
               .arg(m.requestsCompleted)
               .arg(m.requestsFailed);
}

/** The TCP counters of /proc/net/snmp as a namespace sees them: ActiveOpens, OutRsts, … */
QMap<QString, qint64> tcpCounters(const QString &netns)
{
    const CommandResult r = runCommand(QStringLiteral("ip"), {QStringLiteral("netns"), QStringLiteral("exec"), netns,
                                                              QStringLiteral("cat"), QStringLiteral("/proc/net/snmp")});
    QStringList tcp;
    for (const QString &line : r.out.split(u'\n'))
        if (line.startsWith(QStringLiteral("Tcp:")))
            tcp.append(line);
    QMap<QString, qint64> counters;
    if (tcp.size() != 2)
        return counters;
    const QStringList names = tcp[0].split(u' ', Qt::SkipEmptyParts);
    const QStringList values = tcp[1].split(u' ', Qt::SkipEmptyParts);
    for (qsizetype i = 1; i < std::min(names.size(), values.size()); ++i)
        counters.insert(names[i], values[i].toLongLong());
    return counters;
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
        // The burst as the demo's htb row has it (app/clidemo.cpp says why).
        QVERIFY(qdisc(QStringLiteral("qdisc add dev lab0 root handle 1: htb default 10")));
        QVERIFY(qdisc(QStringLiteral(
            "class add dev lab0 parent 1: classid 1:10 htb rate 20mbit ceil 20mbit burst 32kb cburst 32kb")));
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

    void requestTimeUnderTbfIsSizeOverRate()
    {
        // 100 kB answers through tbf 1 Mbit/s, nothing else competing (no bulk flow, no UDP flow,
        // a probe a second). What the bucket passes is whole frames, so the expected time is the
        // answer's frames over the rate, plus the handshake:
        //   MSS on the lab's 1500-byte veth with TCP timestamps: 1500 − 20 (IP) − 32 (TCP) = 1448;
        //   100 000 B in ceil(100000 / 1448) = 70 segments, each with 66 B of headers (32 TCP,
        //   20 IP, 14 Ethernet: tbf counts the frame) = 104 620 B; the SYN-ACK (74 B) also goes
        //   a → b through the bucket; 8 × 104 694 B / 1 Mbit/s = 837.6 ms. The handshake's round
        //   trip is otherwise well under 1 ms here. The bucket (2 kB, 16 ms at most) starts each
        //   answer nearly empty, since the next request follows the last byte at once, and the
        //   limit (200 kB) holds a whole answer, so nothing is dropped.
        QVERIFY(qdisc(QStringLiteral("qdisc add dev lab0 root tbf rate 1mbit burst 2kb limit 200kb")));
        LabTrafficConfig config;
        config.bulkTcp = false;
        config.udpPacketsPerSecond = 0;
        config.probeInterval = 1s;
        config.requestSizes = {100'000};
        const auto traffic = startTraffic(config);
        QVERIFY(traffic);
        const auto opensBefore = tcpCounters(m_lab->namespaceB());
        const auto serverBefore = tcpCounters(m_lab->namespaceA());
        const LabMeasurement m = measure(*traffic, 1s, 9s);
        const auto opensAfter = tcpCounters(m_lab->namespaceB());
        const auto serverAfter = tcpCounters(m_lab->namespaceA());
        const double segments = std::ceil(100000.0 / 1448.0);
        const double expectedMs = 8.0 * (100000.0 + segments * 66.0 + 74.0) / 1e6 * 1000.0;
        qInfo("tbf 1mbit, 100 kB answers: median %.1f ms, p80 %.1f ms, expected %.1f ms (%+.1f %%); %s",
              m.requestMedianMs.value_or(-1), m.requestP80Ms.value_or(-1), expectedMs,
              errorPercent(m.requestMedianMs.value_or(0), expectedMs), qPrintable(describe(m)));
        QVERIFY2(m.requestMedianMs, qPrintable(describe(m)));
        QVERIFY2(m.requestsCompleted >= 6, qPrintable(describe(m)));
        QCOMPARE(m.requestsFailed, 0);
        QVERIFY2(std::abs(errorPercent(*m.requestMedianMs, expectedMs)) <= 10.0, qPrintable(describe(m)));
        // A new connection for every transaction on the one client socket, each ended without a
        // reset on either side (connect(AF_UNSPEC) after a graceful close).
        QVERIFY2(!opensAfter.isEmpty() && !serverAfter.isEmpty(), "cannot read /proc/net/snmp in the lab");
        const qint64 opens = opensAfter.value(QStringLiteral("ActiveOpens")) - opensBefore.value(QStringLiteral("ActiveOpens"));
        qInfo("namespace b: %lld active opens; resets sent: b %lld, a %lld", qlonglong(opens),
              qlonglong(opensAfter.value(QStringLiteral("OutRsts")) - opensBefore.value(QStringLiteral("OutRsts"))),
              qlonglong(serverAfter.value(QStringLiteral("OutRsts")) - serverBefore.value(QStringLiteral("OutRsts"))));
        QVERIFY(opens >= m.requestsCompleted);
        QCOMPARE(opensAfter.value(QStringLiteral("OutRsts")), opensBefore.value(QStringLiteral("OutRsts")));
        QCOMPARE(serverAfter.value(QStringLiteral("OutRsts")), serverBefore.value(QStringLiteral("OutRsts")));
    }

    void longQueueStillShowsRttAndHonestLoss()
    {
        // Issue 19, item 7: behind a queue of several seconds every probe and datagram arrives
        // later than 2 s. With a fixed 2 s loss timeout they were all "lost": RTT "—" and "Loss,
        // UDP flow 100 %" beside a UDP goodput of some 65 kbit/s. The queue: tbf 100 kbit/s that
        // holds 40 kB (3.3 s), filled by the UDP flow itself (100 × 242 B frames a second is
        // 194 kbit/s: about half is dropped at the full queue, the rest waits 3.3 s). (A local TCP
        // sender cannot build such a queue: TCP small queues keep its backlog to a packet or two.)
        QVERIFY(qdisc(QStringLiteral("qdisc add dev lab0 root tbf rate 100kbit burst 2kb limit 40kb")));
        LabTrafficConfig config;
        config.bulkTcp = false;
        config.requests = false;
        const auto traffic = startTraffic(config);
        QVERIFY(traffic);
        // Until the queue has grown past 2 s of delay, then a while more.
        QElapsedTimer timer;
        timer.start();
        LabMeasurement m;
        while (timer.elapsed() < 30000) {
            QTest::qWait(500);
            m = traffic->snapshot(2s);
            if (m.rttMedianMs && *m.rttMedianMs > 2500)
                break;
        }
        qInfo("the queue passed 2.5 s of delay after %lld ms", qlonglong(timer.elapsed()));
        QTest::qWait(4000);
        m = traffic->snapshot(4s);
        qInfo("tbf 100kbit limit 40kb, last 4 s: %s; loss timeouts: probes %.0f ms, UDP %.0f ms", qPrintable(describe(m)),
              m.probeLossTimeoutMs, m.udpLossTimeoutMs);
        QVERIFY2(m.rttMedianMs && *m.rttMedianMs > 2000, qPrintable(describe(m)));
        QVERIFY2(m.probeLossTimeoutMs > *m.rttMedianMs, qPrintable(describe(m)));
        QVERIFY2(m.udpLossPercent && m.udpGoodputBitsPerSec, qPrintable(describe(m)));
        // The loss and the goodput describe the same datagrams: what arrived is what was not lost
        // (100 a second of 200 B payload offered: 160 kbit/s).
        const double deliveredPercent = 100.0 * *m.udpGoodputBitsPerSec / (100 * 200 * 8);
        qInfo("UDP: %.1f %% lost, goodput %.1f %% of what is offered", *m.udpLossPercent, deliveredPercent);
        QVERIFY2(std::abs(100.0 - *m.udpLossPercent - deliveredPercent) <= 15.0, qPrintable(describe(m)));
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
        // 99.99 %: at 99 % one honest run in a hundred failed (CI: 83 of 2190 against 84…137);
        // a netem that dropped 3 % or 7 % instead of 5 % still falls outside.
        const auto [low, high] = binomialInterval(m.udpSent, 0.05, 0.9999);
        qInfo("UDP: %d of %d lost, 99.99 %% binomial interval for 5 %%: %d…%d", m.udpLost, m.udpSent,
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

    void netemRequests()
    {
        // The request probe, one LabTraffic through three conditions (one boot, one lab). The
        // delay is on a's egress only, so the RTT is 100 ms, and a transaction of 5 to 100 kB
        // needs at least two round trips (the handshake, then request and answer).
        LabTrafficConfig config;
        config.bulkTcp = false; // nothing competing: the queue is netem's alone
        const auto traffic = startTraffic(config);
        QVERIFY(traffic);
        const LabMeasurement baseline = measure(*traffic, 1s, 4s);
        qInfo("requests, no qdisc: %s", qPrintable(describe(baseline)));
        QVERIFY(qdisc(QStringLiteral("qdisc add dev lab0 root handle 1: netem delay 100ms")));
        const LabMeasurement delayed = measure(*traffic, 1500ms, 8s);
        qInfo("requests, netem delay 100ms: %s", qPrintable(describe(delayed)));
        QVERIFY(qdisc(QStringLiteral("qdisc change dev lab0 root handle 1: netem delay 100ms loss 20%")));
        const LabMeasurement lossy = measure(*traffic, 1500ms, 20s);
        qInfo("requests, netem delay 100ms loss 20%%: %s", qPrintable(describe(lossy)));

        QVERIFY2(baseline.requestMedianMs && baseline.requestsCompleted >= 5, qPrintable(describe(baseline)));
        QCOMPARE(baseline.requestsFailed, 0);
        QVERIFY2(delayed.requestMedianMs && delayed.requestP80Ms && delayed.requestsCompleted >= 5, qPrintable(describe(delayed)));
        QVERIFY2(*delayed.requestMedianMs >= *baseline.requestMedianMs + 200.0, qPrintable(describe(delayed)));
        QVERIFY2(lossy.requestP80Ms && lossy.requestsCompleted >= 5, qPrintable(describe(lossy)));
        QVERIFY2(*lossy.requestP80Ms > *delayed.requestP80Ms, qPrintable(describe(lossy)));
        QVERIFY2(lossy.rttMedianMs && std::abs(*lossy.rttMedianMs - 100.0) <= 5.0, qPrintable(describe(lossy)));
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
